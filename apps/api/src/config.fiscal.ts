import { z } from 'zod';

// Fiscal receipts' configuration (issue 32, docs/decisions/043): the variables, their schema and the Config part
// they make. Split from config.ts and config.env.ts to keep both within their size.

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(blankIsUnset, z.string().url().optional());
const optionalText = z.preprocess(blankIsUnset, z.string().max(200).optional());

/** Credentials and cash register the Webkassa simulator accepts (development and tests; refused in production). */
export const WEBKASSA_SIMULATOR_CREDENTIALS = {
  apiKey: 'kiim-webkassa-simulator-key',
  login: 'kiim@webkassa.local',
  password: 'kiim-simulator',
  cashbox: 'SWK00000001',
} as const;

/** The fiscal variables (merged into the one schema of config.env.ts). */
export const fiscalEnv = {
  /** `off`, `webkassa` (the real service), `simulator` (tools/webkassa-simulator; default outside production). */
  FISCAL_PROVIDER: z.preprocess(blankIsUnset, z.enum(['off', 'webkassa', 'simulator']).optional()),
  /** `none` (below the VAT threshold: TaxType 0) or the rate in percent (16 standard since 1 Jan 2026). */
  FISCAL_VAT_RATE: z
    .string()
    .regex(/^(none|\d{1,2})$/, { message: 'none, or the VAT rate in percent (e.g. 16)' })
    .default('none'),
  /** How often the fiscal worker sends due receipts, seconds. */
  FISCAL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  WEBKASSA_URL: optionalUrl,
  WEBKASSA_API_KEY: optionalText,
  WEBKASSA_LOGIN: optionalText,
  WEBKASSA_PASSWORD: optionalText,
  /** The cash register's factory number (CashboxUniqueNumber, e.g. SWK00035753). */
  WEBKASSA_CASHBOX: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,50}$/)
      .optional(),
  ),
  /** Deadline of one Webkassa call, milliseconds. */
  WEBKASSA_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** Loopback port of the Webkassa simulator (0: any free port). */
  WEBKASSA_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
};

/** The schema of the fiscal variables alone (its parsed type). */
export const FiscalEnvSchema = z.object(fiscalEnv);
type FiscalEnv = z.infer<typeof FiscalEnvSchema> & { NODE_ENV: string };

/** Fiscal receipts: provider, cash register, VAT, Webkassa's address and credentials. */
export interface FiscalConfig {
  provider: 'off' | 'webkassa' | 'simulator';
  /** The shop's cash register (one per shop for now). */
  cashbox: string;
  /** VAT in percent, or null: receipts without VAT. */
  vatPercent: number | null;
  intervalSeconds: number;
  webkassa: {
    /** Undefined in simulator mode until the simulator is started. */
    url: string | undefined;
    apiKey: string;
    login: string;
    password: string;
    timeoutMs: number;
  };
  simulator: { port: number };
}

/** The provider in force: as set, else the simulator outside production and `off` in production. */
const providerOf = (e: FiscalEnv) => e.FISCAL_PROVIDER ?? (e.NODE_ENV === 'production' ? 'off' : 'simulator');

/** `NAME: why` for each fiscal rule between variables that is broken. */
export function fiscalProblems(e: FiscalEnv): string[] {
  const provider = providerOf(e);
  const problems: string[] = [];
  if (provider === 'simulator' && e.NODE_ENV === 'production')
    problems.push(
      'FISCAL_PROVIDER: the Webkassa simulator issues no real receipts and must not run in production',
    );
  if (provider === 'webkassa') {
    const required = {
      WEBKASSA_URL: e.WEBKASSA_URL,
      WEBKASSA_API_KEY: e.WEBKASSA_API_KEY,
      WEBKASSA_LOGIN: e.WEBKASSA_LOGIN,
      WEBKASSA_PASSWORD: e.WEBKASSA_PASSWORD,
      WEBKASSA_CASHBOX: e.WEBKASSA_CASHBOX,
    };
    for (const [name, value] of Object.entries(required))
      if (!value) problems.push(`${name}: required when FISCAL_PROVIDER=webkassa`);
  }
  return problems;
}

/** The fiscal part of the configuration; in simulator mode the credentials default to the simulator's. */
export function fiscalConfig(e: FiscalEnv): FiscalConfig {
  const provider = providerOf(e);
  const sim = provider === 'simulator';
  const c = WEBKASSA_SIMULATOR_CREDENTIALS;
  return {
    provider,
    cashbox: e.WEBKASSA_CASHBOX ?? (sim ? c.cashbox : ''),
    vatPercent: e.FISCAL_VAT_RATE === 'none' ? null : Number(e.FISCAL_VAT_RATE),
    intervalSeconds: e.FISCAL_INTERVAL_SECONDS,
    webkassa: {
      url: e.WEBKASSA_URL,
      apiKey: e.WEBKASSA_API_KEY ?? (sim ? c.apiKey : ''),
      login: e.WEBKASSA_LOGIN ?? (sim ? c.login : ''),
      password: e.WEBKASSA_PASSWORD ?? (sim ? c.password : ''),
      timeoutMs: e.WEBKASSA_TIMEOUT_MS,
    },
    simulator: { port: e.WEBKASSA_SIMULATOR_PORT },
  };
}
