import type { Config } from './config.ts';
import type { KaspiShopSettings } from './config.kaspi-shop.ts';

// The Kaspi Магазин simulator at boot (issue 33 item 6): started for KASPI_SHOP_MODE=simulator when
// KASPI_SHOP_API_URL names none, as boot.ts does for the Kaspi Pay simulator.

/** A running local Merchant API: its origin, the API base the adapter is given (`<url>/shop/api/v2`), its stop. */
export interface LocalKaspiShop {
  url: string;
  apiUrl: string;
  close(): Promise<void>;
}

/** Starts the Merchant API simulator (tools/kaspi-simulator/merchant.start.ts), handed in by the entry. */
export type KaspiShopSimulatorStarter = (shop: KaspiShopSettings) => Promise<LocalKaspiShop>;

/**
 * The Merchant API simulator for `KASPI_SHOP_MODE=simulator` without KASPI_SHOP_API_URL; null otherwise.
 * @throws Error when the entry hands in no starter (the API alone run some other way).
 */
export async function startLocalKaspiShop(
  config: Config,
  start: KaspiShopSimulatorStarter | undefined,
): Promise<LocalKaspiShop | null> {
  if (config.kaspiShop.mode !== 'simulator' || config.kaspiShop.apiUrl) return null;
  if (!start) {
    throw new Error(
      'Invalid configuration:\n  KASPI_SHOP_MODE: simulator mode needs the Kaspi Магазин simulator of tools/, which this ' +
        'server entry does not start; use npm start, set KASPI_SHOP_API_URL to a running simulator, or KASPI_SHOP_MODE=off',
    );
  }
  return start(config.kaspiShop);
}
