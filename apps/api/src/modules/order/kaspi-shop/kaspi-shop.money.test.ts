import { createKaspiShopSimulator, type KaspiShopSimulator } from '@kiim/tools/kaspi-simulator/merchant';
import { createWebkassaSimulator, type WebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures, type FixtureCity, type FixtureSku } from '#app/test/order.fixtures.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { receiptsOfOrder } from '#app/modules/fiscal/fiscal.service.ts';
import { runFiscalQueue } from '#app/modules/fiscal/fiscal.worker.ts';
import { paymentOfOrder, paymentsToReturn } from '#app/modules/payment/payment.service.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { pollKaspiShop } from './kaspi-shop.poll.ts';

// The money of Kaspi Магазин orders (decision 076), on SQLite and PostgreSQL: Kaspi holds the buyer's money from
// the import (`kaspi_shop`, authorized), it is the shop's at the handover by code (charged, and the shop's sale
// receipt, PaymentType 4, in that transaction, once), and goes back by Kaspi on a cancel (cancelled, no receipt)
// or a return after the handover (refunded, with the return receipt, once). The shop never asks Kaspi for it.

let t: TestContext;
let sim: KaspiShopSimulator;
let wk: WebkassaSimulator;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
let skus: FixtureSku[];
let manager: string;

beforeAll(async () => {
  sim = createKaspiShopSimulator();
  await sim.listen();
  wk = createWebkassaSimulator();
  await wk.listen();
  t = await createTestApp({
    env: { KASPI_SHOP_API_URL: sim.apiUrl, FISCAL_PROVIDER: 'simulator', WEBKASSA_URL: wk.url },
  });
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
  skus = await fx.skus(3, 60);
  ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await wk?.close();
});

const poll = (on = t) =>
  pollKaspiShop({ ...orderDeps(on.app), shop: on.app.kaspiShop!, cityId: city.id }, new Date());

/** Two units of `sku` at 9,000 ₸ bought on Kaspi and imported; @returns Kaspi's order, our id and page. */
async function imported(sku: FixtureSku, on = t, staff = manager) {
  await orderFixtures(on).setStock(sku.id, { [city.id]: 5 });
  const k = sim.createOrder({ lines: [{ sku: sku.externalId, quantity: 2, price: 9000 }] });
  await poll(on);
  const row = await on.db
    .selectFrom('order')
    .select(['id', 'number'])
    .where('kaspi_order_id', '=', k.id)
    .executeTakeFirstOrThrow();
  const page = await staffCall(on.app, staff, 'GET', `/api/admin/orders/${row.number}`);
  return { k, id: row.id, order: page.body.data.order as AdminOrder };
}

const act = async (
  o: AdminOrder,
  action: string,
  extra: Record<string, unknown> = {},
  on = t,
  staff = manager,
) => {
  const r = await staffCall(on.app, staff, 'POST', `/api/admin/orders/${o.number}/kaspi/${action}`, {
    version: o.version,
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.order as AdminOrder;
};

/** Accepts, sends the code and hands the order over with the buyer's code. */
async function handOver(k: { id: string }, order: AdminOrder, on = t, staff = manager) {
  let page = await act(order, 'accept', {}, on, staff);
  page = await act(page, 'send-code', {}, on, staff);
  return act(page, 'complete', { securityCode: sim.order(k.id)!.securityCode! }, on, staff);
}

const receiptOps = async (orderId: string) =>
  (await receiptsOfOrder(t.db, orderId)).map((r) => ({
    operation: r.operation,
    event: r.event_key,
    payments: (JSON.parse(r.payload) as { payments: unknown }).payments,
  }));

describe('money of Kaspi Магазин orders', () => {
  it('held by Kaspi at import, the shop’s with one sale receipt at the handover, refunded on a return', async () => {
    const { k, id, order } = await imported(skus[0]!);
    expect(await paymentOfOrder(t.db, id)).toMatchObject({
      provider: 'kaspi_shop',
      status: 'authorized',
      amount: 18000,
      invoice_id: order.number,
      reference: k.code,
      paid_at: null,
    });
    expect(await receiptsOfOrder(t.db, id)).toEqual([]);

    const done = await handOver(k, order);
    expect(done.status).toBe('completed');
    const paid = await paymentOfOrder(t.db, id);
    expect(paid).toMatchObject({ status: 'charged', refunded_amount: 0, return_requested_at: null });
    expect(paid!.paid_at).not.toBeNull();
    expect(await receiptOps(id)).toEqual([
      { operation: 'sale', event: 'sale', payments: [{ type: 'mobile', sum: 18000 }] },
    ]);
    await poll(); // reading Kaspi's archive again changes nothing
    expect(await receiptOps(id)).toHaveLength(1);

    sim.kaspi(k.id, 'return');
    await poll();
    await poll();
    expect(await paymentOfOrder(t.db, id)).toMatchObject({ status: 'refunded', refunded_amount: 18000 });
    expect(await receiptOps(id)).toEqual([
      { operation: 'sale', event: 'sale', payments: [{ type: 'mobile', sum: 18000 }] },
      { operation: 'return', event: 'kaspi-return', payments: [{ type: 'mobile', sum: 18000 }] },
    ]);
    const events = await t.db
      .selectFrom('payment_event')
      .select(['source', 'outcome', 'provider_status'])
      .where('payment_id', '=', paid!.id)
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.outcome).sort()).toEqual(['authorized', 'charged', 'refunded']);

    await runFiscalQueue({ db: t.db, provider: t.app.fiscal!, log: t.app.log, clock: t.app.clock });
    const issued = wk.receipts().filter((r) => r.externalOrderNumber === order.number);
    expect(issued.map((r) => [r.operationType, r.payments])).toEqual([
      [2, [{ Sum: 18000, PaymentType: 4 }]],
      [3, [{ Sum: 18000, PaymentType: 4 }]],
    ]);
  });

  it('cancelled by staff or by Kaspi before the handover: cancelled, no receipt, never asked back', async () => {
    const byStaff = await imported(skus[1]!);
    await act(byStaff.order, 'cancel', { reason: 'BUYER_NOT_REACHABLE' });
    const byKaspi = await imported(skus[2]!);
    sim.kaspi(byKaspi.k.id, 'cancel');
    await poll();
    for (const { id } of [byStaff, byKaspi]) {
      expect(await paymentOfOrder(t.db, id)).toMatchObject({
        status: 'cancelled',
        return_requested_at: null,
        paid_at: null,
      });
      expect(await receiptsOfOrder(t.db, id)).toEqual([]);
    }
    const due = (await paymentsToReturn(t.db, 100)).map((p) => p.order_id);
    expect(due).not.toContain(byStaff.id);
    expect(due).not.toContain(byKaspi.id);
  });
});

describe('a seller fiscalising Kaspi Магазин sales in Kaspi Касса (KASPI_SHOP_RECEIPTS=kaspi-kassa)', () => {
  it('gets the money recorded as before and no receipt from the shop for the sale or its return', async () => {
    const kassa = await createTestApp({
      env: {
        KASPI_SHOP_API_URL: sim.apiUrl,
        FISCAL_PROVIDER: 'simulator',
        WEBKASSA_URL: wk.url,
        KASPI_SHOP_RECEIPTS: 'kaspi-kassa',
      },
    });
    try {
      const { cookie } = await signedInMember(kassa.app, kassa.db, 'manager');
      const [sku] = await orderFixtures(kassa).skus(1, 60);
      const { k, id, order } = await imported(sku!, kassa, cookie);
      expect((await handOver(k, order, kassa, cookie)).status).toBe('completed');
      expect(await paymentOfOrder(kassa.db, id)).toMatchObject({ status: 'charged', amount: 18000 });
      sim.kaspi(k.id, 'return');
      await poll(kassa);
      await poll(kassa);
      expect(await paymentOfOrder(kassa.db, id)).toMatchObject({
        status: 'refunded',
        refunded_amount: 18000,
      });
      expect(await receiptsOfOrder(kassa.db, id)).toEqual([]);
    } finally {
      await kassa.close();
    }
  });
});
