import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, launchBrowser, screenshotDir, snap, startShop, type RunningShop } from './shop.ts';

// Issue 3 in Chromium: an anonymous visitor's cart split by city, the wishlist hearts, the sign-in merge of
// spec §4 with a customer who already has a cart and a wishlist, the city chooser, the removal dialog, and
// the same forms without JavaScript.

let shop: RunningShop;
let browser: Browser;
let db: Database.Database;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  db = new Database(path.join(shop.dataDir, 'kiim.db'));
  db.pragma('busy_timeout = 5000');
});

afterAll(async () => {
  db?.close();
  await browser?.close();
  await shop?.stop();
});

interface Sku {
  skuId: number;
  externalId: string;
  productId: number;
  slug: string;
  name: string;
}

const SKU_SELECT = `select s.id as skuId, s.external_id as externalId, p.id as productId, p.slug, p.name
  from sku s join product p on p.id = s.product_id where p.is_active = 1`;
const qtyIn = (city: string) =>
  `coalesce((select quantity from stock where sku_id = s.id and city_id = ${city}), 0)`;

/** A SKU with at least 5 units in the city, of a product not among `exclude`. */
function skuInStock(cityId: number, exclude: number[] = []): Sku {
  return db
    .prepare(
      `${SKU_SELECT} and ${qtyIn('?')} >= 5 and p.id not in (${exclude.join(',') || 0}) order by s.id limit 1`,
    )
    .get(cityId) as Sku;
}

/**
 * A SKU with no unit in Алматы (city 1) but at least 5 in another visible city `otherCity`, where `inAlmaty`
 * (a SKU in stock in Алматы) has none: changing the city to `otherCity` swaps their places in the split.
 */
function skuOnlyElsewhere(inAlmaty: Sku): Sku & { otherCity: number; otherCityName: string } {
  return db
    .prepare(
      `${SKU_SELECT} and ${qtyIn('1')} = 0 and p.id <> ?
       and exists (select 1 from stock st join city c on c.id = st.city_id
                   where st.sku_id = s.id and c.visible_for_customers = 1 and st.quantity >= 5 and c.id <> 1
                   and coalesce((select quantity from stock where sku_id = ? and city_id = c.id), 0) = 0)
       order by s.id limit 1`,
    )
    .all(inAlmaty.productId, inAlmaty.skuId)
    .map((row) => {
      const sku = row as Sku;
      const city = db
        .prepare(
          `select c.id, c.name from stock st join city c on c.id = st.city_id
           where st.sku_id = ? and c.visible_for_customers = 1 and st.quantity >= 5 and c.id <> 1
           and coalesce((select quantity from stock where sku_id = ? and city_id = c.id), 0) = 0
           order by c.id limit 1`,
        )
        .get(sku.skuId, inAlmaty.skuId) as { id: number; name: string };
      return { ...sku, otherCity: city.id, otherCityName: city.name };
    })[0]!;
}

/**
 * A customer who shopped before on another device: they already have a cart (`lines`) and a wishlist
 * (`liked`), stored as the shop stores them (the customer row is what phone sign-in finds by number).
 * Written straight into the shop's database: their earlier sign-in is history, not part of this journey.
 */
function customerWithCartAndWishlist(mobile: string, lines: [Sku, number][], liked: Sku[]) {
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  const customerId = randomUUID();
  const cartId = randomUUID();
  const wishlistId = randomUUID();
  db.transaction(() => {
    db.prepare(
      `insert into customer (id, mobile, name, surname, email, gender, birth_date, password_hash, created_at, updated_at)
       values (?, ?, 'Айгерим', null, null, null, null, null, ?, ?)`,
    ).run(customerId, mobile, yesterday, yesterday);
    db.prepare('insert into cart (id, customer_id, created_at, updated_at) values (?, ?, ?, ?)').run(
      cartId,
      customerId,
      yesterday,
      yesterday,
    );
    for (const [sku, qty] of lines) {
      db.prepare(
        'insert into cart_item (cart_id, sku_id, qty, created_at, updated_at) values (?, ?, ?, ?, ?)',
      ).run(cartId, sku.skuId, qty, yesterday, yesterday);
    }
    db.prepare('insert into wishlist (id, customer_id, created_at, updated_at) values (?, ?, ?, ?)').run(
      wishlistId,
      customerId,
      yesterday,
      yesterday,
    );
    for (const sku of liked) {
      db.prepare(
        'insert into wishlist_item (wishlist_id, product_id, sku_id, created_at, updated_at) values (?, ?, ?, ?, ?)',
      ).run(wishlistId, sku.productId, sku.skuId, yesterday, yesterday);
    }
  })();
  return { customerId, cartId, wishlistId };
}

/** Opens the product page, chooses the size `sku` and adds it to the cart; waits for the confirmation. */
async function addToCart(page: Page, sku: Sku) {
  await page.goto(`${shop.url}/product/${sku.slug}`);
  await page.locator(`label.size:has(input[value="${sku.externalId}"])`).click();
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await page.getByText('Товар добавлен в корзину').waitFor();
}

/** Names of the cart lines in a block of the cart page: in the city, from another city, in stock nowhere. */
async function namesIn(page: Page, block: 'cart-available' | 'cart-other-city' | 'cart-not-available') {
  const section = page.getByTestId(block);
  if ((await section.count()) === 0) return [];
  return section.locator('.cart-line__name').allTextContents();
}

/** The quantity shown on the cart line of `sku`. */
const qtyOf = (page: Page, sku: Sku) =>
  page.locator(`[data-external-id="${sku.externalId}"] [data-testid="cart-line-qty"]`);

/** Signs in through the header's dialog with the SMS code from the development outbox. */
async function signIn(page: Page, mobile: string, typed: string) {
  await page.getByRole('link', { name: 'Войти', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await page.getByLabel('Номер телефона').fill(typed);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из SMS').waitFor();
  const outbox = (await (await fetch(`${shop.url}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as {
    data: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(outbox.data[0]!.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Код из SMS').fill(code!);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Chooses a city in the header's city chooser. */
async function chooseCity(page: Page, name: string) {
  await page.getByTestId('city-chooser').locator('summary').click();
  await page.getByRole('button', { name, exact: true }).click();
  await eventually(() => page.getByTestId('current-city').textContent()).toBe(name);
}

async function newContext(
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'ru-RU',
    javaScriptEnabled,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

describe('cart and wishlist (issue 3)', () => {
  it('anonymous split by city → wishlist → sign-in merge with the customer’s cart and wishlist → city change re-splits', async () => {
    const a = skuInStock(1);
    const b = skuOnlyElsewhere(a);
    const d = skuInStock(1, [a.productId, b.productId]);
    const liked = skuInStock(1, [a.productId, b.productId, d.productId]);
    const mobile = '77015550001';
    customerWithCartAndWishlist(
      mobile,
      [
        [a, 2],
        [d, 1],
      ],
      [liked],
    );

    const { context, page, errors } = await newContext();

    // An anonymous visitor adds two products: one in stock in Алматы, one only in another city.
    await addToCart(page, a);
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');
    // The heart on the product page puts it in the wishlist.
    const heart = page.locator('.product__title').getByTestId('wishlist-heart');
    await eventually(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await eventually(() => heart.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('1');
    await snap(page, 'cw-00-product-page-heart');
    await addToCart(page, b);
    // Not in stock in the city: the capped count stays 1 (spec §9).
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');

    const cookies = await context.cookies();
    for (const name of ['cart_uuid', 'wishlist_uuid']) {
      const cookie = cookies.find((c) => c.name === name);
      expect(cookie, name).toBeDefined();
      expect(cookie!.sameSite).toBe('Lax');
      expect(cookie!.httpOnly).toBe(true);
      const days = (cookie!.expires * 1000 - Date.now()) / (24 * 3600 * 1000);
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThanOrEqual(365);
    }

    await page.goto(`${shop.url}/Cart`);
    await eventually(() => namesIn(page, 'cart-available')).toEqual([a.name]);
    await eventually(() => namesIn(page, 'cart-other-city')).toEqual([b.name]);
    await eventually(() =>
      page.locator(`[data-external-id="${b.externalId}"] [data-testid="delivery-information"]`).textContent(),
    ).toContain('из другого города');
    await snap(page, 'cw-01-anonymous-cart-split');
    // On a 390 px phone every line stays inside the page's padding (a line once pushed the price 6 px past it).
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () =>
      page.evaluate(() => {
        const main = document.querySelector('main')!;
        const right = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
        return [...document.querySelectorAll('.cart-line, .cart-line *')]
          .filter((e) => e.getBoundingClientRect().right > right + 0.5)
          .map((e) => e.className);
      });
    await eventually(overflow).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Quantity controls change by a delta; the count in the summary follows.
    await page
      .locator(`[data-external-id="${a.externalId}"]`)
      .getByRole('button', { name: /Увеличить/ })
      .click();
    await eventually(() => qtyOf(page, a).textContent()).toBe('2');
    await eventually(() => page.getByTestId('cart-total-count').textContent()).toBe('2');
    await page
      .locator(`[data-external-id="${a.externalId}"]`)
      .getByRole('button', { name: /Уменьшить/ })
      .click();
    await eventually(() => page.getByTestId('cart-total-count').textContent()).toBe('1');

    // The removal dialog asks first; «Отмена» keeps the line.
    await page
      .locator(`[data-external-id="${b.externalId}"]`)
      .getByRole('link', { name: 'Удалить', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Удалить товар из корзины?' });
    await dialog.waitFor();
    await eventually(() => dialog.textContent()).toContain(b.name);
    await snap(page, 'cw-02-remove-dialog');
    await dialog.getByRole('link', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => page.getByTestId('cart-line').count()).toBe(2);

    // A heart on a product card (the category of `liked`) adds another product.
    await page.goto(`${shop.url}/product/${d.slug}`);
    await page.locator('.product__title').getByTestId('wishlist-heart').click();
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('2');

    // Sign in as the customer who already has a cart (a ×2, d ×1) and a wishlist (liked).
    await signIn(page, mobile, '+7 701 555 00 01');
    // Merged cart: a = 1 + 2, d = 1 (in stock), b not in stock here: capped count 3 + 1 + 0.
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('4');
    // Merged wishlist: liked, a, d (d was in both).
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('3');

    await page.goto(`${shop.url}/Cart`);
    await eventually(() => namesIn(page, 'cart-available')).toEqual(expect.arrayContaining([a.name, d.name]));
    await eventually(() => namesIn(page, 'cart-other-city')).toEqual([b.name]);
    await eventually(() => qtyOf(page, a).textContent()).toBe('3');
    await eventually(() => qtyOf(page, d).textContent()).toBe('1');
    await snap(page, 'cw-03-merged-cart');

    await page.goto(`${shop.url}/personal/wishlist`);
    const wished = async () =>
      (await page.getByTestId('wishlist-item').locator('.card__name').allTextContents()).sort();
    await eventually(wished).toEqual([a.name, d.name, liked.name].sort());
    await snap(page, 'cw-04-merged-wishlist');
    // The heart on the wishlist page removes a product.
    await page.getByTestId('wishlist-item').filter({ hasText: d.name }).getByTestId('wishlist-heart').click();
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('2');
    await page.reload();
    await eventually(() => page.getByTestId('wishlist-item').count()).toBe(2);

    // The customer's cart and wishlist are the ones in use: no second cart was made.
    const carts = db
      .prepare(
        'select id, merged_into_id from cart where customer_id = (select id from customer where mobile = ?)',
      )
      .all(mobile);
    expect(carts).toHaveLength(1);

    // Changing the city re-splits the cart: b is in stock in its city, a is not.
    await page.goto(`${shop.url}/Cart`);
    await chooseCity(page, b.otherCityName);
    await eventually(() => namesIn(page, 'cart-available')).toContain(b.name);
    await eventually(() => namesIn(page, 'cart-other-city')).toContain(a.name);
    await eventually(() => page.locator('#available-title').textContent()).toContain(b.otherCityName);
    await snap(page, 'cw-05-cart-after-city-change');
    // …and the stock labels everywhere: b's size is in stock on its product page.
    await page.goto(`${shop.url}/product/${b.slug}`);
    await eventually(() =>
      page.locator(`label.size:has(input[value="${b.externalId}"])`).getAttribute('title'),
    ).toBe('В наличии');
    const cityCookie = (await context.cookies()).filter((c) =>
      ['city_id', 'stock_api_region_id', 'region_name'].includes(c.name),
    );
    expect(Object.fromEntries(cityCookie.map((c) => [c.name, decodeURIComponent(c.value)]))).toEqual({
      city_id: String(b.otherCity),
      stock_api_region_id: String(b.otherCity),
      region_name: b.otherCityName,
    });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the city chooser, adding, the removal dialog, clearing and the hearts work as plain forms', async () => {
    const { context, page } = await newContext(false);
    const a = skuInStock(1);
    const d = skuInStock(1, [a.productId]);
    for (const sku of [a, d]) {
      await page.goto(`${shop.url}/product/${sku.slug}`);
      await page.locator(`label.size:has(input[value="${sku.externalId}"])`).click();
      await page.getByRole('button', { name: 'Добавить в корзину' }).click();
      await page.waitForURL(/added=1/);
    }
    await page.goto(`${shop.url}/Cart`);
    await eventually(() => page.getByTestId('cart-line').count()).toBe(2);

    await page.getByTestId('city-chooser').locator('summary').click();
    await snap(page, 'cw-06-city-chooser-no-js');
    await page.getByRole('button', { name: 'Астана', exact: true }).click();
    await page.waitForURL(/\/Cart$/);
    await eventually(() => page.getByTestId('current-city').textContent()).toBe('Астана');

    await page
      .locator(`[data-external-id="${a.externalId}"]`)
      .getByRole('link', { name: 'Удалить', exact: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить', exact: true }).click();
    await page.waitForURL(/\/Cart$/);
    await eventually(() => page.getByTestId('cart-line').count()).toBe(1);

    await page.getByRole('link', { name: 'Очистить корзину' }).click();
    await page
      .getByRole('dialog', { name: 'Очистить корзину?' })
      .getByRole('button', { name: 'Очистить' })
      .click();
    await page.getByRole('heading', { name: 'В корзине пока пусто' }).waitFor();

    // The heart of a product card is a plain form too: it posts and comes back to the list.
    const category = db
      .prepare('select c.slug from product p join category c on c.id = p.category_id where p.id = ?')
      .get(a.productId) as { slug: string };
    await page.goto(`${shop.url}/category/${category.slug}`);
    const card = page.locator('article.card').first();
    await card.getByTestId('wishlist-heart').click();
    await page.waitForURL(new RegExp(`/category/${category.slug}$`));
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('1');
    await eventually(() =>
      page.locator('article.card').first().getByTestId('wishlist-heart').getAttribute('aria-pressed'),
    ).toBe('true');

    // A phone-sized screen keeps the city chooser in the header's menu: a popover, opened without a script.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByTestId('city-chooser').locator('summary').click();
    await page.screenshot({ path: path.join(screenshotDir, 'cw-07-mobile-city-chooser.png') });
    await eventually(() => page.getByRole('button', { name: 'Шымкент', exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});
