import { z } from 'zod';

// Kaspi Магазин orders through the Merchant API (issue 33 Part B item 6, docs/kaspi.md): the environment
// variables, what they become and the rules between them, apart from Kaspi Pay's (config.kaspi.ts).

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

/** The Merchant API's environment variables (merged into config.env.ts's schema). */
export const KASPI_SHOP_ENV = {
  /**
   * Kaspi Магазин orders: `off` (the default in production until configured), `simulator` (the default elsewhere:
   * tools/kaspi-simulator/merchant.*; refused in production) or `live`.
   */
  KASPI_SHOP_MODE: z.preprocess(blankIsUnset, z.enum(['off', 'simulator', 'live']).optional()),
  /** The Merchant API base (`https://kaspi.kz/shop/api/v2`); required with `live`. */
  KASPI_SHOP_API_URL: z.preprocess(blankIsUnset, z.url().max(500).optional()),
  /** The `X-Auth-Token` from Kaspi's seller settings; required with `live`. */
  KASPI_SHOP_TOKEN: z.preprocess(blankIsUnset, z.string().min(8).max(500).optional()),
  /** Seconds between the order importer's polls, 2–3600 (default 60: new orders within a minute or so). */
  KASPI_SHOP_POLL_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(2).max(3600).optional()),
  /**
   * Who issues the fiscal receipts of Kaspi Магазин sales (decision 077): `shop` (the default: the shop's cash
   * register, FISCAL_PROVIDER) or `kaspi-kassa` (the seller fiscalises them in Kaspi Касса; the shop issues none).
   */
  KASPI_SHOP_RECEIPTS: z.preprocess(blankIsUnset, z.enum(['shop', 'kaspi-kassa']).optional()),
};

type KaspiShopEnv = {
  NODE_ENV: string;
  KASPI_SHOP_MODE?: 'off' | 'simulator' | 'live' | undefined;
  KASPI_SHOP_API_URL?: string | undefined;
  KASPI_SHOP_TOKEN?: string | undefined;
  KASPI_SHOP_POLL_SECONDS?: number | undefined;
  KASPI_SHOP_RECEIPTS?: 'shop' | 'kaspi-kassa' | undefined;
};

/** The Merchant API as the shop uses it; `apiUrl` undefined in simulator mode until the simulator is started. */
export interface KaspiShopSettings {
  mode: 'off' | 'simulator' | 'live';
  apiUrl: string | undefined;
  token: string;
  /** Seconds between the importer's polls. */
  pollSeconds: number;
  /** Who issues the receipts of Kaspi Магазин sales: the shop's cash register, or Kaspi Касса (none from us). */
  receipts: 'shop' | 'kaspi-kassa';
}

/** Default seconds between Kaspi Магазин polls (issue 33 item 6: new orders within a minute or so). */
export const KASPI_SHOP_POLL_SECONDS = 60;

/** The Merchant API simulator's token (tools/kaspi-simulator/merchant.state.ts; development and tests only). */
export const KASPI_SHOP_SIMULATOR_TOKEN = 'kiim-shop-simulator-token';

const modeOf = (e: KaspiShopEnv): KaspiShopSettings['mode'] =>
  e.KASPI_SHOP_MODE ?? (e.NODE_ENV === 'production' ? 'off' : 'simulator');

/** The Merchant API's configuration; in simulator mode the token defaults to the simulator's. */
export function kaspiShopConfig(e: KaspiShopEnv): KaspiShopSettings {
  const mode = modeOf(e);
  return {
    mode,
    apiUrl: e.KASPI_SHOP_API_URL,
    token: e.KASPI_SHOP_TOKEN ?? (mode === 'simulator' ? KASPI_SHOP_SIMULATOR_TOKEN : ''),
    pollSeconds: e.KASPI_SHOP_POLL_SECONDS ?? KASPI_SHOP_POLL_SECONDS,
    receipts: e.KASPI_SHOP_RECEIPTS ?? 'shop',
  };
}

/** `NAME: why` for each broken rule: the simulator in production; `live` without its URL and token. */
export function kaspiShopProblems(e: KaspiShopEnv): string[] {
  const mode = modeOf(e);
  const problems: string[] = [];
  if (mode === 'simulator' && e.NODE_ENV === 'production')
    problems.push(
      'KASPI_SHOP_MODE: the Kaspi Магазин simulator invents orders and must not run in production',
    );
  if (mode === 'live') {
    if (!e.KASPI_SHOP_API_URL) problems.push('KASPI_SHOP_API_URL: required when KASPI_SHOP_MODE=live');
    if (!e.KASPI_SHOP_TOKEN) problems.push('KASPI_SHOP_TOKEN: required when KASPI_SHOP_MODE=live');
  }
  return problems;
}
