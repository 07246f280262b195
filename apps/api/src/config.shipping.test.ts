import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { CDEK_HOSTS, CDEK_TEST_ACCOUNT } from './config.shipping.ts';
import { GATEWAY_SMS_ENV, SELLER_ENV } from './test/production-env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://kiim.kz',
  OTP_SECRET: 'a-production-secret-of-enough-length',
  EPAY_MODE: 'live',
  EPAY_OAUTH_URL: 'https://epay-oauth.homebank.kz/oauth2/token',
  EPAY_API_URL: 'https://epay-api.homebank.kz',
  EPAY_SCRIPT_URL: 'https://epay.homebank.kz/payform/payment-api.js',
  EPAY_CLIENT_ID: 'kiim',
  EPAY_CLIENT_SECRET: 'secret',
  EPAY_TERMINAL_ID: '67e34d63-102f-4bd1-898e-370781d0074d',
  ...SELLER_ENV,
  ...GATEWAY_SMS_ENV,
};

// CDEK_MODE and its variables (issue 34 item 7, docs/shipping.md): off by default; test uses CDEK's public test
// host and account; live needs the shop's own account; neither the simulator nor the test host in production.

describe('shipping configuration', () => {
  it('is off by default in production and tests, the simulator in development', () => {
    for (const env of [{ NODE_ENV: 'test' }, PRODUCTION]) {
      expect(loadConfig(env).shipping.cdek).toMatchObject({ mode: 'off', apiUrl: undefined });
    }
    expect(loadConfig({ NODE_ENV: 'development' }).shipping.cdek.mode).toBe('simulator');
    expect(loadConfig({ NODE_ENV: 'development', CDEK_MODE: '' }).shipping.cdek.mode).toBe('simulator');
    expect(loadConfig({ NODE_ENV: 'development', CDEK_MODE: 'off' }).shipping.cdek.mode).toBe('off');
  });

  it('uses the test host and CDEK’s published test account in test mode, overridable', () => {
    const c = loadConfig({ NODE_ENV: 'development', CDEK_MODE: 'test' }).shipping.cdek;
    expect(c).toMatchObject({
      apiUrl: CDEK_HOSTS.test,
      ...CDEK_TEST_ACCOUNT,
      timeoutMs: 5000,
      quoteTtlSeconds: 900,
      jobSeconds: 30,
    });
    const own = loadConfig({
      NODE_ENV: 'development',
      CDEK_MODE: 'test',
      CDEK_CLIENT_ID: 'a',
      CDEK_CLIENT_SECRET: 'b',
    });
    expect(own.shipping.cdek).toMatchObject({ clientId: 'a', clientSecret: 'b' });
    const fast = loadConfig({ NODE_ENV: 'development', CDEK_MODE: 'simulator', CDEK_JOB_SECONDS: '1' });
    expect(fast.shipping.cdek.jobSeconds).toBe(1);
    expect(() =>
      loadConfig({ NODE_ENV: 'development', CDEK_MODE: 'simulator', CDEK_JOB_SECONDS: '0' }),
    ).toThrow(/CDEK_JOB_SECONDS/);
  });

  it('needs the account for live and refuses the simulator and test host in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', CDEK_MODE: 'live' })).toThrow(
      /CDEK_CLIENT_ID: required when CDEK_MODE=live[\s\S]*CDEK_CLIENT_SECRET/,
    );
    const live = loadConfig({
      NODE_ENV: 'development',
      CDEK_MODE: 'live',
      CDEK_CLIENT_ID: 'a',
      CDEK_CLIENT_SECRET: 'b',
    });
    expect(live.shipping.cdek.apiUrl).toBe(CDEK_HOSTS.live);
    expect(() => loadConfig({ NODE_ENV: 'production', CDEK_MODE: 'simulator' })).toThrow(
      /CDEK_MODE: `simulator`/,
    );
    expect(() => loadConfig({ NODE_ENV: 'development', CDEK_MODE: 'post' })).toThrow(/CDEK_MODE/);
  });
});
