import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';

// The storefront on a phone (issue 27 item 9): the header one compact row that slides away while scrolling down and
// comes back on scrolling up, its menu, and a category page's first products on the first screen.

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const PHONE = { width: 390, height: 844 };

/** The viewport boxes (getBoundingClientRect) of the header and of each of its row's controls, px. */
const headerBoxes = (page: Page) =>
  page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r && r.width > 0 ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
    };
    const header = document.querySelector('header.site-header')!;
    return {
      header: box(header)!,
      controls: [
        '.logo',
        '.search-box',
        '.menu-button',
        '.header-actions a[href*="wishlist"]',
        '.header-actions a[href="/Cart"]',
      ].map((s) => box(header.querySelector(s))),
      sections: box(header.querySelector('.segments')),
      firstCard: box(document.querySelector('article.card')),
    };
  });

describe('the storefront on a phone, 390 × 844 (issue 27 item 9)', () => {
  it('the header is one compact row; the first product card of a category starts on the first screen', async () => {
    const { page, done } = await newShopper(browser, { viewport: PHONE });
    await page.goto(shop.url + '/category/zhenskie-dzhinsy');
    await hydrated(page);
    const { header, controls, sections, firstCard } = await headerBoxes(page);
    expect(header.top).toBe(0);
    expect(header.bottom).toBeLessThanOrEqual(64);
    // Logo, search, menu, wishlist and cart: all drawn, side by side inside the header's one row.
    for (const c of controls) {
      expect(c).not.toBeNull();
      expect(c!.top).toBeGreaterThanOrEqual(header.top);
      expect(c!.bottom).toBeLessThanOrEqual(header.bottom);
    }
    for (let i = 1; i < controls.length; i++)
      expect(controls[i]!.left).toBeGreaterThanOrEqual(controls[i - 1]!.right);
    expect(controls.at(-1)!.right).toBeLessThanOrEqual(PHONE.width);
    // The sections are in the closed menu.
    expect(sections).toBeNull();
    expect(firstCard!.top).toBeLessThan(450);
    await snap(page, 'phone-01-category');

    // Scrolling down slides the header away; scrolling up brings it back.
    await page.mouse.wheel(0, 700);
    await eventually(async () => (await headerBoxes(page)).header.bottom).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await eventually(async () => (await headerBoxes(page)).header.top).toBe(0);
    await done();
  });

  it('the menu button opens the sections, language, city and account; a section closes it', async () => {
    const { page, done } = await newShopper(browser, { viewport: PHONE });
    await page.goto(shop.url + '/category/zhenskie-dzhinsy');
    await hydrated(page);
    await page.getByRole('button', { name: 'Меню' }).click();
    const menu = page.locator('#site-menu');
    for (const name of ['Женщинам', 'Мужчинам', 'Бренды', 'Войти'])
      await menu.getByRole('link', { name, exact: true }).waitFor();
    await menu.getByTestId('city-chooser').waitFor();
    await menu.getByTestId('lang-switch').waitFor();
    await snap(page, 'phone-02-menu');
    await menu.getByRole('link', { name: 'Мужчинам', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/home-muzhchiny');
    await eventually(() => menu.isVisible()).toBe(false);
    await done();
  });

  it('a laptop keeps its one row: sections beside the logo, no menu button', async () => {
    const { page, done } = await newShopper(browser);
    await page.goto(shop.url + '/category/zhenskie-dzhinsy');
    await hydrated(page);
    const { header, controls, sections } = await headerBoxes(page);
    expect(controls[2]).toBeNull();
    expect(sections).not.toBeNull();
    expect(sections!.left).toBeGreaterThan(controls[0]!.right);
    expect(sections!.right).toBeLessThan(controls[1]!.left);
    expect(sections!.bottom).toBeLessThanOrEqual(header.bottom);
    await page.getByTestId('city-chooser').waitFor();
    await page.locator('header').getByRole('link', { name: 'Войти', exact: true }).waitFor();
    await done();
  });
});
