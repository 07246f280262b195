// The demo catalogue for `npm run bench`, seeded once per seed version and copied afresh into every run (issue 14:
// the bench in ten minutes). Seeding it took each demo shop 14–50 s of the setup; a copy takes well under a second.
// - SQLite: a master file (`data/bench/kiim-demo-seed.db`), seeded by the shop's own code (its migrations, then
//   `seedDemo` — what a shop starting on an empty database runs) and checkpointed; each run copies it to the demo
//   shop's file. Its marker is a JSON file beside it, written last.
// - PostgreSQL: a master database (BENCH_PG_URL's name with `_demo_seed`), seeded the same way, then `vacuum analyze`
//   (the statistics autovacuum would gather in the run's first minute, taken before the copy instead); each run drops
//   BENCH_PG_URL's database and creates it `template` the master (no connection to the master may be open while it
//   is copied). Its marker is a comment on the master database, written last.
// The marker names the seed version — a hash of the API's sources (the seed, the migrations and everything they
// call) and the lock file — and the migrations; a master of another version, or one whose seeding was interrupted
// (no marker), is seeded again. The checkout orders from the demo shops, so they run on the copy, never the master.
// Run alone (`node --import tsx bench/demo-seed.ts sqlite <file>` or `… postgres <url>`), it seeds that empty
// database: run.ts seeds the two masters in processes of their own, side by side.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { migrations } from '../apps/api/src/db/migrations/index.ts';
import { seedDemo } from '../apps/api/src/seed/seed.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Version of this preparation: a master made by another version is seeded again. */
const PREP_VERSION = 1;

/**
 * The hash of every non-test source under apps/api/src (the seed, the migrations, the search index and texts they
 * call) and of package-lock.json, by content (a checkout's new modification times do not change it).
 * @returns 16 hex digits.
 */
function seedSourcesHash(): string {
  const hash = createHash('sha256');
  const visit = (rel: string) => {
    const full = path.join(root, rel);
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) visit(path.join(rel, name));
    } else if (!/\.test\.tsx?$/.test(rel)) {
      hash.update(`${rel}\0`);
      hash.update(fs.readFileSync(full));
    }
  };
  visit('apps/api/src');
  visit('package-lock.json');
  return hash.digest('hex').slice(0, 16);
}

/**
 * What a master's marker must say for it to be reused: the seed version (the sources' hash), the migrations and this
 * preparation's version. @returns the marker as a JSON string.
 */
export function demoSeedMarker(): string {
  const names = Object.keys(migrations).sort();
  return JSON.stringify({
    bench: 'demo',
    seed: seedSourcesHash(),
    migrations: names.length,
    newestMigration: names.at(-1) ?? '',
    prep: PREP_VERSION,
  });
}

/** What preparing a demo database did: whether the master was reused, and the seconds of the seed and of the copy. */
export interface DemoCopy {
  reused: boolean;
  seedSeconds: number;
  copySeconds: number;
}

const since = (t0: number) => Math.round((Date.now() - t0) / 100) / 10;

/**
 * Seeds the empty database `target` (a SQLite file or a PostgreSQL URL, by `engine`) with the demo catalogue in a
 * process of its own (this file run alone), so the two masters are seeded side by side on two cores.
 * @throws when the seeding process fails (its stderr in the message).
 */
async function seedInChild(engine: 'sqlite' | 'postgres', target: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/demo-seed.ts', engine, target], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
}

/** Removes a SQLite file with its WAL and shared-memory files (none there: nothing done). */
function removeSqlite(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}

/**
 * Makes `runFile` a fresh copy of the seeded demo catalogue on SQLite: copies the master `masterFile` when its marker
 * (`<masterFile>.json`) matches {@link demoSeedMarker}, else first seeds the master afresh (and empties `mediaDir`,
 * the demo shops' pictures, drawn on demand from the catalogue's rows). `runFile`'s WAL and shared-memory files are
 * removed. @returns whether the master was reused, and the seconds of the seed (0 when reused) and of the copy.
 * @throws when seeding or copying fails (no marker is then written).
 */
export async function freshDemoSqlite(
  masterFile: string,
  runFile: string,
  mediaDir: string,
): Promise<DemoCopy> {
  const want = demoSeedMarker();
  const markerFile = `${masterFile}.json`;
  const have = fs.existsSync(markerFile) ? fs.readFileSync(markerFile, 'utf8') : null;
  const reused = have === want && fs.existsSync(masterFile);
  let seedSeconds = 0;
  if (!reused) {
    const t0 = Date.now();
    fs.rmSync(markerFile, { force: true });
    removeSqlite(masterFile);
    fs.rmSync(mediaDir, { recursive: true, force: true });
    await seedInChild('sqlite', masterFile);
    fs.writeFileSync(markerFile, want);
    seedSeconds = since(t0);
  }
  const t0 = Date.now();
  removeSqlite(runFile);
  fs.copyFileSync(masterFile, runFile);
  return { reused, seedSeconds, copySeconds: since(t0) };
}

/** The database name of a PostgreSQL URL. @throws when it is not a plain identifier. */
function nameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`the database name «${name}» is not a plain name`);
  return name;
}

/** The URL of the same server's `postgres` database. */
function serverUrl(url: string): string {
  const server = new URL(url);
  server.pathname = '/postgres';
  return server.href;
}

/**
 * Runs `fn` on a client of the server's `postgres` database (for creating, dropping and marking databases).
 * @returns what `fn` returns. @throws what connecting or `fn` throws.
 */
async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes `runUrl`'s database (dropped with its connections first) a fresh copy of the seeded demo catalogue on
 * PostgreSQL: `create database … template` the master `masterUrl` when its marker (a comment on the database)
 * matches {@link demoSeedMarker}, else first seeds the master afresh (dropped, created, migrated, seeded, `vacuum
 * analyze`, then marked). Both names must be plain identifiers.
 * @returns whether the master was reused, and the seconds of the seed (0 when reused) and of the copy.
 * @throws when PostgreSQL cannot be reached or a statement fails (the master is then left unmarked).
 */
export async function freshDemoPostgres(masterUrl: string, runUrl: string): Promise<DemoCopy> {
  const master = nameOf(masterUrl);
  const run = nameOf(runUrl);
  const want = demoSeedMarker();
  const reused = await onServer(masterUrl, async (server) => {
    const { rows } = await server.query<{ marker: string | null }>(
      `select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1`,
      [master],
    );
    if (rows[0]?.marker === want) return true;
    await server.query(`drop database if exists ${master} with (force)`);
    await server.query(`create database ${master}`);
    return false;
  });
  let seedSeconds = 0;
  if (!reused) {
    const t0 = Date.now();
    await seedInChild('postgres', masterUrl);
    const client = new pg.Client({ connectionString: masterUrl });
    await client.connect();
    try {
      // The statistics (and visibility map) autovacuum would make of the fresh rows during the run's first minute,
      // made once here: the copies carry them, and no autovacuum of the seed runs beside a measurement.
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
    // The marker last: an interrupted seed is never reused.
    await onServer(masterUrl, (server) =>
      server.query(`comment on database ${master} is ${server.escapeLiteral(want)}`),
    );
    seedSeconds = since(t0);
  }
  const t0 = Date.now();
  await onServer(runUrl, async (server) => {
    await server.query(`drop database if exists ${run} with (force)`);
    // A template must have no connections while it is copied: only the bench connects to the master, and it has
    // closed them; a leftover of an interrupted run is ended here.
    await server.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [master],
    );
    await server.query(`create database ${run} template ${master}`);
  });
  return { reused, seedSeconds, copySeconds: since(t0) };
}

/**
 * Seeds the empty database `target` as a shop starting on it would: the shop's migrations, then the demo catalogue
 * (`seedDemo`, data only: the pictures are drawn on demand). A SQLite file is checkpointed and closed, so that the
 * main file alone is the whole database. @throws when migrating or seeding fails.
 */
async function seedTarget(engine: string, target: string): Promise<void> {
  const { db } = createDatabase(
    engine === 'postgres' ? { databaseUrl: target, sqlitePath: '' } : { sqlitePath: target },
  );
  try {
    await migrateToLatest(db);
    await seedDemo(db, { mediaDir: null });
    if (engine !== 'postgres') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [engine, target] = process.argv.slice(2);
  if ((engine !== 'sqlite' && engine !== 'postgres') || !target)
    throw new Error('usage: demo-seed.ts sqlite <file> | postgres <url>');
  await seedTarget(engine, target);
}
