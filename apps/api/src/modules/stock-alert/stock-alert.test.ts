import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, StockAlertSubscription } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { callJson, type Headers } from '#app/test/inject.ts';
import { newCustomer } from '#app/test/cart.fixtures.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { releaseStock } from '#app/modules/inventory/inventory.service.ts';
import { setStockLevel, setStockLevels } from '#app/modules/inventory/inventory.levels.ts';
import type { Mailer, MailMessage } from '#app/modules/notification/notification.mailer.ts';
import { deliverDueAlerts, type AlertDeps } from './stock-alert.worker.ts';

// «Сообщить о поступлении» on a real database (SQLite, or PostgreSQL with DATABASE_URL; issue 35 item 4): subscribe
// (by phone with consent, signed in with one click), the same subscription twice, bad input, unsubscribe by the
// token; staff add stock through the back office → exactly one SMS in the subscriber's language with the product
// link, and nothing for a subscriber in another city; cancelled orders and batch imports mark alerts due too.

let t: TestContext;
let warehouse: string;
let almaty: number;
let astana: number;
let sku: { id: number; external_id: string; slug: string; size: string };
const system = { type: 'system' as const, id: null };

beforeAll(async () => {
  t = await createTestApp();
  warehouse = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
  const cities = await t.db.selectFrom('city').select(['id', 'name']).orderBy('id').execute();
  almaty = cities.find((c) => c.name === 'Алматы')!.id;
  astana = cities.find((c) => c.id !== almaty)!.id;
  sku = await t.db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id', 's.external_id', 'p.slug', 's.size'])
    .where('p.is_active', '=', 1)
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
  await soldOut(sku.id);
});
afterAll(async () => {
  await t?.close();
});

/** Sets a SKU's stock to 0 in both test cities. */
async function soldOut(skuId: number) {
  for (const cityId of [almaty, astana])
    await setStockLevel(t.db, {
      skuId,
      cityId,
      quantity: 0,
      reason: 'stocktake',
      actor: system,
      at: new Date(),
    });
}

const deps = (): AlertDeps => ({ ...t.app.notifier.deps, publicUrl: t.config.publicUrl });
const call = (url: string, payload: unknown, headers: Headers = {}) =>
  callJson(t.app, 'POST', `/api/stock-alert${url}`, payload, headers);

/** Subscribes expecting 200; returns the subscription answered. */
async function subscribe(payload: Record<string, unknown>, headers: Headers = {}) {
  const res = await call('', { externalId: sku.external_id, cityId: almaty, ...payload }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StockAlertSubscription.parse(res.body.data);
}

/** SMS the development provider recorded for a number, oldest first. */
const smsTo = (mobile: string) =>
  t.db.selectFrom('sms_message').select('text').where('mobile', '=', mobile).orderBy('created_at').execute();

/** Staff set the units of the test SKU in a city through the back office's stock API. */
async function staffSetsStock(cityId: number, quantity: number) {
  const res = await staffCall(t.app, warehouse, 'PUT', `/api/admin/catalogue/stock/${sku.id}/${cityId}`, {
    quantity,
    reason: 'receipt',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('subscribing', () => {
  it('subscribes a phone with consent; the same contact again gets the same subscription', async () => {
    const first = await subscribe({ mobile: '+7 701 555 10 01', consent: true });
    expect(first).toMatchObject({
      channel: 'sms',
      contact: '+7 701 ••• •• 01',
      status: 'live',
      created: true,
    });
    const again = await subscribe({ mobile: '87015551001', consent: true });
    expect(again).toMatchObject({ created: false, token: first.token });
    const rows = await t.db
      .selectFrom('stock_alert')
      .selectAll()
      .where('recipient', '=', '77015551001')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sku_id: sku.id, city_id: almaty, status: 'live', language: 'ru' });
  });

  it('refuses bad input with 400, unknown SKU or city with 404, a size in stock with 409', async () => {
    const bad = [
      { mobile: '+7 701 555 10 02' },
      { mobile: '+7 701 555 10 02', consent: false },
      { mobile: '12345', consent: true },
      { email: 'not-an-address', consent: true },
      { mobile: '+7 701 555 10 02', email: 'a@b.kz', consent: true },
      {},
      { mobile: '+7 701 555 10 02', consent: true, extra: 1 },
      { mobile: 'x'.repeat(40), consent: true },
    ];
    for (const payload of bad) {
      const res = await call('', { externalId: sku.external_id, cityId: almaty, ...payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await call('', { externalId: 'no-such-sku', cityId: almaty, email: 'a@b.kz', consent: true })).body,
    ).toMatchObject({ code: ErrorCode.skuNotFound });
    const city = await call('', {
      externalId: sku.external_id,
      cityId: 999_999,
      email: 'a@b.kz',
      consent: true,
    });
    expect(city).toMatchObject({ status: 404, body: { code: ErrorCode.cityNotFound } });
    const inStock = await t.db
      .selectFrom('stock as st')
      .innerJoin('sku as s', 's.id', 'st.sku_id')
      .select(['s.external_id', 'st.city_id'])
      .where('st.quantity', '>', 0)
      .executeTakeFirstOrThrow();
    const res = await call('', {
      externalId: inStock.external_id,
      cityId: inStock.city_id,
      email: 'a@b.kz',
      consent: true,
    });
    expect(res).toMatchObject({ status: 409, body: { code: ErrorCode.conflict } });
    expect(await smsTo('77015551002')).toEqual([]);
  });

  it('a signed-in shopper subscribes in one click: their number, their language', async () => {
    const c = await newCustomer(t.db, '77015551003');
    await t.db.updateTable('customer').set({ language: 'kk' }).where('id', '=', c.id).execute();
    const s = await subscribe({}, { 'x-authorization': c.token });
    expect(s).toMatchObject({ channel: 'sms', contact: '+7 701 ••• •• 03', created: true });
    const row = await t.db
      .selectFrom('stock_alert')
      .selectAll()
      .where('token', '=', s.token)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: c.id, recipient: '77015551003', language: 'kk' });
    expect(
      (await call('', { externalId: sku.external_id, cityId: almaty }, { 'x-authorization': 'nope' })).status,
    ).toBe(403);
  });
});

describe('unsubscribing', () => {
  it('ends a live subscription in one step by its token; again changes nothing; unknown token 404', async () => {
    const s = await subscribe({ email: 'Shopper@Mail.kz', consent: true });
    expect(s).toMatchObject({ channel: 'email', contact: 's•••@mail.kz' });
    const off = await call('/unsubscribe', { token: s.token });
    expect(off).toMatchObject({ status: 200, body: { data: { status: 'cancelled' } } });
    expect((await call('/unsubscribe', { token: s.token })).body.data.status).toBe('cancelled');
    expect((await call('/unsubscribe', { token: 'A'.repeat(22) })).status).toBe(404);
    expect((await call('/unsubscribe', { token: 'short' })).status).toBe(400);
    // Subscribing again after leaving makes a new live subscription.
    expect((await subscribe({ email: 'shopper@mail.kz', consent: true })).created).toBe(true);
    await call('/unsubscribe', {
      token: (await subscribe({ email: 'shopper@mail.kz', consent: true })).token,
    });
  });
});

describe('stock comes back', () => {
  it('staff add stock in Алматы: exactly one SMS per live subscriber there, in their language, none in Астана', async () => {
    await subscribe({ mobile: '+7 701 555 10 04', consent: true }, { 'accept-language': 'kk' });
    await subscribe({ cityId: astana, mobile: '+7 701 555 10 05', consent: true });
    const gone = await subscribe({ mobile: '+7 701 555 10 06', consent: true });
    await call('/unsubscribe', { token: gone.token });

    await staffSetsStock(almaty, 4);
    const due = await t.db
      .selectFrom('stock_alert')
      .select(['recipient', 'status'])
      .where('sku_id', '=', sku.id)
      .where('status', '=', 'pending')
      .orderBy('recipient')
      .execute();
    expect(due.map((r) => r.recipient)).toEqual(['77015551001', '77015551003', '77015551004']);

    const report = await deliverDueAlerts(deps());
    expect(report).toMatchObject({ sent: 3, failed: 0 });
    const link = `${t.config.publicUrl}/product/${sku.slug}`;
    expect(await smsTo('77015551001')).toEqual([
      { text: expect.stringMatching(new RegExp(`^Kiim: снова в наличии .*размер ${sku.size}\\. ${link}$`)) },
    ]);
    expect((await smsTo('77015551004'))[0]!.text).toContain(`${sku.size} өлшемі қайтадан сатылымда. ${link}`);
    expect((await smsTo('77015551003'))[0]!.text).toContain('қайтадан сатылымда');
    expect(await smsTo('77015551005')).toEqual([]);
    expect(await smsTo('77015551006')).toEqual([]);

    // Exactly one: more stock, another run — nothing more; the subscriptions have ended.
    await staffSetsStock(almaty, 9);
    expect((await deliverDueAlerts(deps())).claimed).toBe(0);
    expect(await smsTo('77015551001')).toHaveLength(1);
    const ended = await t.db
      .selectFrom('stock_alert')
      .select('status')
      .where('recipient', '=', '77015551001')
      .execute();
    expect(ended).toEqual([{ status: 'sent' }]);
    const astanaRow = await t.db
      .selectFrom('stock_alert')
      .select('status')
      .where('recipient', '=', '77015551005')
      .execute();
    expect(astanaRow).toEqual([{ status: 'live' }]);
  });

  it('a rolled-back stock change queues nothing; a batch import and a cancelled order do', async () => {
    await soldOut(sku.id);
    await subscribe({ mobile: '+7 701 555 10 07', consent: true });
    await t.db
      .transaction()
      .execute(async (trx) => {
        await setStockLevel(trx, {
          skuId: sku.id,
          cityId: almaty,
          quantity: 2,
          reason: 'receipt',
          actor: system,
          at: new Date(),
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const status = async (mobile: string) =>
      (
        await t.db
          .selectFrom('stock_alert')
          .select('status')
          .where('recipient', '=', mobile)
          .where('sku_id', '=', sku.id)
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status('77015551007')).toBe('live');
    await setStockLevels(t.db, [{ skuId: sku.id, cityId: almaty, quantity: 1 }], {
      reason: 'import',
      actor: system,
      at: new Date(),
    });
    expect(await status('77015551007')).toBe('pending');
    expect(await status('77015551005')).toBe('live');
    await t.db.transaction().execute((trx) =>
      releaseStock(trx, [{ skuId: sku.id, cityId: astana, qty: 1 }], new Date().toISOString(), {
        reason: 'order_cancelled',
        actor: system,
        note: '№ 100001',
      }),
    );
    expect(await status('77015551005')).toBe('pending');
    expect((await deliverDueAlerts(deps())).sent).toBe(2);
  });
});

describe('back office demand', () => {
  it('counts live subscriptions by SKU and city for stock.edit; others get 403', async () => {
    await soldOut(sku.id);
    await subscribe({ mobile: '+7 701 555 10 08', consent: true });
    await subscribe({ mobile: '+7 701 555 10 09', consent: true });
    await subscribe({ cityId: astana, mobile: '+7 701 555 10 08', consent: true });
    const res = await staffCall(t.app, warehouse, 'GET', '/api/admin/stock-alerts/demand?sort=live');
    expect(res.status).toBe(200);
    expect(res.body.data.items.slice(0, 2)).toMatchObject([
      { skuId: sku.id, cityId: almaty, live: 2, externalId: sku.external_id },
      { skuId: sku.id, cityId: astana, live: 1 },
    ]);
    const one = await staffCall(
      t.app,
      warehouse,
      'GET',
      `/api/admin/stock-alerts/demand?cityId=${astana}&sort=oldest`,
    );
    expect(one.body.data).toMatchObject({ total: 1, items: [{ cityId: astana, live: 1 }] });
    expect(
      (await staffCall(t.app, warehouse, 'GET', '/api/admin/stock-alerts/demand?sort=nope')).status,
    ).toBe(400);
    const manager = (await signedInMember(t.app, t.db, 'manager')).cookie;
    expect((await staffCall(t.app, manager, 'GET', '/api/admin/stock-alerts/demand')).status).toBe(403);
  });
});

describe('e-mail alerts', () => {
  it('an e-mail subscriber gets one e-mail in Kazakh with the product link', async () => {
    await soldOut(sku.id);
    await subscribe({ email: 'Aigerim@Mail.kz', consent: true }, { 'accept-language': 'kk' });
    await staffSetsStock(astana, 2);
    await staffSetsStock(almaty, 2);
    const sent: MailMessage[] = [];
    const mailer: Mailer = { name: 'dev', domain: 'kiim.kz', send: async (m) => void sent.push(m) };
    await deliverDueAlerts({ ...deps(), mailer });
    const mine = sent.filter((m) => m.to === 'aigerim@mail.kz');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toMatch(new RegExp(`^Қайтадан сатылымда: .+, ${sku.size} өлшемі$`));
    expect(mine[0]!.text).toContain(`${t.config.publicUrl}/product/${sku.slug}`);
    expect(mine[0]!.html).toContain(`href="${t.config.publicUrl}/product/${sku.slug}"`);
    expect((await deliverDueAlerts({ ...deps(), mailer })).claimed).toBe(0);
    expect(sent.filter((m) => m.to === 'aigerim@mail.kz')).toHaveLength(1);
  });
});
