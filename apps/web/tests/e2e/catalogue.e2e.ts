import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ProductList } from '@kiim/contract';
import {
  clickSettled,
  eventually,
  hydrated,
  launchBrowser,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';

// Catalogue journeys (issue 5): list state in the URL, the city chooser changing stock labels, the segment
// home guard and the list view.

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

async function api<T>(path: string): Promise<T> {
  const res = await fetch(shop.url + path);
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Names of the cards on the page, in order. */
const cardNames = (page: Page) => page.locator('article.card .card__name').allTextContents();

async function newPage(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

describe('catalogue (issue 5)', () => {
  it('filter + sort + page live in the URL and survive reload and back', async () => {
    const { context, page, errors } = await newPage();
    const path = '/category/zhenskaya-odezhda';
    await page.goto(shop.url + path);
    await page.locator('h1', { hasText: 'Женская одежда' }).waitFor();

    // Filter: in stock in the current city (Алматы).
    await page.getByRole('checkbox', { name: /В наличии: Алматы/ }).check();
    await page.waitForURL((u) => u.searchParams.get('inStock') === '1');
    // Sort: cheapest first.
    await page.getByLabel('Сортировка').selectOption('price-asc');
    await page.waitForURL(
      (u) => u.searchParams.get('sort') === 'price-asc' && u.searchParams.get('inStock') === '1',
    );
    const expected = await api<ProductList>(
      `/api/catalog/products?category=zhenskaya-odezhda&inStock=1&sort=price-asc&page=2&cityId=1`,
    );
    expect(expected.pageCount).toBeGreaterThanOrEqual(2);
    // Page 2, once the sorted list is shown (the address changes before the page is drawn anew).
    const page2 = page
      .getByRole('navigation', { name: 'Страницы списка' })
      .getByRole('link', { name: 'Страница 2' });
    await eventually(() => page2.getAttribute('href')).toContain('sort=price-asc');
    await clickSettled(page2);
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await page.locator('.pagination__current', { hasText: '2' }).waitFor();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ inStock: '1', sort: 'price-asc', page: '2' });
    const names = expected.items.map((i) => i.name);
    await eventually(() => cardNames(page)).toEqual(names);
    await snap(page, 'catalogue-01-filter-sort-page2');

    // Reload: the same state, server-rendered.
    await page.reload();
    expect(page.url()).toBe(url.toString());
    await eventually(() => cardNames(page)).toEqual(names);
    await eventually(() => page.getByRole('checkbox', { name: /В наличии: Алматы/ }).isChecked()).toBe(true);
    await eventually(() => page.getByLabel('Сортировка').inputValue()).toBe('price-asc');
    await eventually(() => page.locator('.pagination__current').textContent()).toBe('2');

    // Back: the entries before the reload were made by the client router (same document), so only its script can
    // draw them; it starts after the main picture (app/lib/deferred-scripts.tsx).
    await hydrated(page);
    // Back: page 1 with filter and sort, then without the sort, then without the filter. The address changes at
    // once, the controls when the client router has loaded and drawn that list: `eventually`, not expect.poll's
    // 1 s (on a loaded machine that load took longer, and the sort was still the one before «back» — on main too).
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page') && u.searchParams.get('sort') === 'price-asc');
    await page.locator('.pagination__current', { hasText: '1' }).waitFor();
    await eventually(() => page.getByLabel('Сортировка').inputValue()).toBe('price-asc');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('sort') && u.searchParams.get('inStock') === '1');
    await eventually(() => page.getByLabel('Сортировка').inputValue()).toBe('default');
    await eventually(() => page.getByRole('checkbox', { name: /В наличии: Алматы/ }).isChecked()).toBe(true);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === path && u.search === '');
    await eventually(() => page.getByRole('checkbox', { name: /В наличии: Алматы/ }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changing the city in the header changes a product’s stock label', async () => {
    // A product in stock in Алматы (1) with nothing in a city where it is only available elsewhere.
    const cities = await api<{ id: number; name: string; visibleForCustomers: boolean }[]>('/api/city/list');
    let target: { slug: string; city: { id: number; name: string } } | undefined;
    const inAlmaty = await api<ProductList>('/api/catalog/products?inStock=1&cityId=1&pageSize=120');
    for (const city of cities.filter((c) => c.visibleForCustomers && c.id !== 1)) {
      const there = await api<ProductList>(`/api/catalog/products?inStock=1&cityId=${city.id}&pageSize=120`);
      const ids = new Set(there.items.map((i) => i.id));
      const p = inAlmaty.items.find((i) => !ids.has(i.id) && i.globalStockAmount !== 'not-available');
      if (p) {
        target = { slug: p.slug, city };
        break;
      }
    }
    expect(target).toBeDefined();
    const { context, page, errors } = await newPage();
    await page.goto(`${shop.url}/product/${target!.slug}`);
    await eventually(() => page.getByTestId('size-stock').textContent()).toBe('В наличии');
    await eventually(() => page.getByTestId('current-city').textContent()).toBe('Алматы');

    await page.getByTestId('city-chooser').locator('summary').click();
    await page.getByRole('button', { name: target!.city.name, exact: true }).click();
    await page.getByTestId('current-city').filter({ hasText: target!.city.name }).waitFor();
    await eventually(() => page.getByTestId('size-stock').textContent()).toBe('Доставка из другого города');
    await eventually(() => page.locator('label.size[title="В наличии"]').count()).toBe(0);
    await snap(page, 'catalogue-02-product-other-city');
    await eventually(() => new URL(page.url()).pathname).toBe(`/product/${target!.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the list view toggles between grid and hor, in the URL', async () => {
    const { context, page, errors } = await newPage({ width: 412, height: 900 });
    await page.goto(shop.url + '/category/muzhskie-dzhinsy?sort=new-arrivals');
    await eventually(() => page.locator('.grid').getAttribute('data-view')).toBe('grid');
    await page.getByRole('link', { name: 'Списком' }).click();
    await page.waitForURL((u) => u.searchParams.get('view') === 'hor');
    await eventually(() => new URL(page.url()).searchParams.get('sort')).toBe('new-arrivals');
    await page.locator('.grid[data-view="hor"]').waitFor();
    const box = await page.locator('article.card .card__media').first().boundingBox();
    expect(box!.width).toBeLessThan(200);
    await snap(page, 'catalogue-03-list-view-hor');
    await page.reload();
    await eventually(() => page.locator('.grid').getAttribute('data-view')).toBe('hor');
    await page.getByRole('link', { name: 'Плиткой' }).click();
    await page.waitForURL((u) => !u.searchParams.has('view'));
    await page.locator('.grid[data-view="grid"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/home-foo sends to /; the segment homes and search work', async () => {
    const { context, page, errors } = await newPage({ width: 412, height: 900 });
    await page.goto(shop.url + '/home-foo');
    await eventually(() => new URL(page.url()).pathname).toBe('/');
    await page.locator('.four-banners .banner').first().waitFor();
    await snap(page, 'catalogue-04-home');
    await page.goto(shop.url + '/home-muzhchiny');
    await eventually(() => page.locator('h1').textContent()).toBe('Одежда для мужчин');
    await snap(page, 'catalogue-05-home-men');
    await page.getByLabel('Поиск по каталогу').fill('джинсов');
    await page.getByLabel('Поиск по каталогу').press('Enter');
    await page.waitForURL((u) => u.pathname === '/search');
    await page.locator('h1', { hasText: 'Результаты поиска «джинсов»' }).waitFor();
    await eventually(() => page.locator('article.card').count()).toBeGreaterThan(10);
    await snap(page, 'catalogue-06-search');
    // A size in the text becomes the chosen size filter, in the URL (issue 35 item 3), and the sizes are in order.
    await page.getByLabel('Поиск по каталогу').fill('джинсы 28');
    await page.getByLabel('Поиск по каталогу').press('Enter');
    await page.waitForURL(
      (u) => u.searchParams.get('q') === 'джинсы' && u.searchParams.get('size') === 'W28',
    );
    await page.locator('h1', { hasText: 'Результаты поиска «джинсы»' }).waitFor();
    expect(await page.locator('input[name="size"][value="W28"]').isChecked()).toBe(true);
    const sizes = await page
      .locator('input[name="size"]')
      .evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value.replace('W', ''))));
    expect(sizes.length).toBeGreaterThan(5);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    await snap(page, 'catalogue-07-search-size');
    expect(errors).toEqual([]);
    await context.close();
  });
});
