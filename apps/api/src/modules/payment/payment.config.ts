import { z } from 'zod';

/**
 * Configuration of card-online payments (Halyk ePay, payments-sms.md §1), orders' payment window and the
 * back-office: read from environment variables by `loadConfig` (config.ts). Every URL, id and secret of ePay
 * comes from here, never from constants in code.
 */
export interface PaymentConfig {
  epay: {
    /**
     * `simulator`: the project's local ePay simulator (apps/web/server.ts starts it on loopback and fills in
     * the URLs below); `live`: the real ePay at the configured URLs with real credentials.
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
  };
  /** Minutes a card-online order waits for its payment before it is cancelled and its stock released. */
  paymentWindowMinutes: number;
  /** How often the server polls ePay for unconfirmed payments and closes expired ones, seconds. */
  sweepIntervalSeconds: number;
  /** Token of the back-office status endpoint (`X-Backoffice-Token`); the endpoint is absent without it. */
  backofficeToken: string | undefined;
}

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(blankIsUnset, z.string().url().optional());
const optionalText = z.preprocess(blankIsUnset, z.string().optional());

const PaymentEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  EPAY_MODE: z.preprocess(blankIsUnset, z.enum(['simulator', 'live']).optional()),
  EPAY_OAUTH_URL: optionalUrl,
  EPAY_API_URL: optionalUrl,
  EPAY_SCRIPT_URL: optionalUrl,
  EPAY_CLIENT_ID: optionalText,
  EPAY_CLIENT_SECRET: optionalText,
  EPAY_TERMINAL_ID: optionalText,
  EPAY_SCOPE: z.string().min(1).default('payment'),
  EPAY_API_SCOPE: z.string().min(1).default('webapi usermanagement email_send verification statement statistics payment'),
  EPAY_TWO_STAGE: z.enum(['true', 'false']).default('false'),
  EPAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  EPAY_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  EPAY_SIMULATOR_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  EPAY_SIMULATOR_CALLBACK_COPIES: z.coerce.number().int().min(1).max(100).default(1),
  EPAY_SIMULATOR_CALLBACK_LOSS: z.coerce.number().min(0).max(1).default(0),
  ORDER_PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(30),
  PAYMENT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  BACKOFFICE_TOKEN: z.preprocess(blankIsUnset, z.string().min(32).optional()),
});

/** Credentials the simulator accepts (development and tests only; the simulator is refused in production). */
export const SIMULATOR_CREDENTIALS = {
  clientId: 'kiim-simulator',
  clientSecret: 'development-only-epay-secret',
  terminalId: '67e34d63-102f-4bd1-898e-370781d0074d',
} as const;

/**
 * Reads the payment variables. Defaults: the simulator outside production, `live` in production.
 * @throws Error `Invalid configuration:` listing every bad or missing variable — in `live` mode the three
 *   URLs and the three credentials are required; the simulator is refused when `NODE_ENV=production`.
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  const parsed = PaymentEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mode = e.EPAY_MODE ?? (e.NODE_ENV === 'production' ? 'live' : 'simulator');
  const problems: string[] = [];
  if (mode === 'simulator' && e.NODE_ENV === 'production') {
    problems.push('EPAY_MODE: the ePay simulator accepts test cards and must not run in production');
  }
  if (mode === 'live') {
    const required = {
      EPAY_OAUTH_URL: e.EPAY_OAUTH_URL,
      EPAY_API_URL: e.EPAY_API_URL,
      EPAY_SCRIPT_URL: e.EPAY_SCRIPT_URL,
      EPAY_CLIENT_ID: e.EPAY_CLIENT_ID,
      EPAY_CLIENT_SECRET: e.EPAY_CLIENT_SECRET,
      EPAY_TERMINAL_ID: e.EPAY_TERMINAL_ID,
    };
    for (const [name, value] of Object.entries(required)) {
      if (!value) problems.push(`${name}: required when EPAY_MODE=live`);
    }
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
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
    backofficeToken: e.BACKOFFICE_TOKEN,
  };
}
