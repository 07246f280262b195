import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventually, hydrated, launchBrowser, snap, startShop, type RunningShop } from './shop.ts';

// Issue 35 item 6 in Chromium: staff save a product's garment measurements through the back office's API; the
// product page shows them beside the size chart (server-rendered, Russian and Kazakh), and «Ваш размер» shows the
// reviews' fit line once the page has loaded.

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
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

/** An active product without reviews, with its first size; `small` published fit answers written for it. */
function productRunningSmall(): { id: number; slug: string; size: string } {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'));
  try {
    const p = db
      .prepare(
        `select p.id, p.slug, (select size from sku where product_id = p.id order by size_order limit 1) as size
         from product p where p.is_active = 1 and exists (select 1 from sku where product_id = p.id)
           and not exists (select 1 from review where product_id = p.id) order by p.id limit 1`,
      )
      .get() as { id: number; slug: string; size: string };
    const now = new Date().toISOString();
    const insert = db.prepare(
      `insert into review (id, product_id, customer_id, order_id, source, author_name, rating, fit, body,
         helpful_count, status, rejection_reason, moderated_by, moderated_at, published_at, created_at, updated_at)
       values (?, ?, null, null, 'import', 'Покупатель', 5, 'small', 'Хорошая вещь.', 0, 'published', null, null,
         ?, ?, ?, ?)`,
    );
    for (const n of [1, 2]) insert.run(`e2e-fit-${n}`, p.id, now, now, now, now);
    return p;
  } finally {
    db.close();
  }
}

/** The owner saves the size's measurements through the back office's API. */
async function staffMeasures(productId: number, size: string) {
  const headers = { origin: shop.url, 'content-type': 'application/json' };
  const session = await fetch(`${shop.url}/api/admin/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify(OWNER),
  });
  expect(session.status).toBe(200);
  const cookie = /kiim_staff=[^;]+/.exec(session.headers.get('set-cookie') ?? '')![0];
  const res = await fetch(`${shop.url}/api/admin/catalogue/products/${productId}/measurements`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ items: [{ size, chest: 96.5, length: 70 }] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('garment measurements and «Ваш размер»', () => {
  it('shows the measurements beside the size chart and the reviews’ fit line', async () => {
    const product = productRunningSmall();
    await staffMeasures(product.id, product.size);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`${shop.url}/product/${product.slug}`);
      await hydrated(page);
      const table = page.getByTestId('measurements');
      expect(await table.textContent()).toContain('Обхват груди');
      expect(await table.textContent()).toContain('96,5');
      await eventually(() => page.getByTestId('fit-hint').textContent()).toContain('маломерит');
      await snap(page, 'measurements-ru');

      await context.addCookies([{ name: 'lang', value: 'kk', url: shop.url }]);
      await page.goto(`${shop.url}/product/${product.slug}`);
      await hydrated(page);
      expect(await page.getByTestId('measurements').textContent()).toContain('Кеуде орамы');
      await eventually(() => page.getByTestId('fit-hint').textContent()).toContain('кішірек');
    } finally {
      await context.close();
    }
  });
});
