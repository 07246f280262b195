import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Where browser tests save their screenshots (test artefacts). */
export const screenshotDir = path.join(repoRoot, 'test-results', 'e2e');

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningShop {
  url: string;
  dataDir: string;
  /** The shop's process (raw-socket and shutdown tests watch it). */
  process: ChildProcess;
  /** What the shop printed on stdout so far (its JSON log lines), when started with `captureOutput`. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built shop (apps/web/server.ts) as a child process on a free port, with a fresh SQLite file
 * and media folder in a temporary directory, and waits until the home page answers.
 * @throws when the shop does not answer within 150 s.
 */
export async function startShop(
  env: Record<string, string> = {},
  opts: { postgres?: PostgresDatabase; captureOutput?: boolean } = {},
): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-e2e-'));
  // The browser journeys run on the embedded SQLite database unless given a PostgreSQL database of their own.
  const { DATABASE_URL: _pg, ...parentEnv } = process.env;
  const database = opts.postgres ? { DATABASE_URL: opts.postgres.url } : {};
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/web/server.ts'], {
    cwd: repoRoot,
    env: {
      ...parentEnv,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: path.join(dataDir, 'kiim.db'),
      MEDIA_DIR: path.join(dataDir, 'media'),
      LOG_LEVEL: 'warn',
      // Absolute links the shop hands out (ePay's backLink/postLink) point at this test server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...database,
      ...env,
    },
    stdio: ['ignore', opts.captureOutput ? 'pipe' : 'inherit', 'inherit'],
  });
  let printed = '';
  child.stdout?.on('data', (d: Buffer) => (printed += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url + '/');
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the shop did not start in 150 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => printed,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await opts.postgres?.drop();
    },
  };
}

/** A PostgreSQL database made for one browser journey: its URL, and `drop` to remove it. */
export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Makes an empty PostgreSQL database for one journey on the server of `E2E_POSTGRES_URL` (default: the local
 * server, postgres@127.0.0.1:5432, as CI has it). @returns undefined when no server answers there, so the journey
 * runs on SQLite instead (a newcomer's machine without PostgreSQL).
 */
export async function newPostgresDatabase(): Promise<PostgresDatabase | undefined> {
  const server = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const name = `kiim_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export { launchBrowser } from './chromium.ts';

/** Saves a full-page screenshot as test-results/e2e/<name>.png and returns its path. */
export async function snap(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Polls a read of the page until the assertion holds (up to 15 s): after a click, a navigation or an action the
 * page settles a moment later, all the more on a busy machine. Not a timing assertion: it fails only if the value
 * never comes.
 */
export const eventually = <T>(read: () => Promise<T> | T) =>
  expect.poll(read, { timeout: 15_000, interval: 100 });

/** The code of the newest SMS to `mobile` in the shop's development outbox. */
export async function smsCode(shop: RunningShop, mobile: string): Promise<string> {
  const outbox = (await (await fetch(`${shop.url}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as {
    data: { text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(outbox.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no SMS for ${mobile}`);
  return code;
}

/** An email of the shop's development outbox (`GET /api/dev/email-outbox`, issue 13). */
export interface SentEmail {
  id: string;
  to: string;
  event: string;
  language: 'ru' | 'kk';
  subject: string;
  text: string;
  html: string;
}

/**
 * Waits (up to 15 s: the notification worker sends after the order's commit) for the email of `event` to `email` in
 * the shop's development outbox, then screenshots it as a mail client shows it, at 1280 and 390 px wide
 * (`<name>-1280.png`, `<name>-390.png`). @returns the email for the caller's checks.
 */
export async function snapEmail(
  browser: Browser,
  shop: RunningShop,
  email: string,
  event: string,
  name: string,
): Promise<SentEmail> {
  const find = async () => {
    const res = await fetch(`${shop.url}/api/dev/email-outbox?email=${encodeURIComponent(email)}`);
    return ((await res.json()) as { data: SentEmail[] }).data.find((m) => m.event === event);
  };
  await eventually(async () => (await find())?.id).toBeTruthy();
  const message = (await find())!;
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${shop.url}/api/dev/email-outbox/${message.id}`);
    await snap(page, `${name}-${width}`);
    await context.close();
  }
  return message;
}

/** A fresh browser context and page for one test, collecting the page's script errors. */
export async function newShopper(
  browser: Browser,
  opts: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    locale: 'ru-RU',
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    context,
    page,
    errors,
    /** Checks the page had no script error and closes the context. */
    async done() {
      expect(errors).toEqual([]);
      await context.close();
    },
  };
}

/**
 * Waits until React has hydrated the whole page (`<html data-hydrated>`, app/lib/hydration.ts): its event handlers
 * are attached, lazily loaded parts (an open sign-in dialog) included. Polls on a timer: after a cross-origin
 * navigation (back from the payment page) animation-frame polling may not run.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, undefined, {
    polling: 200,
    timeout: 20_000,
  });
}

/**
 * Clicks `target` once it has stopped moving: scrolled into view, its box unchanged over four reads 50 ms apart.
 * A jump to the foot of a long list lays out the cards it passes (`content-visibility: auto`, styles/reviews.css)
 * two or three frames later, each at its real height instead of the estimate: the pagination moved ~40 px after
 * playwright's own two-frame check, and its click landed on a card or between cards (catalogue.e2e.ts, 3 runs of 7
 * under load).
 */
export async function clickSettled(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  let last = '';
  for (let same = 0; same < 4;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const box = JSON.stringify(await target.boundingBox());
    same = box === last ? same + 1 : 0;
    last = box;
  }
  await target.click();
}
