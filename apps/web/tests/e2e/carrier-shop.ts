import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { smsCode, type RunningShop } from './shop.ts';

// Shared setup of the carrier journeys in Chromium (issue 34): a size held in CDEK's Almaty warehouse, a city
// served by CDEK only, and a signed-in shopper whose browser refuses every request off this machine.

/** CDEK's codes of the cities these journeys use (the simulator knows them). */
export const CDEK_ALMATY = 4756;
export const CDEK_KOKSHETAU = 5166;

/** The first active size with ≥ 5 units in a visible city: what the shopper buys. */
export interface CarrierSku {
  externalId: string;
  /** Its price, tenge. */
  price: number;
  /** Its product's and category's slugs (the product page's address). */
  slug: string;
  category: string;
}

/**
 * Prepares the shop's SQLite database (before any request reads it): every city holding the chosen size becomes
 * CDEK's Almaty (`allCities`: every city), and `kokshetauId`, when given, is inserted as Кокшетау served by CDEK only
 * (no point, no courier). @returns the size.
 */
export function prepareCarrierShop(
  shop: RunningShop,
  opts: { kokshetauId?: number; allCities?: boolean } = {},
): CarrierSku {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'));
  try {
    const sku = db
      .prepare(
        `select sku.external_id as externalId, coalesce(sku.price, product.price) as price,
           product.slug as slug, category.slug as category
         from stock join sku on sku.id = stock.sku_id join product on product.id = sku.product_id
         join category on category.id = product.category_id join city on city.id = stock.city_id
         where stock.quantity >= 5 and product.is_active = 1 and city.visible_for_customers = 1
         order by sku.id limit 1`,
      )
      .get() as CarrierSku;
    if (opts.allCities) db.prepare('update city set cdek_code = ?').run(CDEK_ALMATY);
    else
      db.prepare(
        `update city set cdek_code = ? where id in
           (select city_id from stock join sku on sku.id = stock.sku_id where sku.external_id = ?)`,
      ).run(CDEK_ALMATY, sku.externalId);
    if (opts.kokshetauId !== undefined) {
      const now = new Date().toISOString();
      db.prepare(
        `insert into city (id, name, slug, time_zone, visible_for_customers, courier_available, courier_price,
           sort_order, cdek_code, created_at, updated_at)
         values (?, 'Кокшетау', ?, 'Asia/Almaty', 1, 0, 0, ?, ?, ?, ?)`,
      ).run(
        opts.kokshetauId,
        `kokshetau-e2e-${opts.kokshetauId}`,
        opts.kokshetauId,
        CDEK_KOKSHETAU,
        now,
        now,
      );
    }
    return sku;
  } finally {
    db.close();
  }
}

/** Calls the shop's API as a script would; expects 200. @returns the answer's body. */
export async function callShop(shop: RunningShop, url: string, body: unknown, method = 'POST') {
  const res = await fetch(shop.url + url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${url}`).toBe(200);
  return (await res.json()) as { data: Record<string, unknown> };
}

/** Signs `mobile` in by the SMS code of the development outbox. @returns the customer's token. */
export async function signInByPhone(shop: RunningShop, mobile: string): Promise<string> {
  await callShop(shop, '/api/customer/auth-by-mobile', { mobile });
  const code = await smsCode(shop, mobile);
  return (await callShop(shop, '/api/customer/auth-by-mobile/confirm', { mobile, code })).data
    .token as string;
}

/**
 * A browser context with the storefront's cookies (`cookies`: name → value; the token is httpOnly) that aborts every
 * request off this machine, and a page collecting script errors and console errors (a hydration mismatch is a
 * console error) in `errors`.
 */
export async function shopperContext(
  browser: Browser,
  shop: RunningShop,
  opts: { width: number; cookies: Record<string, string>; javaScriptEnabled?: boolean },
) {
  const context = await browser.newContext({
    viewport: { width: opts.width, height: 900 },
    locale: 'ru-RU',
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const domain = new URL(shop.url).hostname;
  await context.addCookies(
    Object.entries(opts.cookies).map(([name, value]) => ({
      name,
      value,
      domain,
      path: '/',
      httpOnly: name === 'customer_token',
    })),
  );
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  return { context, page, errors };
}
