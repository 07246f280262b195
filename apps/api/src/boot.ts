import { buildApp, type App } from './app.ts';
import { loadConfig, type Config, type EpayConfig, type FiscalConfig, type SellerConfig } from './config.ts';
import type { KaspiConfig } from './config.kaspi.ts';
import { startLocalCdek, withCdek, type CdekSimulatorStarter } from './boot.cdek.ts';

import { startLocalKaspiShop, type KaspiShopSimulatorStarter } from './boot.kaspi-shop.ts';
import { demoMasterImages, ensureSeeded } from './seed/seed.ts';
import { createFirstOwner } from './modules/staff/staff.members.ts';
import { limitHeapGrowth } from './boot.heap-growth.ts';
import { roleDuties } from './plugins/role.ts';

export type { CdekSimulatorStarter, LocalCdek } from './boot.cdek.ts';
export type { KaspiShopSimulatorStarter } from './boot.kaspi-shop.ts';

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

/** A running local stand-in for Webkassa: its origin (the adapter's WEBKASSA_URL), and how to stop it. */
export interface LocalWebkassa {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a local Webkassa for `FISCAL_PROVIDER=simulator` with the configured credentials and cash register, the
 * seller printed on its receipts: `startWebkassaSimulator` of tools/webkassa-simulator, handed in by the entry.
 */
export type WebkassaSimulatorStarter = (fiscal: FiscalConfig, seller: SellerConfig) => Promise<LocalWebkassa>;

/** A running local stand-in for Kaspi Pay: its origin, the API base the adapter is given, and how to stop it. */
export interface LocalKaspi {
  url: string;
  /** `<url>/r3/v01` (KASPI_PAY_API_URL). */
  apiUrl: string;
  close(): Promise<void>;
}

/**
 * Starts a local Kaspi Pay for `KASPI_PAY_MODE=simulator` (the default outside production) with the configured
 * credentials: `startKaspiSimulator` of tools/kaspi-simulator, handed in by the entry (issue 33 item 4).
 */
export type KaspiSimulatorStarter = (kaspi: KaspiConfig) => Promise<LocalKaspi>;

export interface BootOptions {
  /** Starts the ePay simulator; needed when the configuration says `EPAY_MODE=simulator`. */
  epaySimulator?: EpaySimulatorStarter;
  /** Starts the Webkassa simulator; needed when the configuration says `FISCAL_PROVIDER=simulator`. */
  webkassaSimulator?: WebkassaSimulatorStarter;
  /** Starts the Kaspi simulator; needed with `KASPI_PAY_MODE=simulator` and no KASPI_PAY_API_URL. */
  kaspiSimulator?: KaspiSimulatorStarter;
  /** Starts the CDEK simulator; needed with `CDEK_MODE=simulator` and no CDEK_API_URL (issue 34). */
  cdekSimulator?: CdekSimulatorStarter;
  /** Starts the Kaspi Магазин simulator; needed with `KASPI_SHOP_MODE=simulator` and no KASPI_SHOP_API_URL. */
  kaspiShopSimulator?: KaspiShopSimulatorStarter;
}

/**
 * Starts the API as a running shop needs it, for both servers (the one-port shop in apps/web/server.ts
 * and the API alone in src/server.ts): configuration from the environment; with EPAY_MODE=simulator (the
 * default outside production) the ePay simulator the entry hands in, in this process on its own loopback
 * port, with the shop's ePay adapter pointed at it; the app with its background jobs and the demo
 * catalogue's drawings as the media route's source of missing picture masters; the demo catalogue seeded
 * into an empty database (images drawn in the background). First of all, V8's old generation is kept from
 * growing past 1.3 × what is live between full collections (boot.heap-growth.ts; issue 14, memory 3).
 * @returns the app (not yet listening) and the effective configuration.
 * @throws Error listing invalid configuration variables, or saying simulator mode has no simulator to start.
 */
export async function bootApi(options: BootOptions = {}): Promise<{ app: App; config: Config }> {
  limitHeapGrowth();
  const logTo: { app?: BootLog } = {};
  const baseConfig = loadConfig();
  const epay = await startLocalEpay(baseConfig, options.epaySimulator, {
    info: (o, m) => logTo.app?.info(o, m),
    warn: (o, m) => logTo.app?.warn(o, m),
  });
  const webkassa = await startLocalWebkassa(baseConfig, options.webkassaSimulator);
  const kaspi = await startLocalKaspi(baseConfig, options.kaspiSimulator);
  const cdek = await startLocalCdek(baseConfig, options.cdekSimulator);
  const kaspiShop = await startLocalKaspiShop(baseConfig, options.kaspiShopSimulator);
  const withEpay = withCdek(epay ? withEpayEndpoints(baseConfig, epay.endpoints) : baseConfig, cdek);
  const withPay = kaspi ? { ...withEpay, kaspi: { ...withEpay.kaspi, apiUrl: kaspi.apiUrl } } : withEpay;
  const withKaspi = kaspiShop
    ? { ...withPay, kaspiShop: { ...withPay.kaspiShop, apiUrl: kaspiShop.apiUrl } }
    : withPay;
  const config = webkassa
    ? {
        ...withKaspi,
        fiscal: { ...withKaspi.fiscal, webkassa: { ...withKaspi.fiscal.webkassa, url: webkassa.url } },
      }
    : withKaspi;
  const app = await buildApp({ config, jobs: true, masterImages: demoMasterImages });
  logTo.app = app.log;
  keepRunningOnUnhandledRejection(app);
  if (webkassa) {
    app.log.info({ origin: webkassa.url }, 'Webkassa simulator is listening (receipts are not real)');
    app.closing.onStop('Webkassa simulator', () => webkassa.close());
  }
  if (kaspi) {
    app.log.info({ origin: kaspi.url }, 'Kaspi Pay simulator is listening (test payments, no money moves)');
    // After the Kaspi job, which reads it (the job stops with the app's jobs).
    app.closing.onStop('Kaspi simulator', () => kaspi.close());
  }
  if (cdek) {
    app.log.info({ origin: cdek.url }, 'CDEK simulator is listening (test parcels, nothing ships)');
    app.closing.onStop('CDEK simulator', () => cdek.close());
  }
  if (kaspiShop) {
    app.log.info({ origin: kaspiShop.url }, 'Kaspi Магазин simulator is listening (test orders only)');
    app.closing.onStop('Kaspi Магазин simulator', () => kaspiShop.close());
  }
  warnIfNotFiscalising(app);
  if (epay) {
    app.log.info({ origin: epay.url }, 'Halyk ePay simulator is listening (test cards only, no money moves)');
    // Closed after the requests in flight (a card payment under way calls it) and the payment job.
    app.closing.onStop('ePay simulator', () => epay.close());
  }
  // The picture prerender stops at close (no further picture; the one under way is written) before the database
  // closes: it reads product rows between pictures (issue 14, stopping under load).
  // It is a background job: a `web` process (KIIM_ROLE) leaves it to the workers and keeps sharp's ≈ 110 MB out of
  // its memory (issue 31's 400 MB per process); a picture asked before a worker drew it is drawn on demand.
  const prerender = new AbortController();
  const mediaPrerender = config.mediaPrerender && roleDuties(config.role).jobs;
  const { images } = await ensureSeeded(app.db, { ...config, mediaPrerender }, app.log, prerender.signal);
  app.closing.onStop('picture prerender', async () => {
    prerender.abort();
    await images;
  });
  await ensureFirstOwner(app, config);
  return { app, config };
}

/**
 * A promise rejected with no one to catch it (a background path that forgot its `catch`: a database fault in a
 * job, a send after the answer) is logged as an error to fix, and the shop goes on serving (issue 27): by default
 * Node ends the process for it, and with it every request in flight. Every known path catches its own errors; this
 * is the net under them. Uncaught exceptions still end the process (its state may be broken; the supervisor
 * restarts it).
 */
function keepRunningOnUnhandledRejection(app: App): void {
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection (a missing catch): the shop goes on');
  });
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

/**
 * The Webkassa simulator started for `FISCAL_PROVIDER=simulator` when WEBKASSA_URL names none (a test's own
 * simulator, with its faults, is used as set); null otherwise.
 */
async function startLocalWebkassa(
  config: Config,
  start: WebkassaSimulatorStarter | undefined,
): Promise<LocalWebkassa | null> {
  if (config.fiscal.provider !== 'simulator' || config.fiscal.webkassa.url) return null;
  if (!start) {
    throw new Error(
      'Invalid configuration:\n  FISCAL_PROVIDER: simulator mode needs the Webkassa simulator of tools/, which this server entry does not start; ' +
        'use npm start, or set FISCAL_PROVIDER=webkassa with the WEBKASSA_* settings (or off)',
    );
  }
  return start(config.fiscal, config.seller);
}

/**
 * The Kaspi simulator started for `KASPI_PAY_MODE=simulator` when KASPI_PAY_API_URL names none; null otherwise.
 * @throws Error when the entry hands in no starter (the API alone run some other way).
 */
async function startLocalKaspi(
  config: Config,
  start: KaspiSimulatorStarter | undefined,
): Promise<LocalKaspi | null> {
  if (config.kaspi.mode !== 'simulator' || config.kaspi.apiUrl) return null;
  if (!start) {
    throw new Error(
      'Invalid configuration:\n  KASPI_PAY_MODE: simulator mode needs the Kaspi simulator of tools/, which this server entry does not start; ' +
        'use npm start, set KASPI_PAY_API_URL to a running simulator, or KASPI_PAY_MODE=off',
    );
  }
  return start(config.kaspi);
}

/**
 * Production with fiscalisation off (issue 32): every tenge taken must go through an online cash register, so the
 * log says so loudly at start (the back office shows it too).
 */
function warnIfNotFiscalising(app: App): void {
  if (app.config.env !== 'production' || app.config.fiscal.provider !== 'off') return;
  app.log.warn(
    'FISCAL_PROVIDER=off in production: payments and handovers issue NO fiscal receipts, as Kazakh law requires ' +
      'for money taken (MinFin Order 626). Set FISCAL_PROVIDER=webkassa and WEBKASSA_* (docs/fiscal.md).',
  );
}

/** The configuration with the shop's ePay adapter pointed at a local ePay. */
function withEpayEndpoints(config: Config, endpoints: LocalEpay['endpoints']): Config {
  return { ...config, payments: { ...config.payments, epay: { ...config.payments.epay, ...endpoints } } };
}

/** How often a stopping server closes the connections that have turned idle, ms. */
const IDLE_SWEEP_MS = 100;

/**
 * Graceful stop on SIGINT/SIGTERM (issue 11 §1): the server stops accepting connections (new requests on kept-alive
 * ones get 503), requests in flight finish, background jobs stop and the database is closed (the app's onClose
 * hooks); then the process exits 0. Connections still open at half of SHUTDOWN_TIMEOUT_MS — a request whose
 * headers or body never finish arriving, which is never idle and would hold the server until its headers or
 * request timeout — are closed then (logged with their count). If the stop still takes longer than
 * SHUTDOWN_TIMEOUT_MS it exits 1 anyway, so a supervisor (systemd, a container runtime) is never left waiting.
 * @param drain resolves when the server's own in-process work is done (the storefront's pages in flight): the
 *   listening socket is closed first, and the app only after it.
 */
export function closeOnSignals(app: App, drain?: () => Promise<void>): void {
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    let stage = drain ? 'pages in flight' : 'closing the app';
    const deadline = setTimeout(() => {
      // Where it waited and what still holds the process (sockets, timers, file work), so the log says why.
      const holding = process.getActiveResourcesInfo();
      app.log.error(
        { timeoutMs: app.config.http.shutdownTimeoutMs, stage, holding },
        'shutdown took too long: exiting',
      );
      process.exit(1);
    }, app.config.http.shutdownTimeoutMs);
    deadline.unref();
    // A kept-alive connection whose last request ends during the stop (a page finishing, a slow body) turns idle
    // after the one-off closeIdleConnections calls below and Fastify's own; the server then waits for it until
    // its keep-alive timeout (72 s), past the deadline. So idle connections are closed as they appear.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweeper.unref();
    const cut = setTimeout(
      () => {
        app.server.getConnections((_err, open) => {
          app.log.warn({ stage, open }, 'shutdown: closing connections whose request is still arriving');
          app.server.closeAllConnections();
        });
      },
      Math.floor(app.config.http.shutdownTimeoutMs / 2),
    );
    cut.unref();
    try {
      if (drain) {
        // Requests that call the app in-process (the storefront's pages) finish while it still answers them.
        app.server.close();
        app.server.closeIdleConnections();
        await drain();
        stage = 'closing the app';
      }
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}

/**
 * The one clear message for a failed start (issue 11 §10): what went wrong and how to fix it, without a stack —
 * a busy or forbidden port, an unreachable or refused database, invalid configuration (its list as is).
 * @param err what the start threw.
 * @param where the address the server meant to listen on, for port errors.
 */
export function startupFailureMessage(
  err: unknown,
  where: { host: string; port: number } = { host: '', port: 0 },
): string {
  const e = err as { code?: string; message?: string };
  const message = e?.message ?? String(err);
  if (message.startsWith('Invalid configuration:')) return message;
  switch (e?.code) {
    case 'EADDRINUSE':
      return `Port ${where.port} is already in use: stop the other server on it or start with another PORT (e.g. PORT=3001 npm start)`;
    case 'EACCES':
      return `No permission to listen on ${where.host}:${where.port}: use a PORT above 1023 or put a reverse proxy in front`;
    case 'EADDRNOTAVAIL':
      return `HOST=${where.host} is not an address of this machine: use 0.0.0.0 (all) or 127.0.0.1 (this machine only)`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
      return `Cannot reach the database (${e.code}): check DATABASE_URL (postgres://user:password@host:5432/database) and that PostgreSQL is running`;
    case '28P01':
    case '28000':
      return 'The database refused the user or password of DATABASE_URL: check them';
    case '57P03':
      return 'PostgreSQL is starting up or recovering (57P03): start the shop again in a moment';
    case '3D000':
      return `The database named in DATABASE_URL does not exist: create it (createdb) or fix the URL`;
    case 'SQLITE_CANTOPEN':
      return 'Cannot open the SQLite file: make SQLITE_PATH point into a writable folder';
  }
  return `Kiim could not start: ${message}`;
}

/**
 * Runs a server's start; on failure prints {@link startupFailureMessage} on one line of stderr and exits 1.
 * @returns what `start` returned.
 */
export async function startOrExplain<T>(
  start: () => Promise<T>,
  where?: { host: string; port: number },
): Promise<T> {
  try {
    return await start();
  } catch (err) {
    console.error(startupFailureMessage(err, where));
    process.exit(1);
  }
}

/** Says loudly that this shop is a development one (issue 11 §10): open SMS outbox, ePay simulator, demo seller. */
export function warnIfDevelopment(app: App): void {
  const c = app.config;
  if (c.env === 'production') return;
  const parts = [`NODE_ENV=${c.env}: development mode, not for real shoppers`];
  if (c.smsProvider === 'dev')
    parts.push('SMS codes are written to the log and readable at /api/dev/sms-outbox (SMS_PROVIDER=dev)');
  if (c.payments.epay.mode === 'simulator') parts.push('card payments go to the local ePay simulator');
  if (c.kaspi.mode === 'simulator') parts.push('Kaspi payments go to the local Kaspi simulator');
  if (c.shipping.cdek.mode === 'simulator') parts.push('CDEK parcels go to the local CDEK simulator');
  app.log.warn(
    `${parts.join('; ')}. Set NODE_ENV=production and the variables of docs/security.md to go live.`,
  );
}
