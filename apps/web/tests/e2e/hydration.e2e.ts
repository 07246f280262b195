import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';

// Issue 14 (decision 018 amendment «pages»): the page's scripts start after its main picture or at the shopper's
// first interaction (app/lib/deferred-scripts.tsx), so a shopper may act on the server's page before React has
// hydrated it. What they did then must count (app/lib/hydration.ts). Each test holds the page's script parts
// until it has acted, as a slow link would, then lets them through and checks React acted on it.

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

/** Holds every script part of the build (`/assets/*.js`) until `release()`; later ones pass at once. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js(\?.*)?$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    /** How many parts the page asked for while held (the starter ran). */
    count: () => held.length,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated !== undefined);

describe('what the shopper did before hydration counts', () => {
  it('a size chosen before the scripts ran is the size added to the cart', async () => {
    const { page, done } = await newShopper(browser);
    // A product in stock in the current city, from the listing the shopper sees.
    await page.goto(shop.url + '/category/zhenskaya-odezhda?inStock=1');
    const href = await page.locator('article.card a').first().getAttribute('href');

    const held = await holdScripts(page);
    await page.goto(shop.url + href!, { waitUntil: 'domcontentloaded' });
    expect(await isHydrated(page)).toBe(false);
    const inStock = page.locator('label.size[title="В наличии"]');
    expect(await inStock.count()).toBeGreaterThanOrEqual(1);
    // The last size in stock: never the one the page would choose by itself.
    const label = inStock.last();
    await label.click();
    const chosen = await label.locator('input').getAttribute('value');
    expect(await isHydrated(page)).toBe(false);
    // The click started the scripts (held here).
    await eventually(() => held.count()).toBeGreaterThan(0);
    await held.release();
    await hydrated(page);
    await eventually(() => page.getByTestId('size-stock').textContent()).toBe('В наличии');
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    // Added by the fetcher (no page load): the notice and the header's count, no second question for a size.
    await page.getByText('Товар добавлен в корзину').waitFor();
    expect(new URL(page.url()).searchParams.get('added')).toBeNull();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await snap(page, 'hydration-01-size-before');
    await page.goto(shop.url + '/Cart');
    await eventually(() => page.getByTestId('cart-line').getAttribute('data-external-id')).toBe(chosen);
    await done();
  });

  it('a filter ticked and a sort chosen before the scripts ran filter the listing', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/category/zhenskaya-odezhda', { waitUntil: 'domcontentloaded' });
    await page.getByRole('checkbox', { name: /В наличии: Алматы/ }).check();
    await page.getByLabel('Сортировка').selectOption('price-asc');
    expect(await isHydrated(page)).toBe(false);
    expect(new URL(page.url()).search).toBe('');
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await scripts.release();
    await hydrated(page);
    await page.waitForURL(
      (u) => u.searchParams.get('inStock') === '1' && u.searchParams.get('sort') === 'price-asc',
    );
    // The listing is the filtered one, and the controls still show the choice.
    const res = await fetch(
      `${shop.url}/api/catalog/products?category=zhenskaya-odezhda&inStock=1&sort=price-asc&cityId=1`,
    );
    const expected = ((await res.json()) as { data: { items: { name: string }[] } }).data.items;
    await eventually(() => page.locator('article.card .card__name').allTextContents()).toEqual(
      expected.map((i) => i.name),
    );
    expect(await page.getByRole('checkbox', { name: /В наличии: Алматы/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Сортировка').inputValue()).toBe('price-asc');
    await snap(page, 'hydration-02-filter-before');
    await done();
  });

  it('text typed in the search box before the scripts ran is searched for', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox').fill('джинсы');
    expect(await isHydrated(page)).toBe(false);
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await scripts.release();
    await hydrated(page);
    expect(await page.getByRole('searchbox').inputValue()).toBe('джинсы');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'джинсы');
    await eventually(() => page.locator('article.card').count()).toBeGreaterThan(0);
    await done();
  });

  it('a number typed in the sign-in dialog before the scripts ran goes with it to the next step', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/?signin=phone', { waitUntil: 'domcontentloaded' });
    const dialog = page.getByTestId('sign-in-dialog');
    await dialog.locator('form[data-step="phone"]').waitFor();
    await dialog.getByLabel('Номер телефона').fill('+7 701 333 55 99');
    expect(await isHydrated(page)).toBe(false);
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await scripts.release();
    await hydrated(page);
    await dialog.getByRole('button', { name: 'Войти по паролю' }).click();
    await dialog.locator('form[data-step="password"]').waitFor();
    await eventually(() => dialog.getByLabel('Номер телефона').inputValue()).toBe('+7 701 333 55 99');
    await done();
  });

  it('a step link pressed before the scripts ran opens the next step with the number typed', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/category/zhenskaya-odezhda?signin=phone', { waitUntil: 'domcontentloaded' });
    const dialog = page.getByTestId('sign-in-dialog');
    await dialog.getByLabel('Номер телефона').fill('+7 701 444 66 11');
    await dialog.getByRole('button', { name: 'Войти по паролю' }).click();
    // The step's form went to the server, which opened the password step over the same page with the number.
    await dialog.locator('form[data-step="password"]').waitFor();
    expect(await isHydrated(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/category/zhenskaya-odezhda');
    expect(await dialog.getByLabel('Номер телефона').inputValue()).toBe('+7 701 444 66 11');
    // And on from there, still without scripts: «Забыли пароль?» carries it to the recovery step.
    await dialog.getByRole('button', { name: 'Забыли пароль?' }).click();
    await dialog.locator('form[data-step="recover"]').waitFor();
    expect(await dialog.getByLabel('Номер телефона').inputValue()).toBe('+7 701 444 66 11');
    await snap(page, 'hydration-04-step-link-before');
    // Once hydrated, the dialog goes on as usual.
    await scripts.release();
    await hydrated(page);
    await dialog.getByRole('button', { name: 'Вспомнили пароль? Войти' }).click();
    await dialog.locator('form[data-step="password"]').waitFor();
    expect(await dialog.getByLabel('Номер телефона').inputValue()).toBe('+7 701 444 66 11');
    await done();
  });

  it('without a main picture the scripts start at once; with one they wait for it, at most 3 s', async () => {
    const { page, done } = await newShopper(browser);
    // The cart has no fetchpriority=high picture: hydrated without any interaction.
    await page.goto(shop.url + '/Cart');
    await hydrated(page);
    // A main picture that never comes: the scripts start at the latest 3 s after the page began to load.
    await page.route('**/media/**', () => undefined);
    await page.goto(shop.url + '/', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('img[fetchpriority="high"]').count()).toBeGreaterThan(0);
    await page.waitForFunction(
      () => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
      undefined,
      { polling: 100, timeout: 15_000 },
    );
    expect(await page.evaluate(() => performance.now())).toBeGreaterThan(2_900);
    // Hydrated at all: the started module script is inline, so it ran only with the answer's CSP nonce.
    await done();
  });
});

describe('parts ready with the page are sent in place (entry.server.tsx progressiveChunkSize)', () => {
  it("a product page sent whole (a crawler's) has its reviews and related products in place, no script to show them", async () => {
    const list = await (await fetch(shop.url + '/category/zhenskaya-odezhda')).text();
    const href = /href="(\/product\/[^"]+)"/.exec(list)![1]!;
    // A crawler gets the page once all its parts are ready (entry.server.tsx: onAllReady).
    const html = await (
      await fetch(shop.url + href, {
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      })
    ).text();
    expect(html).toContain('Похожие товары');
    // React's «outlined» boundary: a template in place and a hidden copy at the end, moved in by an inline script
    // (never run without JavaScript).
    expect(html).not.toContain('<template id="B:');
    expect(html).not.toContain('<div hidden id="S:');
  });
});
