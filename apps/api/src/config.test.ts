import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER, defaultPublicUrl, loadConfig, SIMULATOR_CREDENTIALS } from './config.ts';
import { GATEWAY_SMS_ENV, SELLER_ENV } from './test/production-env.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What production needs beside the payment variables under test. */
const SELLER = SELLER_ENV;
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://kiim.kz',
  OTP_SECRET: 'a-production-secret-of-enough-length',
  ...SELLER,
  ...GATEWAY_SMS_ENV,
};
const LIVE_EPAY = {
  EPAY_OAUTH_URL: 'https://epay-oauth.homebank.kz/oauth2/token',
  EPAY_API_URL: 'https://epay-api.homebank.kz',
  EPAY_SCRIPT_URL: 'https://epay.homebank.kz/payform/payment-api.js',
  EPAY_CLIENT_ID: 'kiim',
  EPAY_CLIENT_SECRET: 'secret',
  EPAY_TERMINAL_ID: '67e34d63-102f-4bd1-898e-370781d0074d',
};

describe('payment configuration', () => {
  it('uses the simulator outside production, with its development credentials and no URLs yet', () => {
    const c = loadConfig({ NODE_ENV: 'development' }).payments;
    expect(c.epay).toMatchObject({
      mode: 'simulator',
      oauthUrl: undefined,
      clientId: SIMULATOR_CREDENTIALS.clientId,
      twoStage: false,
    });
    expect(c.paymentWindowMinutes).toBe(30);
    expect(c.sweepIntervalSeconds).toBe(60);
  });

  it('needs every ePay URL and credential in live mode, listing what is missing', () => {
    expect(() => loadConfig({ ...PRODUCTION, EPAY_CLIENT_ID: 'kiim' })).toThrow(
      /EPAY_OAUTH_URL: required when EPAY_MODE=live[\s\S]*EPAY_CLIENT_SECRET[\s\S]*EPAY_TERMINAL_ID/,
    );
    const live = loadConfig({ ...PRODUCTION, ...LIVE_EPAY, EPAY_TWO_STAGE: 'true' }).payments;
    expect(live.epay).toMatchObject({ mode: 'live', apiUrl: 'https://epay-api.homebank.kz', twoStage: true });
  });

  it('refuses the simulator in production, and bad values', () => {
    expect(() => loadConfig({ ...PRODUCTION, EPAY_MODE: 'simulator' })).toThrow(/must not run in production/);
    expect(() => loadConfig({ ORDER_PAYMENT_WINDOW_MINUTES: '1' })).toThrow(/ORDER_PAYMENT_WINDOW_MINUTES/);
    expect(() => loadConfig({ EPAY_OAUTH_URL: 'not a url' })).toThrow(/EPAY_OAUTH_URL/);
  });
});

describe('database configuration', () => {
  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE (10 by default) and refuses a bad size', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).databasePoolSize).toBe(10);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    for (const bad of ['0', '2.5', 'many', '500'])
      expect(() => loadConfig({ NODE_ENV: 'development', DATABASE_POOL_SIZE: bad })).toThrow(
        /DATABASE_POOL_SIZE/,
      );
  });
});

describe('production start (issue 27)', () => {
  it('never seeds the demo catalogue in production unless AUTO_SEED=true says so', () => {
    expect(loadConfig({}).autoSeed).toBe(true);
    expect(loadConfig({ AUTO_SEED: 'false' }).autoSeed).toBe(false);
    expect(loadConfig({ ...PRODUCTION, ...LIVE_EPAY }).autoSeed).toBe(false);
    expect(loadConfig({ ...PRODUCTION, ...LIVE_EPAY, AUTO_SEED: '' }).autoSeed).toBe(false);
    expect(loadConfig({ ...PRODUCTION, ...LIVE_EPAY, AUTO_SEED: 'true' }).autoSeed).toBe(true);
    expect(() => loadConfig({ AUTO_SEED: 'yes' })).toThrow(/AUTO_SEED/);
  });

  it('requires PUBLIC_URL in production, in one line of the list', () => {
    const { PUBLIC_URL: _, ...withoutUrl } = PRODUCTION;
    expect(() => loadConfig({ ...withoutUrl, ...LIVE_EPAY })).toThrow(
      /^Invalid configuration:\n {2}PUBLIC_URL: must be set in production: [^\n]*$/,
    );
    expect(loadConfig({ ...PRODUCTION, ...LIVE_EPAY }).publicUrl).toBe('https://kiim.kz');
  });

  it('refuses a DATABASE_URL that is malformed or not PostgreSQL at validation, saying so', () => {
    const problem = (url: string) => {
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (err) {
        return (err as Error).message;
      }
      return null;
    };
    expect(problem('postgres:/broken')).toMatch(
      /^Invalid configuration:\n {2}DATABASE_URL: not a valid PostgreSQL URL \(no host\)/,
    );
    expect(problem('postgres://')).toMatch(/DATABASE_URL: not a valid PostgreSQL URL/);
    expect(problem('mysql://kiim:secret@db:3306/kiim')).toMatch(
      /DATABASE_URL: mysql:\/\/ is not supported: only PostgreSQL/,
    );
    expect(problem('db.internal:5432/kiim')).toMatch(/DATABASE_URL: db\.internal:\/\/ is not supported/);
    expect(problem('kiim database')).toMatch(/DATABASE_URL: not a valid URL/);
    for (const good of [
      'postgres://kiim:secret@127.0.0.1:5432/kiim',
      'postgresql://kiim@db.internal/kiim?sslmode=require',
      'postgres:///kiim?host=/var/run/postgresql',
    ])
      expect(problem(good)).toBeNull();
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});

describe('back-office configuration', () => {
  it('requires two-factor in production only, and the first owner’s e-mail and password together', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).staff).toEqual({
      twoFactorRequired: false,
      firstOwner: undefined,
    });
    expect(loadConfig({ ...PRODUCTION, ...LIVE_EPAY }).staff.twoFactorRequired).toBe(true);
    expect(
      loadConfig({ ADMIN_EMAIL: ' Owner@Kiim.KZ ', ADMIN_PASSWORD: 'long enough password 1' }).staff
        .firstOwner,
    ).toEqual({ email: 'owner@kiim.kz', password: 'long enough password 1' });
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@kiim.kz' })).toThrow(/ADMIN_PASSWORD: set ADMIN_EMAIL and/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'long enough password 1' })).toThrow(
      /ADMIN_EMAIL/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@kiim.kz', ADMIN_PASSWORD: 'onlyletterslong' })).toThrow(
      /ADMIN_PASSWORD: at least 12 characters/,
    );
  });
});

describe('one configuration schema', () => {
  it('lists every bad variable at once, whichever part of the shop it configures', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        SMS_TIMEOUT_MS: '5',
        EPAY_OAUTH_URL: 'not a url',
        ADMIN_PASSWORD: 'short',
      });
    expect(bad).toThrow(
      /^Invalid configuration:\n {2}PORT: .*\n {2}SMS_TIMEOUT_MS: .*\n {2}EPAY_OAUTH_URL: .*\n {2}ADMIN_PASSWORD: .*$/,
    );
  });

  it('lists every broken rule between variables at once', () => {
    const message = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'smsc', EPAY_CLIENT_ID: 'kiim' });
      } catch (err) {
        return (err as Error).message;
      }
      return 'no error';
    })();
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  OTP_SECRET: must be set in production',
      '  PUBLIC_URL: must be set in production: the https:// address shoppers and ePay reach (e.g. https://kiim.kz)',
      '  SMSC_LOGIN: required when SMS_PROVIDER=smsc',
      '  SMSC_PASSWORD: required when SMS_PROVIDER=smsc',
      "  SELLER_COMPANY_NAME: the seller's real legal details must be set in production",
      "  SELLER_BIN: the seller's real legal details must be set in production",
      "  SELLER_LEGAL_ADDRESS: the seller's real legal details must be set in production",
      '  EPAY_OAUTH_URL: required when EPAY_MODE=live',
      '  EPAY_API_URL: required when EPAY_MODE=live',
      '  EPAY_SCRIPT_URL: required when EPAY_MODE=live',
      '  EPAY_CLIENT_SECRET: required when EPAY_MODE=live',
      '  EPAY_TERMINAL_ID: required when EPAY_MODE=live',
    ]);
  });

  it('starts a production shop with every required variable set', () => {
    const c = loadConfig({
      ...PRODUCTION,
      ...LIVE_EPAY,
      DATABASE_URL: 'postgres://kiim@db.internal:5432/kiim',
    });
    expect(c).toMatchObject({
      env: 'production',
      databaseUrl: 'postgres://kiim@db.internal:5432/kiim',
      smsProvider: 'mobizon',
    });
    expect(c.payments.epay.clientId).toBe('kiim');
  });
});

describe('production refusals and derived defaults (issue 11 §10)', () => {
  it('refuses the dev SMS provider in production (it writes codes to the log)', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...LIVE_EPAY, SMS_PROVIDER: 'dev' })).toThrow(
      /SMS_PROVIDER: `dev` writes codes to the log/,
    );
  });

  it('derives PUBLIC_URL from HOST and PORT when it is not set', () => {
    expect(loadConfig({ PORT: '4123' }).publicUrl).toBe('http://localhost:4123');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://kiim.kz/' }).publicUrl).toBe('https://kiim.kz');
    expect(defaultPublicUrl('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('bounds request and shutdown times', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      shutdownTimeoutMs: 10_000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '2000' }).http.headersTimeoutMs).toBe(2000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});

describe('seller details', () => {
  it('are the marked demonstration values when not set', () => {
    expect(loadConfig({}).seller).toEqual({ ...DEMO_SELLER, demo: true });
  });

  it('come from SELLER_* and are no longer marked demo once the legal ones are set', () => {
    const seller = loadConfig({
      ...SELLER,
      SELLER_PHONE: '+7 717 255 00 00',
      SELLER_EMAIL: 'help@kiim.kz',
    }).seller;
    expect(seller).toMatchObject({
      companyName: 'ТОО «Киим Казахстан»',
      bin: '900101300017',
      phone: '+7 717 255 00 00',
      email: 'help@kiim.kz',
      serviceHours: DEMO_SELLER.serviceHours,
      demo: false,
    });
    expect(loadConfig({ SELLER_BIN: '900101300017' }).seller.demo).toBe(true);
  });

  it('refuses a BIN with a wrong check digit, a phone that is not +7 and ten digits, a bad e-mail', () => {
    expect(() => loadConfig({ SELLER_BIN: '900101300018' })).toThrow(
      /SELLER_BIN: 12 digits with a valid check digit/,
    );
    expect(() => loadConfig({ SELLER_PHONE: '8 727 200 00 00' })).toThrow(/SELLER_PHONE/);
    expect(() => loadConfig({ SELLER_PHONE: '+7 727 200 00' })).toThrow(/SELLER_PHONE/);
    expect(() => loadConfig({ SELLER_EMAIL: 'care at kiim' })).toThrow(/SELLER_EMAIL/);
  });
});

describe('.env.example', () => {
  const text = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
  /** The variables it sets (`NAME=value`, quotes removed) and the ones it names in comments (`# NAME=`). */
  const set = Object.fromEntries(
    [...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [
      name!,
      value!.replace(/^"(.*)"$/, '$1'),
    ]),
  );
  const named = new Set([
    ...Object.keys(set),
    ...[...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!),
  ]);

  it('lists every variable of the README configuration table', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
    );
    expect(documented.length).toBeGreaterThan(30);
    expect(documented.filter((name) => !named.has(name))).toEqual([]);
  });

  it('gives the values the shop uses when nothing is set', () => {
    const fromFile = loadConfig(set);
    const defaults = loadConfig({});
    expect({
      ...fromFile,
      sqlitePath: path.resolve(repoRoot, fromFile.sqlitePath),
      mediaDir: path.resolve(repoRoot, fromFile.mediaDir),
    }).toEqual(defaults);
  });
});
