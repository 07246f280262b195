import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';
import { openSection as go, staffSignIn } from './back-office.ts';

/**
 * The carrier's back office in Chromium (issue 34 item 6, decision 070), with the shop's in-process CDEK simulator:
 * the owner sees the mode, finds Алматы among CDEK's cities by typing, saves its code with «Предлагать доставку СДЭК
 * и в этом городе» on and picks its shipment point among CDEK's offices; then opens «Отправления», sees the label
 * link of an accepted parcel, filters the refused parcels and sees CDEK's reason with links to fix it on the order. Screenshots at 1280 px and 390 px in test-results/e2e/.
 */

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
const PHONE = { width: 390, height: 844 };
let shop: RunningShop;
let browser: Browser;

const at = (minute: number) => `2026-12-31T10:${String(minute).padStart(2, '0')}:00.000Z`;
const shipment = (n: number, state: string, extra: Record<string, unknown> = {}) => ({
  ...{ id: `shp-${n}`, order_id: `ord-${n}`, order_number: `K-${1000 + n}`, carrier: 'cdek', state },
  request: JSON.stringify({ orderNumber: `K-${1000 + n}`, address: { cityCode: 4756 } }),
  ...{ carrier_id: null, track_number: null, status_at: null, problems: null, label_form_id: null },
  ...{ attempts: 0, next_check_at: null, last_error: null, created_at: at(n), updated_at: at(n) },
  ...extra,
});

beforeAll(async () => {
  shop = await startShop({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    CDEK_MODE: 'simulator',
  });
  browser = await launchBrowser();
  const db = new Database(path.join(shop.dataDir, 'kiim.db'));
  const insert = db.prepare(
    'INSERT INTO shipment (id, order_id, order_number, carrier, state, request, carrier_id, track_number, ' +
      'status_at, problems, label_form_id, attempts, next_check_at, last_error, created_at, updated_at) VALUES ' +
      '(@id, @order_id, @order_number, @carrier, @state, @request, @carrier_id, @track_number, @status_at, ' +
      '@problems, @label_form_id, @attempts, @next_check_at, @last_error, @created_at, @updated_at)',
  );
  for (const row of [
    shipment(1, 'invalid', {
      problems: JSON.stringify([{ code: 'v2_invalid_phone', message: 'Неверный номер телефона получателя' }]),
    }),
    shipment(2, 'in_transit', {
      track_number: '1106207236',
      carrier_id: 'b1c0e2a4-0000-4000-8000-000000000002',
    }),
    shipment(3, 'registering', { attempts: 2, last_error: 'СДЭК не ответил за 5 секунд' }),
  ])
    insert.run(row);
  db.close();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** The owner, signed in on `path` of the back office. */
async function ownerOn(p: string, viewport?: typeof PHONE): Promise<Page> {
  const { page } = await newShopper(browser, viewport ? { viewport } : {});
  await page.goto(`${shop.url}/admin${p}`);
  await staffSignIn(page, OWNER);
  await page.waitForURL(new RegExp(`/admin${p}$`));
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

describe('the carrier’s back office', () => {
  it('the owner picks Алматы’s CDEK code from CDEK’s cities and offers CDEK there too', async () => {
    const page = await ownerOn('/shipments');
    await go(page, 'Доставка СДЭК');
    await page.getByRole('heading', { name: 'Доставка СДЭК', level: 1 }).waitFor();
    expect(await page.getByTestId('carrier-mode').textContent()).toContain('CDEK_MODE=simulator');
    const almaty = page.getByRole('region', { name: 'Алматы', exact: true });
    await almaty.getByRole('searchbox').fill('Алм');
    await almaty.getByRole('button', { name: 'Найти' }).click();
    await almaty.getByRole('button', { name: /Алматы, Алматы \(код 4756\)/ }).click();
    expect(await almaty.getByTestId('cdek-choice').textContent()).toContain('код 4756');
    await almaty.getByLabel('Предлагать доставку СДЭК и в этом городе').check();
    await snap(page, 'admin-carrier-settings-1280');
    await almaty.getByRole('button', { name: 'Сохранить' }).click();
    await almaty.getByRole('status').getByText('Сохранено').waitFor();
    expect(await almaty.getByTestId('cdek-code').textContent()).toBe('4756');

    const db = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
    const row = db.prepare("SELECT cdek_code, carrier_in_own_city FROM city WHERE name = 'Алматы'").get();
    const audit = db
      .prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'shipping.city_updated'")
      .get();
    db.close();
    expect(row).toEqual({ cdek_code: 4756, carrier_in_own_city: 1 });
    expect(audit).toEqual({ n: 1 });

    // The shipment point: one of CDEK's offices in Алматы that accept parcels (decision 074).
    const point = almaty.getByTestId('shipment-point');
    await point.getByRole('button', { name: 'Выбрать пункт приёма СДЭК' }).click();
    const options = point.getByRole('combobox', { name: 'Пункт приёма' });
    await eventually(() => options.locator('option').count()).toBeGreaterThan(1);
    expect(await options.locator('option').allTextContents()).not.toContainEqual(
      expect.stringContaining('(ALA7)'),
    );
    await options.selectOption('ALA1');
    await point.getByRole('button', { name: 'Сохранить пункт' }).click();
    await point.getByRole('status').getByText('Пункт сохранён').waitFor();
    expect(await point.getByTestId('shipment-point-code').textContent()).toBe('ALA1');
    await snap(page, 'admin-carrier-shipment-point-1280');
    const saved = new Database(path.join(shop.dataDir, 'kiim.db'), { readonly: true });
    const pointRow = saved.prepare("SELECT cdek_shipment_point AS p FROM city WHERE name = 'Алматы'").get();
    saved.close();
    expect(pointRow).toEqual({ p: 'ALA1' });
    await page.reload();
    await eventually(() =>
      page
        .getByRole('region', { name: 'Алматы', exact: true })
        .getByLabel('Предлагать доставку СДЭК и в этом городе')
        .isChecked(),
    ).toBe(true);
  });

  it('lists the parcels, filters the refused one with CDEK’s reason and links it to its order, on a phone', async () => {
    const page = await ownerOn('/shipments', PHONE);
    await page.getByTestId('shipment-K-1002').waitFor();
    expect(await page.getByTestId('shipment-K-1002').textContent()).toContain('1106207236');
    expect(await page.getByTestId('shipment-K-1002').getByTestId('shipment-label').getAttribute('href')).toBe(
      '/api/admin/orders/K-1002/shipment/label',
    );
    expect(await page.getByTestId('shipment-K-1003').getByTestId('shipment-label').count()).toBe(0);
    expect(await page.getByTestId('shipment-K-1003').textContent()).toContain('СДЭК не ответил за 5 секунд');
    await page.getByLabel('Состояние').selectOption({ label: 'СДЭК отклонил' });
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.waitForURL(/state=invalid/);
    await eventually(() => page.locator('tbody tr').count()).toBe(1);
    const refused = page.getByTestId('shipment-K-1001');
    expect(await refused.textContent()).toContain('Неверный номер телефона получателя');
    expect(await refused.getByRole('link', { name: '№ K-1001' }).getAttribute('href')).toBe(
      '/admin/orders/K-1001',
    );
    expect(
      await refused
        .getByRole('link', { name: 'Исправить заказ и передать в СДЭК снова' })
        .getAttribute('href'),
    ).toBe('/admin/orders/K-1001');
    expect(await refused.getByTestId('shipment-label').count()).toBe(0);
    await snap(page, 'admin-shipments-390');
  });
});
