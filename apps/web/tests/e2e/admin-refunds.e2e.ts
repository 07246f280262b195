import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SIMULATOR_CREDENTIALS } from '@kiim/api/config';
import { createEpaySimulator, simulatorEndpoints, type EpaySimulator } from '@kiim/tools/epay-simulator';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';
import { staffSignIn } from './back-office.ts';
import { paidCardOrder as cardOrderPaid } from './card-order.ts';

/**
 * A refund that ePay does not take at the desk, in Chromium (issue 28 item 15, decision 035): the shop talks to an
 * ePay simulator this test controls; a card-online order is paid, handed over with one unit refused while ePay is
 * down; the order page shows «Возврат ожидается» with the refund's state and ePay's error, the customer's account
 * shows «Возврат ожидается», and the owner's «Повторить возврат» pays it out once ePay is back.
 */

const OWNER = { email: 'refund-owner@kiim.kz', password: 'owner password 2026' };
let shop: RunningShop;
let browser: Browser;
let sim: EpaySimulator;

beforeAll(async () => {
  sim = createEpaySimulator();
  const endpoints = simulatorEndpoints(await sim.listen());
  shop = await startShop({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    EPAY_MODE: 'live',
    EPAY_OAUTH_URL: endpoints.oauthUrl,
    EPAY_API_URL: endpoints.apiUrl,
    EPAY_SCRIPT_URL: endpoints.scriptUrl,
    EPAY_CLIENT_ID: SIMULATOR_CREDENTIALS.clientId,
    EPAY_CLIENT_SECRET: SIMULATOR_CREDENTIALS.clientSecret,
    EPAY_TERMINAL_ID: SIMULATOR_CREDENTIALS.terminalId,
    EPAY_TIMEOUT_MS: '2000',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await sim?.close();
});

/** The card-online order of card-order.ts, paid on this test's ePay simulator. */
const paidCardOrder = () => cardOrderPaid(shop, sim);

describe('a refund owed at the desk (decision 035)', () => {
  it('shows «Возврат ожидается» to staff and the customer, and «Повторить возврат» pays it once', async () => {
    const { token, order } = await paidCardOrder();
    const number = order.number;
    const price = order.lines[1]!.price;

    const owner = await newShopper(browser);
    const p = owner.page;
    await p.goto(`${shop.url}/admin/`);
    await staffSignIn(p, OWNER);
    await p.getByTestId('today').waitFor();
    await p.goto(`${shop.url}/admin/orders/${number}`);
    for (const [button, status] of [
      ['Подтвердить', 'Подтверждён'],
      ['Собран', 'Собран'],
      ['Готов к выдаче (SMS покупателю)', 'Готов к выдаче'],
    ] as const) {
      await p.getByRole('button', { name: button }).click();
      await eventually(() => p.getByTestId('order-status').textContent()).toBe(status);
      await p.getByRole('button', { name: button }).waitFor({ state: 'detached' });
    }

    // ePay is down at the desk: the order is handed over, the refund stays owed and says why.
    sim.configure({ down: true });
    await p.getByRole('spinbutton').nth(1).fill('1');
    await p.getByRole('button', { name: 'Выдан с отказом от части товаров' }).click();
    await eventually(() => p.getByTestId('order-status').textContent()).toBe('Выдан с отказом от части');
    await p.getByTestId('refund-pending').waitFor();
    expect(await p.getByTestId('refund-pending').textContent()).toContain('Возврат ожидается');
    const refund = p.getByTestId('refund');
    expect(await refund.getAttribute('data-status')).toBe('sending');
    expect(await refund.textContent()).toContain('ePay не ответил');
    await snap(p, 'admin-order-refund-owed-1280');

    // The customer's account says the money is on its way back.
    const me = await newShopper(browser);
    await me.context.addCookies([
      { name: 'customer_token', value: token, domain: new URL(shop.url).hostname, path: '/', httpOnly: true },
    ]);
    await me.page.goto(`${shop.url}/personal/orders/details/${number}`);
    await expect(me.page.getByTestId('refund-pending').textContent()).resolves.toContain('Возврат ожидается');
    await snap(me.page, 'account-order-refund-pending-1280');
    await me.done();

    // ePay is back: the owner retries and the refund is paid out, once.
    sim.configure({ down: false });
    await p.getByRole('button', { name: 'Повторить возврат' }).click();
    await eventually(() => refund.getAttribute('data-status')).toBe('paid');
    await p.getByTestId('refund-pending').waitFor({ state: 'detached' });
    expect(sim.transactions(number).at(-1)!.refundedAmount).toBe(price);
    expect(sim.operations().filter((o) => o.op === 'refund')).toHaveLength(1);
    await snap(p, 'admin-order-refund-paid-1280');
    await owner.done();
  });
});
