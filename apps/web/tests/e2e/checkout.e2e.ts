import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, hydrated, launchBrowser, snap, snapEmail, startShop, type RunningShop } from './shop.ts';

// Checkout, delivery and payment in Chromium (issue 6 acceptance): pickup + cash, courier + card on delivery
// with the validity messages, card online through the project's Halyk ePay simulator (approved and declined),
// and the thank-you guard.

/** Digits of a price as shown (`12 990 ₸` → 12990). */
const tenge = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
// The thank-you page writes «от 23 ноября 2026 г.» (the word order of each language lives in its message).
const RUSSIAN_DATE =
  /^(от )?\d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4}( г\.)?$/;

let shop: RunningShop;
let browser: Browser;
let skus: { externalId: string; price: number }[];
let courierPrice: number;
let pointCount: number;
let mobileSeq = 0;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  // The seeded shop: SKUs with plenty of stock in Алматы (city 1), its courier price and pickup points.
  const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
  skus = db
    .prepare(
      `select sku.external_id as externalId, product.price as price from stock
       join sku on sku.id = stock.sku_id join product on product.id = sku.product_id
       where stock.city_id = 1 and stock.quantity >= 8 and product.is_active = 1 order by sku.id limit 12`,
    )
    .all() as { externalId: string; price: number }[];
  courierPrice = (db.prepare('select courier_price as p from city where id = 1').get() as { p: number }).p;
  pointCount = (db.prepare('select count(*) as n from pickup_point where city_id = 1').get() as { n: number })
    .n;
  db.close();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/**
 * A signed-in shopper (SMS sign-in through the API, as the dialog does) with a cart holding `sku`, in a fresh
 * browser context that refuses every request leaving the test machine (map tiles included).
 */
async function shopperWith(sku: { externalId: string }, qty = 1, opts: { javaScriptEnabled?: boolean } = {}) {
  const mobile = `7705${String(4_400_000 + ++mobileSeq)}`;
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
  const cart = await post(
    '/api/cart/add-or-update-item',
    { externalId: sku.externalId, regionId: 1, qty },
    'PUT',
  );
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'ru-RU',
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const origin = new URL(shop.url);
  await context.addCookies([
    { name: 'customer_token', value: token, domain: origin.hostname, path: '/', httpOnly: true },
    { name: 'cart_uuid', value: String(cart.data.uuid), domain: origin.hostname, path: '/' },
    { name: 'city_id', value: '1', domain: origin.hostname, path: '/' },
  ]);
  const external: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors, external, mobile, token, cartUuid: String(cart.data.uuid) };
}

async function openCheckout(page: Page) {
  await page.goto(shop.url + '/Cart/checkout');
  await page.locator('h1', { hasText: 'Оформление заказа' }).waitFor();
  await hydrated(page);
}

const done = async (c: { context: BrowserContext; errors: string[] }) => {
  expect(c.errors).toEqual([]);
  await c.context.close();
};

describe('checkout (issue 6)', () => {
  it('pickup and cash: a map of the points that needs no network, server prices, thank-you in Russian', async () => {
    const sku = skus[0]!;
    const c = await shopperWith(sku, 2);
    const { page } = c;
    await openCheckout(page);
    // Pickup is the default, the first point selected; the map pins are labels of the same choices.
    await eventually(() => page.locator('input[name="deliveryMethodId"][value="1"]').isChecked()).toBe(true);
    await eventually(() => page.locator('input[name="paymentId"][value="2"]').isChecked()).toBe(true);
    await eventually(() => page.getByTestId('pickup-point').count()).toBe(pointCount);
    await eventually(() => page.locator('.pickup-map__pin').count()).toBe(pointCount);
    const radios = page.locator('input[name="pickupPointId"]');
    await eventually(() => radios.first().isChecked()).toBe(true);
    await eventually(() => page.locator('.courier-panel').isVisible()).toBe(false);
    await page.locator('.pickup-map__pin').nth(1).click();
    await eventually(() => radios.nth(1).isChecked()).toBe(true);
    const point = (await page.getByTestId('pickup-point').nth(1).locator('strong').textContent()) ?? '';
    await eventually(() => page.getByTestId('pickup-point').nth(1).textContent()).toMatch(/Пн–/);
    await eventually(async () => tenge(await page.getByTestId('checkout-total').textContent())).toBe(
      sku.price * 2,
    );
    await eventually(() => page.getByTestId('checkout-delivery').textContent()).toBe('бесплатно');
    await eventually(() => page.getByTestId('checkout-dates').textContent()).toMatch(/сегодня|завтра/);
    await page.locator('input[name="paymentId"][value="1"]').check();
    await page.locator('input[name="email"]').fill('dana.ru@example.kz');
    // A tampered page cannot set prices: the order is priced by the server.
    await page.evaluate(() => {
      const form = document.querySelector('form.checkout')!;
      for (const [name, value] of [
        ['price', '1'],
        ['amount', '1'],
        ['itemsAmount', '1'],
      ]) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name!;
        input.value = value!;
        form.appendChild(input);
      }
    });
    await snap(page, 'checkout-01-pickup');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/Cart\/thankyou$/);
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(number).toMatch(/^\d{6,15}$/);
    await eventually(async () => tenge(await page.getByTestId('order-amount').textContent())).toBe(
      sku.price * 2,
    );
    await eventually(() => page.getByTestId('order-date').textContent()).toMatch(RUSSIAN_DATE);
    await eventually(() => page.locator('.thumbs img').count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.thankyou').textContent()).toContain(point);
    await snap(page, 'checkout-02-thank-you');
    // The order-accepted email (issue 13) in Russian, to the address given at checkout, with the pickup point.
    const mail = await snapEmail(browser, shop, 'dana.ru@example.kz', 'accepted', 'ru-email-accepted');
    expect(mail).toMatchObject({ language: 'ru', subject: `Kiim: Заказ № ${number} принят` });
    expect(mail.text).toContain(point);

    // Saved choices come back on the next checkout (spec §4).
    const cookies = await c.context.cookies();
    expect(cookies.find((k) => k.name === 'checkout_payment_id')?.value).toBe('1');
    expect(cookies.find((k) => k.name === 'last_order_number')?.httpOnly).toBe(true);

    await page.getByRole('link', { name: 'Мои заказы' }).click();
    await page.waitForURL(/\/personal\/orders\/pending$/);
    const card = page.getByTestId('order-card').filter({ hasText: number });
    await eventually(() => card.getByTestId('order-status').textContent()).toBe('Принят');
    await card.getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/personal/orders/details/${number}$`));
    await eventually(() => page.getByTestId('payment-state').textContent()).toBe(
      'Оплата при получении: наличными.',
    );
    await eventually(() => page.getByTestId('status-history').textContent()).toContain('Принят');
    await snap(page, 'checkout-03-order-details');
    expect(c.external).toEqual([]);
    await done(c);
  });

  it('courier and card on delivery: messages beside the fields, «получатель другой человек», courier price', async () => {
    const sku = skus[1]!;
    const c = await shopperWith(sku);
    const { page } = c;
    await openCheckout(page);
    await page.getByText('Курьерская доставка').click();
    await eventually(() => page.locator('.courier-panel').isVisible()).toBe(true);
    await eventually(() => page.locator('.pickup-panel').isVisible()).toBe(false);
    await eventually(async () => tenge(await page.getByTestId('checkout-delivery').textContent())).toBe(
      courierPrice,
    );
    await eventually(async () => tenge(await page.getByTestId('checkout-total').textContent())).toBe(
      sku.price + courierPrice,
    );
    await eventually(() => page.locator('.recipient').isVisible()).toBe(false);
    await page.getByLabel('Получатель другой человек').check();
    await eventually(() => page.locator('.recipient').isVisible()).toBe(true);

    // Nothing filled in: the same rules as the API, a message beside each field, nothing sent.
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await eventually(() => page.locator('#street-error').textContent()).toBe('Укажите улицу или микрорайон');
    await eventually(() => page.locator('#building-error').textContent()).toBe('Укажите номер дома');
    await eventually(() => page.locator('#contactName-error').textContent()).toBe('Укажите имя получателя');
    await eventually(() => page.locator('#contactPhone-error').textContent()).toBe(
      'Укажите мобильный номер получателя, например +7 701 234 56 78',
    );
    await eventually(() => page.locator('input[name="street"]').getAttribute('aria-invalid')).toBe('true');
    await eventually(() => new URL(page.url()).pathname).toBe('/Cart/checkout');
    await snap(page, 'checkout-04-courier-errors');

    await page.getByLabel('Улица или микрорайон').fill('пр. Абая');
    await page.getByLabel('Дом', { exact: true }).fill('52');
    await page.getByLabel('Квартира или офис').fill('14');
    await page.getByLabel('Имя получателя').fill('Асель');
    await page.getByLabel('Мобильный телефон получателя').fill('+7 916 123 45 67');
    await eventually(() => page.locator('#street-error').count()).toBe(0);
    await eventually(() => page.locator('#contactPhone-error').count()).toBe(1);
    await page.getByLabel('Мобильный телефон получателя').fill('8 701 555 66 77');
    await page.getByLabel('Электронная почта (необязательно) — пришлём чек и статус заказа').fill('asel@');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await eventually(() => page.locator('#email-error').textContent()).toBe(
      'Проверьте адрес электронной почты, например aigerim@mail.kz',
    );
    await page
      .getByLabel('Электронная почта (необязательно) — пришлём чек и статус заказа')
      .fill('asel@mail.kz');
    await eventually(() => page.locator('input[name="paymentId"][value="2"]').isChecked()).toBe(true);
    await snap(page, 'checkout-05-courier');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/Cart\/thankyou$/);
    await eventually(async () => tenge(await page.getByTestId('order-amount').textContent())).toBe(
      sku.price + courierPrice,
    );
    await eventually(() => page.locator('.thankyou').textContent()).toContain(
      'Доставка курьером: пр. Абая, 52, кв. 14',
    );
    await eventually(() => page.getByTestId('order-dates').textContent()).toMatch(/^Доставим: /);
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    await page.goto(`${shop.url}/personal/orders/details/${number}`);
    await eventually(() => page.locator('.order-details').textContent()).toContain(
      'Получатель: Асель, +7 701 555 66 77',
    );
    await eventually(() => page.getByTestId('payment-state').textContent()).toBe(
      'Оплата при получении: картой.',
    );
    await done(c);
  });

  it('without JavaScript the server answers the same messages beside the fields', async () => {
    const c = await shopperWith(skus[2]!, 1, { javaScriptEnabled: false });
    const { page } = c;
    await page.goto(shop.url + '/Cart/checkout');
    await page.locator('input[name="deliveryMethodId"][value="2"]').check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.locator('#street-error').waitFor();
    await eventually(() => page.locator('#street-error').textContent()).toBe('Укажите улицу или микрорайон');
    await eventually(() => page.locator('#building-error').textContent()).toBe('Укажите номер дома');
    await eventually(() => page.getByTestId('checkout-alert').textContent()).toContain(
      'Проверьте поля, отмеченные красным.',
    );
    // The choice made is kept.
    await eventually(() => page.locator('input[name="deliveryMethodId"][value="2"]').isChecked()).toBe(true);
    await snap(page, 'checkout-06-no-js-errors');
    await done(c);
  });

  it('card online: the simulator’s payment page, an approved card, back to the shop and paid', async () => {
    const sku = skus[3]!;
    const c = await shopperWith(sku);
    const { page } = c;
    await openCheckout(page);
    await page.getByRole('main').getByText('Картой онлайн').click();
    await page.getByRole('button', { name: 'Оформить и перейти к оплате' }).click();

    // Straight from checkout to the bank's page (here the local simulator on its own loopback port).
    await page.waitForURL((u) => u.pathname === '/payform/' && u.port !== new URL(shop.url).port);
    await eventually(() => page.locator('h1').textContent()).toMatch(/₸/);
    await eventually(async () => tenge(await page.locator('h1').textContent())).toBe(sku.price);
    await snap(page, 'checkout-07-payment-page');
    await page.getByLabel('Номер карты').fill('4405 6397 0401 5096');
    await page.getByLabel('Срок действия').fill('12/30');
    await page.getByLabel('CVC/CVV').fill('123');
    await page.getByLabel('Имя владельца карты').fill('AIGERIM SEITKALI');
    await page.getByRole('button', { name: /^Оплатить/ }).click();

    await page.waitForURL(
      (u) => u.pathname.startsWith('/personal/orders/details/') && u.searchParams.get('payment') === 'return',
    );
    await eventually(() => page.getByTestId('payment-banner').textContent()).toBe(
      'Оплата прошла успешно. Спасибо!',
    );
    await eventually(() => page.getByTestId('order-status').first().textContent()).toBe('Оплачен');
    await eventually(() => page.getByTestId('payment-state').textContent()).toMatch(
      /^Оплачен картой 440563\.\.\.5096/,
    );
    await eventually(() => page.getByTestId('status-history').textContent()).toMatch(
      /Ожидает оплаты.*Оплачен/,
    );
    await eventually(() => page.getByTestId('pay-button').count()).toBe(0);
    await snap(page, 'checkout-08-paid');
    await done(c);
  });

  it('card online: a declined card comes back with the bank’s reason, and another card pays', async () => {
    const sku = skus[4]!;
    const c = await shopperWith(sku);
    const { page } = c;
    await openCheckout(page);
    await page.locator('input[name="paymentId"][value="3"]').check();
    await page.getByRole('button', { name: 'Оформить и перейти к оплате' }).click();
    await page.waitForURL((u) => u.pathname === '/payform/');
    await page.getByLabel('Номер карты').fill('4003 0327 0454 7597');
    await page.getByLabel('Срок действия').fill('12/30');
    await page.getByLabel('CVC/CVV').fill('123');
    await page.getByRole('button', { name: /^Оплатить/ }).click();

    await page.waitForURL((u) => u.searchParams.get('payment') === 'failed');
    await eventually(() => page.getByTestId('payment-banner').textContent()).toBe(
      'Оплата не прошла: Отказ банка-эмитента. Деньги не списаны — попробуйте ещё раз или другой картой.',
    );
    await eventually(() => page.getByTestId('order-status').first().textContent()).toBe('Ожидает оплаты');
    await snap(page, 'checkout-09-declined');

    await hydrated(page);
    await page.getByTestId('pay-button').click();
    await page.waitForURL((u) => u.pathname === '/payform/');
    await page.getByLabel('Номер карты').fill('5522 0427 0506 6736');
    await page.getByLabel('Срок действия').fill('11/29');
    await page.getByLabel('CVC/CVV').fill('321');
    await page.getByRole('button', { name: /^Оплатить/ }).click();
    await page.waitForURL((u) => u.searchParams.get('payment') === 'return');
    await eventually(() => page.getByTestId('order-status').first().textContent()).toBe('Оплачен');
    await eventually(() => page.getByTestId('payment-state').textContent()).toMatch(
      /^Оплачен картой 552204\.\.\.6736/,
    );
    await done(c);
  });

  it('payment-api.js also opens the payment page as a widget and reports the result to the shop’s page', async () => {
    const c = await shopperWith(skus[6]!);
    const api = async (url: string, body: unknown) => {
      const res = await fetch(shop.url + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-authorization': c.token },
        body: JSON.stringify(body),
      });
      expect(res.status, url).toBe(200);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    const { order } = (await api('/api/order/create', {
      order: {
        cartUuid: c.cartUuid,
        regionId: 1,
        deliveryMethodId: 1,
        paymentId: 3,
        pickupPointId: 1,
        idempotencyKey: crypto.randomUUID(),
      },
    })) as { order: { number: string } };
    const auth = await api('/api/payment/halyk/auth', { orderNumber: order.number });
    const { page } = c;
    await page.goto(`${shop.url}/personal/orders/details/${order.number}`);
    const result = page.evaluate(
      ({ scriptUrl, payment }) =>
        new Promise<{ success: boolean }>((resolve, reject) => {
          const el = document.createElement('script');
          el.src = scriptUrl as string;
          el.onerror = () => reject(new Error('payment-api.js did not load'));
          el.onload = () =>
            (
              window as unknown as {
                halyk: { showPaymentWidget(p: unknown, cb: (r: { success: boolean }) => void): void };
              }
            ).halyk.showPaymentWidget(payment, resolve);
          document.head.appendChild(el);
        }),
      auth,
    );
    const widget = page.frameLocator('iframe[title="Оплата картой — Halyk ePay"]');
    await widget.getByLabel('Номер карты').fill('4405 6397 0401 5096');
    await widget.getByLabel('Срок действия').fill('10/31');
    await widget.getByLabel('CVC/CVV').fill('555');
    await snap(page, 'checkout-10-widget');
    await widget.getByRole('button', { name: /^Оплатить/ }).click();
    await expect(result).resolves.toEqual({ success: true });
    await eventually(() => page.locator('[data-halyk-widget]').count()).toBe(0);
    await page.goto(`${shop.url}/personal/orders/details/${order.number}?payment=return`);
    await eventually(() => page.getByTestId('order-status').first().textContent()).toBe('Оплачен');
    await done(c);
  });

  it('the thank-you page visited directly sends the shopper to /', async () => {
    const anonymous = await browser.newContext();
    const page = await anonymous.newPage();
    await page.goto(shop.url + '/Cart/thankyou', { waitUntil: 'domcontentloaded' });
    await eventually(() => new URL(page.url()).pathname).toBe('/');
    await anonymous.close();

    const c = await shopperWith(skus[5]!);
    await c.page.goto(shop.url + '/Cart/thankyou', { waitUntil: 'domcontentloaded' });
    await eventually(() => new URL(c.page.url()).pathname).toBe('/');
    await c.page.goto(shop.url + '/Cart/thankyou?pay=1', { waitUntil: 'domcontentloaded' });
    await eventually(() => new URL(c.page.url()).pathname).toBe('/');
    await done(c);
  });
});
