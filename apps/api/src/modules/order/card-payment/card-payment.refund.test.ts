import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrder, HalykAuth, Order } from '@kiim/contract';
import type { TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import {
  CARDS,
  orderFixtures,
  payOnSimulator,
  type FixtureCity,
  type FixtureSku,
} from '#app/test/order.fixtures.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import type { EpaySimulator } from '@kiim/tools/epay-simulator';
import { shopOnEpaySimulator } from '#app/test/epay.fixtures.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { AUDIT_EVERY_MS } from '#app/modules/payment/refund.cabinet.ts';
import { POLL_AFTER_MS, sweepPayments } from './card-payment.sweep.ts';

// ePay as it really behaves (issue 28 items 15 and 17, decision 035), end to end through the simulator on both
// databases: refunds kept as rows and retried with backoff, never sent twice after a lost answer (ePay's status
// is read first), staff's «Повторить возврат», a refund made in ePay's cabinet noticed, resultCode 107 polled
// until final, and a payment partly in Halyk bonuses matched.

let t: TestContext;
let sim: EpaySimulator;
let fx: ReturnType<typeof orderFixtures>;
const clock = manualClock(new Date('2026-04-01T06:00:00Z'));
let city: FixtureCity;
let warehouse: string;
let manager: string;
let managerId: string;
let skuOffset = 120;

beforeAll(async () => {
  ({ t, sim } = await shopOnEpaySimulator(clock, { EPAY_TIMEOUT_MS: '1000' }));
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(async () => {
  sim.configure({ down: false, loseOperationAnswers: false, bonusAmount: 0, inProgressChecks: 0 });
  // Fresh sessions: the tests move the clock by hours, past a staff session's life.
  ({ cookie: warehouse } = await signedInMember(t.app, t.db, 'warehouse'));
  ({ cookie: manager, id: managerId } = await signedInMember(t.app, t.db, 'manager'));
});

/** A card-online pickup order of one unit of each of `prices.length` fresh SKUs, by a new customer. */
async function cardOrder(lines = 1) {
  const me = await fx.newCustomer({ name: 'Айгерим' });
  const skus = (await fx.skus(lines, skuOffset)) as FixtureSku[];
  skuOffset += lines;
  for (const s of skus) await fx.setStock(s.id, { [city.id]: 5 });
  const cartId = await fx.makeCart(
    skus.map((s) => ({ skuId: s.id, qty: 1 })),
    me.id,
  );
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId: 3 }));
  expect(r.status, r.raw).toBe(200);
  return { me, order: r.body.data.order as Order };
}

/** Starts paying an order on the simulator with the approved card (the callback is delivered in-process). */
async function pay(token: string, number: string) {
  const auth = await fx.call<HalykAuth>('POST', '/api/payment/halyk/auth', token, { orderNumber: number });
  expect(auth.status).toBe(200);
  await payOnSimulator(sim, auth.body.data, CARDS.approved);
  await sim.idle();
}

const get = async (number: string) => {
  const r = await staffCall(t.app, manager, 'GET', `/api/admin/orders/${number}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.order as AdminOrder;
};
const sweep = () => sweepPayments(orderDeps(t.app), clock.now());
const refundsSent = (number: string) => {
  const id = sim.transactions(number).at(-1)!.id;
  return sim.operations().filter((o) => o.op === 'refund' && o.transactionId === id);
};

/** A paid order of two lines handed over with the second refused, while `down` says whether ePay answers. */
async function handedOverWithRefusal(down: boolean) {
  const { me, order } = await cardOrder(2);
  await pay(me.token, order.number);
  sim.configure({ down });
  const handed = await handedOverWithRefusalOf(order.number);
  sim.configure({ down: false });
  return { me, order, ...handed };
}

/** Moves a paid order of two lines to the desk and hands it over with the second line refused. */
async function handedOverWithRefusalOf(number: string) {
  let page = await get(number);
  expect(page.status).toBe('paid');
  for (const action of ['confirm', 'pick', 'ready_for_pickup'] as const) {
    const r = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${number}/actions`, {
      action,
      version: page.version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    page = r.body.data.order;
  }
  const refused = page.lines[1]!;
  const r = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${number}/handover`, {
    version: page.version,
    refused: [{ lineId: refused.id, refusedQty: 1 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { price: refused.price, page: r.body.data.order as AdminOrder };
}

describe('ePay answers 107 (in progress) and payments partly in bonuses', () => {
  it('a payment ePay still processes is polled until ePay gives its final answer', async () => {
    const { me, order } = await cardOrder();
    sim.configure({ inProgressChecks: 2 });
    await pay(me.token, order.number);
    // The callback came, but the status API said 107: nothing decided yet.
    expect((await get(order.number)).status).toBe('awaiting_payment');
    clock.advance(POLL_AFTER_MS);
    expect(await sweep()).toMatchObject({ confirmed: 0, deferred: 1 });
    expect((await get(order.number)).status).toBe('awaiting_payment');
    clock.advance(POLL_AFTER_MS);
    expect((await sweep()).confirmed).toBe(1);
    const paid = await get(order.number);
    expect(paid.status).toBe('paid');
    expect(paid.payment).toMatchObject({ status: 'charged', amount: order.amount });
  });

  it('a payment partly in Halyk bonuses is matched against the order total and paid', async () => {
    const { me, order } = await cardOrder();
    sim.configure({ bonusAmount: 1000 });
    await pay(me.token, order.number);
    const tr = sim.transactions(order.number).at(-1)!;
    expect(tr.bonusAmount).toBe(1000);
    const paid = await get(order.number);
    expect(paid.status).toBe('paid');
    expect(paid.payment).toMatchObject({ status: 'charged', amount: order.amount });
  });
});

describe('refunds owed are never lost (decision 035)', () => {
  it('ePay down at handover: owed, retried with backoff, paid once; «возврат ожидается» until then', async () => {
    const { me, order, price, page } = await handedOverWithRefusal(true);
    expect(page.status).toBe('completed');
    expect(page.payment).toMatchObject({ refundedAmount: 0, refundOwed: price });
    expect(page.refunds).toEqual([
      expect.objectContaining({ amount: price, status: 'sending', attempts: 1, source: 'shop' }),
    ]);
    expect(page.refunds[0]!.lastError).toMatch(/ePay не ответил/);
    const mine = await fx.call<Order>('GET', `/api/order/details/${order.number}`, me.token);
    expect(mine.body.data.payment).toMatchObject({ refundOwed: price });
    // Not due before the backoff; ePay still down on the next attempt, which waits twice as long.
    expect((await sweep()).deferred).toBe(0);
    sim.configure({ down: true });
    clock.advance(60_000);
    expect((await sweep()).deferred).toBe(1);
    const second = (await get(order.number)).refunds[0]!;
    expect(second).toMatchObject({ attempts: 2, status: 'sending' });
    expect(Date.parse(second.nextAttemptAt!) - clock.now().getTime()).toBe(2 * 60_000);
    sim.configure({ down: false });
    clock.advance(60_000);
    expect((await sweep()).returned).toBe(0);
    clock.advance(60_000);
    expect((await sweep()).returned).toBe(1);
    const done = await get(order.number);
    expect(done.refunds[0]).toMatchObject({ status: 'paid', attempts: 3, lastError: null });
    expect(done.payment).toMatchObject({ refundedAmount: price, refundOwed: 0, status: 'charged' });
    expect(sim.transactions(order.number).at(-1)!.refundedAmount).toBe(price);
    expect(refundsSent(order.number)).toHaveLength(1);
    expect(refundsSent(order.number)[0]).toMatchObject({ amount: String(price) });
    clock.advance(3_600_000);
    expect((await sweep()).returned).toBe(0);
    expect(refundsSent(order.number)).toHaveLength(1);
  });

  it('an answer lost: ePay’s status is read and the refund is not sent twice', async () => {
    sim.configure({ loseOperationAnswers: true });
    const { order, price, page } = await handedOverWithRefusal(false);
    // ePay refunded, but the shop never heard so: the row is left `sending`.
    expect(page.refunds[0]).toMatchObject({ status: 'sending', attempts: 1 });
    expect(page.payment).toMatchObject({ refundedAmount: 0, refundOwed: price });
    expect(sim.transactions(order.number).at(-1)!.refundedAmount).toBe(price);
    sim.configure({ loseOperationAnswers: false });
    clock.advance(60_000);
    expect((await sweep()).returned).toBe(1);
    expect(refundsSent(order.number)).toHaveLength(1);
    const done = await get(order.number);
    expect(done.refunds[0]).toMatchObject({ status: 'paid', attempts: 2 });
    expect(done.payment).toMatchObject({ refundedAmount: price, refundOwed: 0 });
  });

  it('staff retry a refund at once («Повторить возврат»), audited; only with the refund permission', async () => {
    const { order, price, page } = await handedOverWithRefusal(true);
    const refund = page.refunds[0]!;
    const url = `/api/admin/orders/${order.number}/refunds/${refund.id}/retry`;
    expect((await staffCall(t.app, warehouse, 'POST', url)).status).toBe(403);
    const wrong = await staffCall(
      t.app,
      manager,
      'POST',
      `/api/admin/orders/${order.number}/refunds/nope/retry`,
    );
    expect(wrong.status).toBe(404);
    const r = await staffCall(t.app, manager, 'POST', url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = r.body.data.order as AdminOrder;
    expect(after.refunds[0]).toMatchObject({ status: 'paid', attempts: 2 });
    expect(after.payment).toMatchObject({ refundedAmount: price, refundOwed: 0 });
    expect(refundsSent(order.number)).toHaveLength(1);
    const entries = await auditOf(t.db, 'order.refund_retried');
    expect(entries).toContainEqual(
      expect.objectContaining({
        entity_id: order.number,
        actor_id: managerId,
        after: { refund: refund.id, amount: price, nextAttemptAt: clock.now().toISOString() },
      }),
    );
    // Paid out: nothing left to retry.
    expect((await staffCall(t.app, manager, 'POST', url)).status).toBe(404);
  });

  it('a refusal by ePay is kept with its message and retried; the status then shows it was refunded', async () => {
    const { me, order } = await cardOrder(2);
    await pay(me.token, order.number);
    // Staff refunded everything in ePay's cabinet before the handover: ePay refuses the shop's refund (400).
    sim.refundInCabinet(order.number);
    const { page, price } = await handedOverWithRefusalOf(order.number);
    expect(page.refunds[0]).toMatchObject({ amount: price, status: 'owed', attempts: 1 });
    expect(page.refunds[0]!.lastError).toMatch(/ePay отказал.*exceeds/);
    clock.advance(60_000);
    expect((await sweep()).returned).toBe(1);
    expect(refundsSent(order.number)).toHaveLength(1);
    expect((await get(order.number)).refunds[0]).toMatchObject({ status: 'paid', attempts: 2 });
    // The rest of what the cabinet refunded is noticed by the job and recorded as a cabinet refund.
    clock.advance(AUDIT_EVERY_MS);
    expect((await sweep()).cabinetRefunds).toBe(1);
    ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
    const done = await get(order.number);
    expect(done.refunds).toMatchObject([
      { source: 'shop', amount: price, status: 'paid' },
      { source: 'cabinet', amount: order.amount - price, status: 'paid' },
    ]);
    expect(done.payment).toMatchObject({ status: 'refunded', refundedAmount: order.amount, refundOwed: 0 });
  });
});

describe('a refund made in ePay’s cabinet', () => {
  it('is noticed by the payment job, recorded once as a cabinet refund and shown to staff', async () => {
    const { me, order } = await cardOrder();
    await pay(me.token, order.number);
    expect((await get(order.number)).status).toBe('paid');
    sim.refundInCabinet(order.number, 1000);
    clock.advance(AUDIT_EVERY_MS);
    expect((await sweep()).cabinetRefunds).toBe(1);
    ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
    const page = await get(order.number);
    expect(page.refunds).toEqual([
      expect.objectContaining({
        amount: 1000,
        status: 'paid',
        source: 'cabinet',
        requestedBy: 'epay-cabinet',
      }),
    ]);
    expect(page.payment).toMatchObject({ refundedAmount: 1000, refundOwed: 0, status: 'charged' });
    clock.advance(AUDIT_EVERY_MS);
    expect((await sweep()).cabinetRefunds).toBe(0);
    ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
    expect((await get(order.number)).refunds).toHaveLength(1);
    // The rest refunded there too: the payment is refunded in full.
    sim.refundInCabinet(order.number);
    clock.advance(AUDIT_EVERY_MS);
    expect((await sweep()).cabinetRefunds).toBe(1);
    ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
    const full = await get(order.number);
    expect(full.payment).toMatchObject({ status: 'refunded', refundedAmount: order.amount });
    expect(full.refunds.map((r) => r.amount)).toEqual([1000, order.amount - 1000]);
  });
});
