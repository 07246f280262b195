import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import { createTestApp, testDatabaseUrl, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';

// Issue 27, SQLite's faults: another connection holding the write lock past the busy timeout (SQLITE_BUSY), a
// database that takes no writes (SQLITE_READONLY), a full database (SQLITE_FULL). Each is answered 503 with
// Retry-After and the project's error body — never a 500, never a crash — and an order is never half written:
// its rows are one transaction. (PostgreSQL's faults: src/database-faults.test.ts.)

let t: TestContext;
let f: ReturnType<typeof orderFixtures>;
beforeAll(async () => {
  // A short busy timeout (SQLITE_BUSY_TIMEOUT_MS), so the lock held below outlasts it at once.
  t = await createTestApp({ env: { SQLITE_BUSY_TIMEOUT_MS: '50' } });
  f = orderFixtures(t);
});
afterAll(async () => {
  await t?.close();
});

/** The file of the test's database. */
const fileOf = async () =>
  (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.db))
    .rows[0]!.file;

/** Row counts of everything an order writes. */
const written = async () => ({
  order: await f.count('order'),
  order_line: await f.count('order_line'),
  order_status_history: await f.count('order_status_history'),
  payment: await f.count('payment'),
  sms_message: await f.count('sms_message'),
});

/** A buyer whose cart holds one unit of a SKU with stock, and the draft of their order. */
async function buyer() {
  const city = (await f.cities()).courier;
  const [sku] = await f.skus(1, 7);
  await f.setStock(sku!.id, { [city.id]: 5 });
  const [b] = await f.buyers(1, [{ skuId: sku!.id, qty: 1 }]);
  return { token: b!.token, cartId: b!.cartId, sku: sku!, city, draft: f.draft(b!.cartId, city) };
}

/** Expects the 503 of a database fault. */
function expectUnavailable(res: { status: number; body: { code: number; message: string } }) {
  expect(res.status).toBe(503);
  expect(res.body.code).toBe(ErrorCode.serviceUnavailable);
  expect(res.body.message).toMatch(/недоступен/);
}

describe.skipIf(testDatabaseUrl)('SQLite faults (issue 27)', () => {
  it('SQLITE_BUSY: a write lock held past the busy timeout answers 503 with Retry-After 1; the order goes through after', async () => {
    const b = await buyer();
    const before = await written();
    const holder = new SQLite(await fileOf());
    try {
      holder.exec('begin immediate');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: { 'x-authorization': b.token },
        payload: { order: b.draft },
      });
      expectUnavailable({ status: res.statusCode, body: res.json() });
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().details).toEqual({ retryAfterSeconds: 1 });
      // Reads go on meanwhile (WAL).
      expect((await t.app.inject({ method: 'GET', url: '/api/city/list' })).statusCode).toBe(200);
    } finally {
      holder.exec('rollback');
      holder.close();
    }
    expect(await written()).toEqual(before);
    expect(await f.cartItems(b.cartId)).toEqual([{ sku_id: b.sku.id, qty: 1 }]);
    const again = await f.create(b.token, b.draft);
    expect(again.status).toBe(200);
    expect(await f.stockOf(b.sku.id, b.city.id)).toBe(4);
  });

  it('SQLITE_READONLY: a database that takes no writes answers 503 to writes and still serves reads', async () => {
    const b = await buyer();
    const before = await written();
    // The app's one connection refuses writes as a read-only file would (the same SQLITE_READONLY); chmod would not
    // stop the root user the tests may run as.
    await sql`pragma query_only = 1`.execute(t.db);
    try {
      const res = await f.create(b.token, b.draft);
      expectUnavailable(res);
      expect(res.body.details).toEqual({ retryAfterSeconds: 60 });
      expect((await t.app.inject({ method: 'GET', url: '/api/city/list' })).statusCode).toBe(200);
    } finally {
      await sql`pragma query_only = 0`.execute(t.db);
    }
    expect(await written()).toEqual(before);
    expect((await f.create(b.token, b.draft)).status).toBe(200);
  });

  it('SQLITE_FULL: a database out of room answers 503; every order is whole or absent', async () => {
    const city = (await f.cities()).courier;
    const [sku] = await f.skus(1, 9);
    await f.setStock(sku!.id, { [city.id]: 100 });
    const buyers = await f.buyers(40, [{ skuId: sku!.id, qty: 1 }]);
    // No page beyond those the file has, and the free ones filled: orders take the room left in the tables' own
    // pages until one runs out part-way through its transaction.
    await sql`create table filler (b blob)`.execute(t.db);
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(t.db)).rows[0]!.page_count;
    await sql.raw(`pragma max_page_count = ${pages}`).execute(t.db);
    try {
      for (;;) await sql`insert into filler values (randomblob(900))`.execute(t.db);
    } catch (err) {
      expect((err as { code?: string }).code).toBe('SQLITE_FULL');
    }
    const placed: string[] = [];
    let refused: (typeof buyers)[number] | undefined;
    try {
      for (const b of buyers) {
        const res = await f.create(b.token, f.draft(b.cartId, city));
        if (res.status === 200) placed.push(res.body.data.order.number);
        else {
          expectUnavailable(res);
          refused = b;
          break;
        }
      }
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(t.db);
      await sql`drop table filler`.execute(t.db);
    }
    expect(refused).toBeDefined();
    // The refused order left nothing: no order of that customer, the cart whole, the stock only what the others took.
    const mine = await t.db.selectFrom('order').select('id').where('customer_id', '=', refused!.id).execute();
    expect(mine).toEqual([]);
    expect(await f.cartItems(refused!.cartId)).toEqual([{ sku_id: sku!.id, qty: 1 }]);
    expect(await f.stockOf(sku!.id, city.id)).toBe(100 - placed.length);
    // Every order answered 200 is whole: its line and its first status (cash on delivery: no payment row).
    for (const number of placed) {
      const { order, history } = await f.orderState(number);
      const lines = await t.db
        .selectFrom('order_line')
        .select('qty')
        .where('order_id', '=', order.id)
        .execute();
      expect(lines).toEqual([{ qty: 1 }]);
      expect(history.length).toBeGreaterThan(0);
    }
    expect((await f.create(refused!.token, f.draft(refused!.cartId, city))).status).toBe(200);
  });
});
