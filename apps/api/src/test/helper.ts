import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '#app/config.ts';
import { buildApp, type App, type BuildAppOptions } from '#app/app.ts';
import { createDatabase, type Db, type Dialect } from '#app/db/database.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { demoMasterImages, seedDemo } from '#app/seed/seed.ts';
import type { Clock } from '#app/lib/clock.ts';
import type { PaymentProvider } from '#app/modules/payment/payment.provider.ts';
import type { MasterImageSource } from '#app/modules/media/media.masters.ts';
import { templatePath } from './template.ts';

/** The database the API tests run on: PostgreSQL when `DATABASE_URL` is set, SQLite otherwise. */
export const testDatabaseUrl = process.env.DATABASE_URL || undefined;

/** Advisory lock of the test run's schemas: migrations hold it shared, dropping a schema holds it alone. */
const SCHEMA_LOCK_KEY = 4_242_015;

/**
 * Runs `work` under the schema lock (PostgreSQL). Kysely's migrator reads the catalogue of every schema of the
 * database (`has_schema_privilege` per schema name), so another test file dropping its schema at that moment makes
 * it fail with "schema … does not exist"; migrations of different files still run side by side.
 */
export async function underSchemaLock<T>(mode: 'shared' | 'exclusive', work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(
      mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)',
      [SCHEMA_LOCK_KEY],
    );
    return await work();
  } finally {
    await client.end();
  }
}

export interface TestContext {
  app: App;
  db: Db;
  dialect: Dialect;
  config: Config;
  /** The test's PostgreSQL schema (for shop processes started on it, server-process.ts); undefined on SQLite. */
  schema: string | undefined;
  /**
   * Another instance of the shop on this test's database, with its own connections (issue 11 §12: several
   * instances behind a load balancer); closed by the caller, before {@link TestContext.close}.
   */
  anotherInstance(env?: Record<string, string>): Promise<{ app: App; db: Db; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * A fresh shop for one test file: migrated and seeded with the demo catalogue (no images).
 * SQLite: a copy of the template file made once per run; PostgreSQL: a schema of its own, dropped on close.
 */
export async function createTestApp(
  opts: {
    clock?: Clock;
    seed?: boolean;
    /** Extra environment variables for the app's configuration (e.g. EPAY_* of a started simulator). */
    env?: Record<string, string>;
    /** Card-payment provider instead of the one made from configuration. */
    payments?: PaymentProvider;
    /** Source of picture masters missing from the media folder (default: the demo catalogue's drawings). */
    masterImages?: (db: Db) => MasterImageSource;
    /** Fastify's logger (default none: tests are quiet). */
    logger?: BuildAppOptions['logger'];
    /** How much the cached-answer lane keeps (default the shop's). */
    laneLimits?: BuildAppOptions['laneLimits'];
    /** Adds to the app before it is ready (routes of a test). */
    beforeReady?: (app: App) => void | Promise<void>;
    /** The app closes the test's database as its last step, as a server's app does (default: the test closes it). */
    appClosesDb?: boolean;
  } = {},
): Promise<TestContext> {
  const id = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTO_SEED: 'false',
    // Kaspi Pay (payment 4) only in the tests that start its simulator (test/kaspi.fixtures.ts).
    KASPI_PAY_MODE: 'off',
    ...opts.env,
  });
  let database: { db: Db; dialect: Dialect };
  let openDatabase: () => { db: Db; dialect: Dialect };
  let cleanup = async () => {};
  if (testDatabaseUrl) {
    const admin = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '' });
    await admin.db.schema.createSchema(id).execute();
    await admin.db.destroy();
    openDatabase = () => createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '', pgSchema: id });
    database = openDatabase();
    const pgDb = database.db;
    await underSchemaLock('shared', async () => {
      await migrateToLatest(pgDb);
      if (opts.seed !== false) await seedDemo(pgDb, { mediaDir: null });
    });
    cleanup = () =>
      underSchemaLock('exclusive', async () => {
        const a = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '' });
        await a.db.schema.dropSchema(id).ifExists().cascade().execute();
        await a.db.destroy();
      });
  } else {
    const file = path.join(os.tmpdir(), `kiim-${id}.db`);
    if (opts.seed !== false) fs.copyFileSync(templatePath(), file);
    openDatabase = () =>
      createDatabase({ sqlitePath: file, sqliteBusyTimeoutMs: config.sqliteBusyTimeoutMs });
    database = openDatabase();
    await migrateToLatest(database.db);
    cleanup = async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    };
  }
  // Migrated above: the app does not read the catalogue again.
  const appOn = async (db: { db: Db; dialect: Dialect }, env: Record<string, string> = {}) => {
    const app = await buildApp({
      config: {
        ...(Object.keys(env).length
          ? loadConfig({
              ...process.env,
              NODE_ENV: 'test',
              LOG_LEVEL: 'silent',
              AUTO_SEED: 'false',
              ...opts.env,
              ...env,
            })
          : config),
        mediaDir: path.join(os.tmpdir(), `kiim-media-${id}`),
        // The 1C exchange's folders of this test's shop alone (a sweep never touches another test's).
        exchangeDir: path.join(os.tmpdir(), `kiim-exchange-${id}`),
      },
      db,
      clock: opts.clock,
      payments: opts.payments,
      masterImages: opts.masterImages ?? demoMasterImages,
      logger: opts.logger ?? false,
      laneLimits: opts.laneLimits,
      migrate: false,
      closeDb: opts.appClosesDb,
    });
    await opts.beforeReady?.(app);
    await app.ready();
    return app;
  };
  const app = await appOn(database);
  return {
    app,
    db: database.db,
    dialect: database.dialect,
    config,
    schema: testDatabaseUrl ? id : undefined,
    async anotherInstance(env) {
      const other = openDatabase();
      const otherApp = await appOn(other, env);
      return {
        app: otherApp,
        db: other.db,
        async close() {
          await otherApp.close();
          await other.db.destroy();
        },
      };
    },
    async close() {
      await app.close();
      await database.db.destroy();
      await cleanup();
      fs.rmSync(path.join(os.tmpdir(), `kiim-exchange-${id}`), { recursive: true, force: true });
    },
  };
}
