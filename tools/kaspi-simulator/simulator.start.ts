import type { KaspiSimulatorStarter } from '@kiim/api/boot';
import { createKaspiSimulator } from './kaspi.simulator.ts';

/**
 * Starts the simulator for a shop in `KASPI_PAY_MODE=simulator` (the default outside production; issue 33 item 4):
 * on loopback (`KASPI_PAY_SIMULATOR_PORT`, 0 = any free port), accepting the configured `Api-Key`, trade point and
 * BIN. The server entries (apps/web/server.ts, apps/web/dev-server.ts, apps/api/src/server.ts) hand this to
 * `bootApi`, loading this file only in simulator mode. A test or a developer confirms payments with the emulator
 * calls `POST <apiUrl>/test/payment/scan|confirm {qrPaymentId}` (docs/kaspi.md).
 * @returns its origin, the API base for the shop's adapter, and how to stop it.
 */
export const startKaspiSimulator: KaspiSimulatorStarter = async (kaspi) => {
  const simulator = createKaspiSimulator({
    apiKey: kaspi.apiKey,
    ...(kaspi.organizationBin ? { organizationBin: kaspi.organizationBin } : {}),
    tradePoints: [{ TradePointId: kaspi.tradePointId, TradePointName: 'Kiim — интернет-магазин' }],
  });
  const url = await simulator.listen(kaspi.simulatorPort);
  return { url, apiUrl: simulator.apiUrl, close: () => simulator.close() };
};
