import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createCdekSimulator, type CdekSimulator } from '../../../../tools/cdek-simulator/cdek.simulator.ts';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';
import { staffSignIn } from './back-office.ts';
import {
  callShop,
  prepareCarrierShop,
  shopperContext,
  signInByPhone,
  type CarrierSku,
} from './carrier-shop.ts';

// Issue 34's browser journey to the end: a shopper in Кокшетау (CDEK only) buys a size held in Almaty, picks a CDEK
// point with its price and period and pays by card online (ePay simulator); the owner confirms, packs and presses «Передать в
// СДЭК»; the shop's shipment job (CDEK_JOB_SECONDS=1 here, 30 in production) registers the parcel with this test's
// CDEK simulator, the label prints as a PDF; the simulator moves the parcel to «Вручен» and posts its webhooks,
// which the shop reads back from CDEK's API; the shopper's order page shows the track number and «Доставлен».
// Every wait polls a state; nothing sleeps a fixed time.

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
const CITY_ID = 9_802;
const tenge = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

let sim: CdekSimulator;
let shop: RunningShop;
let browser: Browser;
let sku: CarrierSku;

beforeAll(async () => {
  sim = createCdekSimulator({ validationDelayMs: 200 });
  const simUrl = await sim.listen(0);
  shop = await startShop({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    CDEK_MODE: 'simulator',
    CDEK_API_URL: `${simUrl}/v2`,
    CDEK_JOB_SECONDS: '1',
  });
  browser = await launchBrowser();
  sku = prepareCarrierShop(shop, { kokshetauId: CITY_ID });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await sim?.close();
});

/** A signed-in shopper in Кокшетау with the size in the cart (cookies set as the storefront sets them). */
async function shopper(): Promise<Page> {
  const token = await signInByPhone(shop, '77055341999');
  const cart = await callShop(
    shop,
    '/api/cart/add-or-update-item',
    { externalId: sku.externalId, regionId: CITY_ID, qty: 1 },
    'PUT',
  );
  const cookies = { customer_token: token, cart_uuid: String(cart.data.uuid), city_id: String(CITY_ID) };
  return (await shopperContext(browser, shop, { width: 1280, cookies })).page;
}

describe('a CDEK order from checkout to «Доставлен» (issue 34)', () => {
  it('is bought, packed, sent, labelled, tracked by webhooks and shown delivered to the shopper', async () => {
    const page = await shopper();
    await page.goto(shop.url + '/Cart/checkout');
    await hydrated(page);
    const offers = page.getByTestId('carrier-point-offer');
    await eventually(() => offers.count()).toBeGreaterThan(0);
    const points = page.getByTestId('pickup-point');
    await points.first().locator('label').click();
    const price = tenge(await offers.first().locator('strong').textContent());
    expect(price).toBeGreaterThan(0);
    expect(await offers.first().textContent()).toMatch(/\d+(–\d+)? рабоч/);
    await eventually(async () => tenge(await page.getByTestId('checkout-total').textContent())).toBe(
      sku.price + price,
    );
    // Paid by card online on the ePay simulator's page: the card is charged the goods and CDEK's quoted price.
    await page.locator('input[name="paymentId"][value="3"]').check();
    await page.getByRole('button', { name: 'Оформить и перейти к оплате' }).click();
    await page.waitForURL((u) => u.pathname === '/payform/');
    await eventually(async () => tenge(await page.locator('h1').textContent())).toBe(sku.price + price);
    await page.getByLabel('Номер карты').fill('4405 6397 0401 5096');
    await page.getByLabel('Срок действия').fill('12/30');
    await page.getByLabel('CVC/CVV').fill('123');
    await page.getByRole('button', { name: /^Оплатить/ }).click();
    await page.waitForURL((u) => u.searchParams.get('payment') === 'return');
    await eventually(() => page.getByTestId('order-status').first().textContent()).toBe('Оплачен');
    const number = /\/personal\/orders\/details\/([^/?]+)/.exec(page.url())![1]!;

    // Staff: confirm, pack, hand to CDEK; the job registers the parcel and the label link appears.
    const { page: staff } = await newShopper(browser);
    staff.setDefaultTimeout(15_000);
    await staff.goto(`${shop.url}/admin/orders/${number}`);
    await staffSignIn(staff, OWNER);
    await staff.waitForURL(new RegExp(`/admin/orders/${number}$`));
    for (const [button, status] of [
      ['Подтвердить', 'Подтверждён'],
      ['Собран', 'Собран'],
    ] as const) {
      await staff.getByRole('button', { name: button }).click();
      await eventually(() => staff.getByTestId('order-status').textContent()).toBe(status);
    }
    await staff.getByRole('button', { name: 'Передать в СДЭК' }).click();
    await staff.getByRole('button', { name: 'Передать в СДЭК' }).waitFor({ state: 'detached' });
    const panel = staff.getByTestId('carrier-panel');
    await expect
      .poll(
        async () => {
          await staff.reload();
          return panel.getByTestId('shipment-label').count();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(1);
    expect(await panel.getByTestId('shipment-state').textContent()).toContain('Зарегистрирован');
    expect(sim.countByNumber(number)).toBe(1);
    const href = (await panel.getByTestId('shipment-label').getAttribute('href'))!;
    // CDEK makes the label a moment after it is asked (409 meanwhile).
    await expect
      .poll(async () => (await staff.request.get(shop.url + href)).status(), {
        timeout: 30_000,
        interval: 300,
      })
      .toBe(200);
    const pdf = await staff.request.get(shop.url + href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await snap(staff, 'carrier-delivered-01-staff');

    // CDEK moves the parcel and posts its webhooks; the shop re-reads it and moves the order.
    await sim.advance(number, 'delivered');
    const track = sim.order(number)!.entity.cdek_number as string;
    await page.goto(`${shop.url}/personal/orders/details/${number}`);
    await hydrated(page);
    const states = page.getByTestId('shipment-states').locator('li strong');
    await expect
      .poll(
        async () => {
          await page.reload();
          return states.allTextContents();
        },
        { timeout: 30_000, interval: 300 },
      )
      .toContain('Доставлен');
    expect(await page.getByTestId('track-number').textContent()).toBe(track);
    await snap(page, 'carrier-delivered-02-order');
    await page.setViewportSize({ width: 390, height: 900 });
    await snap(page, 'carrier-delivered-03-order-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
