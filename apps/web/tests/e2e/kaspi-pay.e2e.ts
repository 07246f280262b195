import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './a11y.ts';
import { hydrated, launchBrowser, snap, startShop, type RunningShop } from './shop.ts';

// Kaspi Pay on the storefront (issue 33 Part A, acceptance's browser test): checkout with «Kaspi», the thank-you
// page shows the QR, the test plays the buyer through the Kaspi simulator the shop started itself (KASPI_PAY_MODE
// defaults to simulator outside production), and the page turns to «Оплачено» by itself; on a phone the link to the
// app, a refusal, and an invoice by phone number instead.

let shop: RunningShop;
let browser: Browser;
let simulatorPort: number;
let skus: string[];
let mobileSeq = 0;

/** The Kaspi state's name as the page shows it; the shop reads Kaspi every 5 s and the page polls every 5 s. */
const stateName = (page: Page) =>
  expect.poll(() => page.getByTestId('kaspi-state-name').textContent(), { timeout: 40_000, interval: 200 });

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

beforeAll(async () => {
  simulatorPort = await freePort();
  shop = await startShop({ KASPI_PAY_SIMULATOR_PORT: String(simulatorPort) });
  browser = await launchBrowser();
  const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
  skus = (
    db
      .prepare(
        `select sku.external_id as externalId from stock join sku on sku.id = stock.sku_id
         join product on product.id = sku.product_id
         where stock.city_id = 1 and stock.quantity >= 5 and product.is_active = 1 order by sku.id limit 4`,
      )
      .all() as { externalId: string }[]
  ).map((r) => r.externalId);
  db.close();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** Kaspi's `QrPaymentId` of the order's newest Kaspi payment, as the shop stored it. */
function qrPaymentIdOf(orderNumber: string): string {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
  const row = db
    .prepare(
      `select a.qr_payment_id as id from kaspi_attempt a join payment p on p.id = a.payment_id
       join "order" o on o.id = p.order_id where o.number = ? order by a.created_at desc, a.rowid desc limit 1`,
    )
    .get(orderNumber) as { id: string } | undefined;
  db.close();
  if (!row) throw new Error(`no Kaspi payment for order ${orderNumber}`);
  return row.id;
}

/** The buyer in the Kaspi app: the simulator's emulator call (scan, confirm, scanerror). */
async function buyer(action: 'scan' | 'confirm' | 'scanerror', orderNumber: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${simulatorPort}/r3/v01/test/payment/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'Api-Key': 'development-only-kaspi-key',
      'X-Request-ID': crypto.randomUUID(),
    },
    body: JSON.stringify({ qrPaymentId: qrPaymentIdOf(orderNumber) }),
  });
  const body = (await res.json()) as { StatusCode: number; Message?: string };
  expect(body.StatusCode, `${action}: ${body.Message}`).toBe(0);
}

/** A signed-in shopper (SMS sign-in through the API) with one unit of `sku` in the cart, in a fresh context. */
async function shopperWith(
  sku: string,
  device: { width: number; height: number; userAgent?: string },
  lang: 'ru' | 'kk' = 'ru',
) {
  const mobile = `7705${String(5_500_000 + ++mobileSeq)}`;
  const post = async (url: string, body: unknown, method = 'POST') => {
    const res = await fetch(shop.url + url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${url}`).toBe(200);
    return (await res.json()) as { data: Record<string, unknown> };
  };
  await post('/api/customer/auth-by-mobile', { mobile });
  const outbox = (await (await fetch(`${shop.url}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as {
    data: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(outbox.data[0]!.text)![1];
  const token = (await post('/api/customer/auth-by-mobile/confirm', { mobile, code })).data.token as string;
  const cart = await post('/api/cart/add-or-update-item', { externalId: sku, regionId: 1, qty: 1 }, 'PUT');
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    ...(device.userAgent ? { userAgent: device.userAgent, isMobile: true, hasTouch: true } : {}),
    locale: 'ru-RU',
  });
  const origin = new URL(shop.url);
  await context.addCookies([
    { name: 'customer_token', value: token, domain: origin.hostname, path: '/', httpOnly: true },
    { name: 'cart_uuid', value: String(cart.data.uuid), domain: origin.hostname, path: '/' },
    { name: 'city_id', value: '1', domain: origin.hostname, path: '/' },
    { name: 'lang', value: lang, domain: origin.hostname, path: '/' },
  ]);
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors, token };
}

/** Places the cart's order with «Kaspi» at checkout. @returns the order number from the thank-you page. */
async function orderWithKaspi(page: Page, shot: string): Promise<string> {
  await page.goto(shop.url + '/Cart/checkout');
  await page.locator('h1', { hasText: 'Оформление заказа' }).waitFor();
  await hydrated(page);
  const kaspi = page.locator('label.option', { has: page.locator('input[name="paymentId"][value="4"]') });
  expect(await kaspi.textContent()).toMatch(/^Kaspi · В приложении Kaspi\.kz сразу после оформления/);
  await kaspi.locator('input').check();
  await snap(page, `${shot}-checkout`);
  await page.getByRole('button', { name: 'Оформить и перейти к оплате' }).click();
  await page.waitForURL((u) => u.pathname === '/Cart/thankyou');
  await page.getByTestId('kaspi-pay').waitFor();
  await hydrated(page);
  return (await page.getByTestId('order-number').textContent())!;
}

/** The order as the API has it (the customer's own call). */
async function apiOrder(token: string, orderNumber: string) {
  const res = await fetch(`${shop.url}/api/order/details/${orderNumber}`, {
    headers: { 'x-authorization': token },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { status: string; paymentId: number } }).data;
}

const done = async (c: { context: BrowserContext; errors: string[] }) => {
  expect(c.errors).toEqual([]);
  await c.context.close();
};

describe('Kaspi Pay at checkout (issue 33 Part A)', () => {
  it('a computer: the QR, scanned, confirmed — the page turns to «Оплачено» by itself', async () => {
    const c = await shopperWith(skus[0]!, { width: 1280, height: 900 });
    const { page } = c;
    const number = await orderWithKaspi(page, 'kaspi-01');
    expect(await page.locator('h1').textContent()).toBe('Заказ оформлен — осталось оплатить');
    await stateName(page).toBe('Ожидает оплаты');
    const qr = page.getByTestId('kaspi-qr');
    expect(await qr.getAttribute('aria-label')).toBe(
      `QR-код для оплаты заказа № ${number} в приложении Kaspi.kz`,
    );
    expect(await qr.locator('svg').count()).toBe(1);
    expect(await page.getByTestId('kaspi-state').getAttribute('role')).toBe('status');
    expect(await page.getByTestId('kaspi-open').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await snap(page, 'kaspi-02-qr-1280');
    // The page is never reloaded: a mark on its window survives until «Оплачено».
    await page.evaluate(() => ((window as unknown as { kaspiMark: number }).kaspiMark = 33));

    await buyer('scan', number);
    await stateName(page).toBe('QR-код отсканирован');
    expect(await page.getByTestId('kaspi-state').textContent()).toContain(
      'Подтвердите оплату в приложении Kaspi.kz.',
    );
    await buyer('confirm', number);
    await stateName(page).toBe('Оплачено');
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Спасибо за заказ!');
    expect(await page.evaluate(() => (window as unknown as { kaspiMark?: number }).kaspiMark)).toBe(33);
    expect(await page.getByTestId('kaspi-qr').count()).toBe(0);
    await snap(page, 'kaspi-03-paid-1280');
    expect(await apiOrder(c.token, number)).toMatchObject({ status: 'paid', paymentId: 4 });
    await page.getByRole('link', { name: 'Подробнее о заказе' }).click();
    await page.waitForURL((u) => u.pathname === `/personal/orders/details/${number}`);
    await expect
      .poll(() => page.getByTestId('payment-state').textContent(), { timeout: 15_000 })
      .toBe('Оплачен через Kaspi.kz.');
    expect(await page.getByTestId('pay-button').count()).toBe(0);
    await done(c);
  });

  it('a phone: «Открыть Kaspi», a refusal, then «Счёт в Kaspi по номеру телефона» paid', async () => {
    const c = await shopperWith(skus[1]!, {
      width: 390,
      height: 844,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const { page } = c;
    const number = await orderWithKaspi(page, 'kaspi-04');
    await stateName(page).toBe('Ожидает оплаты');
    const open = page.getByTestId('kaspi-open');
    expect(await open.getAttribute('href')).toMatch(/^https:\/\/pay\.kaspi\.kz\/pay\/\d+$/);
    expect(await open.textContent()).toBe('Открыть Kaspi');
    expect(await page.getByTestId('kaspi-qr').count()).toBe(0);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'kaspi-05-link-390');

    await buyer('scanerror', number);
    await stateName(page).toBe('Оплата отклонена');
    const invoice = page.getByRole('group', { name: 'Счёт в Kaspi по номеру телефона' });
    await invoice.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await snap(page, 'kaspi-06-refused-390');
    await invoice.getByLabel('Номер телефона в Kaspi.kz').fill('+7 701 234 56 78');
    await invoice.getByRole('button', { name: 'Отправить счёт' }).click();
    await stateName(page).toBe('Ожидает оплаты');
    expect(await page.getByTestId('kaspi-state').textContent()).toContain(
      'Мы отправили счёт в приложение Kaspi.kz',
    );

    await buyer('confirm', number);
    await stateName(page).toBe('Оплачено');
    expect(await apiOrder(c.token, number)).toMatchObject({ status: 'paid', paymentId: 4 });
    await snap(page, 'kaspi-07-paid-390');
    await done(c);
  });

  it('in Kazakh: the choice at checkout, the state and the QR’s description', async () => {
    const c = await shopperWith(skus[2]!, { width: 1280, height: 900 }, 'kk');
    const { page } = c;
    await page.goto(shop.url + '/Cart/checkout');
    await hydrated(page);
    const kaspi = page.locator('label.option', { has: page.locator('input[name="paymentId"][value="4"]') });
    expect(await kaspi.textContent()).toMatch(/^Kaspi · Рәсімдегеннен кейін бірден Kaspi\.kz қосымшасында/);
    await kaspi.locator('input').check();
    await page.locator('form.checkout button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/Cart/thankyou');
    await page.getByTestId('kaspi-pay').waitFor();
    const number = (await page.getByTestId('order-number').textContent())!;
    await stateName(page).toBe('Төлемді күтуде');
    expect(await page.getByTestId('kaspi-qr').getAttribute('aria-label')).toBe(
      `№ ${number} тапсырысын Kaspi.kz қосымшасында төлеуге арналған QR-код`,
    );
    expect(await page.locator('#kaspi-pay-title').textContent()).toBe('Kaspi.kz арқылы төлеу');
    await snap(page, 'kaspi-08-qr-kk');
    await done(c);
  });
});
