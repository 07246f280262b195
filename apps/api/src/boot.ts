import { buildApp, type App } from './app.ts';
import { loadConfig, type Config, type EpayConfig } from './config.ts';
import { demoMasterImages, ensureSeeded } from './seed/seed.ts';
import { createFirstOwner } from './modules/staff/staff.members.ts';

/** Where boot reports (the app's log once it exists). */
export interface BootLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A running local stand-in for Halyk ePay: where the shop's adapter reaches it, and how to stop it. */
export interface LocalEpay {
  /** Its origin, `http://127.0.0.1:PORT` (for the log). */
  url: string;
  /** ePay's token endpoint, API base and `payment-api.js` on it. */
  endpoints: { oauthUrl: string; apiUrl: string; scriptUrl: string };
  close(): Promise<void>;
}

/**
 * Starts a local ePay for `EPAY_MODE=simulator` with the configured credentials and behaviour. The project's
 * own is `startEpaySimulator` of tools/epay-simulator; the server entry hands it in, so nothing here (nor any
 * module) imports tools/.
 */
export type EpaySimulatorStarter = (epay: EpayConfig, log: BootLog) => Promise<LocalEpay>;

export interface BootOptions {
  /** Starts the ePay simulator; needed when the configuration says `EPAY_MODE=simulator`. */
  epaySimulator?: EpaySimulatorStarter;
}

/**
 * Starts the API as a running shop needs it, for both servers (the one-port shop in apps/web/server.ts
 * and the API alone in src/server.ts): configuration from the environment; with EPAY_MODE=simulator (the
 * default outside production) the ePay simulator the entry hands in, in this process on its own loopback
 * port, with the shop's ePay adapter pointed at it; the app with its background jobs and the demo
 * catalogue's drawings as the media route's source of missing picture masters; the demo catalogue seeded
 * into an empty database (images drawn in the background).
 * @returns the app (not yet listening) and the effective configuration.
 * @throws Error listing invalid configuration variables, or saying simulator mode has no simulator to start.
 */
export async function bootApi(options: BootOptions = {}): Promise<{ app: App; config: Config }> {
  const logTo: { app?: BootLog } = {};
  const baseConfig = loadConfig();
  const epay = await startLocalEpay(baseConfig, options.epaySimulator, {
    info: (o, m) => logTo.app?.info(o, m),
    warn: (o, m) => logTo.app?.warn(o, m),
  });
  const config = epay ? withEpayEndpoints(baseConfig, epay.endpoints) : baseConfig;
  const app = await buildApp({ config, jobs: true, masterImages: demoMasterImages });
  logTo.app = app.log;
  if (epay) {
    app.log.info({ origin: epay.url }, 'Halyk ePay simulator is listening (test cards only, no money moves)');
    app.addHook('onClose', () => epay.close());
  }
  await ensureSeeded(app.db, config, app.log);
  await ensureFirstOwner(app, config);
  return { app, config };
}

/**
 * The back office's first owner from ADMIN_EMAIL/ADMIN_PASSWORD, made when no staff account exists (issue 15); a
 * warning for the retired BACKOFFICE_TOKEN (integrations use API keys now, docs/decisions/014).
 */
async function ensureFirstOwner(app: App, config: Config): Promise<void> {
  if (process.env.BACKOFFICE_TOKEN) {
    app.log.warn(
      'BACKOFFICE_TOKEN is no longer used: make an API key with scope orders.status in /admin → API keys and send it as X-Api-Key',
    );
  }
  if (!config.staff.firstOwner) return;
  const owner = await createFirstOwner({ db: app.db, config }, config.staff.firstOwner, app.clock.now());
  if (owner)
    app.log.info({ email: owner.email }, 'the first owner of the back office was created (ADMIN_EMAIL)');
}

/** The simulator started when the configuration asks for it; null in `live` mode. */
async function startLocalEpay(
  config: Config,
  start: EpaySimulatorStarter | undefined,
  log: BootLog,
): Promise<LocalEpay | null> {
  if (config.payments.epay.mode !== 'simulator') return null;
  if (!start) {
    throw new Error(
      'Invalid configuration:\n  EPAY_MODE: simulator mode needs the ePay simulator of tools/, which this server entry does not start; ' +
        'use npm start, or set EPAY_MODE=live with the EPAY_* URLs and credentials',
    );
  }
  return start(config.payments.epay, log);
}

/** The configuration with the shop's ePay adapter pointed at a local ePay. */
function withEpayEndpoints(config: Config, endpoints: LocalEpay['endpoints']): Config {
  return { ...config, payments: { ...config.payments, epay: { ...config.payments.epay, ...endpoints } } };
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
