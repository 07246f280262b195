import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';

/**
 * The catalogue's CSV import in the back office (issue 12, acceptance): a stock file with one bad row shows the
 * preview with the error; applying is refused until the member chooses to skip the bad rows, and then exactly the
 * good rows change. Screenshots at 1280 px and 390 px in test-results/e2e/.
 */

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

/** The stock export read through the member's session: `externalId|cityId` → units. */
async function stockExport(page: Page): Promise<Map<string, number>> {
  const res = await page.request.get(`${shop.url}/api/admin/catalogue/export/stock`);
  expect(res.status()).toBe(200);
  const lines = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);
  return new Map(
    lines.map((l) => {
      const [externalId, cityId, , quantity] = l.split(';');
      return [`${externalId}|${cityId}`, Number(quantity)];
    }),
  );
}

describe('CSV stock import in the back office', () => {
  it('shows the bad row, refuses to apply until bad rows are skipped, then changes exactly the good rows', async () => {
    const { page } = await newShopper(browser);
    await page.goto(`${shop.url}/admin/sign-in`);
    await page.getByLabel('Электронная почта').fill(OWNER.email);
    await page.getByLabel('Пароль').fill(OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('link', { name: 'Загрузка из файла' })
      .click();
    await page.getByRole('heading', { name: 'Загрузка и выгрузка каталога' }).waitFor();

    const before = await stockExport(page);
    const [a, b] = [...before.entries()].filter(([k, q]) => k.endsWith('|1') && q > 0);
    const [aId] = a![0].split('|');
    const [bId] = b![0].split('|');
    const csv =
      '\uFEFFexternalId;city;quantity\r\n' +
      `${aId};Алматы;${a![1] + 3}\r\n` +
      'KM-НЕТ-ТАКОГО;Алматы;4\r\n' +
      `${bId};Алматы;0\r\n`;
    await page.getByLabel('Остатки').check();
    await page
      .getByLabel('Файл')
      .setInputFiles({ name: 'остатки.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Проверить файл' }).click();

    const status = page.getByRole('status');
    await eventually(() => status.textContent()).toBe(
      'Строк в файле: 3. Изменится: 2. Без изменений: 0. С ошибками: 1.',
    );
    const errorRow = page.getByRole('table', { name: 'Строки с ошибками' }).getByRole('row').nth(1);
    expect(await errorRow.textContent()).toContain('Нет размера товара с кодом «KM-НЕТ-ТАКОГО»');
    expect(await errorRow.textContent()).toContain('3');
    await snap(page, 'admin-catalogue-import-preview-1280');

    // Applying with the bad row: refused, nothing changes.
    await page.getByRole('button', { name: 'Применить' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe(
      'В файле есть строки с ошибками (1): исправьте их или выберите «Пропустить строки с ошибками»',
    );
    expect(await stockExport(page)).toEqual(before);

    await page.getByLabel(/Пропустить строки с ошибками/).check();
    await page.getByRole('button', { name: 'Применить' }).click();
    await eventually(() => page.getByRole('heading', { name: 'Файл применён' }).count()).toBe(1);
    const after = await stockExport(page);
    const expected = new Map(before);
    expected.set(a![0], a![1] + 3);
    expected.set(b![0], 0);
    expect(after).toEqual(expected);
    await snap(page, 'admin-catalogue-import-applied-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'admin-catalogue-import-applied-390');
  });
});
