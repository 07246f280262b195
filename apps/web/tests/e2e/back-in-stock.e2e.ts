import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEFAULT_CITY_ID } from '@kiim/contract/enums';
import { axeViolations } from './a11y.ts';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';

// Issue 35 item 4 in Chromium: a shopper in the default city subscribes to a size sold out there («Сообщить о
// поступлении», phone and consent); another unsubscribes by the confirmation's link; staff add stock through the
// back office's stock API; the worker sends exactly one SMS — to the one still subscribed — with the product link.

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    NOTIFICATION_INTERVAL_SECONDS: '1',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A size of an active product with no unit in the default city (its product page offers the alert). */
function soldOutSize(notSlug = ''): { id: number; slug: string; externalId: string } {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
  try {
    return db
      .prepare(
        `select s.id, p.slug, s.external_id as externalId from sku s join product p on p.id = s.product_id
         where p.is_active = 1 and p.slug <> ?
           and coalesce((select quantity from stock where sku_id = s.id and city_id = ?), 0) = 0
         order by s.id limit 1`,
      )
      .get(notSlug, DEFAULT_CITY_ID) as { id: number; slug: string; externalId: string };
  } finally {
    db.close();
  }
}

/** SMS texts of the development outbox to `mobile`, newest first. */
async function smsTo(mobile: string): Promise<string[]> {
  const res = await fetch(`${shop.url}/api/dev/sms-outbox?mobile=${mobile}`);
  return ((await res.json()) as { data: { text: string }[] }).data.map((m) => m.text);
}

/** The owner sets the size's units in the default city through the back office's stock API. */
async function staffAddsStock(skuId: number, quantity: number) {
  const headers = { origin: shop.url, 'content-type': 'application/json' };
  const session = await fetch(`${shop.url}/api/admin/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify(OWNER),
  });
  expect(session.status).toBe(200);
  const cookie = /kiim_staff=[^;]+/.exec(session.headers.get('set-cookie') ?? '')![0];
  const res = await fetch(`${shop.url}/api/admin/catalogue/stock/${skuId}/${DEFAULT_CITY_ID}`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ quantity, reason: 'receipt' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Subscribes `mobile` on the product page (390 px wide); returns the unsubscribe link of the confirmation. */
async function subscribe(sku: { slug: string; externalId: string }, mobile: string, shot?: string) {
  const s = await newShopper(browser, { viewport: { width: 390, height: 844 } });
  const { page } = s;
  await page.goto(`${shop.url}/product/${sku.slug}`);
  await hydrated(page);
  const box = page.getByTestId('stock-alert');
  await box.locator('summary').click();
  const radio = box.locator(`input[value="${sku.externalId}"][type="radio"]`);
  if (await radio.count()) await radio.check();
  // The open form at 390 px: no axe violation, no sideways scroll.
  if (shot) {
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await box.getByLabel('Телефон или электронная почта').fill(mobile);
  await box.getByLabel(/Согласен получить одно SMS/).check();
  await box.getByRole('button', { name: 'Сообщить мне' }).click();
  const done = page.getByTestId('stock-alert-done');
  await expect.poll(() => done.textContent(), { timeout: 15_000 }).toMatch(/^Готово! Пришлём одно сообщение/);
  if (shot) await snap(page, shot);
  const href = await done.getByRole('link', { name: 'Отписаться' }).getAttribute('href');
  await s.done();
  return href!;
}

describe('«Сообщить о поступлении» (issue 35 item 4)', () => {
  it('subscribe, unsubscribe by the link, staff add stock → one SMS with the product link', async () => {
    const sku = soldOutSize();
    expect(sku, 'the demo catalogue has a size sold out in the default city').toBeTruthy();
    const staying = await subscribe(sku, '+7 701 555 20 01', 'back-in-stock-390');
    const leaving = await subscribe(sku, '+7 701 555 20 02');
    expect(leaving).toMatch(/^\/stock-alert\/off\/[A-Za-z0-9_-]{22}$/);

    const s = await newShopper(browser);
    await s.page.goto(shop.url + leaving);
    await hydrated(s.page);
    await s.page.getByRole('button', { name: 'Отписаться' }).click();
    await expect
      .poll(() => s.page.getByTestId('stock-alert-off-result').textContent())
      .toBe('Вы отписались. Сообщение о поступлении не придёт.');

    await staffAddsStock(sku.id, 3);
    await eventually(() => smsTo('77015552001')).toHaveLength(1);
    const [text] = await smsTo('77015552001');
    expect(text).toMatch(/^Kiim: снова в наличии /);
    expect(text).toContain(`${shop.url}/product/${sku.slug}`);
    expect(await smsTo('77015552002')).toEqual([]);

    // The alert ended the subscription: its link now says so, and more stock sends nothing more.
    await s.page.goto(shop.url + staying);
    await hydrated(s.page);
    await s.page.getByRole('button', { name: 'Отписаться' }).click();
    await expect
      .poll(() => s.page.getByTestId('stock-alert-off-result').textContent())
      .toBe('Сообщение о поступлении уже отправлено — подписка завершена.');
    await staffAddsStock(sku.id, 5);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await smsTo('77015552001')).toHaveLength(1);
    await s.done();
  });

  it('in Kazakh: the form, the confirmation and the SMS', async () => {
    const sku = soldOutSize(soldOutSize().slug);
    const s = await newShopper(browser, { viewport: { width: 390, height: 844 } });
    const { page } = s;
    await page.goto(`${shop.url}/product/${sku.slug}?lang=kk`);
    await hydrated(page);
    const box = page.getByTestId('stock-alert');
    await box.locator('summary', { hasText: 'Түскенде хабарлау' }).click();
    const radio = box.locator(`input[value="${sku.externalId}"][type="radio"]`);
    if (await radio.count()) await radio.check();
    await box.getByLabel('Телефон немесе электрондық пошта').fill('+7 701 555 20 03');
    await box.getByLabel(/бір SMS немесе хат алуға келісемін/).check();
    await box.getByRole('button', { name: 'Маған хабарлау' }).click();
    await expect
      .poll(() => page.getByTestId('stock-alert-done').textContent())
      .toMatch(
        /^Дайын! .* өлшемі сатылымға түскенде бір хабарлама жібереміз: \+7 701 ••• •• 03\. Жазылудан бас тарту$/,
      );
    await staffAddsStock(sku.id, 1);
    await eventually(() => smsTo('77015552003')).toHaveLength(1);
    const [text] = await smsTo('77015552003');
    expect(text).toMatch(/^Kiim: .+ өлшемі қайтадан сатылымда\. /);
    expect(text).toContain(`${shop.url}/product/${sku.slug}`);
    await s.done();
  });
});
