import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatPrice } from '@kiim/contract/format';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  smsCode,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';

// Issue 35 §1: a size held only in another city's stock («Доставка из другого города» on the product page) could
// not be ordered from the cart: the cart said it would not be part of the order, «Итого 0 ₸», no «Оформить заказ».
// Now the cart, the checkout and the thank-you page agree: such lines are ordered and come in 3–5 days.

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

interface Pick {
  slug: string;
  externalId: string;
  price: number;
  cityName: string;
}

/**
 * A SKU with no unit in a visible city that has its own pickup points, and at least 5 units in another visible
 * city: the shopper in that city sees «Доставка из другого города».
 */
function skuOnlyInAnotherCity(): Pick {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
  try {
    return db
      .prepare(
        `select p.slug, s.external_id as externalId, coalesce(s.price, p.price) as price, c.name as cityName
         from sku s join product p on p.id = s.product_id
         join city c on c.visible_for_customers = 1
           and exists (select 1 from pickup_point pp where pp.city_id = c.id)
         where p.is_active = 1
           and coalesce((select quantity from stock where sku_id = s.id and city_id = c.id), 0) = 0
           and exists (select 1 from stock st join city o on o.id = st.city_id
                       where st.sku_id = s.id and o.visible_for_customers = 1 and st.quantity >= 5)
         order by c.id desc, s.id limit 1`,
      )
      .get() as Pick;
  } finally {
    db.close();
  }
}

describe('ordering a size from another city’s stock (issue 35 §1)', () => {
  it('the cart says when it comes and orders it; checkout brings it in 3–5 days; thank-you shows the order', async () => {
    const sku = skuOnlyInAnotherCity();
    expect(sku, 'the demo catalogue has a size held only in another city').toBeTruthy();
    const s = await newShopper(browser);
    const { page } = s;
    await page.goto(shop.url + '/');
    await hydrated(page);
    await page.getByTestId('city-chooser').locator('summary').click();
    await page.getByRole('button', { name: sku.cityName, exact: true }).click();
    await eventually(() => page.getByTestId('current-city').textContent()).toBe(sku.cityName);

    await page.goto(`${shop.url}/product/${sku.slug}`);
    await hydrated(page);
    await page.locator(`label.size:has(input[value="${sku.externalId}"])`).click();
    await page.getByText('Доставка из другого города').first().waitFor();
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await page.getByText('Товар добавлен в корзину').waitFor();

    await page.goto(shop.url + '/Cart');
    await hydrated(page);
    const otherCity = page.getByTestId('cart-other-city');
    await otherCity.getByRole('heading', { name: 'Привезём из другого города — 3–5 дней' }).waitFor();
    expect(await otherCity.locator('.cart-line__name').count()).toBe(1);
    expect(await page.getByTestId('cart-not-available').count()).toBe(0);
    expect(await page.getByText('не войдут в заказ').count()).toBe(0);
    expect(await page.getByTestId('cart-total').textContent()).toBe(formatPrice(sku.price));
    await snap(page, 'other-city-01-cart');

    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('dialog').waitFor();
    // The first step creates the account of a new number, so it shows the consent line too (issue 35 §7).
    const consent = page.getByRole('dialog').getByTestId('sign-in-consent');
    expect(await consent.textContent()).toContain('Нажимая «Получить код», вы соглашаетесь с');
    expect(await consent.getByRole('link').evaluateAll((a) => a.map((l) => l.getAttribute('href')))).toEqual([
      '/info/dogovor-publichnoj-oferty',
      '/info/politika-konfidencialnosti',
    ]);
    await page.getByLabel('Номер телефона').fill('+7 701 555 35 01');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').waitFor();
    await page.getByLabel('Код из SMS').fill(await smsCode(shop, '77015553501'));
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL(/\/Cart\/checkout$/);
    await hydrated(page);
    expect(await page.locator('input[name="includeOtherCityItems"]').isChecked()).toBe(true);
    await page.locator('input[name="deliveryMethodId"][value="1"]').check();
    await page.locator('input[name="paymentId"][value="1"]').check();
    await snap(page, 'other-city-02-checkout');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/Cart\/thankyou$/);
    const number = (await page.getByTestId('order-number').innerText()).trim();
    expect(number).toMatch(/\d/);
    await snap(page, 'other-city-03-thank-you');
    // The order holds the line at the price the cart showed.
    const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
    const order = db.prepare('select items_amount from "order" where number = ?').get(number) as {
      items_amount: number;
    };
    db.close();
    expect(order.items_amount).toBe(sku.price);
    await s.done();
  });
});
