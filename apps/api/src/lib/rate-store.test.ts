import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseUrl, type TestContext } from '#app/test/helper.ts';
import { hitWindow, pruneWindows } from './rate-store.ts';

// The shared request counters of issue 31 §2 on the test database (SQLite, or PostgreSQL with DATABASE_URL).

let t: TestContext;
let b: Awaited<ReturnType<TestContext['anotherInstance']>>;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { READ_RATE_LIMIT_PER_MINUTE: '5' } });
  b = await t.anotherInstance({ READ_RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

describe('shared rate-limit windows', () => {
  it('count a window from its first hit and start a new one when it ends', async () => {
    const at = 1_900_000_000_000;
    expect(await hitWindow(t.db, 'GET /x 10.0.0.1', 60_000, at)).toEqual({ current: 1, ttl: 60_000 });
    expect(await hitWindow(t.db, 'GET /x 10.0.0.1', 60_000, at + 15_000)).toEqual({
      current: 2,
      ttl: 45_000,
    });
    expect(await hitWindow(t.db, 'GET /x 10.0.0.2', 60_000, at + 15_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    expect(await hitWindow(t.db, 'GET /x 10.0.0.1', 60_000, at + 60_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
  });

  it('count every hit exactly once when two instances hit at once', async () => {
    const at = 1_900_001_000_000;
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => hitWindow(i % 2 ? t.db : b.db, 'GET /y 10.0.0.9', 60_000, at)),
    );
    expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('prune only the windows that ended', async () => {
    const at = 1_900_002_000_000;
    await hitWindow(t.db, 'GET /z old', 1000, at);
    await hitWindow(t.db, 'GET /z new', 60_000, at);
    await pruneWindows(t.db, at + 2000);
    const left = await t.db
      .selectFrom('rate_limit_hit')
      .select('limit_key')
      .where('limit_key', 'like', 'GET /z %')
      .execute();
    expect(left.map((r) => r.limit_key)).toEqual(['GET /z new']);
  });
});

// Only PostgreSQL shares them: SQLite's one process keeps @fastify/rate-limit's own in-memory counts.
describe.skipIf(!testDatabaseUrl)('expensive reads on two instances (PostgreSQL)', () => {
  it('refuse the sixth read of a minute from one address, whichever instance answers', async () => {
    const read = (i: number) =>
      [t.app, b.app][i % 2]!.inject({
        method: 'GET',
        url: '/api/catalog/product-slugs',
        remoteAddress: '10.20.30.40',
      });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await read(i)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const other = await b.app.inject({
      method: 'GET',
      url: '/api/catalog/product-slugs',
      remoteAddress: '10.20.30.41',
    });
    expect(other.statusCode).toBe(200);
  });
});
