import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hydrated, launchBrowser, newShopper, smsCode, snap, startShop, type RunningShop } from './shop.ts';

// Issue 35 §2: Debian's Chromium has no Kazakh locale data, so a date the browser wrote with `Intl` read «2026 M11
// 28» after hydration where the server sent «2026 ж. 28 қараша», and React logged error #418. Every page that shows
// a date is opened in both languages: the hydrated page must show exactly the server's text, with no console error.

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

/** Console errors (React's recoverable hydration errors are logged there, not thrown) and script errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Signs in by SMS from the cart and places a pickup order paid in cash: the shopper's page ends on thank-you. */
async function placeOrder(page: Page, mobile: string): Promise<void> {
  await page.goto(shop.url + '/category/muzhskie-dzhinsy');
  await page
    .locator('article.card', { has: page.locator('.stock--in') })
    .first()
    .locator('a')
    .click();
  await hydrated(page);
  await page.locator('label.size[title="В наличии"]').first().click();
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await page.getByText('Товар добавлен в корзину').waitFor();
  await page.goto(shop.url + '/Cart');
  await hydrated(page);
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByLabel('Номер телефона').fill(`+${mobile}`);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из SMS').waitFor();
  await page.getByLabel('Код из SMS').fill(await smsCode(shop, mobile));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL(/\/Cart\/checkout$/);
  await page.locator('input[name="deliveryMethodId"][value="1"]').check();
  await page.locator('input[name="paymentId"][value="1"]').check();
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await page.waitForURL(/\/Cart\/thankyou$/);
}

/** The text of `selector` in the server's page: opened with the shopper's cookies and no script run. */
async function serverText(shopper: BrowserContext, url: string, selector: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await shopper.cookies());
  const page = await context.newPage();
  await page.goto(url);
  const text = (await page.locator(selector).first().innerText()).trim();
  await context.close();
  return text;
}

const DATE = { ru: /\d{1,2} [а-я]+ \d{4} г\./, kk: /\d{4} ж\. \d{1,2} [а-яәіңғүұқөһ]+/ };

describe('dates read the same before and after hydration, in Russian and Kazakh (issue 35 §2)', () => {
  it('thank-you, the order list and the order page: the server’s date after hydration, no console error', async () => {
    const s = await newShopper(browser);
    await placeOrder(s.page, '77015553501');
    const number = (await s.page.getByTestId('order-number').innerText()).trim();
    const pages = [
      { path: '/Cart/thankyou', selector: '[data-testid="order-date"]' },
      { path: '/personal/orders/pending', selector: '[data-testid="order-card"] p.muted' },
      { path: `/personal/orders/details/${number}`, selector: '[data-testid="status-history"] li' },
    ];
    for (const lang of ['ru', 'kk'] as const) {
      for (const { path, selector } of pages) {
        const page = await s.context.newPage();
        const errors = collectErrors(page);
        const url = `${shop.url}${path}?lang=${lang}`;
        await page.goto(url);
        await hydrated(page);
        const shown = (await page.locator(selector).first().innerText()).trim();
        expect(shown, `${lang} ${path}`).toMatch(DATE[lang]);
        expect(shown, `${lang} ${path}`).not.toMatch(/M\d{1,2}/);
        expect(shown, `${lang} ${path}`).toBe(await serverText(s.context, url, selector));
        expect(errors, `${lang} ${path}`).toEqual([]);
        await snap(page, `dates-${lang}-${path.split('/').filter(Boolean).slice(0, 2).join('-')}`);
        await page.close();
      }
    }
    await s.done();
    // Six pages, each opened twice (hydrated, and as the server sent it) after a whole order: longer than one journey.
  }, 240_000);
});
