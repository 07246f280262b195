import type { Env } from './config.env.ts';

/**
 * Carrier delivery (issue 34, delivery-cdek.md §1): which CDEK host and account the shipping module uses. Off by
 * default: a shop serves its own cities until a deployment turns CDEK on.
 */
export interface ShippingConfig {
  cdek: {
    /** `off`; `simulator` (tools/cdek-simulator); `test` (CDEK's public test host); `live`. */
    mode: 'off' | 'simulator' | 'test' | 'live';
    /** API base ending in `/v2`; undefined only when off, or in simulator mode until the simulator is started. */
    apiUrl: string | undefined;
    clientId: string;
    clientSecret: string;
    /** How long to wait for one CDEK answer, milliseconds. */
    timeoutMs: number;
    /** How long a calculator quote is reused for the same route and parcel class, seconds. */
    quoteTtlSeconds: number;
    /** Seconds between passes of the shipment job (`CDEK_JOB_SECONDS`, default 30). */
    jobSeconds: number;
  };
}

/** CDEK's hosts (official SDK Constants.php, delivery-cdek.md §1). */
export const CDEK_HOSTS = { test: 'https://api.edu.cdek.ru/v2', live: 'https://api.cdek.ru/v2' } as const;

/**
 * CDEK's published test account (official SDK Constants.php). It has changed over time (delivery-cdek.md §1),
 * so `CDEK_CLIENT_ID`/`CDEK_CLIENT_SECRET` override it.
 */
export const CDEK_TEST_ACCOUNT = {
  clientId: 'wqGwiQx0gg8mLtiEKsUinjVSICCjtTEP',
  clientSecret: 'RmAmgvSgSl1yirlz9QupbzOJVqhCxcP5',
} as const;

/** `NAME: why` for each broken CDEK rule: live needs its own account; the simulator is not for production. */
export function shippingProblems(e: Env): string[] {
  const problems: string[] = [];
  if (e.CDEK_MODE === 'live') {
    if (!e.CDEK_CLIENT_ID) problems.push('CDEK_CLIENT_ID: required when CDEK_MODE=live');
    if (!e.CDEK_CLIENT_SECRET) problems.push('CDEK_CLIENT_SECRET: required when CDEK_MODE=live');
  }
  if (e.NODE_ENV === 'production' && (e.CDEK_MODE === 'simulator' || e.CDEK_MODE === 'test')) {
    problems.push(`CDEK_MODE: \`${e.CDEK_MODE}\` ships nothing and must not run in production`);
  }
  return problems;
}

/**
 * The shipping part of the configuration; `test` and `simulator` default to CDEK's test account. Unset, the
 * mode is `simulator` in development (the demo shop offers carrier delivery, as it takes cards through the ePay
 * simulator) and `off` in production and tests.
 */
export function shippingConfig(e: Env): ShippingConfig {
  const mode = e.CDEK_MODE ?? (e.NODE_ENV === 'development' ? 'simulator' : 'off');
  const testAccount = mode === 'test' || mode === 'simulator';
  return {
    cdek: {
      mode,
      apiUrl: e.CDEK_API_URL ?? (mode === 'test' || mode === 'live' ? CDEK_HOSTS[mode] : undefined),
      clientId: e.CDEK_CLIENT_ID ?? (testAccount ? CDEK_TEST_ACCOUNT.clientId : ''),
      clientSecret: e.CDEK_CLIENT_SECRET ?? (testAccount ? CDEK_TEST_ACCOUNT.clientSecret : ''),
      timeoutMs: e.CDEK_TIMEOUT_MS,
      quoteTtlSeconds: e.CDEK_QUOTE_TTL_SECONDS,
      jobSeconds: e.CDEK_JOB_SECONDS,
    },
  };
}
