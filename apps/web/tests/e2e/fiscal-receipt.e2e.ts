import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SIMULATOR_CREDENTIALS } from '@kiim/api/config';
import { createEpaySimulator, simulatorEndpoints, type EpaySimulator } from '@kiim/tools/epay-simulator';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';
import { staffSignIn } from './back-office.ts';
import { paidCardOrder } from './card-order.ts';

/**
 * The fiscal receipt in Chromium (issue 32 acceptance): a card-online order paid on an ePay simulator this test
 * controls gets its sale receipt from the shop's own Webkassa simulator (FISCAL_PROVIDER=simulator, the default
 * outside production); the thank-you page and the account's order page link it, the link opens the simulator's
 * receipt with the order's total, and the owner sees it on the order page and on «Чеки».
 */

const OWNER = { email: 'fiscal-owner@kiim.kz', password: 'owner password 2026' };
let shop: RunningShop;
let browser: Browser;
let sim: EpaySimulator;

beforeAll(async () => {
  sim = createEpaySimulator();
  const endpoints = simulatorEndpoints(await sim.listen());
  shop = await startShop({
    ...{ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, FISCAL_INTERVAL_SECONDS: '1' },
    ...{ EPAY_MODE: 'live', EPAY_OAUTH_URL: endpoints.oauthUrl, EPAY_API_URL: endpoints.apiUrl },
    ...{ EPAY_SCRIPT_URL: endpoints.scriptUrl, EPAY_CLIENT_ID: SIMULATOR_CREDENTIALS.clientId },
    ...{
      EPAY_CLIENT_SECRET: SIMULATOR_CREDENTIALS.clientSecret,
      EPAY_TERMINAL_ID: SIMULATOR_CREDENTIALS.terminalId,
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await sim?.close();
});

/** The receipt link of `page` once the worker issued it (the page is read again until it shows). */
async function receiptLink(page: Page, url: string) {
  await eventually(async () => {
    await page.goto(url);
    return page.getByTestId('receipt-link').count();
  }).toBe(1);
  return (await page.getByTestId('receipt-link').getAttribute('href'))!;
}

/** Digits of a tenge amount as a page may print it («56 990», «56990.00»): the whole tenge only. */
const tenge = (text: string) => text.replace(/[\s\u00a0]/g, '');

describe('the shopper and staff see the fiscal receipt of a paid order', () => {
  it('links it on the thank-you and order pages; it opens with the total; staff see it on the order and «Чеки»', async () => {
    const { token, order } = await paidCardOrder(shop, sim, '77057700042');
    const me = await newShopper(browser);
    const host = new URL(shop.url).hostname;
    await me.context.addCookies([
      { name: 'customer_token', value: token, domain: host, path: '/', httpOnly: true },
      { name: 'last_order_number', value: order.number, domain: host, path: '/' },
    ]);
    const fromThankYou = await receiptLink(me.page, `${shop.url}/Cart/thankyou`);
    expect(await me.page.getByTestId('receipt-sale').textContent()).toMatch(/№ \S+/);
    await snap(me.page, 'fiscal-thankyou-receipt-1280');
    const fromAccount = await receiptLink(me.page, `${shop.url}/personal/orders/details/${order.number}`);
    expect(fromAccount).toBe(fromThankYou);
    await snap(me.page, 'fiscal-account-receipt-1280');

    // The link is the receipt at the (simulated) fiscal data operator, with the money taken.
    await me.page.goto(fromThankYou);
    expect(tenge(await me.page.locator('body').innerText())).toContain(String(order.amount));
    await snap(me.page, 'fiscal-ticket-1280');
    await me.done();

    const staff = await newShopper(browser);
    const p = staff.page;
    await p.goto(`${shop.url}/admin/`);
    await staffSignIn(p, OWNER);
    await p.getByTestId('today').waitFor();
    await p.goto(`${shop.url}/admin/orders/${order.number}`);
    const onOrder = p.getByTestId('order-receipts');
    await onOrder.waitFor();
    expect(await onOrder.locator(`a[href="${fromThankYou}"]`).count()).toBe(1);
    await p.goto(`${shop.url}/admin/receipts`);
    const row = p.locator('tr[data-testid^="receipt-"]', { hasText: `№ ${order.number}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Продажа');
    expect(await row.locator(`a[href="${fromThankYou}"]`).count()).toBe(1);
    await snap(p, 'fiscal-admin-receipts-1280');
    await staff.done();
  });
});
