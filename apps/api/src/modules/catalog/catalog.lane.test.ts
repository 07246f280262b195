import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StockState, type ProductList } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { sellOutInCity } from '#app/test/catalog.fixtures.ts';

// The cached-answer lane (docs/decisions/018): kept catalogue answers sent again before Fastify, through a real
// socket (app.inject never passes the lane), with the whole path's bytes and headers, never at an older version.

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t?.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a socket with `headers`: the status, the headers and the raw (still compressed) bytes. */
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

/** The headers that say something about the answer (not the connection's nor the time's). */
const answerHeaders = (h: http.IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = h;
  return rest;
};

const BR = { 'accept-encoding': 'br, gzip' };
const listOf = (a: Answer) =>
  (JSON.parse(zlib.brotliDecompressSync(a.body).toString()) as { data: ProductList }).data;

/** Asks `path` until the lane answers it (a kept answer is recorded once its final bytes were sent). */
async function untilLane(path: string, headers: Record<string, string>) {
  const before = t.app.catalogueLane.served;
  const answers: Answer[] = [];
  for (let i = 0; i < 5 && t.app.catalogueLane.served === before; i++) answers.push(await get(path, headers));
  expect(t.app.catalogueLane.served).toBe(before + 1);
  return answers;
}

describe('cached-answer lane', () => {
  const path = '/api/catalog/products?category=zhenskie-bryuki&inStock=1&cityId=1&sort=regional-availability';

  it('sends a kept listing again with the very bytes and headers of the whole path', async () => {
    const answers = await untilLane(path, BR);
    const [whole, lane] = answers.slice(-2) as [Answer, Answer];
    expect(lane.status).toBe(200);
    expect(lane.body.equals(whole.body)).toBe(true);
    expect(answerHeaders(lane.headers)).toEqual(answerHeaders(whole.headers));
    expect(lane.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      vary: 'Accept-Encoding, Accept-Language',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    // The same answer as the in-process (uncompressed) path.
    const direct = await t.app.inject({ method: 'GET', url: path });
    expect(listOf(lane)).toEqual(direct.json<{ data: ProductList }>().data);
    // Another Accept-Encoding is an answer of its own: the whole path first.
    const served = t.app.catalogueLane.served;
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(t.app.catalogueLane.served).toBe(served);
  });

  it('never sends an answer made at an older catalogue version (decision 008)', async () => {
    await untilLane(path, BR);
    const top = listOf(await get(path, BR)).items[0]!;
    expect(top.stockState).toBe(StockState.inStock);
    await sellOutInCity(t.db, top.id, 1);
    const served = t.app.catalogueLane.served;
    const after = await get(path, BR);
    expect(t.app.catalogueLane.served).toBe(served);
    expect(listOf(after).items.map((i) => i.id)).not.toContain(top.id);
  });

  it('leaves Kazakh answers, HEAD and requests with a body to the whole path', async () => {
    await untilLane(path, BR);
    const served = t.app.catalogueLane.served;
    const kk = await get(path, { ...BR, 'accept-language': 'kk' });
    expect(kk.status).toBe(200);
    expect(kk.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(kk.body.toString()).data.items.length).toBeGreaterThan(0);
    expect((await get(path, BR, 'HEAD')).status).toBe(200);
    const withBody = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}${path}`,
        { method: 'GET', headers: { ...BR, 'content-length': '2' }, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(withBody).toBe(200);
    expect(t.app.catalogueLane.served).toBe(served);
  });

  it('sends kept product pages too', async () => {
    const slug = listOf(await get(path, BR)).items[0]!.slug;
    const answers = await untilLane(`/api/catalog/product/${slug}?cityId=1`, BR);
    const [whole, lane] = answers.slice(-2) as [Answer, Answer];
    expect(lane.body.equals(whole.body)).toBe(true);
    expect(answerHeaders(lane.headers)).toEqual(answerHeaders(whole.headers));
  });
});
