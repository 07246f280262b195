// Bytes kept for long (cached answers, card heads, compressed copies) in memory of their own (issue 14, memory;
// docs/decisions/018). `Buffer.from`, `Buffer.concat` and `Buffer.allocUnsafe` cut anything under 4 KB out of Node's
// shared 8 KB pool, and one kept slice holds its whole 8 KB slab alive: on the large catalogue after the bench's
// load, ≈ 4,000 kept card heads, product answers and compressed copies of a few hundred bytes to 3 KB held ≈ 30 MB
// of slabs.

/**
 * `data` (a string as UTF-8, bytes, or several byte arrays one after another) in a new buffer of exactly its length
 * that shares memory with nothing (`Buffer.allocUnsafeSlow`, never the pool).
 */
export function ownBuffer(data: string | Uint8Array | readonly Uint8Array[]): Buffer {
  if (typeof data === 'string') {
    const out = Buffer.allocUnsafeSlow(Buffer.byteLength(data));
    out.write(data);
    return out;
  }
  const parts = data instanceof Uint8Array ? [data] : data;
  let length = 0;
  for (const p of parts) length += p.length;
  const out = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
