import path from 'node:path';
import { EnvSchema, type Env } from './config.env.ts';
import { shippingConfig, shippingProblems, type ShippingConfig } from './config.shipping.ts';

export type { ShippingConfig } from './config.shipping.ts';
import { fiscalConfig, fiscalProblems, type FiscalConfig } from './config.fiscal.ts';

export { WEBKASSA_SIMULATOR_CREDENTIALS, type FiscalConfig } from './config.fiscal.ts';
import { kaspiConfig, kaspiProblems, type KaspiConfig } from './config.kaspi.ts';
import { kaspiShopConfig, kaspiShopProblems, type KaspiShopSettings } from './config.kaspi-shop.ts';

/**
 * Card-online payments (Halyk ePay, payments-sms.md §1) and orders' payment window. Every
 * URL, id and secret of ePay comes from here, never from constants in code.
 */
export interface PaymentConfig {
  epay: EpayConfig;
  /** Minutes a card-online order waits for its payment before it is cancelled and its stock released. */
  paymentWindowMinutes: number;
  /** How often the server polls ePay for unconfirmed payments and closes expired ones, seconds. */
  sweepIntervalSeconds: number;
}

/** The back office (issue 15): staff accounts and the first owner. */
export interface StaffConfig {
  /** Two-factor is required for every staff account (production); optional otherwise. */
  twoFactorRequired: boolean;
  /** The first owner, made at start when no staff account exists (both set, or neither). */
  firstOwner: { email: string; password: string } | undefined;
}

/** Halyk ePay: where it is, the shop's credentials, and how the local simulator behaves. */
export interface EpayConfig {
  /**
   * `simulator`: the project's local ePay simulator (tools/epay-simulator; the server entry hands it to boot,
   * which starts it on loopback and fills in the URLs below); `live`: the real ePay at the configured URLs.
   */
  mode: 'simulator' | 'live';
  /** OAuth token endpoint (`…/oauth2/token`); undefined in simulator mode until the simulator is started. */
  oauthUrl: string | undefined;
  /** API base for the status API and charge/cancel/refund (`https://epay-api.homebank.kz`). */
  apiUrl: string | undefined;
  /** ePay's `payment-api.js` loaded by the storefront. */
  scriptUrl: string | undefined;
  clientId: string;
  clientSecret: string;
  /** Terminal id (a UUID). */
  terminalId: string;
  /** OAuth scope of payment tokens (bound to one invoice, given to `payment-api.js`). */
  scope: string;
  /** OAuth scope of the shop's own API tokens (status check, charge, cancel, refund). */
  apiScope: string;
  /** Two-stage terminal: a payment is held (AUTH) and charged when the order is handed over. */
  twoStage: boolean;
  /** How long to wait for ePay, milliseconds. */
  timeoutMs: number;
  simulator: {
    /** Loopback port of the simulator (0: any free port). */
    port: number;
    /** Delay before the simulator posts its callback, milliseconds. */
    callbackDelayMs: number;
    /** How many copies of each callback it posts (duplicates, as ePay may send). */
    callbackCopies: number;
    /** Share of callbacks it never sends (0..1), to exercise the status poll. */
    callbackLoss: number;
  };
}

/** Credentials the simulator accepts (development and tests only; the simulator is refused in production). */
export const SIMULATOR_CREDENTIALS = {
  clientId: 'kiim-simulator',
  clientSecret: 'development-only-epay-secret',
  terminalId: '67e34d63-102f-4bd1-898e-370781d0074d',
} as const;

/**
 * The demonstration seller of a shop that has not set its own `SELLER_*` details: a made-up company with a
 * well-formed BIN. The storefront marks them as demonstration values; production refuses to start with them.
 */
export const DEMO_SELLER = {
  companyName: 'ТОО «Kiim Retail»',
  bin: '240540000016',
  legalAddress: 'Республика Казахстан, 050059, г. Алматы, Медеуский район, пр. Аль-Фараби, 77/8, офис 1204',
  phone: '+7 727 200 00 00',
  email: 'care@kiim.kz',
  serviceHours: 'ежедневно с 9:00 до 21:00 (время Алматы)',
} as const;

/** The seller's legal details and customer service (footer, public offer); `demo` while any is the demo value. */
export interface SellerConfig {
  companyName: string;
  bin: string;
  legalAddress: string;
  /** As shown, `+7 727 200 00 00`. */
  phone: string;
  email: string;
  serviceHours: string;
  demo: boolean;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  /** Limits of the HTTP server (issue 11 §4): whole request, headers, graceful shutdown; milliseconds. */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; shutdownTimeoutMs: number };
  /** What this process does (KIIM_ROLE): serve (`web`), run the background jobs (`worker`), or both (`all`). */
  role: 'web' | 'worker' | 'all';
  databaseUrl: string | undefined;
  /** Most PostgreSQL connections of this process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Longest wait for a PostgreSQL connection, ms (DATABASE_CONNECT_TIMEOUT_MS). */
  databaseConnectTimeoutMs: number;
  /** SQLite's busy timeout, ms (SQLITE_BUSY_TIMEOUT_MS). */
  sqliteBusyTimeoutMs: number;
  sqlitePath: string;
  mediaDir: string;
  /** The 1C exchange's session folders (EXCHANGE_DIR), shared by every instance. */
  exchangeDir: string;
  autoSeed: boolean;
  mediaPrerender: boolean;
  smsProvider: 'dev' | 'mobizon' | 'smsc';
  sms: {
    mobizon: { apiUrl: string; apiKey: string; sender: string | undefined };
    smsc: { apiUrl: string; login: string; password: string; sender: string | undefined };
    timeoutMs: number;
    addressHourlyLimit: number;
    dailyLimit: number;
  };
  trustProxy: boolean | string | string[];
  /** Anonymous catalogue pages at a shared cache: `s-maxage` and `stale-while-revalidate`, seconds (decision 042). */
  pageCache: { seconds: number; staleSeconds: number };
  /** The bearer token of `GET /metrics` (METRICS_TOKEN); undefined: the route answers 404. */
  metricsToken: string | undefined;
  /** Expensive reads per client address per minute. */
  readRateLimitPerMinute: number;
  otpSecret: string;
  publicUrl: string;
  /** Card payments (Halyk ePay) and the payment window. */
  payments: PaymentConfig;
  /** Kaspi Pay on the site (payment 4; config.kaspi.ts). */
  kaspi: KaspiConfig;
  /** Kaspi Магазин orders through the Merchant API (issue 33 Part B item 6; config.kaspi-shop.ts). */
  kaspiShop: KaspiShopSettings;
  staff: StaffConfig;
  /** The seller's legal details shown in the footer and the public offer. */
  seller: SellerConfig;
  /**
   * Order notifications (issue 13): SMTP server (unset: the development email outbox), sender, worker period and
   * the lease of a claimed row, seconds.
   */
  mail: { smtpUrl: string | undefined; from: string; intervalSeconds: number; leaseSeconds: number };
  /** Carrier delivery (CDEK), off by default. */
  shipping: ShippingConfig;
  /** Fiscal receipts (issue 32): provider, cash register, VAT (config.fiscal.ts). */
  fiscal: FiscalConfig;
};

/**
 * Reads and validates configuration from environment variables, in one pass: first the schema (types and
 * ranges of every variable), then the rules between variables, each list complete.
 * Defaults: the ePay simulator outside production, `live` in production.
 * @throws Error `Invalid configuration:` listing every bad or missing variable — among them OTP_SECRET left
 *   default in production, the gateway credentials of the chosen SMS_PROVIDER, the three ePay URLs and three
 *   credentials with `EPAY_MODE=live`, and the simulator when `NODE_ENV=production`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const epayMode = e.EPAY_MODE ?? (e.NODE_ENV === 'production' ? 'live' : 'simulator');
  const problems = [
    ...crossFieldProblems(e, epayMode),
    ...shippingProblems(e),
    ...kaspiProblems(e),
    ...kaspiShopProblems(e),
  ];
  if (problems.length) throw invalid(problems);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(10_000, e.REQUEST_TIMEOUT_MS),
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    role: e.KIIM_ROLE,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    sqliteBusyTimeoutMs: e.SQLITE_BUSY_TIMEOUT_MS,
    sqlitePath: e.SQLITE_PATH,
    mediaDir: e.MEDIA_DIR,
    exchangeDir: e.EXCHANGE_DIR ?? path.join(path.dirname(path.resolve(e.MEDIA_DIR)), 'exchange-1c'),
    autoSeed: (e.AUTO_SEED ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    mediaPrerender: e.MEDIA_PRERENDER === 'true',
    smsProvider: e.SMS_PROVIDER,
    sms: {
      mobizon: {
        apiUrl: e.MOBIZON_API_URL,
        apiKey: e.MOBIZON_API_KEY ?? '',
        sender: e.MOBIZON_SENDER || undefined,
      },
      smsc: {
        apiUrl: e.SMSC_API_URL,
        login: e.SMSC_LOGIN ?? '',
        password: e.SMSC_PASSWORD ?? '',
        sender: e.SMSC_SENDER || undefined,
      },
      timeoutMs: e.SMS_TIMEOUT_MS,
      addressHourlyLimit: e.SMS_ADDRESS_HOURLY_LIMIT,
      dailyLimit: e.SMS_DAILY_LIMIT,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    pageCache: { seconds: e.PAGE_CACHE_SECONDS, staleSeconds: e.PAGE_CACHE_STALE_SECONDS },
    metricsToken: e.METRICS_TOKEN,
    readRateLimitPerMinute: e.READ_RATE_LIMIT_PER_MINUTE,
    otpSecret: e.OTP_SECRET,
    publicUrl: (e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    payments: paymentConfig(e, epayMode),
    kaspi: kaspiConfig(e),
    kaspiShop: kaspiShopConfig(e),
    staff: {
      twoFactorRequired: e.NODE_ENV === 'production',
      firstOwner:
        e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    },
    seller: sellerConfig(e),
    mail: {
      ...{ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
      ...{ intervalSeconds: e.NOTIFICATION_INTERVAL_SECONDS, leaseSeconds: e.NOTIFICATION_LEASE_SECONDS },
    },
    shipping: shippingConfig(e),
    fiscal: fiscalConfig(e),
  };
}

/** The seller's details: each variable or its demo value; `demo` when a legal detail is left at the demo value. */
function sellerConfig(e: Env): SellerConfig {
  return {
    companyName: e.SELLER_COMPANY_NAME ?? DEMO_SELLER.companyName,
    bin: e.SELLER_BIN ?? DEMO_SELLER.bin,
    legalAddress: e.SELLER_LEGAL_ADDRESS ?? DEMO_SELLER.legalAddress,
    phone: e.SELLER_PHONE ?? DEMO_SELLER.phone,
    email: e.SELLER_EMAIL ?? DEMO_SELLER.email,
    serviceHours: e.SELLER_SERVICE_HOURS ?? DEMO_SELLER.serviceHours,
    demo: !e.SELLER_COMPANY_NAME || !e.SELLER_BIN || !e.SELLER_LEGAL_ADDRESS,
  };
}

const invalid = (problems: string[]) =>
  new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);

/** Rules between variables the schema cannot state alone: `NAME: why` for each broken one. */
function crossFieldProblems(e: Env, epayMode: EpayConfig['mode']): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && e.OTP_SECRET === 'development-only-otp-secret') {
    problems.push('OTP_SECRET: must be set in production');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: must be set in production: the https:// address shoppers and ePay reach (e.g. https://kiim.kz)',
    );
  }
  const smsRequired =
    e.SMS_PROVIDER === 'mobizon'
      ? { MOBIZON_API_KEY: e.MOBIZON_API_KEY }
      : e.SMS_PROVIDER === 'smsc'
        ? { SMSC_LOGIN: e.SMSC_LOGIN, SMSC_PASSWORD: e.SMSC_PASSWORD }
        : {};
  for (const [name, value] of Object.entries(smsRequired)) {
    if (!value) problems.push(`${name}: required when SMS_PROVIDER=${e.SMS_PROVIDER}`);
  }
  if (e.NODE_ENV === 'production' && e.SMS_PROVIDER === 'dev') {
    problems.push(
      'SMS_PROVIDER: `dev` writes codes to the log and must not run in production; use mobizon or smsc',
    );
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    problems.push(
      `${e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: set ADMIN_EMAIL and ADMIN_PASSWORD together`,
    );
  }
  if (e.NODE_ENV === 'production') {
    const sellerRequired = {
      SELLER_COMPANY_NAME: e.SELLER_COMPANY_NAME,
      SELLER_BIN: e.SELLER_BIN,
      SELLER_LEGAL_ADDRESS: e.SELLER_LEGAL_ADDRESS,
    };
    for (const [name, value] of Object.entries(sellerRequired)) {
      if (!value) problems.push(`${name}: the seller's real legal details must be set in production`);
    }
  }
  if (epayMode === 'simulator' && e.NODE_ENV === 'production') {
    problems.push('EPAY_MODE: the ePay simulator accepts test cards and must not run in production');
  }
  if (epayMode === 'live') {
    const epayRequired = {
      EPAY_OAUTH_URL: e.EPAY_OAUTH_URL,
      EPAY_API_URL: e.EPAY_API_URL,
      EPAY_SCRIPT_URL: e.EPAY_SCRIPT_URL,
      EPAY_CLIENT_ID: e.EPAY_CLIENT_ID,
      EPAY_CLIENT_SECRET: e.EPAY_CLIENT_SECRET,
      EPAY_TERMINAL_ID: e.EPAY_TERMINAL_ID,
    };
    for (const [name, value] of Object.entries(epayRequired)) {
      if (!value) problems.push(`${name}: required when EPAY_MODE=live`);
    }
  }
  problems.push(...fiscalProblems(e));
  return problems;
}

/** The payment part of the configuration; in simulator mode the credentials default to the simulator's. */
function paymentConfig(e: Env, mode: EpayConfig['mode']): PaymentConfig {
  const simulator = mode === 'simulator';
  return {
    epay: {
      mode,
      oauthUrl: e.EPAY_OAUTH_URL,
      apiUrl: e.EPAY_API_URL,
      scriptUrl: e.EPAY_SCRIPT_URL,
      clientId: e.EPAY_CLIENT_ID ?? (simulator ? SIMULATOR_CREDENTIALS.clientId : ''),
      clientSecret: e.EPAY_CLIENT_SECRET ?? (simulator ? SIMULATOR_CREDENTIALS.clientSecret : ''),
      terminalId: e.EPAY_TERMINAL_ID ?? (simulator ? SIMULATOR_CREDENTIALS.terminalId : ''),
      scope: e.EPAY_SCOPE,
      apiScope: e.EPAY_API_SCOPE,
      twoStage: e.EPAY_TWO_STAGE === 'true',
      timeoutMs: e.EPAY_TIMEOUT_MS,
      simulator: {
        port: e.EPAY_SIMULATOR_PORT,
        callbackDelayMs: e.EPAY_SIMULATOR_CALLBACK_DELAY_MS,
        callbackCopies: e.EPAY_SIMULATOR_CALLBACK_COPIES,
        callbackLoss: e.EPAY_SIMULATOR_CALLBACK_LOSS,
      },
    },
    paymentWindowMinutes: e.ORDER_PAYMENT_WINDOW_MINUTES,
    sweepIntervalSeconds: e.PAYMENT_SWEEP_INTERVAL_SECONDS,
  };
}

/** The origin a browser reaches a server listening on HOST:PORT at (issue 11 §10). */
export function defaultPublicUrl(host: string, port: number): string {
  const name =
    host === '0.0.0.0' || host === '::' || host === ''
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host;
  return `http://${name}:${port}`;
}

/** `TRUST_PROXY` → Fastify's `trustProxy`: `true`/`false`, or a list of addresses, CIDRs and keywords. */
function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
