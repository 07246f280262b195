import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { CDEK_HOSTS, CDEK_TEST_ACCOUNT } from './config.shipping.ts';

// CDEK_MODE and its variables (issue 34 item 7, docs/shipping.md): off by default; test uses CDEK's public test
// host and account; live needs the shop's own account; neither the simulator nor the test host in production.

describe('shipping configuration', () => {
  it('is off by default', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).shipping.cdek).toMatchObject({
      mode: 'off',
      apiUrl: undefined,
    });
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
