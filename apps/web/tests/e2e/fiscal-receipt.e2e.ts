import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SIMULATOR_CREDENTIALS } from '@kiim/api/config';
import { createEpaySimulator, simulatorEndpoints, type EpaySimulator } from '@kiim/tools/epay-simulator';
import { createWebkassaSimulator, type WebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';
import { staffSignIn } from './back-office.ts';
import { paidCardOrder } from './card-order.ts';

/**
 * The fiscal receipt in Chromium (issue 32 acceptance): a card-online order paid on an ePay simulator this test
 * controls gets its sale receipt from a Webkassa simulator the test controls too (FISCAL_PROVIDER=simulator): down
 * at first, so the thank-you page shows the receipt being made and then its link without a reload once Webkassa is
 * back; the account's order page links it, the link opens the simulator's receipt with the order's total, the
 * shopper gets the link by SMS (no email on the order), and the owner sees it on the order page and on «Чеки».
 */

const OWNER = { email: 'fiscal-owner@kiim.kz', password: 'owner password 2026' };
let shop: RunningShop;
let browser: Browser;
let sim: EpaySimulator;
let wk: WebkassaSimulator;

beforeAll(async () => {
  sim = createEpaySimulator();
  const endpoints = simulatorEndpoints(await sim.listen());
  // Webkassa answers 505 (service down) until the test lets it through.
  wk = createWebkassaSimulator({ fail505: 1_000_000 });
  await wk.listen();
  shop = await startShop({
    ...{ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, FISCAL_INTERVAL_SECONDS: '1' },
    ...{ FISCAL_PROVIDER: 'simulator', WEBKASSA_URL: wk.url },
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
  await wk?.close();
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
    // Webkassa is down: the receipt is being made; once it is back the link shows without a reload.
    await me.page.goto(`${shop.url}/Cart/thankyou`);
    await me.page.getByTestId('receipt-sale').getByText('формируется', { exact: false }).waitFor();
    expect(await me.page.getByTestId('receipt-link').count()).toBe(0);
    const loads: string[] = [];
    me.page.on('load', () => loads.push(me.page.url()));
    wk.configure({ fail505: 0 });
    await me.page.getByTestId('receipt-link').waitFor({ timeout: 60_000 });
    expect(loads).toEqual([]);
    const fromThankYou = (await me.page.getByTestId('receipt-link').getAttribute('href'))!;
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

    // The link reached the shopper by SMS (the order has no email), once.
    await eventually(async () => {
      const res = await fetch(`${shop.url}/api/dev/sms-outbox?mobile=77057700042`);
      const texts = ((await res.json()) as { data: { text: string }[] }).data.map((m) => m.text);
      return texts.filter((text) => text.includes(fromThankYou)).length;
    }).toBe(1);

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
