import type { EpaySimulatorStarter } from '@kiim/api/boot';
import { createEpaySimulator, simulatorEndpoints } from './epay.simulator.ts';

/**
 * Starts the simulator for a shop in `EPAY_MODE=simulator` (the default outside production): on loopback
 * (`EPAY_SIMULATOR_PORT`, 0 = any free port), accepting the configured credentials, with the configured
 * callback behaviour (delay, copies, loss) and callbacks logged. The server entries (apps/web/server.ts,
 * apps/api/src/server.ts) hand this to `bootApi`, loading this file only in simulator mode.
 * @returns where the shop's adapter reaches it, and how to stop it.
 */
export const startEpaySimulator: EpaySimulatorStarter = async (epay, log) => {
  const simulator = createEpaySimulator({
    clientId: epay.clientId,
    clientSecret: epay.clientSecret,
    terminalId: epay.terminalId,
    twoStage: epay.twoStage,
    ...epay.simulator,
    onEvent: (e) =>
      e.type === 'callback-failed'
        ? log.warn(e, 'epay simulator callback failed')
        : log.info(e, `epay simulator ${e.type}`),
  });
  const url = await simulator.listen(epay.simulator.port);
  return { url, endpoints: simulatorEndpoints(url), close: () => simulator.close() };
};
