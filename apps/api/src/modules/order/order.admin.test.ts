import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderErrorCode, StaffErrorCode, type AdminOrder, type HalykAuth } from '@kiim/contract';
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
import { sweepPayments } from './card-payment/card-payment.sweep.ts';
import { orderDeps } from './order.lifecycle.ts';

// The back office's orders (issue 15, decision 019) through /api/admin on both databases: list filters and search,
// the order page, the staff's steps with the SMS, the optimistic version (409), cancel with stock and money back,
// the handover with partial refusal (stock in the city, amount due, partial ePay refund on the simulator), the
// dashboard; audit entries for every change.

let t: TestContext;
let sim: EpaySimulator;
let fx: ReturnType<typeof orderFixtures>;
const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
let city: FixtureCity;
let warehouse: string;
let manager: string;
let managerId: string;
let warehouseId: string;
let skuOffset = 60;

beforeAll(async () => {
  ({ t, sim } = await shopOnEpaySimulator(clock, { EPAY_TIMEOUT_MS: '1000' }));
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
  ({ cookie: warehouse, id: warehouseId } = await signedInMember(t.app, t.db, 'warehouse'));
  ({ cookie: manager, id: managerId } = await signedInMember(t.app, t.db, 'manager'));
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** A pickup order of a new customer: `lines` units of fresh SKUs (10 in stock each), cash unless told. */
async function placeOrder(units: number[], paymentId = 1, name = 'Айгерим') {
  const me = await fx.newCustomer({ name });
  const skus = (await fx.skus(units.length, skuOffset)) as FixtureSku[];
  skuOffset += units.length;
  for (const s of skus) await fx.setStock(s.id, { [city.id]: 10 });
  const cartId = await fx.makeCart(
    skus.map((s, i) => ({ skuId: s.id, qty: units[i]! })),
    me.id,
  );
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId }));
  expect(r.status, r.raw).toBe(200);
  return { me, skus, order: r.body.data.order };
}

const get = async (cookie: string, number: string) => {
  const r = await staffCall(t.app, cookie, 'GET', `/api/admin/orders/${number}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.order as AdminOrder;
};
const act = (cookie: string, number: string, action: string, version: number) =>
  staffCall(t.app, cookie, 'POST', `/api/admin/orders/${number}/actions`, { action, version });

/** Takes an order through confirm → pick → ready for pickup as the warehouse. */
async function makeReady(number: string) {
  for (const action of ['confirm', 'pick', 'ready_for_pickup']) {
    const o = await get(warehouse, number);
    const r = await act(warehouse, number, action, o.version);
    expect(r.status, `${action}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  return get(warehouse, number);
}

describe('GET /api/admin/orders: filters, search and paging', () => {
  it('filters by status, payment, paid and search by number, phone and name', async () => {
    const a = await placeOrder([1], 1, 'Жанар');
    const b = await placeOrder([1], 2, 'Тимур');
    const list = async (query: string) => {
      const r = await staffCall(t.app, warehouse, 'GET', `/api/admin/orders?${query}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.data.items as { number: string }[]).map((i) => i.number);
    };
    expect(await list(`q=${a.order.number}`)).toEqual([a.order.number]);
    expect(await list(`q=${b.me.mobile.slice(1)}`)).toEqual([b.order.number]);
    expect(await list(`q=${encodeURIComponent('+' + b.me.mobile)}`)).toEqual([b.order.number]);
    expect(await list(`q=${encodeURIComponent('Жанар')}`)).toContain(a.order.number);
    expect(await list(`q=${encodeURIComponent('Жанар')}`)).not.toContain(b.order.number);
    expect(await list(`q=${encodeURIComponent('жанар')}`)).toContain(a.order.number); // any letter case
    expect(await list(`q=${encodeURIComponent('ЖАНАР')}`)).toContain(a.order.number);
    const cardOnDelivery = await list('paymentId=2&status=new');
    expect(cardOnDelivery).toContain(b.order.number);
    expect(cardOnDelivery).not.toContain(a.order.number);
    expect(await list(`paid=no&q=${a.order.number}`)).toEqual([a.order.number]);
    expect(await list(`paid=yes&q=${a.order.number}`)).toEqual([]);
    const first = (await staffCall(t.app, warehouse, 'GET', '/api/admin/orders?page=1')).body.data;
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.items[0]).toMatchObject({ cityId: city.id, deliveryMethodId: 1, paid: false });
  });

  it('filters by local days in the city’s time zone, both ends included', async () => {
    const { order } = await placeOrder([1]);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: city.timeZone }).format(clock.now());
    const list = async (query: string) =>
      (
        (await staffCall(t.app, warehouse, 'GET', `/api/admin/orders?${query}`)).body.data.items as {
          number: string;
        }[]
      ).map((i) => i.number);
    expect(await list(`from=${day}&to=${day}&cityId=${city.id}`)).toContain(order.number);
    expect(await list(`from=${day}&to=${day}`)).toContain(order.number);
    expect(await list(`to=2020-01-01`)).not.toContain(order.number);
  });

  it('answers bad filters with 400 and field errors', async () => {
    const r = await staffCall(
      t.app,
      warehouse,
      'GET',
      '/api/admin/orders?status=lost&from=2026-03-10&to=2026-03-01',
    );
    expect(r.status).toBe(400);
    const bad = await staffCall(t.app, warehouse, 'GET', '/api/admin/orders?from=2026-03-10&to=2026-03-01');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Начало периода позже его конца');
  });
});

describe('the order page and the staff’s steps', () => {
  it('shows lines with SKUs, contact, history and the actions allowed now', async () => {
    const { order, skus, me } = await placeOrder([2, 1]);
    const o = await get(warehouse, order.number);
    expect(o.lines.map((l) => [l.externalId, l.qty, l.skuId])).toEqual([
      [skus[0]!.externalId, 2, skus[0]!.id],
      [skus[1]!.externalId, 1, skus[1]!.id],
    ]);
    expect(o.customer).toMatchObject({ id: me.id, mobile: me.mobile, name: 'Айгерим' });
    expect(o.history).toEqual([expect.objectContaining({ status: 'new', actor: 'customer' })]);
    expect(o.actions).toEqual(['confirm', 'cancel']);
    expect(o.amountDue).toBe(order.amount);
    expect((await staffCall(t.app, warehouse, 'GET', '/api/admin/orders/999999999')).status).toBe(404);
  });

  it('confirm → picked → ready for pickup sends the customer an SMS, each step audited', async () => {
    const { order, me } = await placeOrder([1]);
    const o = await makeReady(order.number);
    expect(o.status).toBe('ready_for_pickup');
    expect(o.confirmedAt).not.toBeNull();
    expect(o.pickedAt).not.toBeNull();
    expect(o.actions).toEqual(['handover', 'complete', 'cancel']);
    const sms = await t.db.selectFrom('sms_message').select('text').where('mobile', '=', me.mobile).execute();
    expect(sms.map((s) => s.text)).toContainEqual(
      expect.stringContaining(`заказ № ${order.number} готов к выдаче`),
    );
    for (const action of ['order.confirmed', 'order.picked', 'order.status_changed'])
      expect((await auditOf(t.db, action)).map((e) => e.entity_id)).toContain(order.number);
  });

  it('refuses a step the order’s state does not allow (409) and ready for pickup before picking', async () => {
    const { order } = await placeOrder([1]);
    const o = await get(warehouse, order.number);
    const early = await act(warehouse, order.number, 'ready_for_pickup', o.version);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(4015);
    expect((await get(warehouse, order.number)).status).toBe('new');
    const bad = await act(warehouse, order.number, 'fly', o.version);
    expect(bad.status).toBe(400);
  });

  it('two staff change one order: one wins, the other gets 409 4016 with a clear message', async () => {
    const { order } = await placeOrder([1]);
    const seen = await get(warehouse, order.number);
    const [x, y] = await Promise.all([
      act(warehouse, order.number, 'confirm', seen.version),
      staffCall(t.app, manager, 'PUT', `/api/admin/orders/${order.number}/note`, {
        note: 'Позвонить перед выдачей',
        version: seen.version,
      }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const loser = x.status === 409 ? x : y;
    expect(loser.body.code).toBe(AdminOrderErrorCode.orderChanged);
    expect(loser.body.message).toMatch(/изменил другой сотрудник/);
    const after = await get(warehouse, order.number);
    expect(after.version).toBeGreaterThan(seen.version);
    expect(Boolean(after.confirmedAt) !== Boolean(after.staffNote)).toBe(true);
  });

  it('keeps an internal note (audited) and refuses a note too long with a field error', async () => {
    const { order } = await placeOrder([1]);
    const o = await get(manager, order.number);
    const r = await staffCall(t.app, manager, 'PUT', `/api/admin/orders/${order.number}/note`, {
      note: '  Клиентка просила пакет без логотипа ',
      version: o.version,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.order.staffNote).toBe('Клиентка просила пакет без логотипа');
    const entry = (await auditOf(t.db, 'order.note_changed')).find((e) => e.entity_id === order.number)!;
    expect(entry.after).toEqual({ note: 'Клиентка просила пакет без логотипа' });
    const long = await staffCall(t.app, manager, 'PUT', `/api/admin/orders/${order.number}/note`, {
      note: 'я'.repeat(2001),
      version: r.body.data.order.version,
    });
    expect(long.status).toBe(400);
  });

  it('cancel (manager): stock back, reason required; the warehouse may not cancel', async () => {
    const { order, skus } = await placeOrder([3]);
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(7);
    const o = await get(manager, order.number);
    const denied = await staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${order.number}/cancel`, {
      version: o.version,
      reason: 'Нет в наличии',
    });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(StaffErrorCode.permissionDenied);
    const noReason = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${order.number}/cancel`, {
      version: o.version,
    });
    expect(noReason.status).toBe(400);
    const r = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${order.number}/cancel`, {
      version: o.version,
      reason: 'Покупатель передумал по телефону',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.order.status).toBe('cancelled');
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(10);
    // The stock history names the manager and the reason.
    expect((await fx.movementsOf(skus[0]!.id)).map(({ id: _id, ...m }) => m)).toEqual([
      {
        city_id: city.id,
        before: 10,
        after: 7,
        reason: 'order',
        actor_type: 'system',
        actor_id: null,
        note: `№ ${order.number}`,
      },
      {
        ...{
          city_id: city.id,
          before: 7,
          after: 10,
          reason: 'order_cancelled',
          actor_type: 'staff',
          actor_id: managerId,
        },
        note: `№ ${order.number}: Покупатель передумал по телефону`,
      },
    ]);
    expect(r.body.data.order.history.at(-1)).toMatchObject({
      status: 'cancelled',
      actor: 'backoffice',
      reason: 'Покупатель передумал по телефону',
    });
  });
});

describe('handover at the pickup desk with partial refusal', () => {
  it('cash: refused lines back to the city’s stock, amount due recalculated, account shows refused units', async () => {
    const { order, skus, me } = await placeOrder([2, 1]);
    const ready = await makeReady(order.number);
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(8);
    const line = ready.lines[0]!;
    const r = await staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${order.number}/handover`, {
      version: ready.version,
      refused: [{ lineId: line.id, refusedQty: 1 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = r.body.data.order as AdminOrder;
    expect(done.status).toBe('completed');
    expect(done.lines.map((l) => l.refusedQty)).toEqual([1, 0]);
    expect(done.refusedAmount).toBe(line.price);
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(9);
    expect(await fx.stockOf(skus[1]!.id, city.id)).toBe(9);
    // The refused unit's movement names the member; the line taken whole has only its order's.
    expect((await fx.movementsOf(skus[0]!.id)).map(({ id: _id, ...m }) => m)).toEqual([
      {
        city_id: city.id,
        before: 10,
        after: 8,
        reason: 'order',
        actor_type: 'system',
        actor_id: null,
        note: `№ ${order.number}`,
      },
      {
        ...{
          city_id: city.id,
          before: 8,
          after: 9,
          reason: 'order_cancelled',
          actor_type: 'staff',
          actor_id: warehouseId,
        },
        note: `№ ${order.number}: отказ при выдаче`,
      },
    ]);
    expect((await fx.movementsOf(skus[1]!.id)).map((m) => [m.before, m.after, m.reason])).toEqual([
      [10, 9, 'order'],
    ]);
    const mine = await fx.call<{ lines: { refusedQty: number }[] }>(
      'GET',
      `/api/order/details/${order.number}`,
      me.token,
    );
    expect(mine.body.data.lines.map((l) => l.refusedQty)).toEqual([1, 0]);
    const entry = (await auditOf(t.db, 'order.handed_over')).find((e) => e.entity_id === order.number)!;
    expect(entry.after).toMatchObject({ status: 'completed', refusedAmount: line.price });
  });

  it('refuses bad lines (422) and everything refused, changing nothing', async () => {
    const { order, skus } = await placeOrder([1]);
    const ready = await makeReady(order.number);
    const call = (refused: unknown) =>
      staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${order.number}/handover`, {
        version: ready.version,
        refused,
      });
    const tooMany = await call([{ lineId: ready.lines[0]!.id, refusedQty: 2 }]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.code).toBe(AdminOrderErrorCode.handoverInvalid);
    expect((await call([{ lineId: 'nope', refusedQty: 1 }])).status).toBe(422);
    const all = await call([{ lineId: ready.lines[0]!.id, refusedQty: 1 }]);
    expect(all.status).toBe(422);
    expect(all.body.message).toMatch(/отмените заказ/);
    expect((await get(warehouse, order.number)).status).toBe('ready_for_pickup');
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(9);
  });

  it.each([
    ['ePay up: refunded at once', false],
    ['ePay down: the refund stays owed and the payment job pays it once', true],
  ])('card online, refused lines refunded through ePay (partial refund) — %s', async (_n, down) => {
    const { order, me } = await placeOrder([1, 1], 3);
    const auth = await fx.call<HalykAuth>('POST', '/api/payment/halyk/auth', me.token, {
      orderNumber: order.number,
    });
    expect(auth.status).toBe(200);
    await payOnSimulator(sim, auth.body.data, CARDS.approved);
    await sim.idle();
    expect((await get(warehouse, order.number)).status).toBe('paid');
    const ready = await makeReady(order.number);
    const refusedLine = ready.lines[1]!;
    sim.configure({ down });
    const r = await staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${order.number}/handover`, {
      version: ready.version,
      refused: [{ lineId: refusedLine.id, refusedQty: 1 }],
    });
    sim.configure({ down: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.order.status).toBe('completed');
    const price = refusedLine.price;
    expect(r.body.data.order.payment).toMatchObject({
      refundedAmount: down ? 0 : price,
      refundOwed: down ? price : 0,
    });
    expect(r.body.data.order.refunds).toMatchObject([
      { amount: price, status: down ? 'sending' : 'paid', attempts: 1, source: 'shop' },
    ]);
    const tr = () => sim.transactions(order.number).at(-1)!;
    expect(tr().refundedAmount).toBe(down ? 0 : price);
    if (!down) return;
    // The job's next attempt (after the backoff) reads ePay's status first, then refunds once.
    clock.advance(60_000);
    expect((await sweepPayments(orderDeps(t.app), clock.now())).returned).toBe(1);
    expect(tr().refundedAmount).toBe(price);
    expect((await get(warehouse, order.number)).payment).toMatchObject({ refundedAmount: price });
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts today’s orders and revenue and the orders by stage', async () => {
    const before = (await staffCall(t.app, warehouse, 'GET', '/api/admin/dashboard')).body.data;
    const { order } = await placeOrder([1]);
    const r = await staffCall(t.app, warehouse, 'GET', '/api/admin/dashboard');
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.today.orders).toBe(before.today.orders + 1);
    expect(d.today.revenue).toBe(before.today.revenue + order.amount);
    expect(d.week.orders).toBeGreaterThanOrEqual(d.today.orders);
    expect(d.awaitingPicking).toBe(before.awaitingPicking + 1);
    const catalogue = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
    expect((await staffCall(t.app, catalogue, 'GET', '/api/admin/dashboard')).status).toBe(403);
  });

  it('lists SKUs running out in a city', async () => {
    const [sku] = (await fx.skus(1, 5)) as [FixtureSku];
    await fx.setStock(sku.id, { [city.id]: 1 });
    const d = (await staffCall(t.app, warehouse, 'GET', '/api/admin/dashboard')).body.data;
    expect(d.lowStock).toContainEqual(
      expect.objectContaining({ skuId: sku.id, externalId: sku.externalId, quantity: 1 }),
    );
  });
});
