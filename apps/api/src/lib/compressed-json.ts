import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Ready JSON answers (made once and cached, docs/decisions/008) sent compressed to clients that accept it
// (issue 14, docs/decisions/018): Brotli, else gzip, else as they are. The compressed bytes are kept beside the
// cached answer itself (a weak map keyed by its buffer), so a cached answer is compressed once, not per request,
// and they go when the answer leaves the cache.

/** Smaller answers are sent as they are (compressing them saves less than it costs). */
const MIN_BYTES = 1024;
/**
 * Brotli quality 3: faster than gzip -6 (≈ 0.2 ms for a 46 KB listing) with about its ratio; an answer that
 * misses the cache is compressed on every request, so speed counts more than the last few percent.
 */
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

const compressed = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer }>();

/** The encoding to use for an `Accept-Encoding` header: `br`, `gzip` or none (a q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name!, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/** `json` (or its cached compressed copy) as it should travel to this client. */
export function encodedJson(
  json: Buffer,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const encoding = json.length < MIN_BYTES ? null : chooseEncoding(acceptEncoding);
  if (!encoding) return { body: json, encoding };
  let copies = compressed.get(json);
  if (!copies) compressed.set(json, (copies = {}));
  copies[encoding] ??=
    encoding === 'br' ? zlib.brotliCompressSync(json, BROTLI) : zlib.gzipSync(json, { level: 6 });
  return { body: copies[encoding], encoding };
}

/**
 * Sends ready UTF-8 JSON (made and checked against the contract once, then cached) compressed for clients that
 * accept Brotli or gzip, with `Vary: Accept-Encoding`; Fastify sends the bytes as they are.
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: Buffer): FastifyReply {
  const { body, encoding } = encodedJson(json, request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
