import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';

/**
 * Catalogue operations in Chromium (issue 12): the owner invites a catalogue member, who creates a product with two
 * sizes and a picture, sets its stock in Алматы with a reason, publishes it — and a shopper finds it in its category
 * with «В наличии». Screenshots of the back office's catalogue screens at 1280 px and 390 px in test-results/e2e/.
 */

const OWNER = { email: 'owner@kiim.kz', password: 'owner password 2026' };
const MEMBER = { email: 'dana@kiim.kz', password: 'catalogue pass 2026' };
const PHONE = { width: 390, height: 844 };
const NAME = 'Платье-рубашка из хлопка';
let shop: RunningShop;
let browser: Browser;
let pictureFile: string;

beforeAll(async () => {
  shop = await startShop({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  browser = await launchBrowser();
  pictureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-picture-')), 'plate.jpg');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="900" height="1200" fill="#e9e4d8"/><path d="M330 160h240l90 200-60 40v640H300V400l-60-40z" fill="#5b6f8f"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg().toFile(pictureFile);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (pictureFile) fs.rmSync(path.dirname(pictureFile), { recursive: true, force: true });
});

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Электронная почта').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** A panel of the page by its heading. */
const panel = (page: Page, heading: string): Locator =>
  page.locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) });

/** The owner invites a member of the catalogue role, who accepts the link and is signed in. @returns their page. */
async function catalogueMember(): Promise<Page> {
  const owner = await newShopper(browser);
  await owner.page.goto(`${shop.url}/admin/staff`);
  await signIn(owner.page, OWNER);
  await owner.page.waitForURL(/\/admin\/staff$/);
  await owner.page.getByLabel('Электронная почта').fill(MEMBER.email);
  await owner.page.getByLabel('Имя').fill('Дана');
  await owner.page.getByLabel('Роль', { exact: true }).selectOption('catalogue');
  await owner.page.getByRole('button', { name: 'Создать приглашение' }).click();
  const link = (await owner.page.getByTestId('shown-once').textContent())!;
  const member = await newShopper(browser);
  await member.page.goto(link);
  await member.page.getByLabel('Пароль', { exact: true }).fill(MEMBER.password);
  await member.page.getByLabel('Пароль ещё раз').fill(MEMBER.password);
  await member.page.getByRole('button', { name: 'Создать учётную запись' }).click();
  await member.page.getByRole('link', { name: 'Позже' }).click();
  return member.page;
}

describe('catalogue operations in the back office', () => {
  it('a catalogue member creates a product with two sizes and a picture, stocks Алматы, publishes it, and shoppers see it «В наличии»', async () => {
    const page = await catalogueMember();
    await page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('link', { name: 'Каталог', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Каталог' }).waitFor();
    await page.getByRole('link', { name: 'Новый товар' }).click();

    // The form refuses what is wrong, in Russian, next to the field.
    await page.getByRole('button', { name: 'Создать товар' }).click();
    await page.getByText('Укажите название').waitFor();

    const form = panel(page, 'Описание и цена');
    await form.getByLabel('Название').fill(NAME);
    await form.getByLabel('Адрес страницы').fill('plate-rubashka-iz-hlopka');
    await form.getByLabel('Категория').selectOption({ label: 'Женская одежда — женщинам' });
    await form.getByLabel('Бренд').selectOption({ label: 'Tumar' });
    await form.getByLabel('Цвет', { exact: true }).fill('Синий');
    await form.getByLabel('Цена, ₸').fill('18990');
    await form.getByLabel('Цена до скидки, ₸').fill('23990');
    await form.getByLabel('Описание').fill('Свободное платье-рубашка из плотного хлопка с поясом.');
    await form.getByLabel('Состав').fill('Хлопок 100%');
    await form.getByLabel('Уход').fill('Стирка при 30 °C, не отбеливать');
    await form.getByLabel('Размер', { exact: true }).fill('S');
    await form.getByLabel('Код в учётной системе').fill('TUMAR-SHIRT-DRESS-S');
    await form.getByRole('button', { name: 'Добавить размер' }).click();
    await form.getByLabel('Размер', { exact: true }).nth(1).fill('M');
    await form.getByLabel('Код в учётной системе').nth(1).fill('TUMAR-SHIRT-DRESS-M');
    await form.getByRole('button', { name: 'Создать товар' }).click();
    await page.waitForURL(/\/admin\/catalogue\/\d+\?created=1$/);
    await page.getByRole('heading', { name: NAME }).waitFor();
    expect(await page.getByText('Товар скрыт: покупатели его не видят.').count()).toBe(1);

    const pictures = panel(page, 'Фотографии');
    await pictures.getByLabel('Новая фотография').setInputFiles(pictureFile);
    await pictures.getByRole('button', { name: 'Загрузить' }).click();
    await eventually(() => pictures.locator('ol.pictures img').count()).toBe(1);

    const stock = panel(page, 'Остатки');
    await stock.getByLabel('Размер', { exact: true }).selectOption({ label: 'S' });
    await stock.getByLabel('Город').selectOption({ label: 'Алматы' });
    await stock.getByLabel('Количество, шт.').fill('5');
    await stock.getByLabel('Причина').selectOption({ label: 'Поступление товара' });
    await stock.getByLabel('Комментарий').fill('Первая поставка');
    await stock.getByRole('button', { name: 'Сохранить остаток' }).click();
    await stock.getByText('Остаток сохранён.').waitFor();
    await eventually(() => stock.locator('table td[data-label="Алматы"]').first().textContent()).toBe('5');

    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await page.getByRole('button', { name: 'Скрыть из магазина' }).waitFor();
    await snap(page, 'admin-catalogue-product-1280');

    // The shopper's side: in its category, in Алматы (the default city), in stock — at once.
    const shopper = await newShopper(browser);
    await shopper.page.goto(`${shop.url}/category/zhenskaya-odezhda?sort=new-arrivals`);
    const card = shopper.page.locator('article, li', { hasText: NAME }).last();
    await card.waitFor();
    expect(await card.getByText('В наличии', { exact: true }).count()).toBe(1);
    await snap(shopper.page, 'admin-catalogue-storefront-category-1280');

    // The list finds it; the movement history shows who stocked it and why.
    await page.getByRole('link', { name: '← Каталог' }).click();
    await page.getByLabel('Поиск').fill('TUMAR-SHIRT-DRESS-M');
    await page.getByRole('button', { name: 'Показать' }).click();
    await eventually(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').first().textContent()).toContain(NAME);
    await snap(page, 'admin-catalogue-list-1280');
    await page.locator('tbody tr').first().getByRole('link', { name: NAME }).click();
    await page.getByRole('link', { name: 'История движения товара' }).click();
    await page.getByRole('cell', { name: 'Поступление товара: Первая поставка' }).waitFor();
    expect(await page.getByRole('cell', { name: '0 → 5' }).count()).toBe(1);
    await snap(page, 'admin-stock-history-1280');

    await page.setViewportSize(PHONE);
    await page.goBack();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await snap(page, 'admin-catalogue-product-390');
    await page.goto(`${shop.url}/admin/catalogue`);
    await page.getByRole('heading', { name: 'Каталог' }).waitFor();
    await snap(page, 'admin-catalogue-list-390');
    await page.goto(`${shop.url}/admin/stock`);
    await page.getByRole('heading', { name: 'Заканчивающиеся размеры' }).waitFor();
    await snap(page, 'admin-stock-low-390');

    // Cities, pickup points and banners: the catalogue's other screens.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${shop.url}/admin/catalogue`);
    for (const [tab, heading, name] of [
      ['Города', 'Алматы', 'admin-catalogue-cities-1280'],
      ['Пункты выдачи', 'Новый пункт выдачи', 'admin-catalogue-pickup-points-1280'],
      ['Баннеры', 'Новый баннер', 'admin-catalogue-banners-1280'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Каталог' }).getByRole('link', { name: tab }).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await snap(page, name);
    }
    await page.getByRole('link', { name: 'Изменить' }).first().click();
    await page.getByRole('heading', { name: /^Изменить: / }).waitFor();
    await page.getByLabel('Показывать по').fill('2030-12-31T23:00');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Баннер сохранён.').waitFor();
  });
});
