import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, OrderErrorCode, type Order } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures, type FixtureCity, type FixtureSku } from '#app/test/order.fixtures.ts';

// Orders in the stock history (decision 020's `stock_movement`, issue 14's ledger), on SQLite and PostgreSQL
// (DATABASE_URL): an order writes one movement per SKU and city it takes from, a cancellation one per SKU and city it
// puts back, a refused order none, and parallel orders' movements of one SKU and city chain (each one's «after» is
// the next one's «before»). Staff cancellations and refusals at handover: order.admin.test.ts; the payment job's
// expiry and the ERP's cancellation: card-payment.test.ts.

let t: TestContext;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
let other: FixtureCity;
let noCourier: FixtureCity;
let skuOffset = 100;

beforeAll(async () => {
  t = await createTestApp();
  fx = orderFixtures(t);
  const c = await fx.cities();
  city = c.courier;
  other = c.other;
  noCourier = c.noCourier;
});
afterAll(async () => {
  await t?.close();
});

/** `n` SKUs no other test of this file uses. */
async function freshSkus(n: number): Promise<FixtureSku[]> {
  const skus = await fx.skus(n, skuOffset);
  skuOffset += n;
  return skus;
}

/** The movement rows of a SKU without their ids. */
const movements = async (skuId: number, cityId?: number) =>
  (await fx.movementsOf(skuId, cityId)).map(({ id: _id, ...m }) => m);

const shop = { actor_type: 'system', actor_id: null } as const;

describe('an order writes its stock movements', () => {
  it('one per SKU and city it takes from, before → after, reason «order», the shop, «№ …»', async () => {
    const [a, b] = (await freshSkus(2)) as [FixtureSku, FixtureSku];
    await fx.setStock(a.id, { [city.id]: 5 });
    // b: 1 unit here, 3 in another city — the order takes 1 here and 2 there (two order lines of one SKU).
    await fx.setStock(b.id, { [city.id]: 1, [other.id]: 3 });
    const me = await fx.newCustomer();
    const cartId = await fx.makeCart(
      [
        { skuId: a.id, qty: 2 },
        { skuId: b.id, qty: 3 },
      ],
      me.id,
    );
    const r = await fx.create(me.token, fx.draft(cartId, city, { includeOtherCityItems: true }));
    expect(r.status, r.raw).toBe(200);
    const note = `№ ${r.body.data.order.number}`;
    expect(await movements(a.id)).toEqual([
      { city_id: city.id, before: 5, after: 3, reason: 'order', ...shop, note },
    ]);
    expect(await movements(b.id, city.id)).toEqual([
      { city_id: city.id, before: 1, after: 0, reason: 'order', ...shop, note },
    ]);
    expect(await movements(b.id, other.id)).toEqual([
      { city_id: other.id, before: 3, after: 1, reason: 'order', ...shop, note },
    ]);
    expect(await movements(b.id)).toHaveLength(2);

    // The shopper cancels: every unit goes back where it came from, one movement per SKU and city.
    const cancelled = await fx.call<{ order: Order }>('POST', '/api/order/cancel', me.token, {
      number: r.body.data.order.number,
    });
    expect(cancelled.status, cancelled.raw).toBe(200);
    const back = { reason: 'order_cancelled', ...shop, note: `${note}: Отменён покупателем` };
    expect((await movements(a.id)).slice(1)).toEqual([{ city_id: city.id, before: 3, after: 5, ...back }]);
    expect((await movements(b.id, city.id)).slice(1)).toEqual([
      { city_id: city.id, before: 0, after: 1, ...back },
    ]);
    expect((await movements(b.id, other.id)).slice(1)).toEqual([
      { city_id: other.id, before: 1, after: 3, ...back },
    ]);
    expect([
      await fx.stockOf(a.id, city.id),
      await fx.stockOf(b.id, city.id),
      await fx.stockOf(b.id, other.id),
    ]).toEqual([5, 1, 3]);

    // Cancelling again is refused and writes nothing more.
    const again = await fx.call('POST', '/api/order/cancel', me.token, { number: r.body.data.order.number });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(OrderErrorCode.orderNotCancellable);
    expect(await movements(a.id)).toHaveLength(2);
    expect(await movements(b.id)).toHaveLength(4);
  });

  it('a refused order writes none: out of stock (409), a delivery the city does not offer (422)', async () => {
    const [a, b] = (await freshSkus(2)) as [FixtureSku, FixtureSku];
    await fx.setStock(a.id, { [city.id]: 1 });
    await fx.setStock(b.id, { [city.id]: 4, [noCourier.id]: 4 });
    const me = await fx.newCustomer();
    // a is short (2 wanted, 1 held); b would be taken — but the order is refused whole.
    const short = await fx.makeCart(
      [
        { skuId: a.id, qty: 2 },
        { skuId: b.id, qty: 1 },
      ],
      me.id,
    );
    const r = await fx.create(me.token, fx.draft(short, city));
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(ErrorCode.insufficientStock);

    const courier = await fx.makeCart([{ skuId: b.id, qty: 1 }], me.id);
    const refused = await fx.create(
      me.token,
      fx.draft(courier, noCourier, {
        deliveryMethodId: 2,
        pickupPointId: null,
        delivery: { street: 'Абая', building: '1' },
      }),
    );
    expect(refused.status, refused.raw).toBe(422);
    expect(refused.body.code).toBe(ErrorCode.deliveryMethodNotOffered);

    expect(await movements(a.id)).toEqual([]);
    expect(await movements(b.id)).toEqual([]);
    expect([await fx.stockOf(a.id, city.id), await fx.stockOf(b.id, city.id)]).toEqual([1, 4]);
  });
});

describe('parallel orders and cancellations', () => {
  it('their movements of one SKU and city chain: each «after» is the next «before», the last is the stock', async () => {
    const [sku] = (await freshSkus(1)) as [FixtureSku];
    await fx.setStock(sku.id, { [city.id]: 12 });
    const first = await fx.buyers(30, [{ skuId: sku.id, qty: 1 }]);
    const results = await Promise.all(first.map((b) => fx.create(b.token, fx.draft(b.cartId, city))));
    const placed = first
      .map((b, i) => ({ buyer: b, res: results[i]! }))
      .filter((p) => p.res.status === 200)
      .map((p) => ({ token: p.buyer.token, number: p.res.body.data.order.number }));
    expect(placed).toHaveLength(12);
    expect(results.filter((r) => r.status === 409)).toHaveLength(18);

    // Half of them cancel while 20 new shoppers order the units coming back.
    const second = await fx.buyers(20, [{ skuId: sku.id, qty: 1 }]);
    const cancels = placed
      .slice(0, 6)
      .map((p) => fx.call('POST', '/api/order/cancel', p.token, { number: p.number }));
    const orders = second.map((b) => fx.create(b.token, fx.draft(b.cartId, city)));
    const [cancelled, ordered] = await Promise.all([Promise.all(cancels), Promise.all(orders)]);
    expect(cancelled.every((r) => r.status === 200)).toBe(true);
    const newNumbers = ordered.filter((r) => r.status === 200).map((r) => r.body.data.order.number);

    const rows = await movements(sku.id, city.id);
    // One movement per order placed and per cancellation, nothing for the refused.
    expect(rows).toHaveLength(12 + 6 + newNumbers.length);
    expect(rows[0]!.before).toBe(12);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.before, `movement ${i}`).toBe(rows[i - 1]!.after);
    expect(rows.at(-1)!.after).toBe(await fx.stockOf(sku.id, city.id));
    for (const m of rows) expect(m.after - m.before).toBe(m.reason === 'order' ? -1 : 1);
    const orderNotes = rows.filter((m) => m.reason === 'order').map((m) => m.note);
    expect(orderNotes.sort()).toEqual(
      [...placed.map((p) => p.number), ...newNumbers].map((n) => `№ ${n}`).sort(),
    );
    expect(
      rows
        .filter((m) => m.reason === 'order_cancelled')
        .map((m) => m.note)
        .sort(),
    ).toEqual(
      placed
        .slice(0, 6)
        .map((p) => `№ ${p.number}: Отменён покупателем`)
        .sort(),
    );
  });
});
