import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Db } from '#app/db/database.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { testDatabaseUrl, underSchemaLock } from './helper.ts';

// The shop as a real OS process (src/server.ts, its real boot and jobs) on a PostgreSQL schema of its own, for the
// tests that must cross process boundaries: database faults (issue 27) and the attacks of issue 29.

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A running shop process: its origin, what it printed, whether it still runs; `stop` kills it and its media. */
export interface ShopProcess {
  origin: string;
  child: ChildProcess;
  output: () => string;
  alive: () => boolean;
  stop: () => void;
}

/**
 * Starts src/server.ts on `schema` of the test PostgreSQL (`applicationName` names its connections) with `env` added,
 * and waits until `/api/health/ready` answers 200 (at most 90 s).
 * @throws when the process exits or is not ready in time, with what it printed.
 */
export async function startShopProcess(
  schema: string,
  opts: { applicationName?: string; env?: Record<string, string> } = {},
): Promise<ShopProcess> {
  const port = await freePort();
  const url = new URL(testDatabaseUrl!);
  if (opts.applicationName) url.searchParams.set('application_name', opts.applicationName);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-process-media-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      ...{ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: url.href },
      ...{ MEDIA_DIR: media, MEDIA_PRERENDER: 'false', AUTO_SEED: 'false', LOG_LEVEL: 'error' },
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (d: Buffer) => (printed += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (printed += d.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const shop: ShopProcess = {
    origin: `http://127.0.0.1:${port}`,
    child,
    output: () => printed,
    alive,
    stop: () => {
      if (alive()) child.kill('SIGKILL');
      fs.rmSync(media, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!alive()) throw new Error(`the shop exited before answering:\n${printed}`);
    try {
      if ((await fetch(`${shop.origin}/api/health/ready`)).ok) return shop;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the shop did not start in 90 s:\n${printed}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A fresh schema `{prefix}_{pid}_{random}` of the test PostgreSQL, migrated, with `fill` run on it under the shared
 * schema lock. @returns its name, a handle on it, and `drop` (closes the handle and drops the schema).
 */
export async function processSchema(
  prefix: string,
  fill: (db: Db) => Promise<unknown> = async () => {},
): Promise<{ schema: string; db: Db; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '' });
  await admin.db.schema.createSchema(schema).execute();
  await admin.db.destroy();
  const db = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '', pgSchema: schema }).db;
  await underSchemaLock('shared', async () => {
    await migrateToLatest(db);
    await fill(db);
  });
  const drop = async () => {
    await db.destroy();
    await underSchemaLock('exclusive', async () => {
      const x = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '' });
      await x.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await x.db.destroy();
    });
  };
  return { schema, db, drop };
}
