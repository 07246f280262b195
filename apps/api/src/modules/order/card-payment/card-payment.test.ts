import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentErrorCode, ErrorCode, type HalykAuth, type Order } from '@kiim/contract';
import { manualClock } from '#app/test/manual-clock.ts';
import type { TestContext } from '#app/test/helper.ts';
import {
  CARDS,
  orderFixtures,
  payOnSimulator,
  type FixtureCity,
  type FixtureSku,
} from '#app/test/order.fixtures.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';
import type { EpaySimulator } from '@kiim/tools/epay-simulator';
import { shopOnEpaySimulator } from '#app/test/epay.fixtures.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { POLL_AFTER_MS, sweepPayments } from './card-payment.sweep.ts';

// Card online end to end through the project's ePay simulator on loopback (payments-sms.md §1): the shop's
// Halyk adapter talks HTTP to the simulator; the simulator's callbacks reach the shop in-process.

let t: TestContext;
let sim: EpaySimulator;
let fx: ReturnType<typeof orderFixtures>;
const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
let city: FixtureCity;
/** The SKU of the last {@link cardOrder}: each order gets its own, so one test's stock never meets another's. */
let sku: FixtureSku;
let skuOffset = 40;
/** The ERP's API key (scope orders.status) for the back-office status call. */
let erpKey: string;
/** The ERP key's id: the actor of the stock movements of its changes. */
let erpKeyId: string;

beforeAll(async () => {
  ({ t, sim } = await shopOnEpaySimulator(clock));
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
  ({ secret: erpKey, id: erpKeyId } = await makeApiKey(t.db, ['orders.status']));
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(() => {
  sim.configure({
    callbackLoss: 0,
    callbackCopies: 1,
    twoStage: false,
    statusUnavailable: false,
    down: false,
  });
});

/**
 * A signed-in customer with a card-online pickup order of `qty` units (stock set to `stock` first), its
 * «accepted» SMS already sent: order creation answers before that SMS goes out (decision 023), so a test that
 * counts the SMS a payment sends starts from a settled outbox rather than racing the order's own SMS.
 */
async function cardOrder(qty = 1, stock = 5) {
  const me = await fx.newCustomer({ name: 'Айгерим', email: 'aigerim@example.kz' });
  [sku] = (await fx.skus(1, skuOffset++)) as [FixtureSku];
  await fx.setStock(sku.id, { [city.id]: stock });
  const cartId = await fx.makeCart([{ skuId: sku.id, qty }], me.id);
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId: 3 }));
  expect(r.status).toBe(200);
  await t.app.notifier.settled();
  return { me, order: r.body.data.order };
}

const auth = async (token: string, orderNumber: string) =>
  fx.call<HalykAuth>('POST', '/api/payment/halyk/auth', token, { orderNumber });
const refresh = async (token: string, orderNumber: string) =>
  fx.call<{ order: Order }>('POST', '/api/payment/halyk/status', token, { orderNumber });
const callback = async (payload: Record<string, unknown>, form = false) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/halyk/response',
    payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : payload,
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
  });
  return { status: res.statusCode, body: res.json() as { data: { result: string } } };
};
const smsTo = async (mobile: string) =>
  (
    await t.db
      .selectFrom('sms_message')
      .select('text')
      .where('mobile', '=', mobile)
      .orderBy('created_at')
      .execute()
  ).map((m) => m.text);

/** The callback ePay would post for the last transaction of an order's invoice (with the real secret). */
async function genuineCallback(orderNumber: string, over: Record<string, unknown> = {}) {
  const payment = await t.db
    .selectFrom('payment')
    .selectAll()
    .where('invoice_id', '=', orderNumber)
    .executeTakeFirstOrThrow();
  const tr = sim.transactions(orderNumber).at(-1)!;
  return {
    id: tr.id,
    invoiceId: orderNumber,
    amount: tr.amount,
    currency: 'KZT',
    terminal: '11111111',
    code: tr.statusName === 'CHARGE' || tr.statusName === 'AUTH' ? 'ok' : 'error',
    reason: tr.reason,
    reasonCode: tr.reasonCode,
    cardMask: tr.cardMask,
    secret_hash: payment.secret_hash,
    ...over,
  };
}

describe('card online: order and POST /api/payment/halyk/auth', () => {
  it('a card-online order awaits payment, holds its stock for the payment window and says so by SMS', async () => {
    const { me, order } = await cardOrder(2, 5);
    expect(order.status).toBe('awaiting_payment');
    expect(order.payment).toEqual({
      status: 'pending',
      amount: order.amount,
      currency: 'KZT',
      expiresAt: new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
      paidAt: null,
      cardMask: null,
      failureReason: null,
      refundedAmount: 0,
      refundOwed: 0,
    });
    expect(order.statusHistory).toEqual([{ status: 'awaiting_payment', at: clock.now().toISOString() }]);
    expect(order.cancellable).toBe(true);
    // The answer (made from the rows written) is the order as stored, its payment included.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/order/details/${order.number}`,
      headers: { 'x-authorization': me.token },
    });
    expect(details.json().data).toEqual(order);
    expect(await fx.stockOf(sku.id, city.id)).toBe(3);
    await t.app.notifier.settled(); // the SMS goes out after the answer (decision 023)
    expect((await smsTo(me.mobile)).at(-1)).toContain(`заказ № ${order.number} принят`);
    expect((await smsTo(me.mobile)).at(-1)).toContain('Оплатите его картой в течение 30 минут');
  });

  it('answers the payment object for payment-api.js with a fresh ePay token bound to the order', async () => {
    const { me, order } = await cardOrder();
    const r = await auth(me.token, order.number);
    expect(r.status).toBe(200);
    const { scriptUrl, payment } = r.body.data;
    expect(scriptUrl).toBe(`${sim.url}/payform/payment-api.js`);
    expect(payment).toMatchObject({
      invoiceId: order.number,
      amount: order.amount,
      currency: 'KZT',
      language: 'rus',
      accountId: me.id,
      phone: me.mobile,
      email: 'aigerim@example.kz',
      name: 'Айгерим',
      cardSave: false,
      postLink: 'http://localhost:3000/api/payment/halyk/response',
      failurePostLink: 'http://localhost:3000/api/payment/halyk/response',
      backLink: `http://localhost:3000/personal/orders/details/${order.number}?payment=return`,
      failureBackLink: `http://localhost:3000/personal/orders/details/${order.number}?payment=failed`,
    });
    expect(payment.terminal).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.byteLength(payment.description)).toBeLessThanOrEqual(125);
    expect(JSON.parse(payment.data)).toEqual({ statement: { name: 'Айгерим', invoiceID: order.number } });
    // ePay's token answer without refresh_token (as Halyk's SDK models it) is accepted and passed on whole.
    expect(payment.auth).toMatchObject({ token_type: 'Bearer', expires_in: '1200' });
    expect(payment.auth).not.toHaveProperty('refresh_token');
    expect(payment.auth.access_token.length).toBeGreaterThan(10);
    // A fresh token every time.
    const again = await auth(me.token, order.number);
    expect(again.body.data.payment.auth.access_token).not.toBe(payment.auth.access_token);
    expect((await fx.orderState(order.number)).payment!.auth_count).toBe(2);
    // The Kazakh storefront gets ePay's Kazakh payment page.
    const kk = await t.app.inject({
      method: 'POST',
      url: '/api/payment/halyk/auth',
      headers: { 'x-authorization': me.token, 'accept-language': 'kk' },
      payload: { orderNumber: order.number },
    });
    expect((kk.json() as { data: HalykAuth }).data.payment.language).toBe('kaz');
  });

  it('refuses what cannot be paid: another customer’s order, cash orders, paid or cancelled ones', async () => {
    const { order } = await cardOrder();
    const stranger = await fx.newCustomer();
    const theirs = await auth(stranger.token, order.number);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe(ErrorCode.orderNotFound);
    expect((await auth(stranger.token, '999999999')).status).toBe(404);
    expect((await auth(stranger.token, '12ab')).status).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payment/halyk/auth',
          payload: { orderNumber: order.number },
        })
      ).statusCode,
    ).toBe(401);

    const cashCart = await fx.makeCart([{ skuId: sku.id, qty: 1 }], stranger.id);
    const cash = await fx.create(stranger.token, fx.draft(cashCart, city));
    const r = await auth(stranger.token, cash.body.data.order.number);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(PaymentErrorCode.orderNotPayable);
    expect(r.body.message).toBe('Этот заказ оплачивается при получении');
  });

  it('answers 502 when ePay is down, and changes nothing', async () => {
    const { me, order } = await cardOrder();
    sim.configure({ down: true });
    const before = await fx.orderState(order.number);
    const r = await auth(me.token, order.number);
    expect(r.status).toBe(502);
    expect(r.body.code).toBe(PaymentErrorCode.providerUnavailable);
    expect(r.body.message).toMatch(/Попробуйте оплатить чуть позже/);
    expect(await fx.orderState(order.number)).toEqual(before);
  });
});

describe('paying on the payment page and the postLink', () => {
  it('an approved card: ePay calls back, the shop verifies and marks the order paid once, with an SMS', async () => {
    const { me, order } = await cardOrder();
    const a = (await auth(me.token, order.number)).body.data;
    const paid = await payOnSimulator(sim, a, CARDS.approved);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(a.payment.backLink);
    await sim.idle();
    const state = await fx.orderState(order.number);
    expect(state.order.status).toBe('paid');
    expect(state.order.payment_expires_at).toBeNull();
    expect(state.payment).toMatchObject({
      status: 'charged',
      card_mask: '440563...5096',
      transaction_id: sim.transactions(order.number)[0]!.id,
    });
    expect(state.history.map((h) => [h.from_status, h.to_status, h.actor])).toEqual([
      [null, 'awaiting_payment', 'customer'],
      ['awaiting_payment', 'paid', 'payment'],
    ]);
    expect(state.events).toEqual([{ source: 'callback', outcome: 'paid' }]);
    expect((await smsTo(me.mobile)).filter((s) => s.includes('получена'))).toEqual([
      `Kiim: оплата заказа № ${order.number} на сумму ${order.amount.toLocaleString('ru-KZ').replace(/\s/g, '\u00a0')}\u00a0₸ получена. Спасибо!`,
    ]);
    const details = await fx.call<Order>('GET', `/api/order/details/${order.number}`, me.token);
    expect(details.body.data.payment).toMatchObject({
      status: 'charged',
      cardMask: '440563...5096',
      paidAt: clock.now().toISOString(),
      expiresAt: null,
    });
    expect(details.body.data.status).toBe('paid');

    // Paying twice is refused by the shop and by ePay.
    const again = await auth(me.token, order.number);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Заказ уже оплачен');

    // A repeated callback changes nothing.
    const before = await fx.orderState(order.number);
    const repeat = await callback(await genuineCallback(order.number));
    expect(repeat.body.data.result).toBe('unchanged');
    expect(await fx.orderState(order.number)).toEqual(before);
  });

  it('a declined card: the attempt is recorded, the order keeps waiting and can be paid with another card', async () => {
    const { me, order } = await cardOrder();
    const first = (await auth(me.token, order.number)).body.data;
    const declined = await payOnSimulator(sim, first, CARDS.declinedFunds);
    expect(declined.location).toBe(first.payment.failureBackLink);
    await sim.idle();
    let state = await fx.orderState(order.number);
    expect(state.order.status).toBe('awaiting_payment');
    expect(state.payment).toMatchObject({
      status: 'failed',
      failure_reason: 'Недостаточно средств на карте',
      failure_code: '51',
    });
    const seen = (await refresh(me.token, order.number)).body.data.order;
    expect(seen.payment).toMatchObject({ status: 'failed', failureReason: 'Недостаточно средств на карте' });

    clock.advance(1000);
    const second = (await auth(me.token, order.number)).body.data;
    expect((await payOnSimulator(sim, second, CARDS.approved2)).location).toBe(second.payment.backLink);
    await sim.idle();
    state = await fx.orderState(order.number);
    expect(state.order.status).toBe('paid');
    expect(state.payment).toMatchObject({
      status: 'charged',
      card_mask: '552204...6736',
      failure_reason: null,
    });
    expect(state.events.map((e) => e.outcome)).toEqual(['failed', 'paid']);
  });

  describe('refuses or ignores a callback that cannot be trusted, changing nothing', () => {
    let orderNumber: string;
    let genuine: Record<string, unknown>;
    beforeAll(async () => {
      const { me, order } = await cardOrder();
      orderNumber = order.number;
      // ePay's callback is lost: the shop knows nothing yet.
      sim.configure({ callbackLoss: 1 });
      await payOnSimulator(sim, (await auth(me.token, order.number)).body.data, CARDS.approved);
      await sim.idle();
      sim.configure({ callbackLoss: 0 });
      genuine = await genuineCallback(order.number);
    });

    const cases: [string, () => Record<string, unknown>, number, string | null][] = [
      ['an unknown invoice', () => ({ ...genuine, invoiceId: '987654321' }), 200, 'ignored'],
      ['a wrong secret_hash', () => ({ ...genuine, secret_hash: 'f'.repeat(64) }), 200, 'ignored'],
      ['no secret_hash', () => ({ ...genuine, secret_hash: undefined }), 200, 'ignored'],
      ['a wrong amount', () => ({ ...genuine, amount: Number(genuine.amount) - 1 }), 200, 'ignored'],
      ['a non-numeric amount', () => ({ ...genuine, amount: '12abc' }), 200, 'ignored'],
      ['a wrong currency', () => ({ ...genuine, currency: 'USD' }), 200, 'ignored'],
      ['no invoiceId at all', () => ({ ...genuine, invoiceId: undefined }), 400, null],
    ];
    it.each(cases)('%s', async (_name, body, status, result) => {
      const before = await fx.orderState(orderNumber);
      const counts = [
        await fx.count('payment_event'),
        await fx.count('order_status_history'),
        await fx.count('sms_message'),
      ];
      const r = await callback(body());
      expect(r.status).toBe(status);
      if (result) expect(r.body.data.result).toBe(result);
      expect(await fx.orderState(orderNumber)).toEqual(before);
      expect([
        await fx.count('payment_event'),
        await fx.count('order_status_history'),
        await fx.count('sms_message'),
      ]).toEqual(counts);
    });

    it('a callback with the right secret but not confirmed by ePay’s status API changes nothing', async () => {
      const { me, order } = await cardOrder();
      await auth(me.token, order.number); // a payment started, nothing paid
      const payment = await t.db
        .selectFrom('payment')
        .selectAll()
        .where('invoice_id', '=', order.number)
        .executeTakeFirstOrThrow();
      const before = await fx.orderState(order.number);
      const forged = await callback({
        invoiceId: order.number,
        amount: order.amount,
        currency: 'KZT',
        code: 'ok',
        secret_hash: payment.secret_hash,
        id: 'forged',
      });
      expect(forged.body.data.result).toBe('unchanged');
      expect(await fx.orderState(order.number)).toEqual(before);
    });

    it('when ePay’s status API does not answer the callback is deferred, and the job confirms it later', async () => {
      sim.configure({ statusUnavailable: true });
      const before = await fx.orderState(orderNumber);
      expect((await callback(genuine)).body.data.result).toBe('deferred');
      expect(await fx.orderState(orderNumber)).toEqual(before);
      sim.configure({ statusUnavailable: false });
      // The genuine one, form-encoded, goes through.
      expect((await callback(genuine, true)).body.data.result).toBe('applied');
      expect((await fx.orderState(orderNumber)).order.status).toBe('paid');
    });
  });

  it('one callback sent 50 times at once, racing the shopper’s return, changes the order once', async () => {
    const { me, order } = await cardOrder();
    sim.configure({ callbackLoss: 1 });
    await payOnSimulator(sim, (await auth(me.token, order.number)).body.data, CARDS.approved);
    await sim.idle();
    const body = await genuineCallback(order.number);
    const smsBefore = await smsTo(me.mobile);
    expect(smsBefore).toEqual([expect.stringContaining(`заказ № ${order.number} принят`)]);
    const [callbacks, returns] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => callback(body))),
      Promise.all(Array.from({ length: 3 }, () => refresh(me.token, order.number))),
    ]);
    expect(callbacks.every((c) => c.status === 200)).toBe(true);
    expect(callbacks.filter((c) => c.body.data.result === 'applied').length).toBeLessThanOrEqual(1);
    expect(callbacks.every((c) => ['applied', 'unchanged'].includes(c.body.data.result))).toBe(true);
    expect(returns.every((r) => r.status === 200)).toBe(true);
    const state = await fx.orderState(order.number);
    expect(state.order.status).toBe('paid');
    expect(state.history.filter((h) => h.to_status === 'paid')).toHaveLength(1);
    expect(state.events).toHaveLength(1);
    expect(state.events[0]!.outcome).toBe('paid');
    // Exactly one SMS for the payment, whatever raced; nothing of it still under way in the background.
    await t.app.notifier.settled();
    const smsAfter = await smsTo(me.mobile); // rows of one clock time: their order is not asserted
    expect(smsAfter.length - smsBefore.length).toBe(1);
    expect(smsAfter.filter((s) => s.includes(`оплата заказа № ${order.number} на сумму`))).toHaveLength(1);
    expect((await refresh(me.token, order.number)).body.data.order.status).toBe('paid');
  });

  it('the shopper’s return applies the payment when the callback is late', async () => {
    const { me, order } = await cardOrder();
    sim.configure({ callbackLoss: 1 });
    await payOnSimulator(sim, (await auth(me.token, order.number)).body.data, CARDS.approved);
    const r = await refresh(me.token, order.number);
    expect(r.body.data.order.status).toBe('paid');
    expect((await fx.orderState(order.number)).events).toEqual([{ source: 'return', outcome: 'paid' }]);
  });
});

describe('the payment job (run by the server on an interval; here with the injected clock)', () => {
  it('releases the stock of an unpaid order after the payment window, and tells the shopper', async () => {
    const { me, order } = await cardOrder(2, 4);
    expect(await fx.stockOf(sku.id, city.id)).toBe(2);
    const deps = orderDeps(t.app);
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);
    await sweepPayments(deps, at(29));
    expect((await fx.orderState(order.number)).order.status).toBe('awaiting_payment');
    expect(await fx.stockOf(sku.id, city.id)).toBe(2);
    const report = await sweepPayments(deps, at(31));
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    const state = await fx.orderState(order.number);
    expect(state.order.status).toBe('cancelled');
    expect(state.history.at(-1)).toEqual({
      from_status: 'awaiting_payment',
      to_status: 'cancelled',
      actor: 'system',
    });
    expect(await fx.stockOf(sku.id, city.id)).toBe(4);
    // The stock history: taken by the order, put back by the shop with the reason.
    expect((await fx.movementsOf(sku.id)).map(({ id: _id, ...m }) => m)).toEqual([
      {
        city_id: city.id,
        before: 4,
        after: 2,
        reason: 'order',
        actor_type: 'system',
        actor_id: null,
        note: `№ ${order.number}`,
      },
      {
        ...{
          city_id: city.id,
          before: 2,
          after: 4,
          reason: 'order_cancelled',
          actor_type: 'system',
          actor_id: null,
        },
        note: `№ ${order.number}: Оплата не поступила вовремя`,
      },
    ]);
    expect((await smsTo(me.mobile)).at(-1)).toBe(
      `Kiim: заказ № ${order.number} отменён, так как оплата не поступила вовремя.`,
    );
    // Nothing more on the next run: the stock is released once.
    await sweepPayments(deps, at(40));
    expect(await fx.stockOf(sku.id, city.id)).toBe(4);
    expect(await fx.movementsOf(sku.id)).toHaveLength(2);
    const late = await auth(me.token, order.number);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Заказ отменён, оплатить его нельзя');
    const listed = await fx.call<{ items: Order[] }>('GET', '/api/order/list?state=completed', me.token);
    expect(listed.body.data.items.map((o) => [o.number, o.status])).toContainEqual([
      order.number,
      'cancelled',
    ]);
  });

  it('confirms a payment whose callback was lost instead of cancelling it', async () => {
    const { me, order } = await cardOrder();
    sim.configure({ callbackLoss: 1 });
    await payOnSimulator(sim, (await auth(me.token, order.number)).body.data, CARDS.approved);
    await sim.idle();
    const deps = orderDeps(t.app);
    const soon = new Date(clock.now().getTime() + POLL_AFTER_MS - 1000);
    expect((await sweepPayments(deps, soon)).confirmed).toBe(0);
    expect((await fx.orderState(order.number)).order.status).toBe('awaiting_payment');
    const later = new Date(clock.now().getTime() + POLL_AFTER_MS + 1000);
    expect((await sweepPayments(deps, later)).confirmed).toBe(1);
    const state = await fx.orderState(order.number);
    expect(state.order.status).toBe('paid');
    expect(state.events).toEqual([{ source: 'poll', outcome: 'paid' }]);
  });

  it('keeps an expired order while ePay cannot be asked whether it was paid', async () => {
    const { me, order } = await cardOrder();
    await auth(me.token, order.number);
    sim.configure({ down: true });
    const report = await sweepPayments(orderDeps(t.app), new Date(clock.now().getTime() + 31 * 60_000));
    expect(report.cancelled).toBe(0);
    expect(report.deferred).toBeGreaterThan(0);
    expect((await fx.orderState(order.number)).order.status).toBe('awaiting_payment');
    sim.configure({ down: false });
    expect(
      (await sweepPayments(orderDeps(t.app), new Date(clock.now().getTime() + 32 * 60_000))).cancelled,
    ).toBeGreaterThan(0);
    expect((await fx.orderState(order.number)).order.status).toBe('cancelled');
  });

  it('returns a payment that arrives after the order was cancelled', async () => {
    const { me, order } = await cardOrder(1, 3);
    const a = (await auth(me.token, order.number)).body.data;
    const cancelled = await fx.call<{ order: Order }>('POST', '/api/order/cancel', me.token, {
      number: order.number,
    });
    expect(cancelled.body.data.order.status).toBe('cancelled');
    expect(await fx.stockOf(sku.id, city.id)).toBe(3);
    // The shopper still had the payment page open and pays.
    clock.advance(1000);
    await payOnSimulator(sim, a, CARDS.approved);
    await sim.idle();
    const state = await fx.orderState(order.number);
    expect(state.order.status).toBe('cancelled');
    expect(state.payment).toMatchObject({ status: 'refunded', refunded_amount: order.amount });
    expect(state.events.map((e) => e.outcome).sort()).toEqual(['late-payment', 'refunded']);
    expect(sim.transactions(order.number)[0]).toMatchObject({
      statusName: 'REFUND',
      refundedAmount: order.amount,
    });
    expect(await fx.stockOf(sku.id, city.id)).toBe(3);
  });
});

describe('the payment job returns money ePay could not take back at once', () => {
  it('a paid order cancelled while ePay is down: cancelled with its stock back, refunded by the next run', async () => {
    const { me, order } = await cardOrder(1, 4);
    await payOnSimulator(sim, (await auth(me.token, order.number)).body.data, CARDS.approved);
    await sim.idle();
    expect((await fx.orderState(order.number)).order.status).toBe('paid');
    sim.configure({ down: true });
    const cancelled = await fx.call<{ order: Order }>('POST', '/api/order/cancel', me.token, {
      number: order.number,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order.status).toBe('cancelled');
    expect(cancelled.body.data.order.payment).toMatchObject({
      status: 'charged',
      refundedAmount: 0,
      refundOwed: order.amount,
    });
    expect(await fx.stockOf(sku.id, city.id)).toBe(4);
    const deps = orderDeps(t.app);
    // The refund is owed as a row; its next attempt waits out the backoff (decision 035).
    expect((await sweepPayments(deps, clock.now())).returned).toBe(0);
    clock.advance(60_000);
    expect((await sweepPayments(deps, clock.now())).returned).toBe(0);
    sim.configure({ down: false });
    expect((await sweepPayments(deps, clock.now())).returned).toBe(0);
    clock.advance(2 * 60_000);
    expect((await sweepPayments(deps, clock.now())).returned).toBe(1);
    const state = await fx.orderState(order.number);
    expect(state.payment).toMatchObject({ status: 'refunded', refunded_amount: order.amount });
    expect(sim.transactions(order.number)[0]).toMatchObject({
      statusName: 'REFUND',
      refundedAmount: order.amount,
    });
    // Returned once: the next run finds nothing more to return.
    expect((await sweepPayments(deps, clock.now())).returned).toBe(0);
    expect(await fx.stockOf(sku.id, city.id)).toBe(4);
  });
});

describe('cancelling and handing over paid orders', () => {
  const backoffice = (number: string, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/backoffice/orders/${number}/status`,
      payload: { status },
      headers: { 'x-api-key': erpKey },
    });

  it('the customer cancels a paid order: stock back, money refunded through ePay', async () => {
    const { me, order } = await cardOrder(2, 5);
    await payOnSimulator(sim, (await auth(me.token, order.number)).body.data, CARDS.approved);
    await sim.idle();
    const r = await fx.call<{ order: Order }>('POST', '/api/order/cancel', me.token, {
      number: order.number,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.order.status).toBe('cancelled');
    expect(r.body.data.order.payment).toMatchObject({ status: 'refunded', refundedAmount: order.amount });
    expect(await fx.stockOf(sku.id, city.id)).toBe(5);
    expect(sim.transactions(order.number)[0]!.statusName).toBe('REFUND');
  });

  it('two-stage terminal: the payment is held (AUTH), charged when the order is ready, released when cancelled', async () => {
    sim.configure({ twoStage: true });
    const first = await cardOrder();
    await payOnSimulator(sim, (await auth(first.me.token, first.order.number)).body.data, CARDS.approved);
    await sim.idle();
    expect((await fx.orderState(first.order.number)).payment!.status).toBe('authorized');
    expect((await fx.orderState(first.order.number)).order.status).toBe('paid');
    const ready = await backoffice(first.order.number, 'ready_for_pickup');
    expect(ready.statusCode).toBe(200);
    expect((await fx.orderState(first.order.number)).payment!.status).toBe('charged');
    expect(sim.transactions(first.order.number)[0]!.statusName).toBe('CHARGE');

    const second = await cardOrder();
    await payOnSimulator(sim, (await auth(second.me.token, second.order.number)).body.data, CARDS.approved);
    await sim.idle();
    const cancelled = await backoffice(second.order.number, 'cancelled');
    expect(cancelled.statusCode).toBe(200);
    // The stock goes back in the ERP's name (its API key).
    expect((await fx.movementsOf(sku.id)).at(-1)).toMatchObject({
      ...{ before: 4, after: 5, reason: 'order_cancelled', actor_type: 'api_key', actor_id: erpKeyId },
      note: `№ ${second.order.number}`,
    });
    expect((await fx.orderState(second.order.number)).payment!.status).toBe('cancelled');
    expect(sim.transactions(second.order.number)[0]!.statusName).toBe('CANCEL');
  });

  it('the back-office cannot mark an order paid', async () => {
    const { order } = await cardOrder();
    const r = await backoffice(order.number, 'paid');
    expect(r.statusCode).toBe(409);
    expect((await fx.orderState(order.number)).order.status).toBe('awaiting_payment');
  });
});

describe('OpenAPI', () => {
  it('documents the payment, order and back-office calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [path, tag] of [
      ['/api/payment/halyk/auth', 'payment'],
      ['/api/payment/halyk/response', 'payment'],
      ['/api/payment/halyk/status', 'payment'],
      ['/api/order/cancel', 'order'],
      ['/api/backoffice/orders/{number}/status', 'backoffice'],
    ]) {
      expect(doc.paths[path!]?.post?.tags, path).toEqual([tag]);
    }
  });
});
