import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { claimJobRun } from '#app/db/job-run.ts';
import { nextMobile } from '#app/test/customer.fixtures.ts';
import { hashPassword } from '#app/lib/password.ts';
import { newId } from '#app/lib/ids.ts';

// Issue 11 §12: the shop scales by running more instances on one database. Two instances (each its own app and its
// own connections) on the test database — PostgreSQL when DATABASE_URL is set — behind an imaginary load balancer
// that sends requests to either.

let t: TestContext;
let b: Awaited<ReturnType<TestContext['anotherInstance']>>;
beforeAll(async () => {
  t = await createTestApp({ env: { SMS_ADDRESS_HOURLY_LIMIT: '3' } });
  b = await t.anotherInstance({ SMS_ADDRESS_HOURLY_LIMIT: '3' });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

const instances = () => [t.app, b.app];

describe('two instances on one database (issue 11 §12)', () => {
  it('never oversell the last units when buyers race across both', async () => {
    const f = orderFixtures(t);
    const city = (await f.cities()).courier;
    const [sku] = await f.skus(1);
    await f.setStock(sku!.id, { [city.id]: 3 });
    const buyers = await f.buyers(12, [{ skuId: sku!.id, qty: 1 }]);
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        instances()[i % 2]!.inject({
          method: 'POST',
          url: '/api/order/create',
          headers: { 'x-authorization': buyer.token },
          payload: { order: f.draft(buyer.cartId, city) },
        }),
      ),
    );
    const placed = results.filter((r) => r.statusCode === 200).length;
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(placed).toBe(3);
    expect(await f.stockOf(sku!.id, city.id)).toBe(0);
  });

  it('run the payment sweep once per period, whichever instance claims it', async () => {
    const period = 60;
    const start = new Date('2031-01-01T00:00:00.000Z');
    for (let p = 0; p < 4; p++) {
      const at = new Date(start.getTime() + p * period * 1000);
      // Both instances wake up within the same second, several times, as their timers drift.
      const claims = await Promise.all(
        [t.db, b.db, t.db, b.db].map((db, i) =>
          claimJobRun(db, 'payment-sweep-test', new Date(at.getTime() + i * 200), period, `i${i % 2}`),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });

  it('share the per-address SMS limit', async () => {
    const send = (i: number) =>
      instances()[i % 2]!.inject({
        method: 'POST',
        url: '/api/customer/auth-by-mobile',
        remoteAddress: '198.51.100.23',
        payload: { mobile: nextMobile() },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(i)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another shopper's address is not affected.
    const other = await b.app.inject({
      method: 'POST',
      url: '/api/customer/auth-by-mobile',
      remoteAddress: '198.51.100.24',
      payload: { mobile: nextMobile() },
    });
    expect(other.statusCode).toBe(200);
  });

  it('share the per-number password failure limit', async () => {
    const mobile = nextMobile();
    const now = new Date().toISOString();
    await t.db
      .insertInto('customer')
      .values({
        id: newId(),
        mobile,
        name: null,
        surname: null,
        email: null,
        gender: null,
        birth_date: null,
        password_hash: await hashPassword('right-pass-1'),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await instances()[i % 2]!.inject({
        method: 'POST',
        url: '/api/customer/auth-by-mobile-password',
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { mobile, password: 'wrong-pass-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('see a catalogue change made through the other at once (no stale cache)', async () => {
    const f = orderFixtures(t);
    const city = (await f.cities()).courier;
    const [sku] = await f.skus(1, 3);
    const product = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['product.id', 'product.slug'])
      .where('sku.id', '=', sku!.id)
      .executeTakeFirstOrThrow();
    const stockSeenBy = async (app: typeof t.app) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/catalog/product/${product.slug}?cityId=${city.id}`,
      });
      expect(res.statusCode).toBe(200);
      return JSON.stringify(res.json().data);
    };
    await f.setStock(sku!.id, { [city.id]: 7 });
    const before = await stockSeenBy(b.app);
    expect(await stockSeenBy(b.app)).toBe(before); // cached on instance b now
    // The change goes through instance a's connections.
    await t.db
      .updateTable('stock')
      .set({ quantity: 0 })
      .where('sku_id', '=', sku!.id)
      .where('city_id', '=', city.id)
      .execute();
    await t.db
      .updateTable('product')
      .set({ price: 777_000, original_price: 777_000 })
      .where('id', '=', product.id)
      .execute();
    const after = await stockSeenBy(b.app);
    expect(after).not.toBe(before);
    expect(after).toContain('777000');
  });
});
