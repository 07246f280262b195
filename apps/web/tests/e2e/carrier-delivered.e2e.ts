import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createCdekSimulator, type CdekSimulator } from '../../../../tools/cdek-simulator/cdek.simulator.ts';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';
import { staffSignIn } from './back-office.ts';

// Issue 34's browser journey to the end: a shopper in Кокшетау (CDEK only) buys a size held in Almaty, picks a CDEK
// point with its price and period and orders cash on delivery; the owner confirms, packs and presses «Передать в
// СДЭК»; the shop's shipment job (CDEK_JOB_SECONDS=1 here, 30 in production) registers the parcel with this test's
// CDEK simulator, the label prints as a PDF; the simulator moves the parcel to «Вручен» and posts its webhooks,
// which the shop reads back from CDEK's API; the shopper's order page shows the track number and «Доставлен».
// Every wait polls a state; nothing sleeps a fixed time.

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
const CITY_ID = 9_802;
const tenge = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

let sim: CdekSimulator;
let shop: RunningShop;
let browser: Browser;
let sku: { externalId: string; price: number };

beforeAll(async () => {
  sim = createCdekSimulator({ validationDelayMs: 200 });
  const simUrl = await sim.listen(0);
  shop = await startShop({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    CDEK_MODE: 'simulator',
    CDEK_API_URL: `${simUrl}/v2`,
    CDEK_JOB_SECONDS: '1',
  });
  browser = await launchBrowser();
  const db = new Database(path.join(shop.dataDir, 'kiim.db'));
  try {
    sku = db
      .prepare(
        `select sku.external_id as externalId, coalesce(sku.price, product.price) as price
         from stock join sku on sku.id = stock.sku_id join product on product.id = sku.product_id
         join city on city.id = stock.city_id
         where stock.quantity >= 5 and product.is_active = 1 and city.visible_for_customers = 1
         order by sku.id limit 1`,
      )
      .get() as typeof sku;
    db.prepare(
      `update city set cdek_code = 4756 where id in
         (select city_id from stock join sku on sku.id = stock.sku_id where sku.external_id = ?)`,
    ).run(sku.externalId);
    const now = new Date().toISOString();
    db.prepare(
      `insert into city (id, name, slug, time_zone, visible_for_customers, courier_available, courier_price,
         sort_order, cdek_code, created_at, updated_at)
       values (?, 'Кокшетау', 'kokshetau-e2e-2', 'Asia/Almaty', 1, 0, 0, ?, 5166, ?, ?)`,
    ).run(CITY_ID, CITY_ID, now, now);
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await sim?.close();
});

/** A signed-in shopper in Кокшетау with the size in the cart (cookies set as the storefront sets them). */
async function shopper(): Promise<Page> {
  const mobile = '77055341999';
  const call = async (url: string, body: unknown, method = 'POST') => {
    const res = await fetch(shop.url + url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${url}`).toBe(200);
    return (await res.json()) as { data: Record<string, unknown> };
  };
  await call('/api/customer/auth-by-mobile', { mobile });
  const outbox = (await (await fetch(`${shop.url}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as {
    data: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(outbox.data[0]!.text)![1];
  const token = (await call('/api/customer/auth-by-mobile/confirm', { mobile, code })).data.token as string;
  const cart = await call(
    '/api/cart/add-or-update-item',
    { externalId: sku.externalId, regionId: CITY_ID, qty: 1 },
    'PUT',
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
  const domain = new URL(shop.url).hostname;
  await context.addCookies([
    { name: 'customer_token', value: token, domain, path: '/', httpOnly: true },
    { name: 'cart_uuid', value: String(cart.data.uuid), domain, path: '/' },
    { name: 'city_id', value: String(CITY_ID), domain, path: '/' },
  ]);
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe('a CDEK order from checkout to «Доставлен» (issue 34)', () => {
  it('is bought, packed, sent, labelled, tracked by webhooks and shown delivered to the shopper', async () => {
    const page = await shopper();
    await page.goto(shop.url + '/Cart/checkout');
    await hydrated(page);
    const offers = page.getByTestId('carrier-point-offer');
    await eventually(() => offers.count()).toBeGreaterThan(0);
    const points = page.getByTestId('pickup-point');
    await points.first().locator('label').click();
    const price = tenge(await offers.first().locator('strong').textContent());
    expect(price).toBeGreaterThan(0);
    expect(await offers.first().textContent()).toMatch(/\d+(–\d+)? рабоч/);
    await eventually(async () => tenge(await page.getByTestId('checkout-total').textContent())).toBe(
      sku.price + price,
    );
    await page.locator('input[name="paymentId"][value="1"]').check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL(/\/Cart\/thankyou$/);
    const number = (await page.getByTestId('order-number').innerText()).trim();

    // Staff: confirm, pack, hand to CDEK; the job registers the parcel and the label link appears.
    const { page: staff } = await newShopper(browser);
    staff.setDefaultTimeout(15_000);
    await staff.goto(`${shop.url}/admin/orders/${number}`);
    await staffSignIn(staff, OWNER);
    await staff.waitForURL(new RegExp(`/admin/orders/${number}$`));
    for (const [button, status] of [
      ['Подтвердить', 'Подтверждён'],
      ['Собран', 'Собран'],
    ] as const) {
      await staff.getByRole('button', { name: button }).click();
      await eventually(() => staff.getByTestId('order-status').textContent()).toBe(status);
    }
    await staff.getByRole('button', { name: 'Передать в СДЭК' }).click();
    await staff.getByRole('button', { name: 'Передать в СДЭК' }).waitFor({ state: 'detached' });
    const panel = staff.getByTestId('carrier-panel');
    await expect
      .poll(
        async () => {
          await staff.reload();
          return panel.getByTestId('shipment-label').count();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(1);
    expect(await panel.getByTestId('shipment-state').textContent()).toContain('Зарегистрирован');
    expect(sim.countByNumber(number)).toBe(1);
    const href = (await panel.getByTestId('shipment-label').getAttribute('href'))!;
    // CDEK makes the label a moment after it is asked (409 meanwhile).
    await expect
      .poll(async () => (await staff.request.get(shop.url + href)).status(), {
        timeout: 30_000,
        interval: 300,
      })
      .toBe(200);
    const pdf = await staff.request.get(shop.url + href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await snap(staff, 'carrier-delivered-01-staff');

    // CDEK moves the parcel and posts its webhooks; the shop re-reads it and moves the order.
    await sim.advance(number, 'delivered');
    const track = sim.order(number)!.entity.cdek_number as string;
    await page.goto(`${shop.url}/personal/orders/details/${number}`);
    await hydrated(page);
    const states = page.getByTestId('shipment-states').locator('li strong');
    await expect
      .poll(
        async () => {
          await page.reload();
          return states.allTextContents();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toContain('Доставлен');
    expect(await page.getByTestId('track-number').textContent()).toBe(track);
    await snap(page, 'carrier-delivered-02-order');
    await page.setViewportSize({ width: 390, height: 900 });
    await snap(page, 'carrier-delivered-03-order-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
