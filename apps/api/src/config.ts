import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadPaymentConfig, type PaymentConfig } from './modules/payment/payment.config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Configuration schema, validated once at boot (conventions: one schema that fails with the list of
 * bad variables). Every URL, secret and provider choice comes from here, never from constants.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL URL; when absent the embedded SQLite file is used (architecture: Data). */
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  SQLITE_PATH: z.string().default(path.join(repoRoot, 'data', 'kiim.db')),
  /** Where generated product images live (masters and resized copies). */
  MEDIA_DIR: z.string().default(path.join(repoRoot, 'data', 'media')),
  /** Seed the demo catalogue on first start of an empty database. */
  AUTO_SEED: z.enum(['true', 'false']).default('true'),
  /**
   * Draw missing picture masters in the background after start (`true`), or only when a picture is first asked
   * for (`false`: a large catalogue, the benchmark). The media route draws a missing master on demand either way.
   */
  MEDIA_PRERENDER: z.enum(['true', 'false']).default('true'),
  /**
   * SMS provider: `dev` logs codes and keeps a development-only outbox; `mobizon` and `smsc` are the
   * Kazakh gateways (design/payments-sms.md), configured by the variables below.
   */
  SMS_PROVIDER: z.enum(['dev', 'mobizon', 'smsc']).default('dev'),
  MOBIZON_API_URL: z.string().url().default('https://api.mobizon.kz'),
  MOBIZON_API_KEY: z.string().optional(),
  /** Registered sender name; empty means the gateway's default. */
  MOBIZON_SENDER: z.string().optional(),
  SMSC_API_URL: z.string().url().default('https://smsc.kz'),
  SMSC_LOGIN: z.string().optional(),
  SMSC_PASSWORD: z.string().optional(),
  SMSC_SENDER: z.string().optional(),
  /** How long to wait for the SMS gateway, milliseconds. */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** SMS sends allowed from one client address per hour (SMS-pumping guard, docs/security.md). */
  SMS_ADDRESS_HOURLY_LIMIT: z.coerce.number().int().min(1).default(20),
  /** SMS sends allowed in all per rolling 24 hours; past it sending stops (docs/security.md). */
  SMS_DAILY_LIMIT: z.coerce.number().int().min(1).default(2000),
  /**
   * Which proxies may set X-Forwarded-For (Fastify trustProxy): `loopback` (default: a proxy on this host and
   * the storefront's in-process calls), `true`, `false`, or comma-separated addresses/CIDRs.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /** Secret mixed into one-time code hashes. Must be set in production. */
  OTP_SECRET: z.string().min(16).default('development-only-otp-secret'),
  /** Public origin of the shop, used in absolute links. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  mediaDir: string;
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
  otpSecret: string;
  publicUrl: string;
  /** Card payments (Halyk ePay), the payment window and the back-office (payment.config.ts). */
  payments: PaymentConfig;
};

/**
 * Reads and validates configuration from environment variables.
 * @throws Error listing every invalid variable; in production also when OTP_SECRET is left default.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.OTP_SECRET === 'development-only-otp-secret') {
    throw new Error('Invalid configuration:\n  OTP_SECRET: must be set in production');
  }
  const missing = [
    ...(e.SMS_PROVIDER === 'mobizon' && !e.MOBIZON_API_KEY ? ['MOBIZON_API_KEY'] : []),
    ...(e.SMS_PROVIDER === 'smsc' && !e.SMSC_LOGIN ? ['SMSC_LOGIN'] : []),
    ...(e.SMS_PROVIDER === 'smsc' && !e.SMSC_PASSWORD ? ['SMSC_PASSWORD'] : []),
  ];
  if (missing.length) {
    throw new Error(`Invalid configuration:\n${missing.map((m) => `  ${m}: required when SMS_PROVIDER=${e.SMS_PROVIDER}`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: e.SQLITE_PATH,
    mediaDir: e.MEDIA_DIR,
    autoSeed: e.AUTO_SEED === 'true',
    mediaPrerender: e.MEDIA_PRERENDER === 'true',
    smsProvider: e.SMS_PROVIDER,
    sms: {
      mobizon: { apiUrl: e.MOBIZON_API_URL, apiKey: e.MOBIZON_API_KEY ?? '', sender: e.MOBIZON_SENDER || undefined },
      smsc: { apiUrl: e.SMSC_API_URL, login: e.SMSC_LOGIN ?? '', password: e.SMSC_PASSWORD ?? '', sender: e.SMSC_SENDER || undefined },
      timeoutMs: e.SMS_TIMEOUT_MS,
      addressHourlyLimit: e.SMS_ADDRESS_HOURLY_LIMIT,
      dailyLimit: e.SMS_DAILY_LIMIT,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    otpSecret: e.OTP_SECRET,
    publicUrl: e.PUBLIC_URL,
    payments: loadPaymentConfig(env),
  };
}

/** `TRUST_PROXY` → Fastify's `trustProxy`: `true`/`false`, or a list of addresses, CIDRs and keywords. */
function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}
