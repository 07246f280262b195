import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createKaspiShopSimulator, type KaspiShopSimulator } from '@kiim/tools/kaspi-simulator/merchant';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';
import { staffSignIn } from './back-office.ts';

// A Kaspi Магазин order handed over by the buyer's code (issue 33 Part B item 6, acceptance's browser test): a buyer
// orders on Kaspi (the Merchant API simulator, run here so the test can read the code Kaspi texts the buyer), the
// shop imports it within a poll and reserves its unit; staff open it in the back office, accept it, send the buyer's
// code, type a wrong code — the Russian error shows and nothing changes, here or at Kaspi — then the right one, and
// the order is completed at Kaspi and here.

const OWNER = { email: 'kaspi-owner@kiim.kz', password: 'kaspi owner pass 2026' };
let sim: KaspiShopSimulator;
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  sim = createKaspiShopSimulator();
  await sim.listen(0);
  shop = await startShop({
    ...{ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
    ...{ KASPI_SHOP_MODE: 'simulator', KASPI_SHOP_API_URL: sim.apiUrl, KASPI_SHOP_TOKEN: sim.token },
    KASPI_SHOP_POLL_SECONDS: '2',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await sim?.close();
});

function readDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Our order made from Kaspi order `kaspiId`, if imported yet. */
const imported = (kaspiId: string) =>
  readDb(
    (db) =>
      db
        .prepare(
          `select number, status, kaspi_status as kaspiStatus, version from "order"
           where channel = 'kaspi' and kaspi_order_id = ?`,
        )
        .get(kaspiId) as { number: string; status: string; kaspiStatus: string; version: number } | undefined,
  );

describe('Kaspi Магазин order handed over by the buyer’s code (issue 33 B6)', () => {
  it('staff accept, send the code, are refused a wrong code with nothing changed, and complete with the right one', async () => {
    const sku = readDb(
      (db) =>
        db
          .prepare(
            `select sku.id as id, sku.external_id as externalId, coalesce(sku.price, product.price) as price,
                    stock.quantity as quantity
             from stock join sku on sku.id = stock.sku_id join product on product.id = sku.product_id
             where stock.city_id = 1 and stock.quantity >= 3 and product.is_active = 1 order by sku.id limit 1`,
          )
          .get() as { id: number; externalId: string; price: number; quantity: number },
    );
    const stock = () =>
      readDb(
        (db) =>
          (
            db.prepare('select quantity from stock where sku_id = ? and city_id = 1').get(sku.id) as {
              quantity: number;
            }
          ).quantity,
      );
    const kaspi = sim.createOrder({
      lines: [{ sku: sku.externalId, quantity: 1, price: sku.price }],
      phone: '7012345678',
    });
    // Imported at the next poll (every 2 s here), its unit reserved at once.
    await expect.poll(() => imported(kaspi.id), { timeout: 30_000, interval: 250 }).toBeDefined();
    const number = imported(kaspi.id)!.number;
    expect(stock()).toBe(sku.quantity - 1);

    const staff = await newShopper(browser);
    const { page } = staff;
    await page.goto(`${shop.url}/admin/`);
    await staffSignIn(page, OWNER);
    await page.getByTestId('today').waitFor();
    await page.goto(`${shop.url}/admin/orders/${number}`);
    const panel = page.getByTestId('kaspi-order');
    await panel.waitFor();
    const status = () => panel.getByTestId('kaspi-status').textContent();
    expect(await status()).toBe('Оплачен, ждёт принятия');
    expect(await panel.textContent()).toContain(`№ ${kaspi.code}`);
    await snap(page, 'kaspi-shop-01-new');

    await panel.getByRole('button', { name: 'Принять заказ в Kaspi' }).click();
    await eventually(status).toBe('Принят магазином');
    expect(sim.order(kaspi.id)!.status).toBe('ACCEPTED_BY_MERCHANT');

    // Kaspi holds the code before our transaction bumps the order's version, and the page reloads the order after
    // that: read `before` once both are done, so the wrong code below is judged against the settled order.
    const sentAt = imported(kaspi.id)!.version;
    await panel.getByRole('button', { name: 'Отправить покупателю код' }).click();
    await expect.poll(() => imported(kaspi.id)!.version, { timeout: 10_000 }).toBeGreaterThan(sentAt);
    await eventually(() => panel.getByRole('button', { name: 'Выдать по коду' }).isEnabled()).toBe(true);
    await eventually(() => sim.order(kaspi.id)!.securityCode).toMatch(/^\d+$/);
    const code = sim.order(kaspi.id)!.securityCode!;
    const before = imported(kaspi.id)!;

    // A wrong code: Kaspi refuses it; the Russian error shows, and nothing changed at Kaspi or here.
    const wrong = code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
    const field = panel.getByLabel('Код из SMS покупателя');
    await field.fill(wrong);
    await panel.getByRole('button', { name: 'Выдать по коду' }).click();
    await eventually(() => panel.getByRole('alert').textContent()).toBe(
      'Kaspi не принял код покупателя. Проверьте код из SMS покупателя и попробуйте снова',
    );
    expect(await status()).toBe('Принят магазином');
    expect(sim.order(kaspi.id)!.status).toBe('ACCEPTED_BY_MERCHANT');
    expect(imported(kaspi.id)).toEqual(before);
    expect(stock()).toBe(sku.quantity - 1);
    await snap(page, 'kaspi-shop-02-wrong-code');

    // The code the buyer read from Kaspi's SMS: handed over, completed at Kaspi and here.
    await field.fill(code);
    await panel.getByRole('button', { name: 'Выдать по коду' }).click();
    await eventually(status).toBe('Выдан');
    expect(sim.order(kaspi.id)!.status).toBe('COMPLETED');
    expect(imported(kaspi.id)).toMatchObject({ status: 'completed', kaspiStatus: 'COMPLETED' });
    expect(stock()).toBe(sku.quantity - 1);
    expect(await panel.getByRole('button', { name: 'Выдать по коду' }).count()).toBe(0);
    await snap(page, 'kaspi-shop-03-completed');
    await staff.done();
  });
});
