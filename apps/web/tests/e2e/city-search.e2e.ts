import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, hydrated, launchBrowser, snap, startShop, type RunningShop } from './shop.ts';
import { prepareCarrierShop, shopperContext, signInByPhone, type CarrierSku } from './carrier-shop.ts';

// Issue 34 item 1 in Chromium (decision 073): a shopper types «Көкш» (or «кокш») in the city chooser's «Другой
// город», picks Кокшетау from CDEK's cities, and from then on sees sizes held elsewhere as «В другом городе» with
// CDEK's period on listings and the product page, puts one in the cart, which says CDEK brings it, and reaches
// checkout with CDEK's points. Without JavaScript the search is a page of results. CDEK_MODE=simulator.

let shop: RunningShop;
let browser: Browser;
let product: CarrierSku;

beforeAll(async () => {
  shop = await startShop({ CDEK_MODE: 'simulator' });
  browser = await launchBrowser();
  // Every shop city is CDEK's Almaty warehouse: parcels to Кокшетау leave from there.
  product = prepareCarrierShop(shop, { allCities: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A signed-in shopper (checkout needs one) in a context that refuses requests off this machine. */
async function shopper(width: number, javaScriptEnabled = true) {
  const mobile = `7705${String(6_120_000 + width + (javaScriptEnabled ? 0 : 1))}`;
  const token = await signInByPhone(shop, mobile);
  return shopperContext(browser, shop, { width, javaScriptEnabled, cookies: { customer_token: token } });
}

/** The city chooser shown at this width (the phone's is in the header's menu). */
async function openChooser(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Меню' }).click();
  const chooser = page.locator('[data-testid="city-chooser"]:visible');
  await chooser.locator('summary').click();
  return chooser;
}

describe('choosing any CDEK city in the city chooser (issue 34 item 1)', () => {
  it('a shopper finds Кокшетау in Kazakh, sees CDEK’s period and reaches checkout with CDEK', async () => {
    const { context, page, errors } = await shopper(1280);
    await page.goto(`${shop.url}/category/${product.category}`, { waitUntil: 'domcontentloaded' });
    await hydrated(page);
    const chooser = await openChooser(page, false);
    await chooser.getByTestId('city-search-input').fill('Көкш');
    const result = chooser.getByTestId('city-search-result').filter({ hasText: 'Кокшетау' });
    await result.waitFor();
    expect(await result.textContent()).toContain('Акмолинская область · доставка СДЭК');
    expect(await chooser.getByTestId('city-search-status').textContent()).toMatch(/Найден/);
    await snap(page, 'city-search-01-desktop');
    await result.click();
    await eventually(() => page.getByTestId('current-city').first().textContent()).toBe('Кокшетау');

    // The listing: sizes held in the warehouse city, with CDEK's period; nothing «in stock» here.
    await hydrated(page);
    const labels = await page.getByTestId('card-stock').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(
      labels.some((l) => /^В другом городе · СДЭК: \d+(–\d+)? рабоч(ий|их|его) (день|дня|дней)$/.test(l)),
    ).toBe(true);
    expect(labels.some((l) => l.startsWith('В наличии'))).toBe(false);
    await snap(page, 'city-search-02-listing');

    await page.goto(`${shop.url}/product/${product.slug}`);
    await hydrated(page);
    expect(await page.getByTestId('size-stock').textContent()).toBe('Доставка из другого города');
    expect(await page.getByTestId('delivery-estimate').textContent()).toMatch(
      /^Доставка СДЭК в город Кокшетау: \d+(–\d+)? рабоч/,
    );
    await page.locator(`fieldset.sizes input[value="${product.externalId}"]`).first().check({ force: true });
    await page.getByTestId('add-to-cart').click();
    await page
      .getByRole('status')
      .filter({ hasText: /корзин/i })
      .first()
      .waitFor();
    await snap(page, 'city-search-03-product');

    await page.goto(`${shop.url}/Cart`);
    await hydrated(page);
    await page
      .getByTestId('cart-other-city')
      .getByRole('heading', { name: 'Доставим СДЭК из другого города' })
      .waitFor();
    expect(await page.getByTestId('cart-total-count').count()).toBe(0);
    expect(await page.getByTestId('cart-carrier-count').textContent()).toBe('1 товар');
    await snap(page, 'city-search-04-cart');
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/Cart\/checkout$/);
    await hydrated(page);
    await eventually(() => page.getByTestId('carrier-point-offer').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a 390 px phone: typed in Russian lower case, from the header’s menu', async () => {
    const { context, page, errors } = await shopper(390);
    await page.goto(shop.url + '/info');
    await hydrated(page);
    const chooser = await openChooser(page, true);
    await chooser.getByTestId('city-search-input').fill('кокш');
    await chooser.getByTestId('city-search-result').filter({ hasText: 'Кокшетау' }).waitFor();
    await snap(page, 'city-search-05-phone-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // One letter is not searched: the list goes away.
    await chooser.getByTestId('city-search-input').fill('к');
    await eventually(() => chooser.getByTestId('city-search-result').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the search is a page of results, a choice sets the city', async () => {
    const { context, page } = await shopper(1280, false);
    await page.goto(`${shop.url}/city?${new URLSearchParams({ q: 'Түрк', returnTo: '/info' })}`);
    const result = page
      .locator('.city-page')
      .getByTestId('city-search-result')
      .filter({ hasText: 'Туркестан' });
    await result.waitFor();
    await snap(page, 'city-search-06-nojs');
    await result.click();
    await page.waitForURL((u) => u.pathname === '/info', { waitUntil: 'domcontentloaded' });
    expect(await page.getByTestId('current-city').first().textContent()).toBe('Туркестан');
    await page.goto(`${shop.url}/city?q=${encodeURIComponent('<x>')}`);
    expect(await page.locator('.city-page').getByTestId('city-search-status').textContent()).toBe(
      'Введите хотя бы две буквы названия города.',
    );
    // Without a query the page is a whole chooser: the shop's own cities, the current one marked, then the search.
    await page.goto(`${shop.url}/city?returnTo=%2Finfo`);
    const own = page.getByTestId('city-page-own');
    expect(await own.getByRole('heading').textContent()).toBe('Выберите город');
    expect(await own.locator('[aria-current="true"]').count()).toBe(0);
    const almaty = own.getByRole('button', { name: 'Алматы' });
    await snap(page, 'city-search-07-nojs-own');
    await almaty.click();
    await page.waitForURL((u) => u.pathname === '/info', { waitUntil: 'domcontentloaded' });
    expect(await page.getByTestId('current-city').first().textContent()).toBe('Алматы');
    await page.goto(`${shop.url}/city`);
    expect(await own.getByRole('button', { name: 'Алматы' }).getAttribute('aria-current')).toBe('true');
    await context.close();
  });
});
