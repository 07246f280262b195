import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { formatPrice } from '@kiim/contract';
import { simpleParser, type ParsedMail } from 'mailparser';
import { manualClock } from '#app/test/manual-clock.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';
import { recordOrderEvent } from '#app/modules/order/order.notify.ts';
import { orderDeps } from '#app/modules/order/order.lifecycle.ts';
import { createMailer, type Mailer } from './notification.mailer.ts';
import { notificationsOfOrder } from './notification.repository.ts';
import { recordOrderNotice } from './notification.service.ts';
import { deliverDue, LEASE_MS, type NotifyDeps } from './notification.worker.ts';

// The notification outbox (issue 13, docs/decisions/023) against a local SMTP server started here: one row per
// order event and channel written in the order's transaction, emails as valid MIME with HTML and text parts,
// retries after SMTP failures, and no second send after a worker died between the send and its record.

/** The local SMTP server: every accepted message parsed; `refuse` > 0 rejects that many sends with 451. */
const smtp = { messages: [] as ParsedMail[], refuse: 0, server: null as SMTPServer | null, port: 0 };

async function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (smtp.refuse > 0) {
        smtp.refuse--;
        return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          smtp.messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.server = server;
  smtp.port = (server.server.address() as { port: number }).port;
}

const clock = manualClock(new Date());
let t: TestContext;
let fx: ReturnType<typeof orderFixtures>;
let erpKey: string;
beforeAll(async () => {
  await startSmtp();
  t = await createTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Kiim <orders@kiim.kz>' },
  });
  fx = orderFixtures(t);
  erpKey = (await makeApiKey(t.db, ['orders.status'])).secret;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp.server ? smtp.server.close(() => resolve()) : resolve()));
});
beforeEach(async () => {
  // Each test starts with nothing due: what an earlier test left pending is sent first.
  smtp.refuse = 0;
  await deliverDue(t.app.notifier.deps);
});

const deps = (): NotifyDeps => t.app.notifier.deps;
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to && 'text' in m.to && m.to.text === email);

/** A pickup order (cash) of one line, by a customer with this language, giving `email` at checkout. */
async function placeOrder(opts: { language?: 'ru' | 'kk'; email?: string; name?: string } = {}) {
  const { pickup } = { pickup: (await fx.cities()).courier };
  const [sku] = await fx.skus(1, 7);
  await fx.setStock(sku!.id, { [pickup.id]: 50 });
  const c = await fx.newCustomer({ language: opts.language, name: opts.name ?? 'Айгерим' });
  const cart = await fx.makeCart([{ skuId: sku!.id, qty: 2 }], c.id);
  const email = opts.email ?? `buyer-${c.mobile}@example.kz`;
  const r = await fx.create(c.token, fx.draft(cart, pickup, { email }));
  expect(r.status).toBe(200);
  const order = r.body.data.order;
  return { customer: c, order, email, sku: sku! };
}

const rowsOf = (orderId: string) => notificationsOfOrder(t.db, orderId);

describe('the notification outbox', () => {
  it('writes one SMS and one email per event in the order transaction; the SMS goes out at once', async () => {
    const { order, email, customer } = await placeOrder();
    // Sent right after the answer, which does not wait for it (decision 023).
    await t.app.notifier.settled();
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => [r.event, r.channel, r.recipient, r.status])).toEqual([
      ['accepted', 'email', email, 'pending'],
      ['accepted', 'sms', customer.mobile, 'sent'],
    ]);
    const sms = await t.db
      .selectFrom('sms_message')
      .select('text')
      .where('mobile', '=', customer.mobile)
      .execute();
    expect(sms.map((m) => m.text)).toEqual([
      `Kiim: заказ № ${order.number} принят, сумма ${formatPrice(order.amount)}. Спасибо!`,
    ]);

    // The same event recorded again writes nothing (unique per order, event and channel).
    const again = await t.db
      .transaction()
      .execute((trx) =>
        recordOrderEvent(trx, orderDeps(t.app), order.id, 'accepted', 'customer', clock.now().toISOString()),
      );
    expect(again).toEqual({ sms: [], email: [] });
    expect(await rowsOf(order.id)).toHaveLength(2);
  });

  it('writes nothing when the order change is rolled back', async () => {
    const { order } = await placeOrder();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordOrderEvent(trx, orderDeps(t.app), order.id, 'paid', 'payment', clock.now().toISOString());
        throw new Error('the order change failed');
      }),
    ).rejects.toThrow('the order change failed');
    expect((await rowsOf(order.id)).map((r) => r.event)).toEqual(['accepted', 'accepted']);
  });

  it('sends the email once as valid MIME with HTML and plain-text parts, in Russian', async () => {
    const { order, email } = await placeOrder({ name: 'Дана' });
    const report = await deliverDue(deps());
    expect(report.sent).toBeGreaterThanOrEqual(1);
    expect(await deliverDue(deps())).toMatchObject({ sent: 0 });
    const [mail, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    const row = (await rowsOf(order.id)).find((r) => r.channel === 'email')!;
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      subject: `Kiim: Заказ № ${order.number} принят`,
    });
    expect(mail!.messageId).toBe(`<${row.id}@kiim.kz>`);
    expect(mail!.subject).toBe(`Kiim: Заказ № ${order.number} принят`);
    expect(mail!.from?.value).toEqual([{ name: 'Kiim', address: 'orders@kiim.kz' }]);
    expect(mail!.html).toContain('Здравствуйте, Дана!');
    expect(mail!.text).toContain('Здравствуйте, Дана!');
    for (const part of [mail!.html as string, mail!.text!]) {
      expect(part).toContain(order.lines[0]!.name);
      expect(part).toContain('Самовывоз');
      expect(part).toContain(order.pickupPoint!.openingHours);
      expect(part).toContain('Наличными при получении');
      expect(part).toContain(`/personal/orders/details/${order.number}`);
    }
    expect(mail!.text).toContain(`Итого: ${formatPrice(order.amount)}`);
  });

  it('writes the email and SMS in Kazakh for a Kazakh-speaking customer', async () => {
    const { order, email, customer } = await placeOrder({ language: 'kk', name: 'Әсел' });
    await deliverDue(deps());
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe(`Kiim: № ${order.number} тапсырыс қабылданды`);
    expect(mail!.text).toContain('Сәлеметсіз бе, Әсел!');
    expect(mail!.text).toContain('Өзі алып кету');
    expect(mail!.text).toContain('Алған кезде қолма-қол ақшамен');
    expect(mail!.html).toContain('lang="kk"');
    const sms = await t.db
      .selectFrom('sms_message')
      .select('text')
      .where('mobile', '=', customer.mobile)
      .execute();
    expect(sms[0]!.text).toBe(
      `Kiim: № ${order.number} тапсырыс қабылданды, сомасы ${formatPrice(order.amount)}. Рақмет!`,
    );
  });

  it('notifies the status changes the ERP makes: ready for pickup, then cancelled', async () => {
    const { order, email, customer } = await placeOrder();
    const move = (status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/backoffice/orders/${order.number}/status`,
        headers: { 'x-api-key': erpKey },
        payload: { status, reason: 'тест' },
      });
    clock.advance(1000);
    expect((await move('ready_for_pickup')).statusCode).toBe(200);
    clock.advance(1000);
    expect((await move('cancelled')).statusCode).toBe(200);
    await deliverDue(deps());
    expect(mailsTo(email).map((m) => m.subject)).toEqual([
      `Kiim: Заказ № ${order.number} принят`,
      `Kiim: Заказ № ${order.number} готов к выдаче`,
      `Kiim: Заказ № ${order.number} отменён`,
    ]);
    const sms = await t.db
      .selectFrom('sms_message')
      .select('text')
      .where('mobile', '=', customer.mobile)
      .orderBy('created_at')
      .execute();
    expect(sms).toHaveLength(3);
    expect(sms[1]!.text).toContain('готов к выдаче');
  });

  it('keeps writing to the email given at checkout after the profile email changes; else uses the profile', async () => {
    const { order, email, customer } = await placeOrder();
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/customer/update',
      headers: { 'x-authorization': customer.token },
      payload: { email: `new-${customer.mobile}@example.kz`, language: 'kk' },
    });
    expect(update.statusCode).toBe(200);
    clock.advance(1000);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/orders/${order.number}/status`,
      headers: { 'x-api-key': erpKey },
      payload: { status: 'ready_for_pickup' },
    });
    expect(moved.statusCode).toBe(200);
    const rows = (await rowsOf(order.id)).filter((r) => r.channel === 'email');
    expect(rows.map((r) => [r.event, r.recipient, r.language])).toEqual([
      ['accepted', email, 'ru'],
      ['ready_for_pickup', email, 'kk'],
    ]);

    // An order placed without an email at checkout writes to the profile's address.
    const [sku] = await fx.skus(1, 7);
    const city = (await fx.cities()).courier;
    const cart = await fx.makeCart([{ skuId: sku!.id, qty: 1 }], customer.id);
    const second = await fx.create(customer.token, fx.draft(cart, city));
    expect(second.status).toBe(200);
    const [row] = (await rowsOf(second.body.data.order.id)).filter((r) => r.channel === 'email');
    expect(row).toMatchObject({ recipient: `new-${customer.mobile}@example.kz`, language: 'kk' });
  });

  it('retries an email the SMTP server refused, with growing back-off, and sends it once', async () => {
    const { order, email } = await placeOrder();
    smtp.refuse = 2;
    expect(await deliverDue(deps(), { limit: 1 })).toMatchObject({ retried: 1, sent: 0 });
    const row = async () => (await rowsOf(order.id)).find((r) => r.channel === 'email')!;
    const first = await row();
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.last_error).toMatch(/^unavailable: .*Mailbox busy/);
    expect(Date.parse(first.next_attempt_at) - clock.now().getTime()).toBe(30_000);
    expect(await deliverDue(deps())).toMatchObject({ sent: 0, retried: 0 }); // not due yet
    clock.advance(30_000);
    expect(await deliverDue(deps())).toMatchObject({ retried: 1 });
    expect(Date.parse((await row()).next_attempt_at) - clock.now().getTime()).toBe(60_000);
    clock.advance(60_000);
    expect(await deliverDue(deps())).toMatchObject({ sent: 1 });
    expect(await row()).toMatchObject({ status: 'sent', attempts: 3 });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('never sends twice when a worker dies between the send and its record', async () => {
    const { order, email } = await placeOrder();
    // A worker whose process freezes right after the server accepted the message (it never records it).
    const real = createMailer({ ...t.config, mail: { ...t.config.mail } }) as Mailer;
    const dying: Mailer = {
      ...real,
      async send(m) {
        await real.send(m);
        await new Promise(() => {}); // the process is gone
      },
    };
    void deliverDue({ ...deps(), mailer: dying });
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const row = async () => (await rowsOf(order.id)).find((r) => r.channel === 'email')!;
    expect((await row()).status).toBe('sending');

    // Restarted workers: within the lease they leave it; after it they mark it unknown and never resend.
    expect(await deliverDue(deps())).toMatchObject({ sent: 0, abandoned: 0 });
    clock.advance(LEASE_MS + 1);
    expect(await deliverDue(deps())).toMatchObject({ sent: 0, abandoned: 1 });
    clock.advance(24 * 60 * 60_000);
    expect(await deliverDue(deps())).toMatchObject({ sent: 0, abandoned: 0 });
    expect(await row()).toMatchObject({ status: 'unknown', attempts: 1 });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('sends a row whose worker died after claiming it, before the send, once its lease ran out', async () => {
    const { order, email } = await placeOrder();
    const row = async () => (await rowsOf(order.id)).find((r) => r.channel === 'email')!;
    // A worker that claims and dies: its mailer never gets called because the claim is all it did.
    const { claimDue } = await import('./notification.repository.ts');
    const claimed = await claimDue(t.db, {
      nowIso: clock.now().toISOString(),
      leaseUntil: new Date(clock.now().getTime() + LEASE_MS).toISOString(),
      claimId: 'dead-worker',
      limit: 10,
      ids: [(await row()).id],
    });
    expect(claimed).toHaveLength(1);
    expect(await deliverDue(deps())).toMatchObject({ sent: 0 });
    clock.advance(LEASE_MS + 1);
    expect(await deliverDue(deps())).toMatchObject({ sent: 1 });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('writes the order’s SMS already claimed; if the process stops before sending it, the worker sends it after the lease', async () => {
    const { order, customer } = await placeOrder();
    await deliverDue(deps()); // the order's email
    const sent = (await rowsOf(order.id)).find((r) => r.channel === 'sms')!;
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    // The same notice recorded as the order flow does (claimSms), and the process «stops» before delivering it.
    await t.db.deleteFrom('notification').where('id', '=', sent.id).execute();
    const written = await t.db
      .transaction()
      .execute((trx) =>
        recordOrderNotice(
          trx,
          JSON.parse(sent.payload),
          { orderId: order.id, mobile: customer.mobile, email: null, language: 'ru' },
          { emailEnabled: true, nowIso: clock.now().toISOString(), claimSms: true },
        ),
      );
    expect(written.claimed?.rows.map((r) => r.id)).toEqual(written.sms);
    const row = async () => (await rowsOf(order.id)).find((r) => r.channel === 'sms')!;
    expect(await row()).toMatchObject({ status: 'claimed', claim_id: written.claimed!.claimId, attempts: 0 });
    const texts = async () =>
      (await t.db.selectFrom('sms_message').select('text').where('mobile', '=', customer.mobile).execute())
        .length;
    const before = await texts();
    // Not claimable while its lease runs; then the worker sends it, once.
    expect(await deliverDue(deps())).toMatchObject({ sent: 0 });
    clock.advance(LEASE_MS + 1);
    expect(await deliverDue(deps())).toMatchObject({ sent: 1 });
    expect(await row()).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await texts()).toBe(before + 1);
    expect(await deliverDue(deps())).toMatchObject({ sent: 0 });
  });

  it('several workers at once send each due email exactly once', async () => {
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(await placeOrder());
    const reports = await Promise.all(
      [0, 1, 2].map(() => deliverDue(deps(), { limit: 2 })).concat(deliverDue(deps())),
    );
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(6);
    for (const p of placed) expect(mailsTo(p.email)).toHaveLength(1);
  });
});

describe('the development email outbox', () => {
  it('lists the emails sent with both parts and shows one as HTML', async () => {
    const { order, email } = await placeOrder();
    await deliverDue(deps());
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/dev/email-outbox?email=${encodeURIComponent(email)}`,
    });
    expect(list.statusCode).toBe(200);
    const [msg] = (list.json() as { data: { id: string; subject: string; text: string; html: string }[] })
      .data;
    expect(msg!.subject).toBe(`Kiim: Заказ № ${order.number} принят`);
    expect(msg!.text).toContain(order.number);
    const page = await t.app.inject({ method: 'GET', url: `/api/dev/email-outbox/${msg!.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toBe(msg!.html);
    const viewer = await t.app.inject({ method: 'GET', url: '/api/dev/emails' });
    expect(viewer.body).toContain(`email-outbox/${msg!.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/email-outbox/not-an-id' })).statusCode).toBe(
      400,
    );
  });
});
