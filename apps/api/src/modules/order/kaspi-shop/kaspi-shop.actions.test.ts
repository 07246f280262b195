import { createKaspiShopSimulator, type KaspiShopSimulator } from '@kiim/tools/kaspi-simulator/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures, type FixtureCity, type FixtureSku } from '#app/test/order.fixtures.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { pollKaspiShop } from './kaspi-shop.poll.ts';

// Staff actions on Kaspi orders through /api/admin against the Merchant API simulator, on SQLite and PostgreSQL
// (issue 33 item 6): accept, hand over with the buyer's code, cancel with Kaspi's reason; refusals in Russian.

let t: TestContext;
let sim: KaspiShopSimulator;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
let skus: FixtureSku[];
let manager: string;

beforeAll(async () => {
  sim = createKaspiShopSimulator();
  await sim.listen();
  t = await createTestApp({ env: { KASPI_SHOP_API_URL: sim.apiUrl } });
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
  skus = await fx.skus(4, 50);
  ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** A Kaspi order of one unit of `sku` (5 in stock), imported; @returns Kaspi's id and our order page. */
async function imported(sku: FixtureSku) {
  await fx.setStock(sku.id, { [city.id]: 5 });
  const k = sim.createOrder({ lines: [{ sku: sku.externalId, quantity: 1, price: 9000 }] });
  await pollKaspiShop({ ...orderDeps(t.app), shop: t.app.kaspiShop!, cityId: city.id }, new Date());
  const row = await t.db
    .selectFrom('order')
    .select('number')
    .where('kaspi_order_id', '=', k.id)
    .executeTakeFirstOrThrow();
  const page = await staffCall(t.app, manager, 'GET', `/api/admin/orders/${row.number}`);
  return { k, order: page.body.data.order as AdminOrder };
}

/** Cancellation notices written for our order `number` (Kaspi tells its buyer itself: decision 071). */
const cancelNotices = async (number: string) =>
  t.db
    .selectFrom('notification')
    .innerJoin('order', 'order.id', 'notification.order_id')
    .select('notification.id')
    .where('order.number', '=', number)
    .where('notification.event', '=', 'cancelled')
    .execute();

const act = (o: AdminOrder, action: string, extra: Record<string, unknown> = {}) =>
  staffCall(t.app, manager, 'POST', `/api/admin/orders/${o.number}/kaspi/${action}`, {
    version: o.version,
    ...extra,
  });

describe('staff actions on Kaspi orders', () => {
  it('accept, send the code, refuse a wrong code, complete with the right one', async () => {
    const { k, order } = await imported(skus[0]!);
    expect(order.kaspi).toMatchObject({ code: k.code, status: 'APPROVED_BY_BANK', problem: null });
    expect(order.actions).not.toContain('cancel');

    const accepted = await act(order, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    let page = accepted.body.data.order as AdminOrder;
    expect(page.kaspi!.status).toBe('ACCEPTED_BY_MERCHANT');
    expect(sim.order(k.id)!.status).toBe('ACCEPTED_BY_MERCHANT');

    page = (await act(page, 'send-code')).body.data.order;
    const code = sim.order(k.id)!.securityCode!;
    const wrong = await act(page, 'complete', { securityCode: code === '1000' ? '1001' : '1000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toMatch(/код покупателя/);

    const missing = await act(page, 'complete');
    expect(missing.status).toBe(400);

    const done = await act(page, 'complete', { securityCode: code });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.order).toMatchObject({ status: 'completed', kaspi: { status: 'COMPLETED' } });
    expect(sim.order(k.id)!.status).toBe('COMPLETED');
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(4);
    expect((await auditOf(t.db, 'order.kaspi_complete')).map((a) => a.entity_id)).toContain(order.number);
  });

  it('cancel with a Kaspi reason gives the units back; Kaspi refusing changes nothing', async () => {
    const { k, order } = await imported(skus[1]!);
    expect(await fx.stockOf(skus[1]!.id, city.id)).toBe(4);

    const bad = await act(order, 'cancel', { reason: 'BECAUSE' });
    expect(bad.status).toBe(400);

    const cancelled = await act(order, 'cancel', { reason: 'MERCHANT_OUT_OF_STOCK' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.order).toMatchObject({ status: 'cancelled', kaspi: { status: 'CANCELLED' } });
    expect(sim.order(k.id)!.cancellationReason).toBe('MERCHANT_OUT_OF_STOCK');
    expect(await fx.stockOf(skus[1]!.id, city.id)).toBe(5);
    expect(await auditOf(t.db, 'order.kaspi_cancel')).toHaveLength(1);
    // Kaspi texts its buyer about the cancellation; the shop adds no second message, nor when the poll reads it.
    await pollKaspiShop({ ...orderDeps(t.app), shop: t.app.kaspiShop!, cityId: city.id }, new Date());
    expect(await cancelNotices(order.number)).toEqual([]);

    const again = await act(cancelled.body.data.order, 'accept');
    expect(again.status).toBe(502);
    expect(again.body.message).toMatch(/^Kaspi не выполнил действие/);
  });

  it('a site order has no Kaspi actions; a stale version is refused', async () => {
    const { order } = await imported(skus[2]!);
    const stale = await act({ ...order, version: order.version + 5 }, 'accept');
    expect(stale.status).toBe(409);
    const me = await fx.newCustomer();
    const cartId = await fx.makeCart([{ skuId: skus[2]!.id, qty: 1 }], me.id);
    const site = await fx.create(me.token, fx.draft(cartId, city));
    const r = await staffCall(
      t.app,
      manager,
      'POST',
      `/api/admin/orders/${site.body.data.order.number}/kaspi/accept`,
      {
        version: 0,
      },
    );
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(4061);

    const poll = await staffCall(t.app, manager, 'GET', '/api/admin/kaspi-shop/poll');
    expect(poll.status).toBe(200);
    expect(poll.body.data).toMatchObject({ mode: 'simulator', lastError: null });
    expect(poll.body.data.imported).toBeGreaterThanOrEqual(3);
  });

  it('an order Kaspi cancels gives its units back with no notice of ours', async () => {
    const { k, order } = await imported(skus[3]!);
    expect(await fx.stockOf(skus[3]!.id, city.id)).toBe(4);
    sim.kaspi(k.id, 'cancel');
    await pollKaspiShop({ ...orderDeps(t.app), shop: t.app.kaspiShop!, cityId: city.id }, new Date());
    const page = await staffCall(t.app, manager, 'GET', `/api/admin/orders/${order.number}`);
    expect(page.body.data.order).toMatchObject({ status: 'cancelled', kaspi: { status: 'CANCELLED' } });
    expect(await fx.stockOf(skus[3]!.id, city.id)).toBe(5);
    expect(await cancelNotices(order.number)).toEqual([]);
  });
});
