import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';

/**
 * Each size keeps its own price (issue 28 item 4, docs/decisions/032): staff give one size of a product another
 * price with the CSV prices import; the product's card in its category says «от» its cheapest price, its page says
 * «от» until a size is chosen, then the chosen size's price. Screenshots in test-results/e2e/.
 */

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
const tenge = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
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

type Sku = {
  externalId: string;
  size: string;
  price: number;
  regionalStockAmount: string;
  globalStockAmount: string;
};
type ProductPage = { slug: string; price: number; category: { slug: string }; skus: Sku[] };

/** The first listed product with at least two sizes on sale, as its page's API answers it (those sizes only). */
async function productWithSizes(): Promise<ProductPage> {
  const list = await (await fetch(`${shop.url}/api/catalog/products?cityId=1&pageSize=60`)).json();
  for (const item of list.data.items as { slug: string }[]) {
    const page = (await (await fetch(`${shop.url}/api/catalog/product/${item.slug}?cityId=1`)).json())
      .data as ProductPage;
    const skus = page.skus.filter(
      (k) => k.regionalStockAmount !== 'not-available' || k.globalStockAmount !== 'not-available',
    );
    if (skus.length >= 2) return { ...page, skus };
  }
  throw new Error('no product with two sizes');
}

describe('a size priced apart', () => {
  it('shows «от» the cheapest price on the card and the page, and the chosen size’s price', async () => {
    const product = await productWithSizes();
    const [first, second] = product.skus;
    const dearer = product.price + 5000;
    const { page } = await newShopper(browser);
    await page.goto(`${shop.url}/admin/sign-in`);
    await page.getByLabel('Электронная почта').fill(OWNER.email);
    await page.getByLabel('Пароль').fill(OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('link', { name: 'Загрузка из файла' })
      .click();
    await page.getByRole('heading', { name: 'Загрузка и выгрузка каталога' }).waitFor();
    await page.getByRole('radio', { name: /^Цены/ }).check();
    const csv = `\uFEFFexternalId;price;originalPrice\r\n${second!.externalId};${dearer};\r\n`;
    await page
      .getByLabel('Файл')
      .setInputFiles({ name: 'цены.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Проверить файл' }).click();
    // The price, and the price before a discount when the product was discounted (an empty cell: none).
    await eventually(() => page.getByRole('status').textContent()).toMatch(
      /^Строк в файле: 1\. Изменится: [12]\. Без изменений: 0\. С ошибками: 0\.$/,
    );
    await page.getByRole('button', { name: 'Применить' }).click();
    await eventually(() => page.getByRole('heading', { name: 'Файл применён' }).count()).toBe(1);

    await page.goto(`${shop.url}/category/${product.category.slug}`);
    const card = page.locator(`.card:has(a[href="/product/${product.slug}"]) .price__now`).first();
    await eventually(async () => (await card.textContent())?.replace(/\s/g, ' ')).toContain('от ');
    expect(tenge(await card.textContent())).toBe(product.price);

    await page.goto(`${shop.url}/product/${product.slug}`);
    const price = page.locator('.product__info .price__now');
    expect((await price.textContent())?.replace(/\s/g, ' ')).toMatch(/^от /);
    expect(tenge(await price.textContent())).toBe(product.price);
    await snap(page, 'product-size-prices-from-1280');
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { '@type': string; offers?: Record<string, unknown> },
    );
    expect(jsonLd.find((d) => d['@type'] === 'Product')?.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: product.price,
      highPrice: dearer,
    });
    await page.getByRole('radio', { name: second!.size, exact: true }).check({ force: true });
    await eventually(async () => tenge(await price.textContent())).toBe(dearer);
    expect(await price.textContent()).not.toMatch(/от/);
    await page.getByRole('radio', { name: first!.size, exact: true }).check({ force: true });
    await eventually(async () => tenge(await price.textContent())).toBe(product.price);
    await snap(page, 'product-size-prices-chosen-1280');
  });
});
