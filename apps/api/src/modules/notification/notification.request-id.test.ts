import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { notificationsOfOrder } from './notification.repository.ts';
import { deliverDue } from './notification.worker.ts';

// Issue 31 item 4: the request id (nginx's X-Request-Id) of the request that placed an order reaches the job that
// sends its notifications, whichever process runs that job later: the outbox row keeps it and the send's log line
// carries it as `reqId`.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the request id of an order reaches its notification job', () => {
  it('is kept on the outbox rows the request queued and logged by the worker that sends them', async () => {
    const fx = orderFixtures(t);
    const city = (await fx.cities()).courier;
    const [sku] = await fx.skus(1, 3);
    await fx.setStock(sku!.id, { [city.id]: 5 });
    const buyer = await fx.newCustomer({ name: 'Данияр' });
    const cart = await fx.makeCart([{ skuId: sku!.id, qty: 1 }], buyer.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { 'x-authorization': buyer.token, 'x-request-id': 'nginx-7f3a9c' },
      payload: { order: fx.draft(cart, city) },
    });
    expect(res.statusCode).toBe(200);
    const orderId = (res.json() as { data: { order: { id: string } } }).data.order.id;
    await t.app.notifier.settled();
    const rows = await notificationsOfOrder(t.db, orderId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.request_id)).toEqual(rows.map(() => 'nginx-7f3a9c'));

    // A worker (another process, a later tick) sends the row again: its log line names the request.
    await t.db
      .updateTable('notification')
      .set({ status: 'pending' })
      .where('order_id', '=', orderId)
      .execute();
    const lines: { reqId?: string; msg: string }[] = [];
    const record = (o: object, msg: string) => lines.push({ ...o, msg });
    const noop = () => {};
    const log = {
      ...{ info: record, warn: record, error: record, fatal: record, debug: noop, trace: noop, silent: noop },
      level: 'info',
      child: () => log,
    } as unknown as FastifyBaseLogger;
    const report = await deliverDue({ ...t.app.notifier.deps, log });
    expect(report.sent).toBeGreaterThan(0);
    const sent = lines.filter((l) => l.msg === 'notification sent');
    expect(sent.length).toBe(report.sent);
    expect(sent.every((l) => l.reqId === 'nginx-7f3a9c')).toBe(true);
  });

  it('leaves the id empty for rows queued outside a request (a timer job)', async () => {
    const rows = await t.db.selectFrom('notification').select('request_id').execute();
    // Every row so far came from a request; a direct write outside one has none.
    expect(rows.every((r) => r.request_id !== null)).toBe(true);
    const { recordOrderNotice } = await import('./notification.service.ts');
    const order = await t.db.selectFrom('order').select('id').executeTakeFirstOrThrow();
    const nowIso = new Date().toISOString();
    const written = await recordOrderNotice(
      t.db,
      {
        ...{ event: 'paid', number: 'X-1', customerName: null, actor: 'payment', payWithinMinutes: null },
        ...{ lines: [], itemsAmount: 100, deliveryAmount: 0, totalAmount: 100, deliveryMethodId: 1 },
        ...{
          paymentId: 3,
          pickupPoint: null,
          deliveryAddress: null,
          refundAmount: null,
          url: 'https://kiim.kz',
        },
      },
      { orderId: order.id, mobile: '77010000001', email: null, language: 'ru' },
      { emailEnabled: false, nowIso },
    );
    const row = await t.db
      .selectFrom('notification')
      .select('request_id')
      .where('id', '=', written.sms[0]!)
      .executeTakeFirstOrThrow();
    expect(row.request_id).toBeNull();
  });
});
