import { describe, expect, it } from 'vitest';
import { KASPI_SIMULATOR_CREDENTIALS } from './config.kaspi.ts';
import { loadConfig } from './config.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

// KASPI_PAY_MODE's defaults and rules (issue 33 item 4; decision 051).

const PRODUCTION = PRODUCTION_ENV;

describe('Kaspi Pay configuration', () => {
  it('is the simulator outside production, with its credentials and no URL (the boot starts it)', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const k = loadConfig({ NODE_ENV }).kaspi;
      expect(k).toMatchObject({
        mode: 'simulator',
        apiUrl: undefined,
        apiKey: KASPI_SIMULATOR_CREDENTIALS.apiKey,
        tradePointId: KASPI_SIMULATOR_CREDENTIALS.tradePointId,
        organizationBin: KASPI_SIMULATOR_CREDENTIALS.organizationBin,
      });
    }
    const running = loadConfig({ NODE_ENV: 'development', KASPI_PAY_API_URL: 'http://127.0.0.1:9/r3/v01' });
    expect(running.kaspi.apiUrl).toBe('http://127.0.0.1:9/r3/v01');
    expect(loadConfig({ NODE_ENV: 'development', KASPI_PAY_MODE: 'off' }).kaspi.mode).toBe('off');
  });

  it('is off in production until configured, refuses the simulator there, and lists what live lacks', () => {
    expect(loadConfig(PRODUCTION).kaspi.mode).toBe('off');
    expect(() => loadConfig({ ...PRODUCTION, KASPI_PAY_MODE: 'simulator' })).toThrow(
      /KASPI_PAY_MODE: the Kaspi simulator confirms any payment and must not run in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, KASPI_PAY_MODE: 'live' })).toThrow(
      /KASPI_PAY_API_URL: required[\s\S]*KASPI_PAY_API_KEY: required[\s\S]*KASPI_PAY_TRADE_POINT_ID: required/,
    );
    // The enhanced scheme (/r3) signs the shop in by its client certificate (mutual TLS), not by an API key.
    const r3 = { ...PRODUCTION, KASPI_PAY_MODE: 'live', KASPI_PAY_TRADE_POINT_ID: '42' };
    expect(() => loadConfig({ ...r3, KASPI_PAY_API_URL: 'https://mtokentest.kaspi.kz:8545/r3/v01' })).toThrow(
      /KASPI_PAY_CLIENT_CERT: required when KASPI_PAY_MODE=live on the \/r2 and \/r3 schemes/,
    );
    expect(() =>
      loadConfig({
        ...r3,
        KASPI_PAY_API_URL: 'https://mtokentest.kaspi.kz:8545/r3/v01',
        KASPI_PAY_CLIENT_CERT: '/nonexistent/kiim-kaspi.p12',
      }),
    ).toThrow(/KASPI_PAY_CLIENT_CERT: cannot read the file \/nonexistent\/kiim-kaspi.p12/);
    const live = loadConfig({
      ...r3,
      KASPI_PAY_API_URL: 'https://mtokentest.kaspi.kz:8543/r1/v01',
      KASPI_PAY_API_KEY: 'a-real-kaspi-key',
    }).kaspi;
    expect(live).toMatchObject({ mode: 'live', apiKey: 'a-real-kaspi-key', tradePointId: 42 });
    expect(live.clientCertificate).toBeUndefined();
  });
});
