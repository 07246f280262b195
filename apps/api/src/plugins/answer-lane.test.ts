import http from 'node:http';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StockState, type ProductList } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { sellOutInCity } from '#app/test/catalog.fixtures.ts';
import { clientOfRequest } from './answer-lane.ts';
import { requestLogSerializer } from '#app/lib/log-redact.ts';

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
const get = (path: string, headers: Record<string, string> = {}, method = 'GET', origin = base) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
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

  it('sends a kept Kazakh answer as an answer of its own, compressed (decision 046)', async () => {
    const ru = listOf((await untilLane(path, BR)).at(-1)!);
    const kkHeaders = { ...BR, 'accept-language': 'kk' };
    const [whole, lane] = (await untilLane(path, kkHeaders)).slice(-2) as [Answer, Answer];
    expect(lane.headers['content-encoding']).toBe('br');
    expect(lane.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(lane.body.equals(whole.body)).toBe(true);
    const kk = listOf(lane);
    expect(kk.items.map((i) => i.id)).toEqual(ru.items.map((i) => i.id));
    expect(kk.items.filter((i) => /[әғқңөұүһі]/i.test(i.name)).length).toBeGreaterThan(0);
    expect(kk.items.map((i) => i.name)).not.toEqual(ru.items.map((i) => i.name));
    // The Russian record is still the Russian answer.
    const served = t.app.catalogueLane.served;
    expect(listOf(await get(path, BR))).toEqual(ru);
    expect(t.app.catalogueLane.served).toBe(served + 1);
  });

  it('sends a suggestion of a few kilobytes from its second ask: its first bytes are final (decision 082)', async () => {
    const suggest = '/api/catalog/suggest?q=%D0%B4%D0%B6%D0%B8%D0%BD%D1%81&cityId=1';
    const served = t.app.catalogueLane.served;
    const whole = await get(suggest, BR);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(whole.body).length).toBeGreaterThan(1024);
    expect(t.app.catalogueLane.served).toBe(served);
    const lane = await get(suggest, BR);
    expect(t.app.catalogueLane.served).toBe(served + 1);
    expect(lane.body.equals(whole.body)).toBe(true);
    expect(answerHeaders(lane.headers)).toEqual(answerHeaders(whole.headers));
    const { data } = JSON.parse(zlib.brotliDecompressSync(lane.body).toString()) as {
      data: { products: { name: string }[] };
    };
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.every((p) => /джинс/i.test(p.name))).toBe(true);
  });

  it('leaves HEAD and requests with a body to the whole path', async () => {
    await untilLane(path, BR);
    const served = t.app.catalogueLane.served;
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

/** Another shop on its own database (`opts` as createTestApp's), listening on a free port of 127.0.0.1. */
async function otherShop(opts: Parameters<typeof createTestApp>[0]) {
  const other = await createTestApp(opts);
  return { t: other, base: await other.app.listen({ host: '127.0.0.1', port: 0 }) };
}

/** Asks `path` of a shop until its lane records the answer (at most 5 times); @returns the last answer. */
async function recorded(
  shop: { t: TestContext; base: string },
  path: string,
  headers: Record<string, string> = {},
) {
  const lane = shop.t.app.catalogueLane;
  let answer: Answer | undefined;
  for (let i = 0; i < 5; i++) {
    answer = await get(path, headers, 'GET', shop.base);
    expect(answer.status).toBe(200);
    const served = lane.served;
    const again = await get(path, headers, 'GET', shop.base);
    if (lane.served === served + 1) return again;
  }
  throw new Error(`the lane never recorded ${path}`);
}

/** Whether the lane answers `path` now (the request is sent either way). */
async function laneAnswers(shop: { t: TestContext; base: string }, path: string) {
  const served = shop.t.app.catalogueLane.served;
  const answer = await get(path, {}, 'GET', shop.base);
  expect(answer.status).toBe(200);
  return { lane: shop.t.app.catalogueLane.served === served + 1, answer };
}

const listing = (sort: string, pageSize = 15) =>
  `/api/catalog/products?category=zhenskaya-odezhda&cityId=1&sort=${sort}&pageSize=${pageSize}`;
const SORTS = ['default', 'price-asc', 'price-desc', 'new-arrivals', 'discount-desc'] as const;

describe('cached-answer lane: its limits', () => {
  it('keeps at most maxEntries answers, dropping the oldest recorded first', async () => {
    const shop = await otherShop({ laneLimits: { maxEntries: 3, maxBytes: 8 * 1024 * 1024 } });
    try {
      const lane = shop.t.app.catalogueLane;
      for (const sort of SORTS.slice(0, 3)) await recorded(shop, listing(sort));
      expect(lane.size).toBe(3);
      await recorded(shop, listing(SORTS[3]));
      expect(lane.size).toBe(3);
      // The first recorded is gone (the whole path answers it), the other three are still answered by the lane.
      for (const [sort, byLane] of [
        [SORTS[1], true],
        [SORTS[2], true],
        [SORTS[3], true],
        [SORTS[0], false],
      ] as const)
        expect((await laneAnswers(shop, listing(sort))).lane, sort).toBe(byLane);
      expect(lane.size).toBeLessThanOrEqual(3);
    } finally {
      await shop.t.close();
    }
  });

  it('keeps at most maxBytes; an answer bigger than that alone is not kept, drops nothing and is answered right by Fastify', async () => {
    // Sizes of this catalogue's answers (uncompressed: no Accept-Encoding), measured on a shop of the default limits.
    const big = listing('default', 120);
    const sizes = await Promise.all(
      [...SORTS.map((sort) => listing(sort)), big].map(async (path) => (await get(path)).body.length),
    );
    const small = Math.max(...sizes.slice(0, -1));
    const bigSize = sizes.at(-1)!;
    const maxBytes = small * 2 + Math.floor(small / 2);
    expect(bigSize).toBeGreaterThan(maxBytes);
    const shop = await otherShop({ laneLimits: { maxEntries: 100, maxBytes } });
    try {
      const lane = shop.t.app.catalogueLane;
      await recorded(shop, listing(SORTS[0]));
      await recorded(shop, listing(SORTS[1]));
      expect(lane.size).toBe(2);
      // A third does not fit beside two: the oldest goes.
      await recorded(shop, listing(SORTS[2]));
      expect(lane.size).toBe(2);
      expect(lane.bytes).toBeLessThanOrEqual(maxBytes);
      expect((await laneAnswers(shop, listing(SORTS[0]))).lane).toBe(false);
      // The big answer, asked as often as one that is kept: never by the lane, the same answer as in process, and
      // the two kept answers are still kept.
      const kept = lane.size;
      for (let i = 0; i < 4; i++) {
        const { lane: byLane, answer } = await laneAnswers(shop, big);
        expect(byLane).toBe(false);
        const direct = await shop.t.app.inject({ method: 'GET', url: big });
        expect(JSON.parse(answer.body.toString())).toEqual(direct.json());
        expect(answer.body.length).toBe(bigSize);
      }
      expect(lane.size).toBe(kept);
      expect(lane.bytes).toBeLessThanOrEqual(maxBytes);
      expect((await laneAnswers(shop, listing(SORTS[2]))).lane).toBe(true);
    } finally {
      await shop.t.close();
    }
  });
});

describe('cached-answer lane: its request log', () => {
  /** The JSON lines written to the logger since the last call. */
  let lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  let shop: { t: TestContext; base: string };
  beforeAll(async () => {
    shop = await otherShop({
      logger: { level: 'info', stream, serializers: { req: requestLogSerializer } },
    });
  });
  afterAll(async () => shop?.t.close());

  /** A request's two lines (incoming, completed) without what differs between any two requests. */
  const comparable = (pair: Record<string, unknown>[]) =>
    pair.map(({ time: _t, pid: _p, hostname: _h, reqId: _r, responseTime, req, ...rest }) => {
      expect(typeof (responseTime ?? 0)).toBe('number');
      if (!req) return rest;
      const { remotePort, ...stable } = req as Record<string, unknown>;
      expect(typeof remotePort).toBe('number');
      return { ...rest, req: stable };
    });
  const linesOf = (reqId: unknown) => lines.filter((l) => l.reqId === reqId);

  it("writes Fastify's two lines at info for each answer it sends, with the lane's own request ids", async () => {
    const path = listing('price-asc');
    await recorded(shop, path);
    lines = [];
    const other = listing('regional-availability'); // asked once: the whole path answers it
    expect((await get(other, {}, 'GET', shop.base)).status).toBe(200);
    const fastifyLines = lines.filter((l) => String(l.reqId).startsWith('req-'));
    lines = [];
    const served = shop.t.app.catalogueLane.served;
    await get(path, {}, 'GET', shop.base);
    expect(shop.t.app.catalogueLane.served).toBe(served + 1);
    const laneLines = linesOf(`lane-${served + 1}`);
    expect(laneLines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines).toHaveLength(2);
    expect(laneLines.map((l) => l.level)).toEqual([30, 30]);
    // Apart from the URL asked, the same lines as Fastify's for a whole-path request of the same client.
    expect(fastifyLines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    const [wholeIn, wholeDone] = comparable(fastifyLines);
    const [laneIn, laneDone] = comparable(laneLines);
    expect(wholeIn).toMatchObject({ msg: 'incoming request', req: { url: other } });
    expect(laneIn).toEqual({ ...wholeIn, req: { ...(wholeIn!.req as object), url: path } });
    expect(laneDone).toEqual(wholeDone);
    expect(laneDone).toMatchObject({ res: { statusCode: 200 }, msg: 'request completed' });
  });

  it('answers a request forwarded by a trusted proxy and names the real client as the whole path does', async () => {
    const path = listing('price-desc');
    const other = listing('price-asc');
    await recorded(shop, path);
    const proxy = {
      'x-forwarded-for': '198.51.100.2, 203.0.113.7',
      'x-forwarded-host': 'shop.test, kiim.kz',
    };
    lines = [];
    await get(other, proxy, 'GET', shop.base);
    const whole = lines.find((l) => l.msg === 'incoming request')!;
    expect(whole.req).toMatchObject({ url: other, remoteAddress: '203.0.113.7', host: 'kiim.kz' });
    lines = [];
    const served = shop.t.app.catalogueLane.served;
    const forwarded = await get(path, proxy, 'GET', shop.base);
    expect(forwarded.status).toBe(200);
    expect(shop.t.app.catalogueLane.served).toBe(served + 1);
    const incoming = lines.find((l) => l.msg === 'incoming request')!;
    // Its own connection: the same line but for the URL and the client's port.
    expect(incoming.req).toEqual({ ...(whole.req as object), url: path, remotePort: expect.any(Number) });
  });

  it('writes nothing when the level is above info, and then answers forwarded requests too', async () => {
    const path = listing('new-arrivals');
    await recorded(shop, path);
    shop.t.app.log.level = 'warn';
    try {
      lines = [];
      const served = shop.t.app.catalogueLane.served;
      await get(path, {}, 'GET', shop.base);
      await get(path, { 'x-forwarded-for': '203.0.113.7' }, 'GET', shop.base);
      expect(shop.t.app.catalogueLane.served).toBe(served + 2);
      expect(lines).toEqual([]);
    } finally {
      shop.t.app.log.level = 'info';
    }
  });
});

describe('clientOfRequest', () => {
  const req = (remoteAddress: string, headers: Record<string, string>) =>
    ({
      socket: { remoteAddress },
      connection: { remoteAddress },
      headers,
    }) as unknown as http.IncomingMessage;
  const forwarded = { host: 'proxy.local', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'kiim.kz' };

  it('takes the forwarded client only from a trusted peer (TRUST_PROXY, loopback by default)', () => {
    const loopback = clientOfRequest('loopback');
    expect(loopback(req('127.0.0.1', forwarded))).toEqual({ ip: '203.0.113.7', host: 'kiim.kz' });
    expect(loopback(req('192.0.2.9', forwarded))).toEqual({ ip: '192.0.2.9', host: 'proxy.local' });
    expect(clientOfRequest('10.0.0.0/8, loopback')(req('10.1.2.3', forwarded))).toEqual({
      ip: '203.0.113.7',
      host: 'kiim.kz',
    });
  });

  it('trusts every peer with true and none with false', () => {
    expect(clientOfRequest(true)(req('192.0.2.9', forwarded))).toEqual({
      ip: '203.0.113.7',
      host: 'kiim.kz',
    });
    expect(clientOfRequest(false)(req('127.0.0.1', forwarded))).toEqual({
      ip: '127.0.0.1',
      host: 'proxy.local',
    });
  });
});
