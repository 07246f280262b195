import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import {
  eventually,
  hydrated,
  launchBrowser,
  newShopper,
  smsCode,
  snap,
  startShop,
  type RunningShop,
} from './shop.ts';

// Issue 14 (decision 018 amendment «pages»): the page's scripts start after its main picture or at the shopper's
// first interaction (app/lib/deferred-scripts.tsx), so a shopper may act on the server's page before React has
// hydrated it. What they did then must count (app/lib/hydration.ts). Each test holds the page's script parts
// until it has acted, as a slow link would, then lets them through and checks React acted on it.

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

/** Holds every script part of the build (`/assets/*.js`) until `release()`; later ones pass at once. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js(\?.*)?$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    /** How many parts the page asked for while held (the starter ran). */
    count: () => held.length,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated !== undefined);

/** A customer registered through the API (as the dialog registers) with `password`: their token. */
async function registered(mobile: string, password: string): Promise<string> {
  const post = async (url: string, body: unknown) => {
    const res = await fetch(shop.url + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, url).toBe(200);
    return ((await res.json()) as { data: { token?: string } }).data;
  };
  await post('/api/customer/register-by-mobile', { mobile, name: 'Ержан' });
  const code = await smsCode(shop, mobile);
  return (await post('/api/customer/register-by-mobile/confirm', { mobile, name: 'Ержан', code, password }))
    .token!;
}

/** Whether `password` signs `mobile` in (the API's answer: 200 or 401). */
const signsIn = async (mobile: string, password: string) =>
  (
    await fetch(shop.url + '/api/customer/auth-by-mobile-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, password }),
    })
  ).status === 200;

/**
 * Presses the mouse on `target` (the page not hydrated yet), lets the held scripts through, waits until React has
 * hydrated the page, then lifts the button: a shopper's press (a tap on a phone) during which the page hydrates —
 * the press's own pointerdown started the scripts. The click goes where the press began only if hydration moved
 * nothing under it.
 */
async function pressAcrossHydration(page: Page, target: Locator, scripts: { release(): Promise<void> }) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  // A finger on the button's upper part: within it before hydration and after, if nothing moved.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 6);
  await page.mouse.down();
  expect(await isHydrated(page)).toBe(false);
  await scripts.release();
  await hydrated(page);
  await page.mouse.up();
}

/** The box of a control in a part the browser has not drawn ({@link controlBoxes}). */
const NOT_DRAWN = 'not drawn';

/** Where every control of the page is (document coordinates), by its place among them and its text. */
const controlBoxes = (page: Page) =>
  page.evaluate(
    (notDrawn) =>
      Object.fromEntries(
        [...document.querySelectorAll('a, button, input, select, textarea, summary')].map((e, i) => {
          const name = (e.textContent || (e as HTMLInputElement).name || '').trim().slice(0, 40);
          // A control in a part not drawn (content-visibility: auto off screen: the listing's cards after the eighth)
          // has no box until drawn, and cannot be pressed before it is: it is compared only when drawn both times.
          if (!e.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions))
            return [`${i} ${e.tagName} ${name}`, notDrawn];
          const r = e.getBoundingClientRect();
          return [`${i} ${e.tagName} ${name}`, `${r.left},${r.top + scrollY} ${r.width}x${r.height}`];
        }),
      ),
    NOT_DRAWN,
  );

describe('what the shopper did before hydration counts', () => {
  it('a size chosen before the scripts ran is the size added to the cart', async () => {
    const { page, done } = await newShopper(browser);
    // A product in stock in the current city, from the listing the shopper sees.
    await page.goto(shop.url + '/category/zhenskaya-odezhda?inStock=1');
    const href = await page.locator('article.card a').first().getAttribute('href');

    const held = await holdScripts(page);
    await page.goto(shop.url + href!, { waitUntil: 'domcontentloaded' });
    expect(await isHydrated(page)).toBe(false);
    const inStock = page.locator('label.size[title="В наличии"]');
    expect(await inStock.count()).toBeGreaterThanOrEqual(1);
    // The last size in stock: never the one the page would choose by itself.
    const label = inStock.last();
    await label.click();
    const chosen = await label.locator('input').getAttribute('value');
    expect(await isHydrated(page)).toBe(false);
    // The click started the scripts (held here).
    await eventually(() => held.count()).toBeGreaterThan(0);
    await held.release();
    await hydrated(page);
    await eventually(() => page.getByTestId('size-stock').textContent()).toBe('В наличии');
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    // Added by the fetcher (no page load): the notice and the header's count, no second question for a size.
    await page.getByText('Товар добавлен в корзину').waitFor();
    expect(new URL(page.url()).searchParams.get('added')).toBeNull();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await snap(page, 'hydration-01-size-before');
    await page.goto(shop.url + '/Cart');
    await eventually(() => page.getByTestId('cart-line').getAttribute('data-external-id')).toBe(chosen);
    await done();
  });

  it('a filter ticked and a sort chosen before the scripts ran filter the listing', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/category/zhenskaya-odezhda', { waitUntil: 'domcontentloaded' });
    await page.getByRole('checkbox', { name: /В наличии: Алматы/ }).check();
    await page.getByLabel('Сортировка').selectOption('price-asc');
    expect(await isHydrated(page)).toBe(false);
    expect(new URL(page.url()).search).toBe('');
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await scripts.release();
    await hydrated(page);
    await page.waitForURL(
      (u) => u.searchParams.get('inStock') === '1' && u.searchParams.get('sort') === 'price-asc',
    );
    // The listing is the filtered one, and the controls still show the choice.
    const res = await fetch(
      `${shop.url}/api/catalog/products?category=zhenskaya-odezhda&inStock=1&sort=price-asc&cityId=1`,
    );
    const expected = ((await res.json()) as { data: { items: { name: string }[] } }).data.items;
    await eventually(() => page.locator('article.card .card__name').allTextContents()).toEqual(
      expected.map((i) => i.name),
    );
    expect(await page.getByRole('checkbox', { name: /В наличии: Алматы/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Сортировка').inputValue()).toBe('price-asc');
    await snap(page, 'hydration-02-filter-before');
    await done();
  });

  it('a filter ticked before the scripts ran stays ticked while its list loads, and a sort chosen then keeps it', async () => {
    const { page, done } = await newShopper(browser);
    // The lists the client router loads (`….data`) held, so the navigation that applies the tick stays under way.
    const lists: Route[] = [];
    let listsHeld = true;
    await page.route(/\.data(\?.*)?$/, (route) => (listsHeld ? lists.push(route) : route.continue()));
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/category/zhenskaya-odezhda', { waitUntil: 'domcontentloaded' });
    const inStock = page.getByRole('checkbox', { name: /В наличии: Алматы/ });
    await inStock.check();
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await scripts.release();
    await hydrated(page);
    await eventually(() =>
      lists.some((r) => new URL(r.request().url()).searchParams.get('inStock') === '1'),
    ).toBe(true);
    // Hydrated, the list with the tick loading: the tick is still there (it was set back to the old address).
    expect(await inStock.isChecked()).toBe(true);
    await page.getByLabel('Сортировка').selectOption('price-asc');
    listsHeld = false;
    await Promise.all(lists.splice(0).map((r) => r.continue()));
    await page.waitForURL(
      (u) => u.searchParams.get('inStock') === '1' && u.searchParams.get('sort') === 'price-asc',
    );
    await eventually(() => inStock.isChecked()).toBe(true);
    await done();
  });

  it('text typed in the search box before the scripts ran is searched for', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).fill('джинсы');
    expect(await isHydrated(page)).toBe(false);
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await scripts.release();
    await hydrated(page);
    expect(await page.getByRole('combobox', { name: 'Поиск по каталогу' }).inputValue()).toBe('джинсы');
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'джинсы');
    await eventually(() => page.locator('article.card').count()).toBeGreaterThan(0);
    await done();
  });

  it('a number typed in the sign-in dialog before the scripts ran goes with it to the next step', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/?signin=phone', { waitUntil: 'domcontentloaded' });
    const dialog = page.getByTestId('sign-in-dialog');
    await dialog.locator('form[data-step="phone"]').waitFor();
    await dialog.getByLabel('Номер телефона').fill('+7 701 333 55 99');
    expect(await isHydrated(page)).toBe(false);
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await scripts.release();
    await hydrated(page);
    await dialog.getByRole('button', { name: 'Войти по паролю' }).click();
    await dialog.locator('form[data-step="password"]').waitFor();
    await eventually(() => dialog.getByLabel('Номер телефона').inputValue()).toBe('+7 701 333 55 99');
    await done();
  });

  it('a step link pressed before the scripts ran opens the next step with the number typed', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/category/zhenskaya-odezhda?signin=phone', { waitUntil: 'domcontentloaded' });
    const dialog = page.getByTestId('sign-in-dialog');
    await dialog.getByLabel('Номер телефона').fill('+7 701 444 66 11');
    await dialog.getByRole('button', { name: 'Войти по паролю' }).click();
    // The step's form went to the server, which opened the password step over the same page with the number.
    await dialog.locator('form[data-step="password"]').waitFor();
    expect(await isHydrated(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/category/zhenskaya-odezhda');
    expect(await dialog.getByLabel('Номер телефона').inputValue()).toBe('+7 701 444 66 11');
    // And on from there, still without scripts: «Забыли пароль?» carries it to the recovery step.
    await dialog.getByRole('button', { name: 'Забыли пароль?' }).click();
    await dialog.locator('form[data-step="recover"]').waitFor();
    expect(await dialog.getByLabel('Номер телефона').inputValue()).toBe('+7 701 444 66 11');
    await snap(page, 'hydration-04-step-link-before');
    // Once hydrated, the dialog goes on as usual.
    await scripts.release();
    await hydrated(page);
    await dialog.getByRole('button', { name: 'Вспомнили пароль? Войти' }).click();
    await dialog.locator('form[data-step="password"]').waitFor();
    expect(await dialog.getByLabel('Номер телефона').inputValue()).toBe('+7 701 444 66 11');
    await done();
  });

  it('without a main picture the scripts start at once; with one they wait for it, at most 3 s', async () => {
    const { page, done } = await newShopper(browser);
    // The cart has no fetchpriority=high picture: hydrated without any interaction.
    await page.goto(shop.url + '/Cart');
    await hydrated(page);
    // A main picture that never comes: the scripts start at the latest 3 s after the page began to load.
    await page.route('**/media/**', () => undefined);
    await page.goto(shop.url + '/', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('img[fetchpriority="high"]').count()).toBeGreaterThan(0);
    await page.waitForFunction(
      () => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
      undefined,
      { polling: 100, timeout: 15_000 },
    );
    expect(await page.evaluate(() => performance.now())).toBeGreaterThan(2_900);
    // Hydrated at all: the started module script is inline, so it ran only with the answer's CSP nonce.
    await done();
  });

  it('with a main picture the scripts are asked for only after the browser reports it painted', async () => {
    // A part asked for before the largest paint is presented counts in Lighthouse's simulated LCP: a frame asked
    // for after the picture's load is presented later than the starter's next task (decision 018, «pages»).
    const { page, done } = await newShopper(browser, { viewport: { width: 412, height: 823 } });
    for (const path of ['/', '/category/zhenskie-dzhinsy']) {
      await page.goto(shop.url + path);
      await hydrated(page);
      const { painted, firstScript } = await page.evaluate(async () => {
        const main = document.querySelector('img[fetchpriority="high"]');
        const entry = await new Promise<PerformanceEntry & { renderTime: number; element: Element | null }>(
          (resolve) =>
            new PerformanceObserver((list, observer) => {
              const found = list
                .getEntries()
                .find((e) => (e as PerformanceEntry & { element: Element | null }).element === main);
              if (!found) return;
              observer.disconnect();
              resolve(found as PerformanceEntry & { renderTime: number; element: Element | null });
            }).observe({ type: 'element', buffered: true }),
        );
        const scripts = performance
          .getEntriesByType('resource')
          .filter((r) => /\/assets\/.+\.js$/.test(new URL(r.name).pathname));
        return { painted: entry.renderTime, firstScript: Math.min(...scripts.map((r) => r.startTime)) };
      });
      expect(painted, path).toBeGreaterThan(0);
      expect(firstScript, path).toBeGreaterThanOrEqual(painted);
    }
    await done();
  });

  it('the sliders below the first screen fetch their pictures only once the shopper scrolls, ahead of the viewport', async () => {
    // Decision 018 «pages: sliders after the first scroll»: Chromium fetches lazy pictures 1,250 px ahead of the
    // viewport, so the home page's sliders had 12 fetched and painted while the page loaded (412 px).
    const { page, done } = await newShopper(browser, { viewport: { width: 412, height: 823 } });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/media/products/')) asked.push(new URL(r.url()).pathname);
    });
    await page.goto(shop.url + '/', { waitUntil: 'networkidle' });
    await hydrated(page);
    const slider = page.locator('.slider').first();
    const firstPicture = slider.locator('img').first();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-scrolled'))).toBe(false);
    expect(asked).toEqual([]);

    // A first small scroll: the slider is still below the viewport, and its first pictures are asked for.
    await page.mouse.wheel(0, 100);
    // Its picture at whichever width the browser picks from the srcset: /media/products/<id>/<width>.webp.
    const picture = new URL((await firstPicture.getAttribute('src'))!, shop.url).pathname.replace(
      /[^/]+$/,
      '',
    );
    await eventually(() => asked.some((path) => path.startsWith(picture))).toBe(true);
    const { sliderTop, viewportBottom } = await slider.evaluate((el) => ({
      sliderTop: el.getBoundingClientRect().top,
      viewportBottom: window.innerHeight,
    }));
    expect(sliderTop).toBeGreaterThan(viewportBottom);
    await slider.scrollIntoViewIfNeeded();
    await eventually(() =>
      firstPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    await done();
  });
});

describe('parts ready with the page are sent in place (entry.server.tsx progressiveChunkSize)', () => {
  it("a product page sent whole (a crawler's) has its reviews and related products in place, no script to show them", async () => {
    const list = await (await fetch(shop.url + '/category/zhenskaya-odezhda')).text();
    const href = /href="(\/product\/[^"]+)"/.exec(list)![1]!;
    // A crawler gets the page once all its parts are ready (entry.server.tsx: onAllReady).
    const html = await (
      await fetch(shop.url + href, {
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      })
    ).text();
    expect(html).toContain('Похожие товары');
    // React's «outlined» boundary: a template in place and a hidden copy at the end, moved in by an inline script
    // (never run without JavaScript).
    expect(html).not.toContain('<template id="B:');
    expect(html).not.toContain('<div hidden id="S:');
  });
});

// Decision 018 «pages, forms before hydration»: a form sent while the page hydrates was lost because hydration
// moved it (the password fields' «Показать пароль», drawn only once hydrated, pushed the button down by its
// height): a press begun on the button ended on another element. The submit itself is never lost in that window
// (the browser's own before React listens, React's once it does: it hydrates at once on a discrete event).
describe('a form or link used while the page hydrates', () => {
  it('hydration moves no control of the page (the profile, the sign-in dialog, the catalogue)', async () => {
    const token = await registered('77015550010', 'Tulpar2027');
    const moved: string[] = [];
    for (const path of [
      '/personal',
      '/?signin=password',
      '/category/zhenskaya-odezhda',
      '/search?q=джинсы',
    ]) {
      const { page, context, done } = await newShopper(browser, { viewport: { width: 412, height: 900 } });
      if (path === '/personal')
        await context.addCookies([{ name: 'customer_token', value: token, url: shop.url, httpOnly: true }]);
      const scripts = await holdScripts(page);
      await page.goto(shop.url + path, { waitUntil: 'domcontentloaded' });
      // The scripts were asked for (the starter ran): the page is as the shopper sees it until they arrive.
      await eventually(() => scripts.count()).toBeGreaterThan(0);
      const before = await controlBoxes(page);
      await scripts.release();
      await hydrated(page);
      const after = await controlBoxes(page);
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
        if (before[key] !== after[key] && before[key] !== NOT_DRAWN && after[key] !== NOT_DRAWN)
          moved.push(`${path}: ${key}: ${before[key]} → ${after[key]}`);
      await done();
    }
    expect(moved).toEqual([]);
  });

  it('a press on «Изменить пароль» begun before hydration and ended after it changes the password', async () => {
    const mobile = '77015550011';
    const token = await registered(mobile, 'Tulpar2027');
    const { page, context, done } = await newShopper(browser);
    await context.addCookies([{ name: 'customer_token', value: token, url: shop.url, httpOnly: true }]);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/personal', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Текущий пароль').fill('Tulpar2027');
    await page.getByLabel('Новый пароль', { exact: true }).fill('Baiterek2028');
    await page.getByLabel('Повторите новый пароль').fill('Baiterek2028');
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await pressAcrossHydration(page, page.getByRole('button', { name: 'Изменить пароль' }), scripts);
    await page.getByText('Пароль сохранён').waitFor();
    expect(await signsIn(mobile, 'Baiterek2028')).toBe(true);
    await done();
  });

  it('a press on «Войти» in the sign-in dialog begun before hydration and ended after it signs in', async () => {
    const mobile = '77015550012';
    await registered(mobile, 'Steppe2026');
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/?signin=password', { waitUntil: 'domcontentloaded' });
    const dialog = page.getByTestId('sign-in-dialog');
    await dialog.getByLabel('Номер телефона').fill('+7 701 555 00 12');
    await dialog.getByLabel('Пароль', { exact: true }).fill('Steppe2026');
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await pressAcrossHydration(page, dialog.getByRole('button', { name: 'Войти', exact: true }), scripts);
    await page.getByRole('banner').getByRole('link', { name: 'Ержан' }).waitFor();
    await done();
  });

  it('a press on the search button begun before hydration and ended after it searches', async () => {
    const { page, done } = await newShopper(browser);
    const scripts = await holdScripts(page);
    await page.goto(shop.url + '/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).fill('джинсы');
    await eventually(() => scripts.count()).toBeGreaterThan(0);
    await pressAcrossHydration(page, page.getByRole('button', { name: 'Найти' }), scripts);
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'джинсы');
    await eventually(() => page.locator('article.card').count()).toBeGreaterThan(0);
    await done();
  });
});
