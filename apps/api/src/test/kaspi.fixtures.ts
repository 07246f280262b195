import { createKaspiSimulator, type KaspiSimulator } from '@kiim/tools/kaspi-simulator';
import { createTestApp, type TestContext } from './helper.ts';

/**
 * A test shop with Kaspi Pay on (KASPI_PAY_MODE=simulator) against a running Kaspi simulator on the same clock
 * (its QR tokens expire by it). The caller closes both.
 */
export async function shopOnKaspiSimulator(
  clock: NonNullable<Parameters<typeof createTestApp>[0]>['clock'] & { now(): Date },
  env: Record<string, string> = {},
): Promise<{ t: TestContext; sim: KaspiSimulator }> {
  const sim = createKaspiSimulator({ now: () => clock.now() });
  await sim.listen();
  const t = await createTestApp({
    clock,
    env: { KASPI_PAY_MODE: 'simulator', KASPI_PAY_API_URL: sim.apiUrl, KASPI_PAY_TIMEOUT_MS: '2000', ...env },
  });
  return { t, sim };
}
