import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { orderFixtures, type FixtureSku } from '#app/test/order.fixtures.ts';
import { takeStock } from '#app/modules/inventory/inventory.repository.ts';
import { feedBuilds } from './kaspi.feed.service.ts';

// The Kaspi feed served to Kaspi and its staff settings (issue 33 Part B items 5 and 7, docs/decisions/063) on a
// real database (SQLite, or PostgreSQL with DATABASE_URL): the secret URL, stock sold lowering stockCount, the
// reserve, withdrawal of an unmarked SKU, the cache kept until the catalogue or settings change, the last good
// file after a failed build, and the audit of every change.

let t: TestContext;
let cookie: string;
let a: number;
let b: number;
let s1: FixtureSku;
let s2: FixtureSku;
const api = '/api/admin/kaspi/feed';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  const f = orderFixtures(t);
  const c = await f.cities();
  a = c.courier.id;
  b = c.other.id;
  const two = await f.skus(2);
  s1 = two[0]!;
  s2 = two[1]!;
  await f.setStock(s1.id, { [a]: 5, [b]: 2 });
  await f.setStock(s2.id, { [a]: 1 });
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  const res = await staffCall(t.app, cookie, method, `${api}${url}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The feed at `path`: status, content type and, per offer sku, its store lines `storeId → [available, count]`. */
async function feed(path: string) {
  const res = await t.app.inject({ url: path });
  const offers = new Map<string, Record<string, [string, number]>>();
  for (const m of res.body.matchAll(/<offer sku="([^"]+)">(.*?)<\/offer>/g)) {
    const stores: Record<string, [string, number]> = {};
    for (const x of m[2]!.matchAll(/available="(yes|no)" storeId="([^"]+)" stockCount="(\d+)"/g))
      stores[x[2]!] = [x[1]!, Number(x[3])];
    offers.set(m[1]!, stores);
  }
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body, offers };
}

describe('kaspi feed', () => {
  let path = '';

  it('is 404 while off and for a wrong secret, then served as XML at the secret URL', async () => {
    expect((await call('GET', '')).feedPath).toBeNull();
    expect((await feed('/feeds/kaspi/anything.xml')).status).toBe(404);
    await call('PUT', '/settings', { company: 'Kiim & Co', merchantId: 'M1', secret: 'new' });
    path = (await call('GET', '')).feedPath;
    expect(path).toMatch(/^\/feeds\/kaspi\/[\w-]+\.xml$/);
    expect((await feed('/feeds/kaspi/anything.xml')).status).toBe(404);
    expect((await feed(path.slice(0, -4))).status).toBe(404);
    await call('PUT', '/mapping', {
      stores: [
        { storeId: 'PP1', cityId: a, defaultReserve: 0 },
        { storeId: 'PP2', cityId: b, defaultReserve: 0 },
      ],
      cities: [{ cityId: a, kaspiCityId: '750000000' }],
    });
    expect(await call('POST', '/marks', { on: true, skuIds: [s1.id, s2.id] })).toEqual({ changed: 2 });
    const f = await feed(path);
    expect(f.status).toBe(200);
    expect(f.type).toMatch(/^application\/xml/);
    expect(f.body).toContain('<company>Kiim &amp; Co</company>');
    expect(f.body).toContain('<cityprice cityId="750000000">');
    expect(f.offers.get(s1.externalId)).toEqual({ PP1: ['yes', 5], PP2: ['yes', 2] });
    expect(f.offers.get(s2.externalId)).toEqual({ PP1: ['yes', 1], PP2: ['no', 0] });
    const state = await call('GET', '');
    expect(state.lastBuild).toMatchObject({ offers: 2, problems: [] });
    expect(state.lastBuild.bytes).toBe(Buffer.byteLength(f.body));
  });

  it('keeps the built feed until the catalogue or the settings change', async () => {
    // A change the versions do not see is not shown: the kept file is served.
    await t.db.updateTable('kaspi_feed_setting').set({ company: 'Hidden' }).execute();
    expect((await feed(path)).body).toContain('Kiim &amp; Co');
    // Stock sold on the site bumps the catalogue version: stockCount falls at once.
    await t.db.transaction().execute((trx) => takeStock(trx, s1.id, a, 2, new Date().toISOString()));
    const f = await feed(path);
    expect(f.body).toContain('<company>Hidden</company>');
    expect(f.offers.get(s1.externalId)).toEqual({ PP1: ['yes', 3], PP2: ['yes', 2] });
  });

  it('builds once for concurrent fetches and not again until something changes', async () => {
    await call('PUT', '/reserve', { skuId: s2.id, storeId: 'PP2', units: 0 });
    const before = feedBuilds(t.db);
    const all = await Promise.all(Array.from({ length: 5 }, () => feed(path)));
    expect(feedBuilds(t.db)).toBe(before + 1);
    expect(new Set(all.map((f) => f.body)).size).toBe(1);
    await feed(path);
    expect(feedBuilds(t.db)).toBe(before + 1);
  });

  it('keeps the reserve back and withdraws an unmarked SKU', async () => {
    await call('PUT', '/reserve', { skuId: s1.id, storeId: 'PP1', units: 2 });
    expect((await feed(path)).offers.get(s1.externalId)).toEqual({ PP1: ['yes', 1], PP2: ['yes', 2] });
    await call('PUT', '/reserve', { skuId: s1.id, storeId: 'PP2', units: 9 });
    expect((await feed(path)).offers.get(s1.externalId)).toEqual({ PP1: ['yes', 1], PP2: ['no', 0] });
    expect(await call('POST', '/marks', { on: false, skuIds: [s2.id] })).toEqual({ changed: 1 });
    expect((await feed(path)).offers.get(s2.externalId)).toEqual({ PP1: ['no', 0], PP2: ['no', 0] });
    const missing = await staffCall(t.app, cookie, 'PUT', `${api}/reserve`, {
      skuId: s1.id,
      storeId: 'PP9',
      units: 1,
    });
    expect(missing.status).toBe(404);
  });

  it('serves the last good file when a build fails', async () => {
    const good = (await feed(path)).body;
    // Nothing marked while SKUs were sent before: the builder refuses to delist everything (decision 054).
    await call('POST', '/marks', { on: false, skuIds: [s1.id] });
    const f = await feed(path);
    expect(f.status).toBe(200);
    expect(f.body).toBe(good);
    await call('POST', '/marks', { on: true, skuIds: [s1.id] });
    expect((await feed(path)).offers.get(s2.externalId)).toEqual({ PP1: ['no', 0], PP2: ['no', 0] });
  });

  it('refuses bad settings with field errors and audits every change', async () => {
    const bad = await staffCall(t.app, cookie, 'PUT', `${api}/mapping`, {
      stores: [{ storeId: 'PP1', cityId: 999_999, defaultReserve: 0 }],
      cities: [],
    });
    expect(bad.status).toBe(400);
    const twice = await staffCall(t.app, cookie, 'POST', `${api}/marks`, {
      on: true,
      categoryId: 1,
      brandId: 1,
    });
    expect(twice.status).toBe(400);
    expect(await auditOf(t.db, 'kaspi.feed_secret_renewed')).toHaveLength(1);
    expect((await auditOf(t.db, 'kaspi.feed_secret_renewed'))[0]!.after).toEqual({
      company: 'Kiim & Co',
      merchantId: 'M1',
      on: true,
    });
    expect(await auditOf(t.db, 'kaspi.feed_mapping_changed')).toHaveLength(1);
    expect(await auditOf(t.db, 'kaspi.feed_reserve_changed')).toHaveLength(3);
    expect(await auditOf(t.db, 'kaspi.feed_skus_unmarked')).toHaveLength(2);
    const off = await staffCall(t.app, cookie, 'GET', api, undefined);
    expect(off.status).toBe(200);
    const anon = await t.app.inject({ url: api });
    expect(anon.statusCode).toBe(401);
  });
});
