import { createEpaySimulator, simulatorEndpoints, type EpaySimulator } from '@kiim/tools/epay-simulator';
import { createTestApp, type TestContext } from './helper.ts';

/**
 * A test shop paying through a running ePay simulator (tools/epay-simulator): its postLink callbacks are delivered
 * to the shop at once (a non-200 answer fails the delivery, as ePay would retry it); `env` adds to the shop's
 * ePay settings (e.g. `EPAY_TIMEOUT_MS`). The caller closes both.
 */
export async function shopOnEpaySimulator(
  clock: NonNullable<Parameters<typeof createTestApp>[0]>['clock'],
  env: Record<string, string> = {},
): Promise<{ t: TestContext; sim: EpaySimulator }> {
  // The simulator delivers to the shop made below (its callbacks come only after a payment, long after start).
  const ref: { shop?: TestContext } = {};
  const sim = createEpaySimulator({
    callbackDelayMs: 0,
    deliver: async (url, body) => {
      const res = await ref.shop!.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body });
      if (res.statusCode !== 200) throw new Error(`postLink answered ${res.statusCode}`);
    },
  });
  const endpoints = simulatorEndpoints(await sim.listen());
  const shop = await createTestApp({
    clock,
    env: {
      EPAY_MODE: 'simulator',
      EPAY_OAUTH_URL: endpoints.oauthUrl,
      EPAY_API_URL: endpoints.apiUrl,
      EPAY_SCRIPT_URL: endpoints.scriptUrl,
      ...env,
    },
  });
  ref.shop = shop;
  return { t: shop, sim };
}
