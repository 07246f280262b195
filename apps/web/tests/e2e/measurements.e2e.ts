import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  smsCode,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';

// Issue 35 item 6 in Chromium: staff save a product's garment measurements through the back office's API; the
// product page shows them beside the size chart (server-rendered, Russian and Kazakh), and «Ваш размер» shows the
// reviews' fit line once the page has loaded — and, signed in, the size the shopper kept of the brand.

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** An active product without reviews, with its first size; `small` published fit answers written for it. */
function productRunningSmall(): { id: number; slug: string; size: string } {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'));
  try {
    const p = db
      .prepare(
        `select p.id, p.slug, (select size from sku where product_id = p.id order by size_order limit 1) as size
         from product p where p.is_active = 1 and exists (select 1 from sku where product_id = p.id)
           and not exists (select 1 from review where product_id = p.id) order by p.id limit 1`,
      )
      .get() as { id: number; slug: string; size: string };
    const now = new Date().toISOString();
    const insert = db.prepare(
      `insert into review (id, product_id, customer_id, order_id, source, author_name, rating, fit, body,
         helpful_count, status, rejection_reason, moderated_by, moderated_at, published_at, created_at, updated_at)
       values (?, ?, null, null, 'import', 'Покупатель', 5, 'small', 'Хорошая вещь.', 0, 'published', null, null,
         ?, ?, ?, ?)`,
    );
    for (const n of [1, 2]) insert.run(`e2e-fit-${n}`, p.id, now, now, now, now);
    return p;
  } finally {
    db.close();
  }
}

/** The owner's staff session cookie (`kiim_staff=…`). */
async function staffCookie(): Promise<string> {
  const session = await fetch(`${shop.url}/api/admin/session`, {
    method: 'POST',
    headers: { origin: shop.url, 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(session.status).toBe(200);
  return /kiim_staff=[^;]+/.exec(session.headers.get('set-cookie') ?? '')![0];
}

/** The owner saves the size's measurements through the back office's API. */
async function staffMeasures(productId: number, size: string) {
  const headers = { origin: shop.url, 'content-type': 'application/json' };
  const cookie = await staffCookie();
  const res = await fetch(`${shop.url}/api/admin/catalogue/products/${productId}/measurements`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ items: [{ size, chest: 96.5, length: 70 }] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A JSON call of the shop's API; fails the test on an error answer. @returns the answer's `data`. */
async function api<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(shop.url + url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  expect(res.status, `${method} ${url}: ${JSON.stringify(json)}`).toBe(200);
  return json.data;
}

/**
 * Two active products of one brand and category without reviews, both with sizes M and L: the SKU of size M of the
 * first (in stock in Алматы: to buy), the slug of the second (to open), which gets `small` published fit answers.
 */
function twoOfABrand(): { bought: { externalId: string }; other: { slug: string } } {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'));
  try {
    const pair = db
      .prepare(
        `with c as (
           select p.id, p.slug, p.brand_id, p.category_id,
             (select min(s.external_id) from sku s join stock st on st.sku_id = s.id
               where s.product_id = p.id and s.size = 'M' and st.city_id = 1 and st.quantity > 0) as m
           from product p where p.is_active = 1
             and not exists (select 1 from review r where r.product_id = p.id)
             and exists (select 1 from sku s where s.product_id = p.id and s.size = 'M')
             and exists (select 1 from sku s where s.product_id = p.id and s.size = 'L'))
         select a.m as externalId, b.slug as slug, b.id as otherId
         from c a join c b on b.brand_id = a.brand_id and b.category_id = a.category_id and b.id <> a.id
         where a.m is not null order by a.id, b.id limit 1`,
      )
      .get() as { externalId: string; slug: string; otherId: number } | undefined;
    expect(pair, 'the demo catalogue has two such products').toBeDefined();
    const now = new Date().toISOString();
    const insert = db.prepare(
      `insert into review (id, product_id, customer_id, order_id, source, author_name, rating, fit, body,
         helpful_count, status, rejection_reason, moderated_by, moderated_at, published_at, created_at, updated_at)
       values (?, ?, null, null, 'import', 'Покупатель', 4, 'small', 'Маломерит, берите на размер больше.', 0,
         'published', null, null, ?, ?, ?, ?)`,
    );
    for (const n of [1, 2, 3]) insert.run(`e2e-kept-${n}`, pair!.otherId, now, now, now, now);
    return { bought: { externalId: pair!.externalId }, other: { slug: pair!.slug } };
  } finally {
    db.close();
  }
}

/**
 * A customer registered by phone and SMS code (the development outbox) who bought `sku` for pickup in Алматы; the
 * ERP's API key then completes the order (a kept purchase: nothing refused). @returns the customer's token.
 */
async function customerWhoKept(sku: { externalId: string }): Promise<string> {
  const key = await api<{ secret: string }>(
    'POST',
    '/api/admin/api-keys',
    { name: 'ERP', scopes: ['orders.status'] },
    { cookie: await staffCookie(), origin: shop.url },
  );
  const mobile = '77055512345';
  await api('POST', '/api/customer/register-by-mobile', { mobile, name: 'Дана', surname: 'Серікова' });
  const { token } = await api<{ token: string }>('POST', '/api/customer/register-by-mobile/confirm', {
    mobile,
    code: await smsCode(shop, mobile),
    name: 'Дана',
    surname: 'Серікова',
  });
  const auth = { 'x-authorization': token };
  const cart = await api<{ uuid: string }>(
    'PUT',
    '/api/cart/add-or-update-item',
    { externalId: sku.externalId, regionId: 1, qty: 1 },
    auth,
  );
  const [point] = await api<{ id: number }[]>('GET', '/api/city/1/pickup-points');
  const { order } = await api<{ order: { number: string } }>(
    'POST',
    '/api/order/create',
    {
      order: {
        cartUuid: cart.uuid,
        regionId: 1,
        deliveryMethodId: 1,
        paymentId: 1,
        pickupPointId: point!.id,
        idempotencyKey: crypto.randomUUID(),
      },
    },
    auth,
  );
  for (const status of ['ready_for_pickup', 'completed'])
    await api(
      'POST',
      `/api/backoffice/orders/${order.number}/status`,
      { status },
      { 'x-api-key': key.secret },
    );
  return token;
}

describe('garment measurements and «Ваш размер»', () => {
  it('shows the measurements beside the size chart and the reviews’ fit line', async () => {
    const product = productRunningSmall();
    await staffMeasures(product.id, product.size);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`${shop.url}/product/${product.slug}`);
      await hydrated(page);
      const table = page.getByTestId('measurements');
      expect(await table.textContent()).toContain('Обхват груди');
      expect(await table.textContent()).toContain('96,5');
      await eventually(() => page.getByTestId('fit-hint').textContent()).toContain('маломерит');
      await snap(page, 'measurements-ru');

      await context.addCookies([{ name: 'lang', value: 'kk', url: shop.url }]);
      await page.goto(`${shop.url}/product/${product.slug}`);
      await hydrated(page);
      expect(await page.getByTestId('measurements').textContent()).toContain('Кеуде орамы');
      await eventually(() => page.getByTestId('fit-hint').textContent()).toContain('кішірек');
    } finally {
      await context.close();
    }
  });

  it('signed in: the size kept of the brand, the reviews’ fit and the size to take, in one line', async () => {
    const { bought, other } = twoOfABrand();
    const token = await customerWhoKept(bought);
    const shopper = await newShopper(browser, { viewport: { width: 390, height: 844 } });
    const { context, page } = shopper;
    await context.addCookies([
      { name: 'customer_token', value: token, domain: new URL(shop.url).hostname, path: '/', httpOnly: true },
    ]);
    await page.goto(`${shop.url}/product/${other.slug}`);
    await hydrated(page);
    await eventually(() => page.getByTestId('fit-hint').textContent()).toBe(
      'Ваш размер: Вы брали M у этой марки. Покупатели говорят — маломерит. Советуем L.',
    );
    // The reviews' «Как сидит» says the same, with the share of answers.
    await eventually(() => page.getByTestId('fit-summary').textContent()).toMatch(
      /Как сидит[\s\S]*Маломерит\s*100\s*%/,
    );
    await snap(page, 'fit-kept-ru-390');

    await context.addCookies([{ name: 'lang', value: 'kk', url: shop.url }]);
    await page.goto(`${shop.url}/product/${other.slug}`);
    await hydrated(page);
    await eventually(() => page.getByTestId('fit-hint').textContent()).toBe(
      'Сіздің өлшеміңіз: Сіз бұл брендтен M өлшемін алдыңыз. Сатып алушылардың айтуынша — өлшемі кішірек. ' +
        'Сізге L өлшемін ұсынамыз.',
    );
    await shopper.done();
  });
});
