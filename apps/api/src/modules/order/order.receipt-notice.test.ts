import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, type HalykAuth } from '@kiim/contract';
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
import { receiptsOfOrder } from '#app/modules/fiscal/fiscal.service.ts';
import { runFiscalQueue, type FiscalDeps } from '#app/modules/fiscal/fiscal.worker.ts';
import { renderOrderEmail } from '#app/modules/notification/notification.email.ts';
import type { OrderNotice } from '#app/modules/notification/notification.service.ts';
import { orderDeps } from './order.deps.ts';
import { receiptNoticeHook, recordReceiptNotice } from './order.notify.ts';

// The receipt link reaches the shopper (issue 32): when the fiscal worker marks a receipt done, the order module
// writes one notice per receipt into the notification outbox in the same transaction — by email when the order
// has an address, else by SMS, in the customer's language — never twice for one receipt, whatever is retried.

let t: TestContext;
let epay: EpaySimulator;
let wk: WebkassaSimulator;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
let deps: FiscalDeps;
let skuOffset = 320;
const clock = manualClock(new Date('2026-03-12T06:00:00Z'));

beforeAll(async () => {
  wk = createWebkassaSimulator({ now: () => clock.now() });
  await wk.listen();
  ({ t, sim: epay } = await shopOnEpaySimulator(clock, {
    FISCAL_PROVIDER: 'simulator',
    WEBKASSA_URL: wk.url,
  }));
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
  deps = { db: t.db, provider: t.app.fiscal!, log: t.app.log, clock, onIssued: receiptNoticeHook(t.app) };
});
afterAll(async () => {
  await t?.close();
  await epay?.close();
  await wk?.close();
});

/** A card-online pickup order of a new customer, paid on the ePay simulator: its sale receipt is queued. */
async function paidOrder(customer: Parameters<typeof fx.newCustomer>[0]) {
  const me = await fx.newCustomer(customer);
  const [sku] = (await fx.skus(1, skuOffset++)) as FixtureSku[];
  await fx.setStock(sku!.id, { [city.id]: 10 });
  const cartId = await fx.makeCart([{ skuId: sku!.id, qty: 1 }], me.id);
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId: 3 }));
  expect(r.status, r.raw).toBe(200);
  const number = (r.body.data.order as { number: string }).number;
  const auth = await fx.call<HalykAuth>('POST', '/api/payment/halyk/auth', me.token, { orderNumber: number });
  await payOnSimulator(epay, auth.body.data, CARDS.approved);
  await epay.idle();
  const { id } = await t.db
    .selectFrom('order')
    .select('id')
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
  return { id, number, me };
}

const receiptNotices = (orderId: string) =>
  t.db
    .selectFrom('notification')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('event', 'in', ['receipt', 'return_receipt'])
    .orderBy('created_at')
    .execute();

describe('receipt notices', () => {
  it('an order with an email gets the sale receipt link by email once, however often the worker runs', async () => {
    const order = await paidOrder({ name: 'Айгерим', email: 'aigerim@example.kz' });
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 1 });
    await runFiscalQueue(deps);
    const [receipt] = await receiptsOfOrder(t.db, order.id);
    const rows = await receiptNotices(order.id);
    expect(rows.map((r) => [r.event, r.channel, r.recipient, r.dedupe_key])).toEqual([
      ['receipt', 'email', 'aigerim@example.kz', receipt!.id],
    ]);
    const notice = JSON.parse(rows[0]!.payload) as OrderNotice;
    expect(notice.receipt).toEqual({ url: receipt!.ticket_url, total: receipt!.total });
    const email = await renderOrderEmail(notice, 'ru');
    expect(email.subject).toBe(`Kiim: Чек по заказу № ${order.number}`);
    expect(email.html).toContain(receipt!.ticket_url!.replace(/&/g, '&amp;'));
    expect(email.html).toContain('Открыть чек');
    expect(email.text).toContain(receipt!.ticket_url!);
  });

  it('without an email the link goes by SMS, in Kazakh for a Kazakh-speaking customer', async () => {
    const order = await paidOrder({ language: 'kk' });
    await runFiscalQueue(deps);
    const [receipt] = await receiptsOfOrder(t.db, order.id);
    const rows = await receiptNotices(order.id);
    expect(rows.map((r) => [r.event, r.channel, r.recipient, r.language])).toEqual([
      ['receipt', 'sms', order.me.mobile, 'kk'],
    ]);
    await t.app.notifier.deliver(rows.map((r) => r.id));
    const sent = await t.db
      .selectFrom('notification')
      .select(['status', 'body_text'])
      .where('id', '=', rows[0]!.id)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    expect(sent.body_text).toContain(`№ ${order.number} тапсырыс бойынша`);
    expect(sent.body_text).toContain(receipt!.ticket_url!);
  });

  it('a receipt not fiscalised yet (Webkassa down) has no notice; it comes once the receipt is done', async () => {
    const order = await paidOrder({ email: 'later@example.kz' });
    wk.configure({ fail505: 1 });
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 0, retried: 1 });
    expect(await receiptNotices(order.id)).toEqual([]);
    wk.configure({ fail505: 0 });
    clock.advance(60_000);
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 1 });
    expect(await receiptNotices(order.id)).toHaveLength(1);
  });

  it('each return receipt gets a notice of its own; one receipt recorded twice writes one', async () => {
    const order = await paidOrder({ email: 'returns@example.kz' });
    const notify = (id: string, total: number) =>
      t.db
        .transaction()
        .execute((trx) =>
          recordReceiptNotice(
            trx,
            orderDeps(t.app),
            { id, orderId: order.id, operation: 'return', total, ticketUrl: `https://ofd.example/t/${id}` },
            clock.now().toISOString(),
          ),
        );
    expect((await notify('return-1', 5000)).email).toHaveLength(1);
    expect((await notify('return-2', 3000)).email).toHaveLength(1);
    expect((await notify('return-1', 5000)).email).toHaveLength(0);
    const rows = await receiptNotices(order.id);
    expect(rows.map((r) => [r.event, r.dedupe_key])).toEqual([
      ['return_receipt', 'return-1'],
      ['return_receipt', 'return-2'],
    ]);
    const email = await renderOrderEmail(JSON.parse(rows[1]!.payload) as OrderNotice, 'kk');
    expect(email.subject).toBe(`Kiim: № ${order.number} тапсырыс бойынша қайтару чегі`);
    expect(email.text).toContain(`Тапсырыс бойынша ${formatPrice(3000)} қайтарылғаны`);
  });
});
