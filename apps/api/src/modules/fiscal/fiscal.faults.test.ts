import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebkassaSimulator, type WebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { orderFixtures, type FixtureSku } from '#app/test/order.fixtures.ts';
import type { ReceiptContent } from './fiscal.provider.ts';
import { queueReturn, queueSale, receiptsOfOrder, type FiscalQueue } from './fiscal.service.ts';
import { retryFailed } from './fiscal.repository.ts';
import { closeShiftNow, runFiscalQueue, type FiscalDeps } from './fiscal.worker.ts';
import { createWebkassa } from './webkassa.ts';

// The fiscal queue against the Webkassa simulator's faults (issue 32 acceptance, fiscal-webkassa.md §6–§8), on both
// databases: whatever the provider does — a duplicate, a lost answer, 505, an expired token, a shift over 24 h, a
// content refusal — and wherever the worker stops, each event ends as exactly one receipt on the cash register.

let t: TestContext;
let wk: WebkassaSimulator;
let deps: FiscalDeps;
let fx: ReturnType<typeof orderFixtures>;
let skuOffset = 200;
const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
const queue: FiscalQueue = { enabled: true, cashbox: 'SWK00000001' };

beforeAll(async () => {
  wk = createWebkassaSimulator({ now: () => clock.now() });
  await wk.listen();
  t = await createTestApp({ clock, env: { FISCAL_PROVIDER: 'simulator', WEBKASSA_URL: wk.url } });
  fx = orderFixtures(t);
  const provider = createWebkassa({
    ...t.config.fiscal.webkassa,
    url: wk.url,
    vatPercent: 16,
    timeoutMs: 15_000,
  });
  deps = { db: t.db, provider, log: t.app.log, clock };
});
afterAll(async () => {
  await t?.close();
  await wk?.close();
});
beforeEach(() =>
  wk.configure({ loseAnswers: 0, fail505: 0, fail500: 0, slowMs: 0, duplicateWithData: true }),
);

/** A cash order's id (the receipts below are queued for it directly). */
async function anOrder(): Promise<string> {
  const city = (await fx.cities()).courier;
  const me = await fx.newCustomer();
  const [sku] = (await fx.skus(1, skuOffset++)) as [FixtureSku];
  await fx.setStock(sku.id, { [city.id]: 5 });
  const cartId = await fx.makeCart([{ skuId: sku.id, qty: 1 }], me.id);
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId: 1 }));
  expect(r.status, r.raw).toBe(200);
  const number = r.body.data.order.number as string;
  return (await t.db.selectFrom('order').select('id').where('number', '=', number).executeTakeFirstOrThrow())
    .id;
}
const content = (number: string, price = 10_000, discount = 0): ReceiptContent => ({
  positions: [{ name: 'Платье женское (красный, M)', code: 'SKU-1-M', count: 1, price, discount }],
  payments: [{ type: 'card', sum: price - discount }],
  orderNumber: number,
  email: null,
  phone: '77011234567',
});
/** Queues a sale of 10,000 ₸ for a new order. @returns the order id and its receipt's number. */
async function queued(price = 10_000) {
  const orderId = await anOrder();
  expect(
    await queueSale(
      t.db,
      queue,
      { orderId, content: content(orderId.slice(0, 8), price) },
      clock.now().toISOString(),
    ),
  ).toBe(true);
  const [row] = await receiptsOfOrder(t.db, orderId);
  return { orderId, row: row! };
}
const onCashbox = (ext: string) => wk.receipts().filter((r) => r.externalCheckNumber === ext);
const rowOf = async (orderId: string) => (await receiptsOfOrder(t.db, orderId))[0]!;
/** Past any backoff. */
const later = () => clock.advance(60 * 60_000);

describe('faults', () => {
  it('writes an event once; VAT 16 % included; a second run sends nothing', async () => {
    const { orderId, row } = await queued();
    expect(await queueSale(t.db, queue, { orderId, content: content('x') }, clock.now().toISOString())).toBe(
      false,
    );
    const first = await runFiscalQueue(deps);
    expect(first, JSON.stringify(await rowOf(orderId))).toMatchObject({ done: 1 });
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 0 });
    const [sent] = onCashbox(row.external_check_number);
    expect(sent!.positions[0]).toMatchObject({ TaxType: 100, TaxPercent: 16, Tax: 1379.31 });
  });

  it('lost answer after acceptance: found by its number, never sent twice', async () => {
    const { orderId, row } = await queued();
    wk.configure({ loseAnswers: 1 });
    expect(await runFiscalQueue(deps)).toMatchObject({ retried: 1 });
    expect(await rowOf(orderId)).toMatchObject({ status: 'sending' });
    later();
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 1 });
    expect(onCashbox(row.external_check_number)).toHaveLength(1);
    const checks = wk
      .calls()
      .filter((c) => c.path === '/api/v4/check' && c.externalCheckNumber === row.external_check_number);
    expect(checks).toHaveLength(1);
    expect((await rowOf(orderId)).check_number).toBe(onCashbox(row.external_check_number)[0]!.checkNumber);
  });

  it('a slow answer past the deadline is uncertain, then found', async () => {
    const { orderId, row } = await queued();
    // A short deadline, so the answer the simulator holds back comes after it.
    const impatient = createWebkassa({
      ...t.config.fiscal.webkassa,
      url: wk.url,
      vatPercent: 16,
      timeoutMs: 300,
    });
    wk.configure({ slowMs: 1500 });
    await runFiscalQueue({ ...deps, provider: impatient });
    wk.configure({ slowMs: 0 });
    await wk.idle();
    later();
    await runFiscalQueue(deps);
    expect(await rowOf(orderId)).toMatchObject({ status: 'done' });
    expect(onCashbox(row.external_check_number)).toHaveLength(1);
  });

  it('505 then success; HTML 500 is uncertain and found before any resend', async () => {
    const { orderId } = await queued();
    wk.configure({ fail505: 1 });
    expect(await runFiscalQueue(deps)).toMatchObject({ retried: 1 });
    expect(await rowOf(orderId)).toMatchObject({ status: 'pending', attempts: 1 });
    later();
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 1 });
    const second = await queued();
    wk.configure({ fail500: 1 });
    await runFiscalQueue(deps);
    expect(await rowOf(second.orderId)).toMatchObject({ status: 'sending' });
    later();
    await runFiscalQueue(deps);
    expect(await rowOf(second.orderId)).toMatchObject({ status: 'done' });
    expect(onCashbox(second.row.external_check_number)).toHaveLength(1);
  });

  it('token expiry: authorises again and sends once', async () => {
    const { orderId } = await queued();
    wk.expireTokens();
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 1 });
    expect((await rowOf(orderId)).status).toBe('done');
  });

  it('shift over 24 h: Z-report, then the receipt in the next shift', async () => {
    const { orderId } = await queued();
    await runFiscalQueue(deps);
    const shift = (await rowOf(orderId)).shift_number!;
    clock.advance(25 * 3600_000);
    // Kiim's own record of the shift is cleared so the provider's code 11 is what closes it.
    await t.db.updateTable('fiscal_cashbox').set({ shift_opened_at: null }).execute();
    const next = await queued();
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 1 });
    expect((await rowOf(next.orderId)).shift_number).toBe(shift + 1);
    expect(wk.calls().some((c) => c.path === '/api/v4/check' && c.code === 11)).toBe(true);
  });

  it('duplicate number after a crash before the answer was stored: the duplicate’s data is the result', async () => {
    const { orderId, row } = await queued();
    wk.configure({ loseAnswers: 1 });
    await runFiscalQueue(deps);
    // A crash that left the row pending, as if never sent: the provider's 14 guards the resend.
    await t.db.updateTable('fiscal_receipt').set({ status: 'pending' }).where('id', '=', row.id).execute();
    later();
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 1 });
    expect(wk.calls().some((c) => c.externalCheckNumber === row.external_check_number && c.code === 14)).toBe(
      true,
    );
    expect(onCashbox(row.external_check_number)).toHaveLength(1);
    expect((await rowOf(orderId)).status).toBe('done');
  });

  it('a crash between writing the event and sending it: the next run sends it once', async () => {
    const { orderId, row } = await queued();
    // The row as a process killed after the commit left it: pending, never sent.
    expect(row.status).toBe('pending');
    await runFiscalQueue(deps);
    expect((await rowOf(orderId)).status).toBe('done');
    expect(onCashbox(row.external_check_number)).toHaveLength(1);
  });

  it('content refused (zero price): failed with the provider message, no endless retry; staff retry looks it up', async () => {
    const orderId = await anOrder();
    const bad = content('zero');
    bad.positions.push({ name: 'Подарок', code: 'GIFT', count: 1, price: 0, discount: 0 });
    await queueSale(t.db, queue, { orderId, content: bad }, clock.now().toISOString());
    expect(await runFiscalQueue(deps)).toMatchObject({ failed: 1 });
    const row = await rowOf(orderId);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.last_error).toMatch(/^\[9\].*цена должна быть больше нуля/);
    later();
    expect(await runFiscalQueue(deps)).toMatchObject({ failed: 0, done: 0, retried: 0 });
    expect(await retryFailed(t.db, row.id, clock.now().toISOString())).toBe(true);
    expect(await runFiscalQueue(deps)).toMatchObject({ failed: 1 });
  });

  it('a return waits for its sale and carries its basis; Z-report closes the shift', async () => {
    const { orderId } = await queued();
    const ret = await queueReturn(
      t.db,
      queue,
      { orderId, eventKey: 'refund-1', content: content('r', 4000) },
      clock.now().toISOString(),
    );
    expect(ret).toBe('queued');
    expect(await runFiscalQueue(deps)).toMatchObject({ done: 2 });
    const [sale, back] = await receiptsOfOrder(t.db, orderId);
    expect(onCashbox(back!.external_check_number)[0]).toMatchObject({
      basisCheckNumber: sale!.check_number,
      total: 4000,
    });
    expect(typeof (await closeShiftNow(deps, queue.cashbox))).toBe('number');
    expect(await closeShiftNow(deps, queue.cashbox)).toBeNull();
  });
});
