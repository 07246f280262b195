import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  /** SMS provider: `dev` logs codes and keeps a development-only outbox. */
  SMS_PROVIDER: z.enum(['dev']).default('dev'),
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
  smsProvider: 'dev';
  otpSecret: string;
  publicUrl: string;
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
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: e.SQLITE_PATH,
    mediaDir: e.MEDIA_DIR,
    autoSeed: e.AUTO_SEED === 'true',
    smsProvider: e.SMS_PROVIDER,
    otpSecret: e.OTP_SECRET,
    publicUrl: e.PUBLIC_URL,
  };
}
