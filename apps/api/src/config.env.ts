import path from 'node:path';
import { KASPI_ENV } from './config.kaspi.ts';
import { KASPI_SHOP_ENV } from './config.kaspi-shop.ts';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isValidBin } from './lib/bin.ts';
import { fiscalEnv } from './config.fiscal.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The environment variables of the API and their schema (split from config.ts, issue 27); config.ts turns them into
// the Config the app uses.

/**
 * Configuration schema, validated once at boot (conventions: one schema that fails with the list of
 * bad variables). Every URL, secret and provider choice comes from here, never from constants.
 */
const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(blankIsUnset, z.string().url().optional());
const optionalText = z.preprocess(blankIsUnset, z.string().optional());

/** Every environment variable the shop reads, with its default and bounds (the one schema, validated at boot). */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Longest time to receive one whole request (headers and body), milliseconds; a slower client is answered 408 and
   * disconnected (issue 11 §4). Headers alone get at most 10 s of it.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Longest wait for in-flight requests at SIGTERM/SIGINT before the process exits anyway, milliseconds. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * What this process does (issue 31 §1; docs/decisions/041): `web` serves pages and the API and runs no background
   * job; `worker` runs every background job and answers only its health endpoints; `all` (default) both, so one
   * process is the whole shop (`npm start` on SQLite). Several `web` and `worker` processes need PostgreSQL.
   */
  KIIM_ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * PostgreSQL URL (`postgres://` or `postgresql://` with a host); when absent the embedded SQLite file is used
   * (architecture: Data). Another database (`mysql://…`) or a malformed URL is refused here, not reported later as a
   * refused password.
   */
  DATABASE_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .superRefine((v, ctx) => {
        const problem = databaseUrlProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  /**
   * Most connections of the PostgreSQL pool (ignored for SQLite). Issue 14: 20 customers ordering at once waited
   * for one of 10 connections (decision 018, amendment «checkout path»); PostgreSQL's own limit, `max_connections`
   * (100 by default), must cover every process's pool.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Longest wait for a PostgreSQL connection (opening one, or one of the pool's coming free), milliseconds; past it
   * the request is answered 503 instead of hanging (issue 27).
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  SQLITE_PATH: z.string().default(path.join(repoRoot, 'data', 'kiim.db')),
  /** How long a SQLite write waits for another connection's lock, milliseconds; then 503 (issue 27). */
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Where generated product images live (masters and resized copies). */
  MEDIA_DIR: z.string().default(path.join(repoRoot, 'data', 'media')),
  /**
   * Where the files 1C uploads wait for their import (one folder per exchange session; docs/decisions/034). Every
   * instance must see the same folder (shared storage, as MEDIA_DIR). Default: `exchange-1c` beside MEDIA_DIR.
   */
  EXCHANGE_DIR: z.preprocess(blankIsUnset, z.string().max(1000).optional()),
  /**
   * Seed the demo catalogue on first start of an empty database. Default: `true`, but `false` with
   * `NODE_ENV=production` (a real shop never gets the demo catalogue unless it asks for it).
   */
  AUTO_SEED: z.preprocess(blankIsUnset, z.enum(['true', 'false']).optional()),
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
  /**
   * Expensive catalogue reads (search and lists, products by ids, all slugs) one client address may make per minute
   * (issue 11 §6); loopback (tools on the shop's host) is not limited.
   */
  READ_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(240),
  /** SMS sends allowed in all per rolling 24 hours; past it sending stops (docs/security.md). */
  SMS_DAILY_LIMIT: z.coerce.number().int().min(1).default(2000),
  /**
   * Which proxies may set X-Forwarded-For (Fastify trustProxy): `loopback` (default: a proxy on this host and
   * the storefront's in-process calls), `true`, `false`, or comma-separated addresses/CIDRs.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * How long a reverse proxy or CDN may keep an anonymous catalogue page (home, categories, products, brands,
   * information pages), seconds (`s-maxage`, docs/decisions/042); 0 makes every page `private, no-store`.
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * How much longer, seconds, the proxy may answer with such a page while it fetches a fresh one
   * (`stale-while-revalidate`): a change reaches every shopper at most PAGE_CACHE_SECONDS + this later.
   */
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(3600).default(0),
  /**
   * Bearer token that opens `GET /metrics` (Prometheus format, docs/decisions/042); unset, `/metrics` answers 404.
   * At least 16 characters.
   */
  METRICS_TOKEN: z.preprocess(blankIsUnset, z.string().min(16).max(256).optional()),
  /** Secret mixed into one-time code hashes. Must be set in production. */
  OTP_SECRET: z.string().min(16).default('development-only-otp-secret'),
  /**
   * Public origin of the shop, used in absolute links (ePay's return and callback URLs, e-mails). Default: the
   * address the server listens on, `http://localhost:PORT` (HOST `0.0.0.0`/`::`) or `http://HOST:PORT`; required
   * with `NODE_ENV=production` (behind a proxy the listening address is not the one shoppers and ePay reach).
   */
  PUBLIC_URL: optionalUrl,
  /** Card online through Halyk ePay (payments-sms.md §1): `simulator` (default outside production) or `live`. */
  EPAY_MODE: z.preprocess(blankIsUnset, z.enum(['simulator', 'live']).optional()),
  EPAY_OAUTH_URL: optionalUrl,
  EPAY_API_URL: optionalUrl,
  EPAY_SCRIPT_URL: optionalUrl,
  EPAY_CLIENT_ID: optionalText,
  EPAY_CLIENT_SECRET: optionalText,
  EPAY_TERMINAL_ID: optionalText,
  EPAY_SCOPE: z.string().min(1).default('payment'),
  EPAY_API_SCOPE: z
    .string()
    .min(1)
    .default('webapi usermanagement email_send verification statement statistics payment'),
  EPAY_TWO_STAGE: z.enum(['true', 'false']).default('false'),
  EPAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  EPAY_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  EPAY_SIMULATOR_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  EPAY_SIMULATOR_CALLBACK_COPIES: z.coerce.number().int().min(1).max(100).default(1),
  EPAY_SIMULATOR_CALLBACK_LOSS: z.coerce.number().min(0).max(1).default(0),
  /**
   * Carrier delivery through CDEK (issue 34, docs/shipping.md): `off` (default in production and tests),
   * `simulator` (default in development: the local tools/cdek-simulator at CDEK_API_URL, started in-process when
   * unset), `test` (CDEK's public test host and account), `live`.
   */
  CDEK_MODE: z.preprocess(blankIsUnset, z.enum(['off', 'simulator', 'test', 'live']).optional()),
  CDEK_API_URL: optionalUrl,
  CDEK_CLIENT_ID: optionalText,
  CDEK_CLIENT_SECRET: optionalText,
  CDEK_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(5000),
  CDEK_QUOTE_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  /** Seconds between passes of the shipment job (register, re-read, move orders); tests set 1. */
  CDEK_JOB_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  ...KASPI_ENV,
  ...KASPI_SHOP_ENV,
  ORDER_PAYMENT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(30),
  PAYMENT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Order emails (issue 13): the SMTP server as `smtp://user:password@host:587` or `smtps://…:465`. Unset, the
   * emails are rendered and kept in the development email outbox — in production no email is written then
   * (a warning at start), SMS still go out.
   */
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'smtp:// or smtps:// URL' })
      .optional(),
  ),
  /** The sender of order emails: `Kiim <orders@kiim.kz>` or an address. */
  MAIL_FROM: z.string().trim().min(3).default('Kiim <no-reply@kiim.kz>'),
  /** How often the notification worker looks for due SMS and emails, seconds. */
  NOTIFICATION_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * How long a notification's claim or send holds its row, seconds: a process killed mid-send leaves its claimed
   * rows to another worker this much later (docs/decisions/023).
   */
  NOTIFICATION_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** The first owner of the back office, made at start when no staff account exists (issue 15). */
  ADMIN_EMAIL: z.preprocess(blankIsUnset, z.string().trim().toLowerCase().pipe(z.email()).optional()),
  ADMIN_PASSWORD: z.preprocess(
    blankIsUnset,
    z
      .string()
      .max(128)
      .refine((v) => v.length >= 12 && /\p{L}/u.test(v) && /\p{Nd}/u.test(v), {
        message: 'at least 12 characters with a letter and a digit',
      })
      .optional(),
  ),
  /** The seller's legal details, shown in the footer and the public offer (Kazakh consumer law requires them). */
  SELLER_COMPANY_NAME: z.preprocess(blankIsUnset, z.string().max(200).optional()),
  SELLER_BIN: z.preprocess(
    blankIsUnset,
    z.string().refine(isValidBin, { message: '12 digits with a valid check digit (БИН)' }).optional(),
  ),
  SELLER_LEGAL_ADDRESS: z.preprocess(blankIsUnset, z.string().max(300).optional()),
  /** Customer service phone, international format (`+7 727 200 00 00`). */
  SELLER_PHONE: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^\+7[\d ()-]{10,16}$/, { message: '+7 and 10 digits, e.g. +7 727 200 00 00' })
      .refine((v) => v.replace(/\D/g, '').length === 11, { message: '+7 and 10 digits' })
      .optional(),
  ),
  SELLER_EMAIL: z.preprocess(blankIsUnset, z.string().email().optional()),
  /** Customer service hours as a phrase shown after the phone (`ежедневно с 9:00 до 21:00`). */
  SELLER_SERVICE_HOURS: z.preprocess(blankIsUnset, z.string().max(120).optional()),
  /** Fiscal receipts through an online cash register (issue 32): config.fiscal.ts. */
  ...fiscalEnv,
});
/** The validated environment. */
export type Env = z.infer<typeof EnvSchema>;

/** Why `url` is no DATABASE_URL the shop can use (only PostgreSQL is supported), or null when it is one. */
function databaseUrlProblem(url: string): string | null {
  const example = 'postgres://user:password@host:5432/database';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'postgres' && scheme !== 'postgresql')
    return `${scheme}:// is not supported: only PostgreSQL (${example}), or leave it unset for the embedded SQLite file`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `not a valid URL: write it as ${example}`;
  }
  // A Unix socket names its folder as `?host=` (`postgres:///kiim?host=/var/run/postgresql`).
  const host = parsed.hostname || parsed.searchParams.get('host');
  if (!scheme || !url.slice(scheme.length + 1).startsWith('//') || !host)
    return `not a valid PostgreSQL URL (no host): write it as ${example}`;
  return null;
}
