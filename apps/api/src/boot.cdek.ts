import type { Config, ShippingConfig } from './config.ts';

/** A running local stand-in for CDEK: its origin, the API base the adapter is given (`<url>/v2`), and its stop. */
export interface LocalCdek {
  url: string;
  apiUrl: string;
  close(): Promise<void>;
}

/**
 * Starts a local CDEK for `CDEK_MODE=simulator` on a free loopback port, accepting the configured account:
 * `startCdekSimulator` of tools/cdek-simulator, handed in by the server entry (issue 34).
 */
export type CdekSimulatorStarter = (cdek: ShippingConfig['cdek']) => Promise<LocalCdek>;

/**
 * The CDEK simulator started for `CDEK_MODE=simulator` when CDEK_API_URL names none (a test's own simulator, with
 * its faults, is used as set), so `npm start` offers carrier delivery out of the box; null otherwise.
 * @throws Error when simulator mode has no simulator to start.
 */
export async function startLocalCdek(
  config: Config,
  start: CdekSimulatorStarter | undefined,
): Promise<LocalCdek | null> {
  const cdek = config.shipping.cdek;
  if (cdek.mode !== 'simulator' || cdek.apiUrl) return null;
  if (!start) {
    throw new Error(
      'Invalid configuration:\n  CDEK_MODE: simulator mode needs the CDEK simulator of tools/, which this server entry does not start; ' +
        'use npm start, set CDEK_API_URL to a running simulator, or CDEK_MODE=off',
    );
  }
  return start(cdek);
}

/** The configuration with the adapter pointed at the started simulator. */
export const withCdek = (config: Config, cdek: LocalCdek | null): Config =>
  cdek
    ? { ...config, shipping: { ...config.shipping, cdek: { ...config.shipping.cdek, apiUrl: cdek.apiUrl } } }
    : config;
