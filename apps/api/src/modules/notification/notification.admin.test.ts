import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { saveCatalogueTexts } from '#app/modules/catalog/catalog.texts.ts';
import { notificationsOfOrder } from './notification.repository.ts';
import { deliverDue } from './notification.worker.ts';

// Issue 13 on both databases: a Kazakh-speaking customer's order pages, email and SMS show the Kazakh product
// names (catalogue_text by the Russian name stored with the line, falling back to it), and the back office's view of
// notifications that did not go out with a resend by hand (audited, only failed or unknown rows, permissions).
// Without SMTP_URL the test app's development mailer builds each email and records it, as a real send would.

let t: TestContext;
let fx: ReturnType<typeof orderFixtures>;
let manager: string;
const KAZAKH_NAME = 'Сынақ күртесі, қысқы';

beforeAll(async () => {
  t = await createTestApp();
  fx = orderFixtures(t);
  manager = (await signedInMember(t.app, t.db, 'manager')).cookie;
});
afterAll(async () => {
  await t?.close();
});

/** A pickup order (cash) of one line of the `offset`-th SKU by a customer of `language`. */
async function placeOrder(language: 'ru' | 'kk', offset = 3) {
  const pickup = (await fx.cities()).courier;
  const [sku] = await fx.skus(1, offset);
  await fx.setStock(sku!.id, { [pickup.id]: 50 });
  const c = await fx.newCustomer({ language, name: language === 'kk' ? 'Әсел' : 'Дана' });
  const cart = await fx.makeCart([{ skuId: sku!.id, qty: 1 }], c.id);
  const r = await fx.create(c.token, fx.draft(cart, pickup, { email: `buyer-${c.mobile}@example.kz` }));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { customer: c, order: r.body.data.order };
}

/** The Russian name of the `offset`-th SKU's product. */
async function productNameOf(offset: number) {
  const [sku] = await fx.skus(1, offset);
  const row = await t.db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .select('product.name')
    .where('sku.id', '=', sku!.id)
    .executeTakeFirstOrThrow();
  return row.name;
}

describe('Kazakh product names in orders and notifications', () => {
  it('shows a Kazakh customer the Kazakh name in the order pages, the email (both parts) and keeps Russian in Russian', async () => {
    const russianName = await productNameOf(3);
    await saveCatalogueTexts(t.db, 'kk', { [russianName]: KAZAKH_NAME });
    const { customer, order } = await placeOrder('kk');
    expect(order.lines[0]!.name).toBe(russianName); // stored as ordered, in Russian

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/order/details/${order.number}`,
      headers: { 'x-authorization': customer.token, 'accept-language': 'kk' },
    });
    expect(details.json().data.lines[0].name).toBe(KAZAKH_NAME);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/order/list',
      headers: { 'x-authorization': customer.token, 'accept-language': 'kk' },
    });
    expect(JSON.stringify(list.json().data)).not.toContain(russianName);
    const inRussian = await t.app.inject({
      method: 'GET',
      url: `/api/order/details/${order.number}`,
      headers: { 'x-authorization': customer.token },
    });
    expect(inRussian.json().data.lines[0].name).toBe(russianName);

    await deliverDue(t.app.notifier.deps);
    const email = (await notificationsOfOrder(t.db, order.id)).find((r) => r.channel === 'email')!;
    expect(email.status).toBe('sent');
    expect(email.subject).toBe(`Kiim: № ${order.number} тапсырыс қабылданды`);
    for (const part of [email.body_text!, email.body_html!]) {
      expect(part).toContain(KAZAKH_NAME);
      expect(part).not.toContain(russianName);
    }
  });

  it('writes the Russian name for a Russian-speaking customer, and the Russian name when no Kazakh one exists', async () => {
    const { order } = await placeOrder('ru');
    const russianName = await productNameOf(3);
    const untranslated = 'Футболка без перевода';
    const [sku] = await fx.skus(1, 9);
    const productId = (
      await t.db.selectFrom('sku').select('product_id').where('id', '=', sku!.id).executeTakeFirstOrThrow()
    ).product_id;
    await t.db.updateTable('product').set({ name: untranslated }).where('id', '=', productId).execute();
    const kk = await placeOrder('kk', 9);
    await deliverDue(t.app.notifier.deps);
    const ru = (await notificationsOfOrder(t.db, order.id)).find((r) => r.channel === 'email')!;
    expect(ru.body_text).toContain(russianName);
    expect(ru.body_text).not.toContain(KAZAKH_NAME);
    const fallback = (await notificationsOfOrder(t.db, kk.order.id)).find((r) => r.channel === 'email')!;
    expect(fallback.body_text).toContain(untranslated);
    expect(fallback.body_html).toContain(untranslated);
  });
});

describe('notifications that did not go out, in the back office', () => {
  let failedId: string;
  let unknownId: string;
  let sentId: string;
  let number: string;

  beforeAll(async () => {
    const { order } = await placeOrder('ru');
    number = order.number;
    await deliverDue(t.app.notifier.deps);
    const [email, sms] = ['email', 'sms'].map((c) =>
      (async () => (await notificationsOfOrder(t.db, order.id)).find((r) => r.channel === c)!)(),
    );
    failedId = (await email)!.id;
    sentId = (await sms)!.id;
    // States the worker leaves (tested in notification.test.ts): gave up after its attempts; stopped mid-send.
    await t.db
      .updateTable('notification')
      .set({ status: 'failed', attempts: 10, last_error: '451 Mailbox busy, try later', sent_at: null })
      .where('id', '=', failedId)
      .execute();
    const other = await placeOrder('kk');
    unknownId = (await notificationsOfOrder(t.db, other.order.id)).find((r) => r.channel === 'email')!.id;
    await t.db
      .updateTable('notification')
      .set({ status: 'unknown', attempts: 1, last_error: 'interrupted: worker stopped during the send' })
      .where('id', '=', unknownId)
      .execute();
  });

  const list = (query = '') => staffCall(t.app, manager, 'GET', `/api/admin/notifications${query}`);

  it('lists failed and unknown ones by default with order number, channel, event, attempts and last error', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    const ids = r.body.data.items.map((n: { id: string }) => n.id);
    expect(ids).toEqual(expect.arrayContaining([failedId, unknownId]));
    expect(ids).not.toContain(sentId);
    expect(r.body.data.items.find((n: { id: string }) => n.id === failedId)).toMatchObject({
      orderNumber: number,
      channel: 'email',
      event: 'accepted',
      status: 'failed',
      attempts: 10,
      failureCause: null,
      lastError: '451 Mailbox busy, try later',
      language: 'ru',
    });
    expect(r.body.data.items.find((n: { id: string }) => n.id === unknownId)).toMatchObject({
      status: 'unknown',
      failureCause: 'interrupted',
      lastError: 'worker stopped during the send',
    });
    expect(r.body.data).toMatchObject({ page: 1, pageCount: 1 });
  });

  it('filters by status and channel, and refuses unknown filters with field errors', async () => {
    const sent = await list('?status=sent&channel=sms');
    expect(sent.body.data.items.map((n: { id: string }) => n.id)).toContain(sentId);
    expect(sent.body.data.items.every((n: { status: string; channel: string }) => n.status === 'sent')).toBe(
      true,
    );
    expect((await list('?status=unknown')).body.data.items.map((n: { id: string }) => n.id)).toEqual([
      unknownId,
    ]);
    expect((await list('?status=failed&channel=sms')).body.data.items).toEqual([]);
    for (const q of ['?status=lost', '?channel=fax', '?page=0', '?extra=1']) {
      const bad = await list(q);
      expect(bad.status, q).toBe(400);
    }
    expect((await list('?status=lost')).body.errors.status).toBeDefined();
  });

  it('resends a failed one: back in the queue (audited), then the worker sends it once', async () => {
    const r = await staffCall(t.app, manager, 'POST', `/api/admin/notifications/${failedId}/resend`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.notification).toMatchObject({ id: failedId, status: 'pending', attempts: 10 });
    const entry = (await auditOf(t.db, 'notification.resent')).at(-1)!;
    expect(entry).toMatchObject({ entity_type: 'notification', entity_id: failedId });
    expect(entry.before).toMatchObject({ status: 'failed', attempts: 10 });
    expect(entry.after).toMatchObject({ status: 'pending' });

    // A second resend (another member a moment later) changes nothing.
    const again = await staffCall(t.app, manager, 'POST', `/api/admin/notifications/${failedId}/resend`);
    expect(again).toMatchObject({ status: 409, body: { code: NotificationErrorCode.notResendable } });
    expect(await auditOf(t.db, 'notification.resent')).toHaveLength(1);

    expect((await deliverDue(t.app.notifier.deps)).sent).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('notification')
      .selectAll()
      .where('id', '=', failedId)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'sent', attempts: 11, last_error: null });
    expect((await deliverDue(t.app.notifier.deps)).sent).toBe(0);
  });

  it('resends an unknown one by the owner too', async () => {
    const owner = (await signedInMember(t.app, t.db, 'owner')).cookie;
    const r = await staffCall(t.app, owner, 'POST', `/api/admin/notifications/${unknownId}/resend`);
    expect(r.status).toBe(200);
    expect(r.body.data.notification.status).toBe('pending');
  });

  it('never touches a sent, pending or unknown id: 409, 404, 400', async () => {
    const sent = await staffCall(t.app, manager, 'POST', `/api/admin/notifications/${sentId}/resend`);
    expect(sent).toMatchObject({ status: 409, body: { code: NotificationErrorCode.notResendable } });
    const row = await t.db
      .selectFrom('notification')
      .select('status')
      .where('id', '=', sentId)
      .executeTakeFirst();
    expect(row).toEqual({ status: 'sent' });
    const pending = await staffCall(t.app, manager, 'POST', `/api/admin/notifications/${unknownId}/resend`);
    expect(pending.status).toBe(409);
    const missing = await staffCall(
      t.app,
      manager,
      'POST',
      '/api/admin/notifications/00000000-0000-4000-8000-000000000000/resend',
    );
    expect(missing.status).toBe(404);
    const bad = await staffCall(t.app, manager, 'POST', '/api/admin/notifications/not-an-id/resend');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toBeDefined();
  });

  it('is closed to the warehouse and the catalogue roles, and to anyone signed out', async () => {
    for (const role of ['warehouse', 'catalogue'] as const) {
      const cookie = (await signedInMember(t.app, t.db, role)).cookie;
      expect((await staffCall(t.app, cookie, 'GET', '/api/admin/notifications')).status, role).toBe(403);
      const r = await staffCall(t.app, cookie, 'POST', `/api/admin/notifications/${failedId}/resend`);
      expect(r.status, role).toBe(403);
    }
    expect((await staffCall(t.app, undefined, 'GET', '/api/admin/notifications')).status).toBe(401);
  });
});
