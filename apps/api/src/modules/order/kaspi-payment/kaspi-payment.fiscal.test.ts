import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KaspiPayment, Order } from '@kiim/contract';
import type { KaspiSimulator } from '@kiim/tools/kaspi-simulator';
import { createWebkassaSimulator, type WebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import type { TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { orderFixtures, type FixtureCity, type FixtureSku } from '#app/test/order.fixtures.ts';
import { shopOnKaspiSimulator } from '#app/test/kaspi.fixtures.ts';
import { receiptsOfOrder } from '#app/modules/fiscal/fiscal.service.ts';
import { runFiscalQueue } from '#app/modules/fiscal/fiscal.worker.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { sweepPayments } from '../card-payment/card-payment.sweep.ts';
import { pollKaspiPayments, type KaspiOrderDeps } from './kaspi-payment.poll.ts';

// Fiscal receipts of Kaspi payments (issue 33 item 3, issue 32): money taken and given back through Kaspi Pay is
// `mobile` on the receipt — Webkassa's PaymentType 4 — never `card`, for the sale and for its return, end to end
// through the Kaspi and Webkassa simulators on both databases.

let t: TestContext;
let sim: KaspiSimulator;
let wk: WebkassaSimulator;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
const clock = manualClock(new Date('2026-06-02T06:00:00Z'));

beforeAll(async () => {
  wk = createWebkassaSimulator({ now: () => clock.now() });
  await wk.listen();
  ({ t, sim } = await shopOnKaspiSimulator(clock, { FISCAL_PROVIDER: 'simulator', WEBKASSA_URL: wk.url }));
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await wk?.close();
});

const sendReceipts = () => runFiscalQueue({ db: t.db, provider: t.app.fiscal!, log: t.app.log, clock });

describe('Kaspi payments on fiscal receipts', () => {
  it('a Kaspi sale and its return are PaymentType 4 (mobile) with the money Kaspi moved', async () => {
    const me = await fx.newCustomer({ name: 'Айгерим' });
    const [sku] = (await fx.skus(1, 340)) as FixtureSku[];
    await fx.setStock(sku!.id, { [city.id]: 5 });
    const cartId = await fx.makeCart([{ skuId: sku!.id, qty: 2 }], me.id);
    const created = await fx.create(me.token, fx.draft(cartId, city, { paymentId: 4 }));
    expect(created.status, created.raw).toBe(200);
    const order = created.body.data.order as Order;
    const started = await fx.call<KaspiPayment>('POST', '/api/payment/kaspi/start', me.token, {
      orderNumber: order.number,
      kind: 'qr',
    });
    expect(started.status, started.raw).toBe(200);
    const payment = sim.paymentOf(order.number)!;
    sim.emulate(payment.id, 'scan');
    sim.emulate(payment.id, 'confirm');
    clock.advance(5_000);
    await pollKaspiPayments(orderDeps(t.app) as KaspiOrderDeps, clock.now());

    const id = (
      await t.db.selectFrom('order').select('id').where('number', '=', order.number).executeTakeFirstOrThrow()
    ).id;
    const [sale] = await receiptsOfOrder(t.db, id);
    expect(sale).toMatchObject({ operation: 'sale' });
    expect(JSON.parse(sale!.payload).payments).toEqual([{ type: 'mobile', sum: order.amount }]);

    // Cancelled after payment: the money goes back through Kaspi, and so does the return receipt.
    expect((await fx.call('POST', '/api/order/cancel', me.token, { number: order.number })).status).toBe(200);
    clock.advance(60_000);
    await sweepPayments(orderDeps(t.app), clock.now());
    const receipts = await receiptsOfOrder(t.db, id);
    const ret = receipts.find((r) => r.operation === 'return');
    expect(ret, JSON.stringify(receipts.map((r) => r.operation))).toBeDefined();
    expect(JSON.parse(ret!.payload).payments).toEqual([{ type: 'mobile', sum: order.amount }]);

    await sendReceipts();
    const issued = wk.receipts().filter((r) => r.externalOrderNumber === order.number);
    expect(issued.map((r) => [r.operationType, r.payments])).toEqual([
      [2, [{ Sum: order.amount, PaymentType: 4 }]],
      [3, [{ Sum: order.amount, PaymentType: 4 }]],
    ]);
  });
});
