import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';

// Issue 35 item 3: the header's search field suggests while typing — a combobox (ARIA roles and states), products
// with picture and price, categories and brands, Latin typed for Russian, arrows and Enter, Kazakh, a phone's
// width — with no console error (hydration included).

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

/** Console errors (React's hydration errors are logged there) of the page. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

describe('search suggestions in the header (issue 35 item 3)', () => {
  it('suggests jeans with prices for «dzhin»; ↓ and Enter open the product (desktop)', async () => {
    const s = await newShopper(browser);
    const errors = consoleErrors(s.page);
    const { page } = s;
    // Decision 083: the field asks the API itself, in the shopper's city (the city cookie) and language.
    const asked: URL[] = [];
    page.on('request', (r) => {
      if (/suggest/.test(r.url())) asked.push(new URL(r.url()));
    });
    await page.goto(shop.url + '/');
    await hydrated(page);
    const field = page.getByRole('combobox', { name: 'Поиск по каталогу' });
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('false');
    await field.click();
    await field.pressSequentially('dzhin');
    const list = page.getByRole('listbox', { name: 'Подсказки поиска' });
    await list.waitFor();
    await eventually(() => field.getAttribute('aria-expanded')).toBe('true');
    await expect(field.getAttribute('aria-controls')).resolves.toBe(await list.getAttribute('id'));
    const products = list.getByRole('group', { name: 'Товары' }).getByRole('option');
    await eventually(() => products.count()).toBeGreaterThan(0);
    const first = products.first();
    await expect(first.textContent()).resolves.toMatch(/джинсы/i);
    await expect(first.textContent()).resolves.toMatch(/\d[\d\s]*₸/);
    await expect(first.locator('img').count()).resolves.toBe(1);
    await expect(
      list.getByRole('group', { name: 'Категории' }).getByRole('option').allTextContents(),
    ).resolves.toEqual(expect.arrayContaining(['Женские джинсы', 'Мужские джинсы']));
    await snap(page, 'search-suggest-desktop');
    const city = (await s.page.context().cookies()).find((c) => c.name === 'city_id')?.value;
    expect(city).toMatch(/^\d+$/);
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) {
      expect(url.pathname).toBe('/api/catalog/suggest');
      expect(url.searchParams.get('cityId')).toBe(city);
      expect(url.searchParams.get('lang')).toBe('ru');
    }
    await field.press('ArrowDown');
    await eventually(() => field.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await field.press('Enter');
    await page.waitForURL(/\/product\/[^/]+$/);
    await eventually(() => page.locator('h1').textContent()).toMatch(/джинсы/i);
    // Escape closes an open list.
    await field.fill('');
    await field.pressSequentially('брюки');
    await eventually(() => field.getAttribute('aria-expanded')).toBe('true');
    await field.press('Escape');
    await eventually(() => field.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await s.done();
  });

  it('suggests the text typed before the page hydrated', async () => {
    const s = await newShopper(browser);
    const errors = consoleErrors(s.page);
    const { page } = s;
    // The page's scripts held back for a second: the shopper focuses the field and types before React is there.
    let held = 0;
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto(shop.url + '/');
    const field = page.getByRole('combobox', { name: 'Поиск по каталогу' });
    await field.click();
    await field.pressSequentially('джинс');
    await expect(page.locator('html[data-hydrated]').count()).resolves.toBe(0);
    await hydrated(page);
    expect(held).toBe(1);
    const options = page.getByRole('listbox', { name: 'Подсказки поиска' }).getByRole('option');
    await eventually(() => options.count()).toBeGreaterThan(0);
    await expect(options.first().textContent()).resolves.toMatch(/джинсы/i);
    expect(errors).toEqual([]);
    await s.done();
  });

  it('suggests a brand typed in Cyrillic and answers in Kazakh on a phone (390 px)', async () => {
    const s = await newShopper(browser, { viewport: { width: 390, height: 844 } });
    const errors = consoleErrors(s.page);
    const { page } = s;
    await page.goto(shop.url + '/?lang=kk');
    await hydrated(page);
    const field = page.getByRole('combobox', { name: 'Каталог бойынша іздеу' });
    await field.click();
    await field.pressSequentially('дала');
    const list = page.getByRole('listbox', { name: 'Іздеу ұсыныстары' });
    await list.waitFor();
    await expect(
      list.getByRole('group', { name: 'Брендтер' }).getByRole('option').allTextContents(),
    ).resolves.toEqual(['Dala Denim']);
    await field.fill('');
    await field.pressSequentially('әйелдер джинсы');
    await eventually(() =>
      list.getByRole('group', { name: 'Санаттар' }).getByRole('option').allTextContents(),
    ).toEqual(['Әйелдер джинсысы']);
    const box = await list.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await snap(page, 'search-suggest-phone-kk');
    expect(errors).toEqual([]);
    await s.done();
  });
});
