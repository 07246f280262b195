import { DEFAULT_SHOP_TOKEN } from '@kiim/tools/kaspi-simulator/merchant';
import { describe, expect, it } from 'vitest';
import { KASPI_SHOP_SIMULATOR_TOKEN } from './config.kaspi-shop.ts';
import { loadConfig } from './config.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

// KASPI_SHOP_MODE's defaults and rules (issue 33 Part B item 6; decision 055).

const PRODUCTION = PRODUCTION_ENV;

describe('Kaspi Магазин (Merchant API) configuration', () => {
  it('is the simulator outside production with the simulator token, off in production', () => {
    expect(KASPI_SHOP_SIMULATOR_TOKEN).toBe(DEFAULT_SHOP_TOKEN);
    expect(loadConfig({ NODE_ENV: 'development' }).kaspiShop).toEqual({
      mode: 'simulator',
      apiUrl: undefined,
      token: KASPI_SHOP_SIMULATOR_TOKEN,
      pollSeconds: 60,
      receipts: 'shop',
    });
    expect(loadConfig(PRODUCTION).kaspiShop.mode).toBe('off');
  });

  it('refuses the simulator in production and live without its URL and token', () => {
    expect(() => loadConfig({ ...PRODUCTION, KASPI_SHOP_MODE: 'simulator' })).toThrow(
      /KASPI_SHOP_MODE: the Kaspi Магазин simulator/,
    );
    expect(() => loadConfig({ ...PRODUCTION, KASPI_SHOP_MODE: 'live' })).toThrow(
      /KASPI_SHOP_API_URL: required[\s\S]*KASPI_SHOP_TOKEN: required/,
    );
    const live = loadConfig({
      ...PRODUCTION,
      KASPI_SHOP_MODE: 'live',
      KASPI_SHOP_API_URL: 'https://kaspi.kz/shop/api/v2',
      KASPI_SHOP_TOKEN: 'a-real-token-value',
    }).kaspiShop;
    expect(live).toEqual({
      mode: 'live',
      apiUrl: 'https://kaspi.kz/shop/api/v2',
      token: 'a-real-token-value',
      pollSeconds: 60,
      receipts: 'shop',
    });
  });

  it('polls every KASPI_SHOP_POLL_SECONDS, 2 to 3600', () => {
    expect(loadConfig({ NODE_ENV: 'development', KASPI_SHOP_POLL_SECONDS: '5' }).kaspiShop.pollSeconds).toBe(
      5,
    );
    expect(() => loadConfig({ NODE_ENV: 'development', KASPI_SHOP_POLL_SECONDS: '1' })).toThrow(
      /KASPI_SHOP_POLL_SECONDS/,
    );
  });

  it('leaves Kaspi Магазин receipts to Kaspi Касса only when KASPI_SHOP_RECEIPTS=kaspi-kassa (decision 077)', () => {
    const kassa = loadConfig({ ...PRODUCTION, KASPI_SHOP_RECEIPTS: 'kaspi-kassa' }).kaspiShop;
    expect(kassa.receipts).toBe('kaspi-kassa');
    expect(() => loadConfig({ NODE_ENV: 'development', KASPI_SHOP_RECEIPTS: 'none' })).toThrow(
      /KASPI_SHOP_RECEIPTS/,
    );
  });
});
