import type { CdekSimulatorStarter } from '@kiim/api/boot';
import { createCdekSimulator } from './cdek.simulator.ts';

/**
 * Starts the simulator for a shop in `CDEK_MODE=simulator` with no CDEK_API_URL (issue 34): on a free loopback
 * port, accepting the configured account (CDEK's published test account by default). The server entries
 * (apps/web/server.ts, apps/web/dev-server.ts, apps/api/src/server.ts) hand this to `bootApi`, loading this file
 * only in simulator mode.
 * @returns its origin, the API base for the shop's adapter (`<url>/v2`), and how to stop it.
 */
export const startCdekSimulator: CdekSimulatorStarter = async (cdek) => {
  const simulator = createCdekSimulator({ clientId: cdek.clientId, clientSecret: cdek.clientSecret });
  const url = await simulator.listen(0);
  return { url, apiUrl: `${url}/v2`, close: () => simulator.close() };
};
