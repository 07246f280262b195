import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, HalykAuth } from '@kiim/contract';
import type { EpaySimulator } from '@kiim/tools/epay-simulator';
import { createWebkassaSimulator, type WebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import type { TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { shopOnEpaySimulator } from '#app/test/epay.fixtures.ts';
import {
  CARDS,
  orderFixtures,
  payOnSimulator,
  type FixtureCity,
  type FixtureSku,
} from '#app/test/order.fixtures.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { receiptsOfOrder } from './fiscal.service.ts';
import { runFiscalQueue, type FiscalDeps } from './fiscal.worker.ts';

// Fiscal receipts end to end on both databases (issue 32): the shop's money events (card online paid through the
// ePay simulator, handover at the desk, partial buyout, cancellation) queue one receipt each, and the worker sends
// them to the Webkassa simulator over HTTP: one receipt per event, totals equal to the money taken, returns linked
// to their sale.

let t: TestContext;
let epay: EpaySimulator;
let wk: WebkassaSimulator;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
let warehouse: string;
let manager: string;
let deps: FiscalDeps;
let skuOffset = 120;
const clock = manualClock(new Date('2026-03-10T06:00:00Z'));

beforeAll(async () => {
  wk = createWebkassaSimulator({ now: () => clock.now() });
  await wk.listen();
  ({ t, sim: epay } = await shopOnEpaySimulator(clock, {
    FISCAL_PROVIDER: 'simulator',
    WEBKASSA_URL: wk.url,
  }));
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
  ({ cookie: warehouse } = await signedInMember(t.app, t.db, 'warehouse'));
  ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
  deps = { db: t.db, provider: t.app.fiscal!, log: t.app.log, clock };
});
afterAll(async () => {
  await t?.close();
  await epay?.close();
  await wk?.close();
});
beforeEach(() =>
  wk.configure({ loseAnswers: 0, fail505: 0, fail500: 0, slowMs: 0, duplicateWithData: true }),
);

/** A pickup order of a new customer: `units` of fresh SKUs (10 in stock each). */
async function placeOrder(units: number[], paymentId: number) {
  const me = await fx.newCustomer({ name: 'Айгерим' });
  const skus = (await fx.skus(units.length, skuOffset)) as FixtureSku[];
  skuOffset += units.length;
  for (const s of skus) await fx.setStock(s.id, { [city.id]: 10 });
  const cartId = await fx.makeCart(
    skus.map((s, i) => ({ skuId: s.id, qty: units[i]! })),
    me.id,
  );
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId }));
  expect(r.status, r.raw).toBe(200);
  return { me, order: r.body.data.order as { number: string } };
}
const orderId = async (number: string) =>
  (await t.db.selectFrom('order').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
const adminOrder = async (number: string) =>
  (await staffCall(t.app, warehouse, 'GET', `/api/admin/orders/${number}`)).body.data.order as AdminOrder;
async function pay(me: { token: string }, number: string) {
  const auth = await fx.call<HalykAuth>('POST', '/api/payment/halyk/auth', me.token, { orderNumber: number });
  await payOnSimulator(epay, auth.body.data, CARDS.approved);
  await epay.idle();
}
async function makeReady(number: string) {
  for (const action of ['confirm', 'pick', 'ready_for_pickup']) {
    const o = await adminOrder(number);
    const r = await staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${number}/actions`, {
      action,
      version: o.version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return adminOrder(number);
}
const simReceipts = (ext: string) => wk.receipts().filter((r) => r.externalCheckNumber === ext);

describe('money events → receipts', () => {
  it('card online: one sale receipt (card) at payment, with the order total and an OFD link', async () => {
    const { me, order } = await placeOrder([2], 3);
    await pay(me, order.number);
    const id = await orderId(order.number);
    const [row] = await receiptsOfOrder(t.db, id);
    expect(row).toMatchObject({
      operation: 'sale',
      status: 'pending',
      external_check_number: `kiim-s-${order.number}`,
    });
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 1 });
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 0, retried: 0 });
    const [done] = await receiptsOfOrder(t.db, id);
    const total = (await adminOrder(order.number)).amount;
    expect(done).toMatchObject({ status: 'done', total });
    const sent = simReceipts(done!.external_check_number);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payments).toEqual([{ Sum: total, PaymentType: 1 }]);
    const page = await (await fetch(done!.ticket_url!)).text();
    expect(page).toContain(done!.check_number!);
  });

  it('cash on delivery: the sale at handover covers the units taken, mixed cash and card', async () => {
    const { order } = await placeOrder([2, 1], 1);
    const ready = await makeReady(order.number);
    const refused = ready.lines[0]!;
    const r = await staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${order.number}/handover`, {
      version: ready.version,
      refused: [{ lineId: refused.id, refusedQty: 1 }],
      paidCash: 1000,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const due = ready.amount - refused.price;
    await runFiscalQueue(deps);
    const rows = await receiptsOfOrder(t.db, await orderId(order.number));
    expect(rows.map((x) => [x.operation, x.status, x.total])).toEqual([['sale', 'done', due]]);
    const [sent] = simReceipts(rows[0]!.external_check_number);
    expect(sent!.payments).toEqual([
      { Sum: 1000, PaymentType: 0 },
      { Sum: due - 1000, PaymentType: 1 },
    ]);
    expect(sent!.positions.map((p) => p.Count)).toEqual([1, 1]);
  });

  it('card online partial buyout: a return receipt for the refused units, linked to the sale', async () => {
    const { me, order } = await placeOrder([1, 1], 3);
    await pay(me, order.number);
    const ready = await makeReady(order.number);
    const refused = ready.lines[1]!;
    const r = await staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${order.number}/handover`, {
      version: ready.version,
      refused: [{ lineId: refused.id, refusedQty: 1 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 2 });
    const [sale, ret] = await receiptsOfOrder(t.db, await orderId(order.number));
    expect(ret).toMatchObject({
      operation: 'return',
      status: 'done',
      total: refused.price,
      basis_receipt_id: sale!.id,
    });
    const [sentReturn] = simReceipts(ret!.external_check_number);
    expect(sentReturn).toMatchObject({
      operationType: 3,
      basisCheckNumber: sale!.check_number,
      total: refused.price,
    });
  });

  it('cancellation after payment: a return receipt of the whole sale', async () => {
    const { me, order } = await placeOrder([1], 3);
    await pay(me, order.number);
    const o = await adminOrder(order.number);
    const r = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${order.number}/cancel`, {
      version: o.version,
      reason: 'Покупатель передумал',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await runFiscalQueue(deps);
    const rows = await receiptsOfOrder(t.db, await orderId(order.number));
    expect(rows.map((x) => [x.operation, x.status, x.total])).toEqual([
      ['sale', 'done', o.amount],
      ['return', 'done', o.amount],
    ]);
  });
});
