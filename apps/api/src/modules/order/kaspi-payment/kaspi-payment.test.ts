import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, KaspiPayment, Order } from '@kiim/contract';
import type { KaspiSimulator } from '@kiim/tools/kaspi-simulator';
import type { TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { orderFixtures, type FixtureCity, type FixtureSku } from '#app/test/order.fixtures.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { shopOnKaspiSimulator } from '#app/test/kaspi.fixtures.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { sweepPayments } from '../card-payment/card-payment.sweep.ts';
import { pollKaspiPayments, type KaspiOrderDeps } from './kaspi-payment.poll.ts';

// Kaspi Pay on the site (issue 33 Part A), end to end through the Kaspi simulator on both databases: a Kaspi
// order paid by QR, a QR that expires and an order cancelled when its window closes, a scan error and a new QR,
// and refunds (partial at the pickup desk, whole on cancellation) through payment/return.

let t: TestContext;
let sim: KaspiSimulator;
let fx: ReturnType<typeof orderFixtures>;
const clock = manualClock(new Date('2026-06-01T06:00:00Z'));
let city: FixtureCity;
let manager: string;
let skuOffset = 300;

beforeAll(async () => {
  ({ t, sim } = await shopOnKaspiSimulator(clock));
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(async () => {
  sim.configure({ fault: 'none', partialReturnRefused: false, loseReturnAnswers: false });
  ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
});

/** A Kaspi order of one unit of each of `lines` fresh SKUs (5 in stock each), by a new customer. */
async function kaspiOrder(lines = 1) {
  const me = await fx.newCustomer({ name: 'Айгерим' });
  const skus = (await fx.skus(lines, skuOffset)) as FixtureSku[];
  skuOffset += lines;
  for (const s of skus) await fx.setStock(s.id, { [city.id]: 5 });
  const cartId = await fx.makeCart(
    skus.map((s) => ({ skuId: s.id, qty: 1 })),
    me.id,
  );
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId: 4 }));
  expect(r.status, r.raw).toBe(200);
  return { me, skus, order: r.body.data.order as Order };
}
const start = async (token: string, orderNumber: string, kind = 'qr') => {
  const r = await fx.call<KaspiPayment>('POST', '/api/payment/kaspi/start', token, { orderNumber, kind });
  expect(r.status, r.raw).toBe(200);
  return r.body.data;
};
const state = async (token: string, orderNumber: string) =>
  (await fx.call<KaspiPayment>('POST', '/api/payment/kaspi/status', token, { orderNumber })).body.data;
const poll = () => pollKaspiPayments(orderDeps(t.app) as KaspiOrderDeps, clock.now());
const admin = async (number: string) =>
  (await staffCall(t.app, manager, 'GET', `/api/admin/orders/${number}`)).body.data.order as AdminOrder;
const simPayment = (number: string) => sim.paymentOf(number)!;

/** A Kaspi order paid by QR. */
async function paidOrder(lines = 1) {
  const o = await kaspiOrder(lines);
  await start(o.me.token, o.order.number);
  sim.emulate(simPayment(o.order.number).id, 'scan');
  sim.emulate(simPayment(o.order.number).id, 'confirm');
  clock.advance(5_000);
  await poll();
  expect((await admin(o.order.number)).status).toBe('paid');
  return o;
}

describe('Kaspi Pay (payment 4)', () => {
  it('is offered at checkout and a Kaspi order awaits payment, holding its stock', async () => {
    const { order, skus } = await kaspiOrder();
    expect(order.status).toBe('awaiting_payment');
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(4);
  });

  it('paid by QR: waiting → scanned → paid, the QR rendered by the shop, the order paid once', async () => {
    const { me, order } = await kaspiOrder();
    const first = await start(me.token, order.number);
    expect(first).toMatchObject({ state: 'waiting', kind: 'qr', pollSeconds: 5, amount: order.amount });
    expect(first.qrSvg).toMatch(/^<svg/);
    // The simulator's BIN is configured: the page may offer an invoice by phone.
    expect(first.remoteInvoice).toBe(true);
    // Asked again while open: the same payment, never a second QR.
    await start(me.token, order.number);
    expect(sim.payments().filter((p) => p.externalId === order.number)).toHaveLength(1);
    sim.emulate(simPayment(order.number).id, 'scan');
    // Not due before Kaspi's interval.
    expect((await poll()).read).toBe(0);
    clock.advance(5_000);
    expect(await poll()).toMatchObject({ read: 1, paid: 0 });
    expect((await state(me.token, order.number)).state).toBe('scanned');
    sim.emulate(simPayment(order.number).id, 'confirm');
    clock.advance(5_000);
    expect(await poll()).toMatchObject({ paid: 1 });
    expect(await state(me.token, order.number)).toMatchObject({ state: 'paid', orderStatus: 'paid' });
    const page = await admin(order.number);
    expect(page.payment).toMatchObject({ status: 'charged', amount: order.amount });
    clock.advance(5_000);
    expect((await poll()).read).toBe(0);
  });

  it('a QR not scanned expires; the order is cancelled when its window closes, its stock released', async () => {
    const { me, order, skus } = await kaspiOrder();
    await start(me.token, order.number);
    clock.advance(180_000);
    await poll();
    expect((await state(me.token, order.number)).state).toBe('expired');
    expect((await admin(order.number)).status).toBe('awaiting_payment');
    clock.advance(30 * 60_000);
    expect((await sweepPayments(orderDeps(t.app), clock.now())).cancelled).toBeGreaterThanOrEqual(1);
    expect((await admin(order.number)).status).toBe('cancelled');
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(5);
  });

  it('a scan error is refused; a new QR may be started and paid', async () => {
    const { me, order } = await kaspiOrder();
    await start(me.token, order.number);
    const firstId = simPayment(order.number).id;
    sim.emulate(firstId, 'scanerror');
    clock.advance(5_000);
    await poll();
    expect((await state(me.token, order.number)).state).toBe('refused');
    expect((await admin(order.number)).status).toBe('awaiting_payment');
    const again = await start(me.token, order.number);
    expect(again.state).toBe('waiting');
    const second = simPayment(order.number).id;
    expect(second).not.toBe(firstId);
    sim.emulate(second, 'scan');
    sim.emulate(second, 'confirm');
    clock.advance(5_000);
    await poll();
    expect((await admin(order.number)).status).toBe('paid');
  });

  it('a payment made while the shop was not polling is found at the next run', async () => {
    const { me, order } = await kaspiOrder();
    await start(me.token, order.number);
    sim.emulate(simPayment(order.number).id, 'scan');
    sim.emulate(simPayment(order.number).id, 'confirm');
    clock.advance(10 * 60_000);
    await poll();
    expect((await admin(order.number)).status).toBe('paid');
  });

  it('Kaspi down: 502 at start and nothing stored; the poll is deferred, never a crash', async () => {
    const { me, order } = await kaspiOrder();
    sim.configure({ fault: 'http500' });
    const r = await fx.call('POST', '/api/payment/kaspi/start', me.token, {
      orderNumber: order.number,
      kind: 'qr',
    });
    expect(r.status).toBe(502);
    expect((await state(me.token, order.number)).state).toBe('none');
    sim.configure({ fault: 'none' });
    await start(me.token, order.number);
    sim.configure({ fault: 'unavailable' });
    clock.advance(5_000);
    expect((await poll()).deferred).toBeGreaterThanOrEqual(1);
  });

  it('a partial refusal at the pickup desk is refunded in part through payment/return', async () => {
    const { order } = await paidOrder(2);
    let page = await admin(order.number);
    for (const action of ['confirm', 'pick', 'ready_for_pickup'] as const) {
      const r = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${order.number}/actions`, {
        action,
        version: page.version,
      });
      if (r.status !== 200) break;
      page = r.body.data.order;
    }
    const refused = page.lines[1]!;
    const r = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${order.number}/handover`, {
      version: page.version,
      refused: [{ lineId: refused.id, refusedQty: 1 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await admin(order.number);
    expect(done.refunds[0]).toMatchObject({ amount: refused.price, status: 'paid' });
    expect(done.payment).toMatchObject({ refundedAmount: refused.price, status: 'charged' });
    expect(sim.returns().filter((x) => x.paymentId === simPayment(order.number).id)).toEqual([
      expect.objectContaining({ amount: refused.price }),
    ]);
  });

  it('a paid order cancelled is refunded whole; a lost answer is never sent twice', async () => {
    const { me, order } = await paidOrder();
    sim.configure({ loseReturnAnswers: true });
    const r = await fx.call('POST', '/api/order/cancel', me.token, { number: order.number });
    expect(r.status, r.raw).toBe(200);
    sim.configure({ loseReturnAnswers: false });
    clock.advance(60 * 60_000);
    await sweepPayments(orderDeps(t.app), clock.now());
    ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
    const page = await admin(order.number);
    expect(page.payment).toMatchObject({ refundedAmount: order.amount, status: 'refunded' });
    expect(sim.returns().filter((x) => x.paymentId === simPayment(order.number).id)).toHaveLength(1);
  });
});
