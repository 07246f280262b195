import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventually, launchBrowser, snap, startShop, type RunningShop } from './shop.ts';

/** Digits of a price as shown (`12 990 ₸` → 12990). */
const tenge = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('main shopping journey (issue: the shop end to end)', () => {
  it('home → category → product → size → cart → sign in by SMS → checkout → thank-you → pending orders', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(shop.url + '/');
    await eventually(() => page.locator('h1').first().textContent()).toBeTruthy();
    await snap(page, '01-home');

    await page.locator('a.tile', { hasText: 'Женские джинсы' }).click();
    await page.locator('h1', { hasText: 'Женские джинсы' }).waitFor();
    await eventually(() => new URL(page.url()).pathname).toMatch(/^\/category\//);
    await snap(page, '02-category');

    // A product in stock in the current city (Алматы).
    await page
      .locator('article.card', { has: page.locator('.stock--in') })
      .first()
      .locator('a')
      .click();
    await page.locator('.product h1').waitFor();
    await eventually(() => new URL(page.url()).pathname).toMatch(/^\/product\//);
    const productName = await page.locator('h1').textContent();
    const price = tenge(await page.locator('.product__info .price__now').textContent());
    expect(price).toBeGreaterThan(0);
    await page.locator('label.size[title="В наличии"]').first().click();
    await snap(page, '03-product');
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await page.getByText('Товар добавлен в корзину').waitFor();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');

    await page.goto(shop.url + '/Cart');
    await eventually(() => page.getByTestId('cart-line').count()).toBe(1);
    await eventually(() => page.getByTestId('cart-line').textContent()).toContain(productName ?? '');
    await eventually(async () => tenge(await page.getByTestId('cart-total').textContent())).toBe(price);
    await snap(page, '04-cart');

    // Checkout asks an anonymous visitor to sign in first.
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByLabel('Номер телефона').fill('+7 701 555 12 34');
    await snap(page, '05-sign-in-phone');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').waitFor();
    const outbox = await (await fetch(`${shop.url}/api/dev/sms-outbox?mobile=77015551234`)).json();
    const code = /\b(\d{6})\b/.exec(outbox.data[0].text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Код из SMS').fill(code!);
    await snap(page, '06-sign-in-code');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();

    await page.waitForURL(/\/Cart\/checkout$/);
    // The first pickup point of the city is selected (spec §4); wait for the page, not just its address.
    await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
    await page.locator('input[name="pickupPointId"]:checked').waitFor({ state: 'attached' });
    await eventually(() => page.locator('input[name="pickupPointId"]:checked').count()).toBe(1);
    await page.locator('input[name="deliveryMethodId"][value="1"]').check();
    await page.locator('input[name="paymentId"][value="1"]').check();
    await snap(page, '07-checkout');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/Cart\/thankyou$/);
    const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).toMatch(/^\d{6,15}$/);
    await eventually(async () => tenge(await page.getByTestId('order-amount').textContent())).toBe(price);
    await snap(page, '08-thank-you');

    await page.getByRole('link', { name: 'Мои заказы' }).click();
    await page.waitForURL(/\/personal\/orders\/pending$/);
    await eventually(() => page.getByTestId('order-card').first().textContent()).toContain(orderNumber);
    await snap(page, '09-pending-orders');

    // The cart no longer holds the ordered line.
    await eventually(() => page.getByTestId('cart-count').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('guards and the 404 screen', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(shop.url + '/Cart/thankyou');
    await eventually(() => new URL(page.url()).pathname).toBe('/');

    await page.goto(shop.url + '/Cart/checkout');
    await eventually(() => new URL(page.url()).pathname.toLowerCase()).toBe('/cart');

    await page.goto(shop.url + '/personal/orders/pending');
    await eventually(() => new URL(page.url()).pathname).toBe('/');

    const res = await page.goto(shop.url + '/no-such-page');
    expect(res?.status()).toBe(404);
    await eventually(() => page.locator('h1').textContent()).toBe('Такая страница не существует...');
    await eventually(() => page.getByRole('link', { name: 'На главную', exact: true }).count()).toBe(1);
    await snap(page, '10-not-found');

    await page.goto(shop.url + '/home-foo');
    await eventually(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
