import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { chooseEncoding, encodedJson } from './compressed-json.ts';

// Ready JSON answers compressed for clients that accept it, the compressed bytes kept with the cached answer
// (issue 14, docs/decisions/018).

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('encodedJson', () => {
  const json = Buffer.from(
    JSON.stringify({ data: Array.from({ length: 400 }, (_, i) => ({ id: i, name: 'Джинсы' })) }),
  );

  it('compresses a fresh answer fast, an answer asked again once better, then keeps that copy', () => {
    expect(json.length).toBeGreaterThan(8 * 1024);
    const fresh = encodedJson(json, 'br');
    expect(fresh.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(fresh.body).equals(json)).toBe(true);
    const kept = encodedJson(json, 'br');
    expect(kept.body).not.toBe(fresh.body);
    expect(kept.body.length).toBeLessThanOrEqual(fresh.body.length);
    expect(zlib.brotliDecompressSync(kept.body).equals(json)).toBe(true);
    expect(encodedJson(json, 'br').body).toBe(kept.body);
    const gz = encodedJson(json, 'gzip');
    expect(zlib.gunzipSync(gz.body).equals(json)).toBe(true);
    expect(encodedJson(json, 'gzip').body).toBe(gz.body);
  });

  it('sends the Brotli bytes of its levels without a size hint: the hint only sizes the encoder', () => {
    const answer = Buffer.from(
      JSON.stringify({ data: Array.from({ length: 400 }, (_, i) => ({ i, n: 'Пальто' })) }),
    );
    const plain = (quality: number) =>
      zlib.brotliCompressSync(answer, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      });
    expect(encodedJson(answer, 'br').body.equals(plain(0))).toBe(true);
    expect(encodedJson(answer, 'br').body.equals(plain(5))).toBe(true);
  });

  it('keeps each copy in a buffer of its own, not in a slice of the 16 KB output chunk of zlib', () => {
    const answer = Buffer.from(JSON.stringify({ data: Array.from({ length: 1200 }, (_, i) => ({ id: i })) }));
    for (const body of [encodedJson(answer, 'br').body, encodedJson(answer, 'br').body])
      expect(body.buffer.byteLength).toBeLessThan(16 * 1024);
  });

  it('compresses an answer of a few kilobytes at the better level at once, final from its first send', () => {
    const answer = Buffer.from(
      JSON.stringify({ data: Array.from({ length: 120 }, (_, i) => ({ id: i, name: 'Платье' })) }),
    );
    expect(answer.length).toBeGreaterThan(1024);
    expect(answer.length).toBeLessThanOrEqual(8 * 1024);
    const first = encodedJson(answer, 'br');
    expect(first.final).toBe(true);
    expect(zlib.brotliDecompressSync(first.body).equals(answer)).toBe(true);
    const better = zlib.brotliCompressSync(answer, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    expect(first.body.equals(better)).toBe(true);
    expect(encodedJson(answer, 'br').body).toBe(first.body);
    const gz = encodedJson(answer, 'gzip');
    expect(gz.final).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(answer)).toBe(true);
    expect(encodedJson(answer, 'gzip').body).toBe(gz.body);
  });

  it('sends small answers as they are', () => {
    const small = Buffer.from('{"data":[]}');
    expect(encodedJson(small, 'br')).toEqual({ body: small, encoding: null, final: true });
  });
});

describe('catalogue answers over HTTP', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a listing is Brotli for a browser, gzip for gzip only, plain otherwise — the same JSON', async () => {
    const url = '/api/catalog/products?category=zhenskie-dzhinsy';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});
