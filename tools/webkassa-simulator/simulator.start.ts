import type { WebkassaSimulatorStarter } from '@kiim/api/boot';
import { createWebkassaSimulator } from './webkassa.simulator.ts';

/**
 * Starts the simulator for a shop with `FISCAL_PROVIDER=simulator` (the default outside production): on loopback
 * (`WEBKASSA_SIMULATOR_PORT`, 0 = any free port), accepting the configured credentials and cash register, printing
 * the seller's details on its receipts. The server entries hand this to `bootApi`, loading this file only in
 * simulator mode.
 * @returns where the shop's adapter reaches it, and how to stop it.
 */
export const startWebkassaSimulator: WebkassaSimulatorStarter = async (fiscal, seller) => {
  const simulator = createWebkassaSimulator({
    apiKey: fiscal.webkassa.apiKey,
    login: fiscal.webkassa.login,
    password: fiscal.webkassa.password,
    cashboxes: [fiscal.cashbox],
    seller: { name: seller.companyName, bin: seller.bin, address: seller.legalAddress },
  });
  const url = await simulator.listen(fiscal.simulator.port);
  return { url, close: () => simulator.close() };
};
