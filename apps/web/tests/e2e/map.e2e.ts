import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventually, launchBrowser, newShopper, snap, startShop, type RunningShop } from './shop.ts';

// The optional real map of pickup points (issue 10): with a tile source configured, Leaflet replaces the drawn
// scheme in the browser; its chunk loads only on the pages with a map. Tile requests never leave the machine:
// the browser context aborts them (they are counted, to show the map asked for them).

const TILES = 'https://tiles.example.invalid/{z}/{x}/{y}.png';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop({ MAP_TILE_URL: TILES, MAP_ATTRIBUTION: '© Тестовая подложка' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('real map of pickup points (MAP_TILE_URL)', () => {
  it('the stores page draws Leaflet maps over the scheme; the home page never loads the map library', async () => {
    const { page, context, done } = await newShopper(browser);
    const tiles: string[] = [];
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => {
        tiles.push(route.request().url());
        return route.abort();
      },
    );
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/LeafletMap-/.test(r.url())) chunks.push(new URL(r.url()).pathname);
    });

    await page.goto(shop.url + '/');
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);

    // The server's HTML has the scheme (no script needed); the browser then shows the real map.
    const html = await (await fetch(`${shop.url}/info/stores`)).text();
    expect(html).toContain('pickup-map__pin');
    expect(html).not.toContain('leaflet');
    await page.goto(`${shop.url}/info/stores`);
    const maps = page.getByTestId('tile-map');
    await eventually(() => maps.count()).toBe(await page.locator('.stores__city').count());
    await maps.first().locator('.leaflet-interactive').first().waitFor();
    await maps.first().getByText('© Тестовая подложка').waitFor();
    expect(chunks.length).toBeGreaterThan(0);
    await eventually(() => tiles.some((u) => u.startsWith('https://tiles.example.invalid/'))).toBe(true);
    await snap(page, 'map-01-stores-leaflet');
    await done();
  });
});
