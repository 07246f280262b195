import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures, type FixtureCity, type FixtureSku } from '#app/test/order.fixtures.ts';

// Concurrency acceptance of the issue, on SQLite and PostgreSQL (DATABASE_URL): parallel checkouts never sell
// more than the stock, answer the rest with a clean 409, and idempotent retries make one order.

let t: TestContext;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
let other: FixtureCity;
let skus: FixtureSku[];

beforeAll(async () => {
  t = await createTestApp();
  fx = orderFixtures(t);
  const c = await fx.cities();
  city = c.courier;
  other = c.other;
  skus = await fx.skus(3, 20);
});
afterAll(async () => {
  await t?.close();
});

describe('parallel checkouts', () => {
  it('200 customers order the last 10 units of a SKU in a city: exactly 10 orders, 190 clean 409, stock 0', async () => {
    const sku = skus[0]!;
    await fx.setStock(sku.id, { [city.id]: 10 });
    const buyers = await fx.buyers(200, [{ skuId: sku.id, qty: 1 }]);
    const before = {
      orders: await fx.count('order'),
      lines: await fx.count('order_line'),
      history: await fx.count('order_status_history'),
    };

    const results = await Promise.all(buyers.map((b) => fx.create(b.token, fx.draft(b.cartId, city))));

    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) {
      expect(r.body.code).toBe(ErrorCode.insufficientStock);
      expect(r.body.details).toEqual({ lines: [{ externalId: sku.externalId, requested: 1, available: 0 }] });
    }
    expect(new Set(ok.map((r) => r.body.data.order.number)).size).toBe(10);
    expect(
      ok.every((r) => r.body.data.order.lines.length === 1 && r.body.data.order.lines[0]!.qty === 1),
    ).toBe(true);
    expect(await fx.stockOf(sku.id, city.id)).toBe(0);
    expect(await fx.count('order')).toBe(before.orders + 10);
    expect(await fx.count('order_line')).toBe(before.lines + 10);
    expect(await fx.count('order_status_history')).toBe(before.history + 10);
    // The refused keep their cart line; the served have an empty cart.
    const carts = await Promise.all(buyers.map((b) => fx.cartItems(b.cartId)));
    expect(carts.filter((items) => items.length === 1)).toHaveLength(190);
    expect(carts.filter((items) => items.length === 0)).toHaveLength(10);
  });

  it('the same when two lines of one order share a SKU (units from two cities): exactly the stock is sold', async () => {
    // The cart holds one line per SKU (cart_item's key); an order line is per SKU AND source city. With
    // includeOtherCityItems a line the order's city holds too few of is completed from another city, so one
    // order gets two lines of the same SKU. 5 + 5 units, 200 customers wanting 2 each: 5 orders, one of them
    // split over both cities; 195 clean 409s; stock 0 in both cities.
    const sku = skus[1]!;
    await fx.setStock(sku.id, { [city.id]: 5, [other.id]: 5 });
    const buyers = await fx.buyers(200, [{ skuId: sku.id, qty: 2 }]);
    const before = await fx.count('order');

    const results = await Promise.all(
      buyers.map((b) => fx.create(b.token, fx.draft(b.cartId, city, { includeOtherCityItems: true }))),
    );

    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(195);
    for (const r of refused) {
      expect(r.body.code).toBe(ErrorCode.insufficientStock);
      expect(r.body.details).toEqual({ lines: [{ externalId: sku.externalId, requested: 2, available: 0 }] });
    }
    const orders = ok.map((r) => r.body.data.order);
    expect(orders.every((o) => o.lines.reduce((s, l) => s + l.qty, 0) === 2)).toBe(true);
    const split = orders.filter((o) => o.lines.length === 2);
    expect(split).toHaveLength(1);
    expect(split[0]!.lines.map((l) => [l.externalId, l.qty, l.sourceRegionId]).sort()).toEqual(
      [
        [sku.externalId, 1, city.id],
        [sku.externalId, 1, other.id],
      ].sort(),
    );
    expect(split[0]!.itemsAmount).toBe(sku.price * 2);
    expect(await fx.stockOf(sku.id, city.id)).toBe(0);
    expect(await fx.stockOf(sku.id, other.id)).toBe(0);
    expect(await fx.count('order')).toBe(before + 5);
    const units = await t.db
      .selectFrom('order_line')
      .select((eb) => eb.fn.sum<number>('qty').as('n'))
      .where('sku_id', '=', sku.id)
      .executeTakeFirstOrThrow();
    expect(Number(units.n)).toBe(10);
  });

  it('100 identical requests with one idempotency key at once: one order and identical answers', async () => {
    const sku = skus[2]!;
    await fx.setStock(sku.id, { [city.id]: 50 });
    const me = await fx.newCustomer();
    const cartId = await fx.makeCart([{ skuId: sku.id, qty: 3 }], me.id);
    const body = fx.draft(cartId, city, { idempotencyKey: randomUUID() });

    const results = await Promise.all(Array.from({ length: 100 }, () => fx.create(me.token, body)));

    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(results.map((r) => r.raw)).size).toBe(1);
    const mine = await t.db.selectFrom('order').select('id').where('customer_id', '=', me.id).execute();
    expect(mine).toHaveLength(1);
    expect(await fx.stockOf(sku.id, city.id)).toBe(47);
    expect(await fx.cartItems(cartId)).toEqual([]);
  });
});
