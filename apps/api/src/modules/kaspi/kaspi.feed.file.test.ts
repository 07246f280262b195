import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { feedBuilds, forgetFeed } from './kaspi.feed.service.ts';
import { feedDir } from './kaspi.feed.file.ts';

// The Kaspi feed as a file (issue 33 Part B item 5, docs/decisions/071) on a real database (SQLite, or PostgreSQL
// with DATABASE_URL): built page by page into a temporary file renamed into place, served as a stream with
// Content-Length, ETag and Last-Modified (304 when unchanged), found again after a restart without a build, the
// last good file served after a failed build even after a restart, and the problem SKUs listed for staff.

let t: TestContext;
let cookie: string;
let dir: string;
let path_ = '';
/** Three SKUs of three different products: [stays fine, later nameless, later nameless]. */
const skus: { id: number; externalId: string; productId: number }[] = [];
const api = '/api/admin/kaspi/feed';

async function call(method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  const res = await staffCall(t.app, cookie, method, `${api}${url}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const fetchFeed = (headers: Record<string, string> = {}) => t.app.inject({ url: path_, headers });
const files = () => fs.readdirSync(dir).sort();

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  dir = feedDir(t.app.config.mediaDir);
  const f = orderFixtures(t);
  const c = await f.cities();
  const rows = await t.db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .select(['sku.id', 'sku.external_id', 'sku.product_id'])
    .where('product.is_active', '=', 1)
    .orderBy('sku.id')
    .execute();
  const seen = new Set<number>();
  for (const r of rows) {
    if (seen.has(r.product_id) || skus.length === 3) continue;
    seen.add(r.product_id);
    skus.push({ id: r.id, externalId: r.external_id, productId: r.product_id });
  }
  for (const s of skus) await f.setStock(s.id, { [c.courier.id]: 3 });
  await call('PUT', '/settings', { company: 'Kiim', merchantId: 'M1', secret: 'new' });
  await call('PUT', '/mapping', {
    stores: [{ storeId: 'PP1', cityId: c.courier.id, defaultReserve: 0 }],
    cities: [],
  });
  await call('POST', '/marks', { on: true, skuIds: skus.map((s) => s.id) });
  path_ = (await call('GET', '')).feedPath;
});
afterAll(async () => {
  await t?.close();
});

describe('kaspi feed file', () => {
  it('is written into the feed folder, renamed into place, and streamed with its validators', async () => {
    const res = await fetchFeed();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.body).toContain('</kaspi_catalog>');
    for (const s of skus) expect(res.body).toContain(`<offer sku="${s.externalId}">`);
    // One complete file named by its versions, no temporary file left.
    expect(files()).toHaveLength(1);
    expect(files()[0]).toMatch(/^kaspi-\d+-\d+\.xml$/);
    expect(fs.readFileSync(path.join(dir, files()[0]!), 'utf8')).toBe(res.body);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    expect((await fetchFeed({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await fetchFeed({ 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await fetchFeed({ 'if-none-match': '"other"' })).statusCode).toBe(200);
    const since = String(res.headers['last-modified']);
    expect((await fetchFeed({ 'if-modified-since': since })).statusCode).toBe(304);
  });

  it('finds the file made for the current versions after a restart instead of building again', async () => {
    const before = (await fetchFeed()).body;
    forgetFeed(t.db);
    const builds = feedBuilds(t.db);
    const res = await fetchFeed();
    expect(res.body).toBe(before);
    expect(feedBuilds(t.db)).toBe(builds);
  });

  it('replaces the file when stock changes and removes the older one', async () => {
    const old = files();
    const etag = String((await fetchFeed()).headers.etag);
    await t.db.updateTable('stock').set({ quantity: 1 }).where('sku_id', '=', skus[0]!.id).execute();
    const res = await fetchFeed({ 'if-none-match': etag });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(etag);
    expect(files()).toHaveLength(1);
    expect(files()).not.toEqual(old);
  });

  it('lists nameless SKUs as problems, leaving them out only if never sent', async () => {
    // (A price of 0 cannot be stored: the database refuses it; kaspi.feed.test.ts covers it in the builder.)
    // Sent before: withdrawn in every store (an omitted offer would stay on sale at its old price).
    const nameless = [skus[1]!.productId, skus[2]!.productId];
    await t.db.updateTable('product').set({ name: ' ' }).where('id', 'in', nameless).execute();
    await call('PUT', '/reserve', { skuId: skus[0]!.id, storeId: 'PP1', units: 0 });
    const body = (await fetchFeed()).body;
    for (const s of skus.slice(1))
      expect(body).toMatch(
        new RegExp(
          `<offer sku="${s.externalId}"><model>[^<]*</model><brand></brand><availabilities><availability available="no" storeId="PP1" stockCount="0"/></availabilities></offer>`,
        ),
      );
    const state = await call('GET', '');
    expect(state.lastBuild.problems).toEqual([
      { sku: skus[1]!.externalId, reason: 'no_name' },
      { sku: skus[2]!.externalId, reason: 'no_name' },
    ]);
    expect(state.lastBuild.offers).toBe(3);
    // Never sent: left out of the file altogether.
    await t.db.deleteFrom('kaspi_feed_sent').where('external_id', '=', skus[2]!.externalId).execute();
    await call('PUT', '/reserve', { skuId: skus[0]!.id, storeId: 'PP1', units: 1 });
    const again = (await fetchFeed()).body;
    expect(again).not.toContain(`<offer sku="${skus[2]!.externalId}">`);
    expect((await call('GET', '')).lastBuild.offers).toBe(2);
  });

  it('serves the last good file after a failed build, also after a restart, and leaves no temporary file', async () => {
    const good = (await fetchFeed()).body;
    await call('POST', '/marks', { on: false, skuIds: skus.map((s) => s.id) });
    forgetFeed(t.db);
    const res = await fetchFeed();
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(good);
    expect(files().filter((n) => !n.endsWith('.xml'))).toEqual([]);
  });

  it('answers 503 when no feed was ever built and the build fails', async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    forgetFeed(t.db);
    const res = await fetchFeed();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
  });
});
