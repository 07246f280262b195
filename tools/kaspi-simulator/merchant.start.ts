import type { KaspiShopSimulatorStarter } from '@kiim/api/boot';
import { createKaspiShopSimulator } from './merchant.simulator.ts';

/**
 * Starts the Kaspi Merchant API simulator for a shop in `KASPI_SHOP_MODE=simulator` (the default outside production;
 * issue 33 item 6) on a free loopback port, accepting the configured token. The server entries hand this to
 * `bootApi`, loading this file only in simulator mode (docs/kaspi.md: the simulator's test helpers).
 * @returns its origin, the API base for the shop's adapter, and how to stop it.
 */
export const startKaspiShopSimulator: KaspiShopSimulatorStarter = async (shop) => {
  const simulator = createKaspiShopSimulator({ token: shop.token });
  const url = await simulator.listen(0);
  return { url, apiUrl: simulator.apiUrl, close: () => simulator.close() };
};
