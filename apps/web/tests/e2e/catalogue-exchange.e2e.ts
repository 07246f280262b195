import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';

/**
 * The 1C exchange's mapping screen (issue 12 item 3): after 1C sent its catalogue and offers, a catalogue member sees
 * the unmapped group with its hidden products and the suggested defaults, maps the group to a category and the
 * unknown warehouse to a city, and the API keeps both (audited). Screenshots at 1280 px and 390 px.
 */

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
const fixtures = path.resolve(import.meta.dirname, '../../../api/src/modules/exchange/onec/fixtures/1c');
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

/** 1C's side: an API key made by the signed-in owner, then checkauth, init, the file, import until success. */
async function oneCSends(page: Page, files: string[]) {
  const key = await page.request.post(`${shop.url}/api/admin/api-keys`, {
    data: { name: '1С:Предприятие', scopes: ['catalogue.import'] },
    headers: { origin: shop.url },
  });
  expect(key.status(), await key.text()).toBe(200);
  const secret = ((await key.json()) as { data: { secret: string } }).data.secret;
  const authorization = `Basic ${Buffer.from(`1c:${secret}`).toString('base64')}`;
  const call = async (query: string, body?: Buffer, cookie?: string) => {
    const res = await fetch(`${shop.url}/api/exchange/1c?${query}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization,
        ...(cookie ? { cookie: `kiim_1c=${cookie}` } : {}),
        ...(body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      body: body ? new Blob([new Uint8Array(body)]) : undefined,
    });
    return res.text();
  };
  const cookie = (await call('type=catalog&mode=checkauth')).split('\n')[2]!;
  for (const name of files) {
    await call('type=catalog&mode=init', undefined, cookie);
    expect(
      await call(
        `type=catalog&mode=file&filename=${name}`,
        fs.readFileSync(path.join(fixtures, name)),
        cookie,
      ),
    ).toBe('success');
    let answer = await call(`type=catalog&mode=import&filename=${name}`, undefined, cookie);
    while (answer.startsWith('progress'))
      answer = await call(`type=catalog&mode=import&filename=${name}`, undefined, cookie);
    expect(answer).toMatch(/^success/);
  }
}

const staffGet = async (page: Page, url: string) =>
  ((await (await page.request.get(`${shop.url}/api/admin${url}`)).json()) as { data: { items: unknown[] } })
    .data.items;

describe('1C mapping screen', () => {
  it('shows the unmapped group and warehouse with the suggestions, and saves the member’s choices', async () => {
    const { page, done } = await newShopper(browser);
    await page.goto(`${shop.url}/admin/sign-in`);
    await page.getByLabel('Электронная почта').fill(OWNER.email);
    await page.getByLabel('Пароль').fill(OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Каталог' }).click();
    await oneCSends(page, ['import.xml', 'offers.xml']);

    await page.getByRole('navigation', { name: 'Каталог' }).getByRole('link', { name: 'Обмен с 1С' }).click();
    await page.getByRole('heading', { name: 'Обмен с 1С' }).waitFor();
    // «Аксессуары» has no category of the same words: its product waits hidden, the summary counts it.
    await eventually(() =>
      page.getByText(/^Не сопоставлено групп: \d+; скрытых товаров в них: \d+\.$/).count(),
    ).toBe(1);
    const accessories = page.getByLabel('Категория для группы «Аксессуары»');
    expect(await accessories.inputValue()).toBe('');
    // «мужская ВЕРХНЯЯ одежда» was mapped by its words to «Мужская верхняя одежда».
    const outer = page.getByLabel('Категория для группы «мужская ВЕРХНЯЯ одежда»');
    expect(await outer.locator('option:checked').textContent()).toBe('Мужская верхняя одежда');
    // The warehouse «астана» was mapped by name; «Склад Шымкент (Рыскулова)» has no city yet: Шымкент, whose
    // name is in the warehouse's, is proposed (preselected, not saved).
    expect(await page.getByLabel('Город для склада «астана»').locator('option:checked').textContent()).toBe(
      'Астана',
    );
    const shymkent = page.getByLabel('Город для склада «Склад Шымкент (Рыскулова)»');
    expect(await shymkent.locator('option:checked').textContent()).toBe('Шымкент');
    const proposed = page.getByRole('row').filter({ has: shymkent });
    expect(await proposed.getByText('Предлагается: Шымкент').count()).toBe(1);
    const before = (await staffGet(page, '/exchange/warehouses')) as { externalId: string; cityId: number }[];
    expect(before.find((w) => w.externalId === 'wh-shymkent')!.cityId).toBeNull();
    await snap(page, 'admin-catalogue-exchange-1280');

    await accessories.selectOption({ label: 'Женская одежда' });
    const groupRow = page.getByRole('row').filter({ has: accessories });
    await groupRow.getByRole('button', { name: 'Сохранить' }).click();
    await eventually(() => groupRow.getByRole('status').textContent()).toBe('Сохранено');
    await shymkent.selectOption({ label: 'Шымкент' });
    const warehouseRow = page.getByRole('row').filter({ has: shymkent });
    await warehouseRow.getByRole('button', { name: 'Сохранить' }).click();
    await eventually(() => warehouseRow.getByRole('status').textContent()).toBe('Сохранено');

    const options = (
      (await (await page.request.get(`${shop.url}/api/admin/catalogue/options`)).json()) as {
        data: { categories: { id: number; name: string }[]; cities: { id: number; name: string }[] };
      }
    ).data;
    const groups = (await staffGet(page, '/exchange/groups')) as { externalId: string; categoryId: number }[];
    expect(groups.find((g) => g.externalId === 'g-accessories')!.categoryId).toBe(
      options.categories.find((c) => c.name === 'Женская одежда')!.id,
    );
    const warehouses = (await staffGet(page, '/exchange/warehouses')) as {
      externalId: string;
      cityId: number;
    }[];
    expect(warehouses.find((w) => w.externalId === 'wh-shymkent')!.cityId).toBe(
      options.cities.find((c) => c.name === 'Шымкент')!.id,
    );
    const audit = await page.request.get(`${shop.url}/api/admin/audit?action=exchange.group_mapped`);
    expect(await audit.text()).toContain('g-accessories');

    // Prices and stock: the price types 1C sent, and the city for stock sent without warehouses.
    const settings = page.getByRole('region', { name: 'Цены и остатки из 1С' });
    expect(await settings.getByLabel('Тип цены, по которой продаём').inputValue()).toBe('Розничная');
    await settings.getByLabel('Город для остатков без склада').selectOption({ label: 'Астана' });
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await eventually(() => settings.getByRole('status').textContent()).toBe('Сохранено');
    const saved = (await (await page.request.get(`${shop.url}/api/admin/exchange/settings`)).json()) as {
      data: { priceType: string; defaultCityId: number };
    };
    expect(saved.data).toMatchObject({
      priceType: 'Розничная',
      defaultCityId: options.cities.find((c) => c.name === 'Астана')!.id,
    });

    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'admin-catalogue-exchange-390');
    await done();
  });
});
