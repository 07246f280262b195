import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { staffSignIn } from './back-office.ts';
import {
  eventually,
  hydrated,
  launchBrowser,
  newPostgresDatabase,
  newShopper,
  snap,
  startShop,
  type PostgresDatabase,
  type RunningShop,
} from './shop.ts';

/**
 * A real shop's owner's first day (issue 27), on a fresh `AUTO_SEED=false` shop on PostgreSQL (SQLite where no
 * PostgreSQL server answers): from the back office alone, with no SQL anywhere, the owner creates two cities, three
 * categories, a brand, a pickup point and a product with photos, sizes and stock in both cities. A shopper in each
 * city sees the right stock state and delivery days; one orders, and the staff hand the order over.
 */

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
const PRODUCT = 'Платье льняное миди';
let shop: RunningShop;
let postgres: PostgresDatabase | undefined;
let browser: Browser;
let owner: Page;
let pictureFile: string;

beforeAll(async () => {
  postgres = await newPostgresDatabase();
  if (!postgres) console.warn('owner-first-day: no PostgreSQL server answers, the journey runs on SQLite');
  shop = await startShop(
    { AUTO_SEED: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
    { postgres },
  );
  browser = await launchBrowser();
  pictureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-first-day-')), 'plate.jpg');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="900" height="1200" fill="#efe9dc"/><path d="M330 160h240l90 200-60 40v640H300V400l-60-40z" fill="#8a6f5b"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg().toFile(pictureFile);
  owner = (await newShopper(browser)).page;
  await owner.goto(`${shop.url}/admin/catalogue/cities`);
  await staffSignIn(owner, OWNER);
  await owner.waitForURL(/\/admin\/catalogue\/cities$/);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (pictureFile) fs.rmSync(path.dirname(pictureFile), { recursive: true, force: true });
});

/** Opens a back-office screen of the owner's and waits for its heading. */
async function open(address: string, heading: string) {
  await owner.goto(`${shop.url}/admin${address}`);
  await owner.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await owner.waitForLoadState('networkidle');
}

/** A city by the owner's form: courier price as people type it, delivery days. */
async function createCity(name: string, slug: string, courierPrice: string, days: string) {
  await owner.getByLabel('Название', { exact: true }).fill(name);
  await owner.getByLabel('Адрес (латиницей)').fill(slug);
  await owner.getByLabel('Есть курьер').check();
  await owner.getByLabel('Цена курьера, ₸').fill(courierPrice);
  await owner.getByLabel('Срок курьерской доставки, дней').fill(days);
  await owner.getByRole('button', { name: 'Добавить город' }).click();
  await owner.getByRole('row', { name: new RegExp(name) }).waitFor();
}

/** A category by the owner's form. */
async function createCategory(name: string, slug: string, segment: string) {
  await owner.getByLabel('Название', { exact: true }).fill(name);
  await owner.getByLabel('Адрес страницы: /category/…').fill(slug);
  await owner.getByLabel('Вид одежды').selectOption({ label: 'Одежда' });
  await owner.getByLabel('Раздел').selectOption({ label: segment });
  await owner.getByRole('button', { name: 'Добавить категорию' }).click();
  await owner.getByText(name, { exact: true }).first().waitFor();
}

/** The city id the storefront's API gives `name`. */
async function cityId(name: string): Promise<number> {
  const res = (await (await fetch(`${shop.url}/api/city/list`)).json()) as {
    data: { id: number; name: string }[];
  };
  const city = res.data.find((c) => c.name === name);
  if (!city) throw new Error(`no city ${name}`);
  return city.id;
}

/** A shopper in the city `id` (its cookie set, as the city chooser does). */
async function shopperIn(id: number) {
  const shopper = await newShopper(browser, { viewport: { width: 390, height: 844 } });
  const origin = new URL(shop.url);
  await shopper.context.addCookies([
    { name: 'city_id', value: String(id), domain: origin.hostname, path: '/' },
  ]);
  return shopper;
}

const panel = (page: Page, heading: string): Locator =>
  page.locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) });

describe('the owner’s first day on an empty shop', () => {
  it('sets up cities, categories, a brand and a pickup point from the back office', async () => {
    await open('/catalogue/cities', 'Города');
    await createCity('Алматы', 'almaty', '1 500 ₸', '1');
    await createCity('Астана', 'astana', '2 000', '3');
    await snap(owner, 'first-day-01-cities');

    await open('/catalogue/categories', 'Категории');
    await createCategory('Платья', 'platya', 'Женщинам');
    await createCategory('Юбки', 'yubki', 'Женщинам');
    await createCategory('Рубашки', 'rubashki', 'Мужчинам');

    await open('/catalogue/brands', 'Бренды');
    await owner.getByLabel('Название', { exact: true }).fill('Steppe Wool');
    await owner.getByLabel('Адрес (латиницей)').fill('steppe-wool');
    await owner.getByLabel('Страна', { exact: true }).fill('Казахстан');
    await owner.getByRole('button', { name: 'Добавить бренд' }).click();
    await owner.getByRole('row', { name: /Steppe Wool/ }).waitFor();

    await open('/catalogue/pickup-points', 'Пункты выдачи');
    await owner.getByLabel('Город', { exact: true }).selectOption({ label: 'Алматы' });
    await owner.getByLabel('Название', { exact: true }).fill('Kiim в ТРЦ Mega');
    await owner.getByLabel('Город в адресе').fill('Алматы');
    await owner.getByLabel('Улица и дом').fill('ул. Розыбакиева, 247');
    await owner.getByLabel('Часы работы').fill('Пн–Вс 10:00–22:00');
    // Coordinates as the map services copy them, with a decimal comma.
    await owner.getByLabel('Широта').fill('43,2018');
    await owner.getByLabel('Долгота').fill('76,8925');
    await owner.getByRole('button', { name: /Добавить|Сохранить/ }).click();
    await owner.getByText('Kiim в ТРЦ Mega').first().waitFor();
    await snap(owner, 'first-day-02-pickup-point');

    const cities = (await (await fetch(`${shop.url}/api/city/list`)).json()) as { data: { name: string }[] };
    expect(cities.data.map((c) => c.name).sort()).toEqual(['Алматы', 'Астана']);
  });
});
