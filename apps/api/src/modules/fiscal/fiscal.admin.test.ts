import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebkassaSimulator, type WebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import { FiscalErrorCode, StaffErrorCode, type Order, type StaffRole } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { orderFixtures, type FixtureSku } from '#app/test/order.fixtures.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import type { ReceiptContent } from './fiscal.provider.ts';
import { markAttempt } from './fiscal.repository.ts';
import { queueSale, receiptsOfOrder, type FiscalQueue } from './fiscal.service.ts';
import { runFiscalQueue, type FiscalDeps } from './fiscal.worker.ts';

// Receipts reach shoppers and staff (issue 32 §4–§5, docs/decisions/048), on both databases against the Webkassa
// simulator: the shopper's order answer carries the issued receipt's OFD link; «Чеки» lists and filters receipts;
// retry and the Z-report are the owner's, audited, and a retried receipt is really issued once.

let t: TestContext;
let wk: WebkassaSimulator;
let deps: FiscalDeps;
let fx: ReturnType<typeof orderFixtures>;
let skuOffset = 400;
const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
const cookies = {} as Record<StaffRole, string>;
let queue: FiscalQueue;

beforeAll(async () => {
  wk = createWebkassaSimulator({ now: () => clock.now() });
  await wk.listen();
  t = await createTestApp({ clock, env: { FISCAL_PROVIDER: 'simulator', WEBKASSA_URL: wk.url } });
  fx = orderFixtures(t);
  deps = { db: t.db, provider: t.app.fiscal!, log: t.app.log, clock };
  queue = { enabled: true, cashbox: t.config.fiscal.cashbox };
  for (const role of ['owner', 'manager', 'warehouse'] as const) {
    cookies[role] = (await signedInMember(t.app, t.db, role)).cookie;
  }
});
afterAll(async () => {
  await t?.close();
  await wk?.close();
});
beforeEach(() =>
  wk.configure({ loseAnswers: 0, fail505: 0, fail500: 0, slowMs: 0, duplicateWithData: true }),
);

/** A new cash order of a new customer with a 10,000 ₸ sale receipt queued. */
async function orderWithSale(price = 10_000) {
  const city = (await fx.cities()).courier;
  const me = await fx.newCustomer();
  const [sku] = (await fx.skus(1, skuOffset++)) as [FixtureSku];
  await fx.setStock(sku.id, { [city.id]: 5 });
  const cartId = await fx.makeCart([{ skuId: sku.id, qty: 1 }], me.id);
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId: 1 }));
  expect(r.status, r.raw).toBe(200);
  const number = r.body.data.order.number;
  const id = r.body.data.order.id;
  const content: ReceiptContent = {
    positions: [{ name: 'Платье женское (красный, M)', code: 'SKU-1-M', count: 1, price, discount: 0 }],
    payments: [{ type: 'cash', sum: price }],
    orderNumber: number,
    email: null,
    phone: '77011234567',
  };
  expect(await queueSale(t.db, queue, { orderId: id, content }, clock.now().toISOString())).toBe(true);
  const [row] = await receiptsOfOrder(t.db, id);
  return { token: me.token, number, id, row: row! };
}
const details = async (token: string, number: string) =>
  (await fx.call<Order>('GET', `/api/order/details/${number}`, token)).body.data;
const list = (role: StaffRole, query = '') =>
  staffCall(t.app, cookies[role], 'GET', `/api/admin/fiscal/receipts${query}`);

describe('the shopper’s receipt', () => {
  it('is not issued while queued, then carries the OFD link that opens the receipt with its total', async () => {
    const o = await orderWithSale(12_340);
    expect((await details(o.token, o.number)).receipts).toEqual([
      { operation: 'sale', total: 12_340, issued: false, ticketUrl: null, checkNumber: null, issuedAt: null },
    ]);
    await runFiscalQueue(deps);
    const [receipt] = (await details(o.token, o.number)).receipts;
    expect(receipt).toMatchObject({ operation: 'sale', total: 12_340, issued: true });
    expect(receipt!.ticketUrl).toMatch(new RegExp(`^${wk.url}/Ticket\\?`));
    expect(receipt!.checkNumber).toBeTruthy();
    const page = await fetch(receipt!.ticketUrl!);
    expect(page.status).toBe(200);
    expect((await page.text()).replace(/\s/g, '')).toMatch(/12340/);
  });
});

describe('«Чеки»', () => {
  it('lists receipts by state for the owner and the manager, not for the warehouse', async () => {
    const o = await orderWithSale();
    const pending = await list('manager', '?status=pending');
    expect(pending.status).toBe(200);
    expect(pending.body.data.mode).toBe('simulator');
    expect(pending.body.data.production).toBe(false);
    expect(pending.body.data.items.map((r: { id: string }) => r.id)).toContain(o.row.id);
    expect(pending.body.data.items.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(pending.body.data.items.find((r: { id: string }) => r.id === o.row.id)).toMatchObject({
      orderNumber: o.number,
      operation: 'sale',
      total: 10_000,
    });
    await runFiscalQueue(deps);
    const done = await list('owner', '?status=done');
    expect(done.body.data.items.find((r: { id: string }) => r.id === o.row.id)).toMatchObject({
      status: 'done',
    });
    expect(done.body.data.cashbox).toMatchObject({ uniqueNumber: queue.cashbox });
    expect(done.body.data.cashbox.shiftNumber).toEqual(expect.any(Number));
    const page = await staffCall(t.app, cookies.manager, 'GET', `/api/admin/orders/${o.number}`);
    expect(page.body.data.order.fiscalReceipts).toMatchObject([
      {
        id: o.row.id,
        status: 'done',
        operation: 'sale',
        total: 10_000,
        ticketUrl: expect.stringMatching(/Ticket/),
      },
    ]);
    expect((await list('warehouse')).status).toBe(403);
    expect((await list('owner', '?status=lost')).status).toBe(400);
  });

  it('retry: owner only, audited, and the given-up receipt is then issued exactly once', async () => {
    const o = await orderWithSale();
    // Given up after the provider's outages (as after MAX_ATTEMPTS of 505): failed, not on the cash register.
    const nowIso = clock.now().toISOString();
    await markAttempt(t.db, o.row.id, 'failed', '[505] Сервис недоступен', nowIso, nowIso, 12);
    const url = `/api/admin/fiscal/receipts/${o.row.id}/retry`;
    const byManager = await staffCall(t.app, cookies.manager, 'POST', url);
    expect(byManager.status).toBe(403);
    expect(byManager.body.code).toBe(StaffErrorCode.permissionDenied);
    const failed = await list('manager', '?status=failed');
    expect(failed.body.data.items.find((r: { id: string }) => r.id === o.row.id)).toMatchObject({
      lastError: '[505] Сервис недоступен',
    });
    const r = await staffCall(t.app, cookies.owner, 'POST', url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.receipt).toMatchObject({ id: o.row.id, status: 'sending', attempts: 0 });
    const entry = (await auditOf(t.db, 'fiscal.retry')).find((a) => a.entity_id === o.row.id);
    expect(entry).toMatchObject({ before: { status: 'failed' }, after: { status: 'sending' } });
    expect((await staffCall(t.app, cookies.owner, 'POST', url)).body.code).toBe(FiscalErrorCode.notRetryable);
    await runFiscalQueue(deps);
    expect((await receiptsOfOrder(t.db, o.id))[0]!.status).toBe('done');
    expect(wk.receipts().filter((x) => x.externalCheckNumber === o.row.external_check_number)).toHaveLength(
      1,
    );
    expect((await details(o.token, o.number)).receipts[0]!.issued).toBe(true);
  });

  it('retry of an unknown receipt is 404', async () => {
    const r = await staffCall(t.app, cookies.owner, 'POST', '/api/admin/fiscal/receipts/nope/retry');
    expect(r.status).toBe(404);
  });

  it('«Закрыть смену»: owner only, closes the open shift once, audited', async () => {
    await orderWithSale();
    await runFiscalQueue(deps);
    const url = '/api/admin/fiscal/shift/close';
    expect((await staffCall(t.app, cookies.manager, 'POST', url)).status).toBe(403);
    const before = (await auditOf(t.db, 'fiscal.shift_closed')).length;
    const r = await staffCall(t.app, cookies.owner, 'POST', url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.closedShift).toEqual(expect.any(Number));
    expect(r.body.data.cashbox).toMatchObject({
      shiftOpenedAt: null,
      lastZReportAt: clock.now().toISOString(),
    });
    const again = await staffCall(t.app, cookies.owner, 'POST', url);
    expect(again.body.data.closedShift).toBeNull();
    const entries = await auditOf(t.db, 'fiscal.shift_closed');
    expect(entries).toHaveLength(before + 2);
    expect(entries[before]).toMatchObject({
      entity_id: queue.cashbox,
      after: { shift: r.body.data.closedShift },
    });
  });

  it('«Закрыть смену» when the cash register does not answer: 502 with the reason, no audit entry', async () => {
    wk.configure({ fail505: 5 });
    const before = (await auditOf(t.db, 'fiscal.shift_closed')).length;
    const r = await staffCall(t.app, cookies.owner, 'POST', '/api/admin/fiscal/shift/close');
    expect(r.status).toBe(502);
    expect(r.body.code).toBe(FiscalErrorCode.providerFailed);
    expect(await auditOf(t.db, 'fiscal.shift_closed')).toHaveLength(before);
  });
});

describe('fiscalisation off', () => {
  it('«Закрыть смену» answers 409 and «Чеки» says the mode', async () => {
    const off = await createTestApp({ env: { FISCAL_PROVIDER: 'off' } });
    try {
      const { cookie } = await signedInMember(off.app, off.db, 'owner');
      const r = await staffCall(off.app, cookie, 'POST', '/api/admin/fiscal/shift/close');
      expect(r.status).toBe(409);
      expect(r.body.code).toBe(FiscalErrorCode.cashboxUnavailable);
      const l = await staffCall(off.app, cookie, 'GET', '/api/admin/fiscal/receipts');
      expect(l.body.data).toMatchObject({ mode: 'off', cashbox: null, items: [] });
    } finally {
      await off.close();
    }
  });
});
