import { accessSync, constants } from 'node:fs';
import { z } from 'zod';
import type { KaspiClientCertificate } from '#app/modules/kaspi/kaspi.transport.ts';

// Kaspi Pay's configuration (issue 33 item 4, docs/kaspi.md): the environment variables, what they become, and
// the rules between them. Kept apart from config.ts so Kaspi's part can be read and corrected in one place.

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

/** Kaspi Pay's environment variables (merged into config.env.ts's schema). */
export const KASPI_ENV = {
  /**
   * Kaspi Pay on the site (payment 4): `off` (the default in production until configured), `simulator` (the
   * default elsewhere: tools/kaspi-simulator, started by the server entry unless KASPI_PAY_API_URL names a running
   * one; refused in production) or `live` (docs/kaspi.md, decision 051).
   */
  KASPI_PAY_MODE: z.preprocess(blankIsUnset, z.enum(['off', 'simulator', 'live']).optional()),
  /** The partner API's base with its scheme prefix (`https://…:8545/r3/v01`); required with `live`. */
  KASPI_PAY_API_URL: z.preprocess(blankIsUnset, z.url().max(500).optional()),
  /** The `Api-Key` header's value (basic scheme `/r1/v01`); required with `live` on that scheme. */
  KASPI_PAY_API_KEY: z.preprocess(blankIsUnset, z.string().min(8).max(500).optional()),
  /** The shop's trade point in Kaspi (`TradePointId`, from `partner/tradepoints`); required with `live`. */
  KASPI_PAY_TRADE_POINT_ID: z.preprocess(blankIsUnset, z.coerce.number().int().positive().optional()),
  /** The organisation's BIN, sent as `OrganizationBin` (enhanced scheme; needed for invoices by phone). */
  KASPI_PAY_ORGANIZATION_BIN: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^\d{12}$/)
      .optional(),
  ),
  /**
   * The shop's client certificate from Kaspi (standard and enhanced schemes, `/r2/v01` and `/r3/v01`: mutual TLS):
   * a .pfx/.p12 file, or a PEM certificate with KASPI_PAY_CLIENT_KEY; required with `live` on those schemes.
   */
  KASPI_PAY_CLIENT_CERT: z.preprocess(blankIsUnset, z.string().max(500).optional()),
  /** The PEM private key of a PEM KASPI_PAY_CLIENT_CERT. */
  KASPI_PAY_CLIENT_KEY: z.preprocess(blankIsUnset, z.string().max(500).optional()),
  /** The password of the .pfx/.p12 file (or of an encrypted key). */
  KASPI_PAY_CLIENT_CERT_PASSWORD: z.preprocess(blankIsUnset, z.string().max(500).optional()),
  /** A PEM file of the CA that signed Kaspi's server certificate, when it is not a public one. */
  KASPI_PAY_CA: z.preprocess(blankIsUnset, z.string().max(500).optional()),
  /** The device id registered once with `device/register`; its token is stored in the database. */
  KASPI_PAY_DEVICE_ID: z.string().trim().min(1).max(100).default('kiim-web'),
  KASPI_PAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** How often the Kaspi job looks for payments due a status read, seconds (each is read at Kaspi's interval). */
  KASPI_PAY_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(2),
  KASPI_PAY_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
};

/** What the variables of {@link KASPI_ENV} hold once validated. */
type KaspiEnv = {
  NODE_ENV: string;
  KASPI_PAY_MODE?: 'off' | 'simulator' | 'live' | undefined;
  KASPI_PAY_API_URL?: string | undefined;
  KASPI_PAY_API_KEY?: string | undefined;
  KASPI_PAY_TRADE_POINT_ID?: number | undefined;
  KASPI_PAY_ORGANIZATION_BIN?: string | undefined;
  KASPI_PAY_CLIENT_CERT?: string | undefined;
  KASPI_PAY_CLIENT_KEY?: string | undefined;
  KASPI_PAY_CLIENT_CERT_PASSWORD?: string | undefined;
  KASPI_PAY_CA?: string | undefined;
  KASPI_PAY_DEVICE_ID: string;
  KASPI_PAY_TIMEOUT_MS: number;
  KASPI_PAY_POLL_SECONDS: number;
  KASPI_PAY_SIMULATOR_PORT: number;
};

/** Kaspi Pay as the shop uses it. */
export interface KaspiConfig {
  /**
   * `off`: payment 4 is not offered; `simulator`: tools/kaspi-simulator (boot starts it and fills in `apiUrl`
   * unless KASPI_PAY_API_URL names a running one); `live`.
   */
  mode: 'off' | 'simulator' | 'live';
  /** API base with the scheme prefix; undefined in simulator mode until the simulator is started. */
  apiUrl: string | undefined;
  apiKey: string;
  tradePointId: number;
  organizationBin: string | undefined;
  /** Mutual TLS for the standard and enhanced schemes (and Kaspi's CA); undefined: fetch with the `Api-Key` alone. */
  clientCertificate: KaspiClientCertificate | undefined;
  deviceId: string;
  timeoutMs: number;
  pollSeconds: number;
  simulatorPort: number;
}

/** The simulator's own credentials (tools/kaspi-simulator's defaults; development and tests only). */
export const KASPI_SIMULATOR_CREDENTIALS = {
  apiKey: 'development-only-kaspi-key',
  tradePointId: 1001,
  organizationBin: '180340021791',
} as const;

/**
 * The mode: as set, else `simulator` outside production (the boot starts it, like ePay's) and `off` in production
 * until configured (issue 33 item 4; decision 051).
 */
const modeOf = (e: KaspiEnv): KaspiConfig['mode'] =>
  e.KASPI_PAY_MODE ?? (e.NODE_ENV === 'production' ? 'off' : 'simulator');

/** Kaspi's configuration; in simulator mode the credentials default to the simulator's. */
export function kaspiConfig(e: KaspiEnv): KaspiConfig {
  const mode = modeOf(e);
  const sim = mode === 'simulator';
  return {
    mode,
    apiUrl: e.KASPI_PAY_API_URL,
    apiKey: e.KASPI_PAY_API_KEY ?? (sim ? KASPI_SIMULATOR_CREDENTIALS.apiKey : ''),
    tradePointId: e.KASPI_PAY_TRADE_POINT_ID ?? (sim ? KASPI_SIMULATOR_CREDENTIALS.tradePointId : 0),
    organizationBin:
      e.KASPI_PAY_ORGANIZATION_BIN ?? (sim ? KASPI_SIMULATOR_CREDENTIALS.organizationBin : undefined),
    clientCertificate:
      e.KASPI_PAY_CLIENT_CERT || e.KASPI_PAY_CA
        ? {
            certPath: e.KASPI_PAY_CLIENT_CERT,
            keyPath: e.KASPI_PAY_CLIENT_KEY,
            password: e.KASPI_PAY_CLIENT_CERT_PASSWORD,
            caPath: e.KASPI_PAY_CA,
          }
        : undefined,
    deviceId: e.KASPI_PAY_DEVICE_ID,
    timeoutMs: e.KASPI_PAY_TIMEOUT_MS,
    pollSeconds: e.KASPI_PAY_POLL_SECONDS,
    simulatorPort: e.KASPI_PAY_SIMULATOR_PORT,
  };
}

/** Whether the API URL names a scheme that authenticates by client certificate (`/r2/v01`, `/r3/v01`). */
const needsCertificate = (url: string | undefined) => url !== undefined && /\/r[23]\/v\d+/.test(url);

/**
 * `NAME: why` for each broken rule: the simulator in production; `live` without its URL and trade point, without
 * the client certificate on the standard and enhanced schemes or the API key on the basic one; a certificate file
 * that cannot be read. In simulator mode without a URL the server entry starts the simulator (boot.ts).
 */
export function kaspiProblems(e: KaspiEnv): string[] {
  const mode = modeOf(e);
  const problems: string[] = [];
  if (mode === 'simulator' && e.NODE_ENV === 'production')
    problems.push('KASPI_PAY_MODE: the Kaspi simulator confirms any payment and must not run in production');
  if (mode === 'live') {
    const certificate = needsCertificate(e.KASPI_PAY_API_URL);
    const required = {
      KASPI_PAY_API_URL: e.KASPI_PAY_API_URL,
      ...(certificate
        ? { KASPI_PAY_CLIENT_CERT: e.KASPI_PAY_CLIENT_CERT }
        : { KASPI_PAY_API_KEY: e.KASPI_PAY_API_KEY }),
      KASPI_PAY_TRADE_POINT_ID: e.KASPI_PAY_TRADE_POINT_ID,
    };
    for (const [name, value] of Object.entries(required))
      if (!value)
        problems.push(
          `${name}: required when KASPI_PAY_MODE=live${name === 'KASPI_PAY_CLIENT_CERT' ? ' on the /r2 and /r3 schemes (mutual TLS)' : ''}`,
        );
  }
  for (const name of ['KASPI_PAY_CLIENT_CERT', 'KASPI_PAY_CLIENT_KEY', 'KASPI_PAY_CA'] as const) {
    const path = e[name];
    if (path && !readable(path)) problems.push(`${name}: cannot read the file ${path}`);
  }
  return problems;
}

/** True when `path` is a file this process can read. */
function readable(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}
