import { describe, expect, it } from 'vitest';
import { ownBuffer } from './own-buffer.ts';

describe('ownBuffer', () => {
  it('keeps a short string in memory of its own, not a slice of the shared pool', () => {
    const b = ownBuffer('{"name":"Джинсы"}');
    expect(b.toString()).toBe('{"name":"Джинсы"}');
    expect(b.byteOffset).toBe(0);
    expect(b.buffer.byteLength).toBe(Buffer.byteLength('{"name":"Джинсы"}'));
    // What it replaces: Buffer.from of a short string is a slice of an 8 KB slab.
    expect(Buffer.from('{"name":"Джинсы"}').buffer.byteLength).toBeGreaterThan(1000);
  });

  it('copies bytes and joins several arrays, exactly their length', () => {
    const a = Buffer.from('ab');
    const one = ownBuffer(a);
    a[0] = 0x7a;
    expect(one.toString()).toBe('ab');
    const joined = ownBuffer([Buffer.from('{"a":'), new Uint8Array([0x31]), Buffer.from('}')]);
    expect(joined.toString()).toBe('{"a":1}');
    expect(joined.buffer.byteLength).toBe(7);
    expect(ownBuffer([]).length).toBe(0);
    expect(ownBuffer('').length).toBe(0);
  });
});
