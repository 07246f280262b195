import { buildApp, type App } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { ensureSeeded } from './seed/seed.ts';
import { startConfiguredSimulator } from './modules/payment/simulator/epay.simulator.ts';

/**
 * Starts the API as a running shop needs it, for both servers (the one-port shop in apps/web/server.ts
 * and the API alone in src/server.ts): configuration from the environment; with EPAY_MODE=simulator (the
 * default outside production) the project's Halyk ePay simulator in this process on its own loopback port,
 * with the shop's ePay adapter pointed at it; the app with its background jobs; the demo catalogue seeded
 * into an empty database (images drawn in the background).
 * @returns the app (not yet listening) and the effective configuration.
 * @throws Error listing invalid configuration variables.
 */
export async function bootApi(): Promise<{ app: App; config: Config }> {
  const logTo: { app?: { info(o: object, m: string): void; warn(o: object, m: string): void } } = {};
  const baseConfig = loadConfig();
  const epaySimulator = await startConfiguredSimulator(baseConfig, {
    info: (o, m) => logTo.app?.info(o, m),
    warn: (o, m) => logTo.app?.warn(o, m),
  });
  const config = epaySimulator?.config ?? baseConfig;
  const app = await buildApp({ config, jobs: true });
  logTo.app = app.log;
  if (epaySimulator) {
    app.log.info({ origin: epaySimulator.simulator.url }, 'Halyk ePay simulator is listening (test cards only, no money moves)');
    app.addHook('onClose', () => epaySimulator.simulator.close());
  }
  await ensureSeeded(app.db, config, app.log);
  return { app, config };
}

/** Closes the app on SIGINT/SIGTERM, then exits. */
export function closeOnSignals(app: App): void {
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}
