// The large catalogue on PostgreSQL for `npm run bench` (issue 14, goal 2: the uncached reads «on SQLite and
// PostgreSQL»). The generator (apps/api/src/seed/seed.large.ts) writes SQLite; this copies its catalogue tables into
// a PostgreSQL database of the bench's own, migrated by the shop's own migrations, in a few large statements: each
// batch of rows goes as ONE JSON parameter to `insert … select * from json_populate_recordset(null::table, $1)`, so
// PostgreSQL parses and types the rows itself (the columns are the same on both databases, decision 001). The
// catalogue triggers are off while copying (`session_replication_role = replica`): the derived tables the triggers
// keep on SQLite (`product_stock`, the search terms) are copied as they are, and the version log stays empty.
//
// The database is reused while its marker — a comment on the database, written last — names the same generator
// version, SKU count, newest migration and copier version: the bench only reads it (no checkout runs on it), so a
// reused copy is the same catalogue. Anything else (no database, no marker, an interrupted copy) copies afresh.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { migrations } from '../apps/api/src/db/migrations/index.ts';

/** Version of this copier: a database copied by another version is copied again. */
const COPIER_VERSION = 1;

/**
 * The catalogue tables the generator fills (and those its triggers and search index derive), parents first. The
 * rest (orders, carts, customers of earlier checkouts on the SQLite file) stays out: the copy is read, not ordered
 * from.
 */
export const CATALOGUE_TABLES = [
  'city',
  'pickup_point',
  'brand',
  'category',
  'banner',
  'catalogue_text',
  'product',
  'product_image',
  'sku',
  'stock',
  'product_stock',
  'product_search_term',
] as const;

/** Rows per statement: one JSON parameter of ≈ 2–5 MB. */
const BATCH = 20_000;

export interface LargePostgres {
  /** true: the database was already a copy of this version, nothing was written. */
  reused: boolean;
  /** Seconds taken (the check alone when reused). */
  seconds: number;
  /** Rows copied per table (empty when reused). */
  rows: Record<string, number>;
  /** Seconds of each step: the migrations, each table, the statistics (empty when reused). */
  steps: Record<string, number>;
}

/** What the marker must say for a copy to be reused. */
function markerOf(catalogue: { version: number; skus: number }): string {
  const names = Object.keys(migrations).sort();
  return JSON.stringify({
    bench: 'large',
    ...catalogue,
    migrations: names.length,
    newestMigration: names.at(-1) ?? '',
    copier: COPIER_VERSION,
  });
}

/** The URL of the same server's `postgres` database (for dropping and creating `url`'s database). */
function serverUrl(url: string): string {
  const server = new URL(url);
  server.pathname = '/postgres';
  return server.href;
}

/**
 * Makes `url`'s database a copy of the large catalogue in the SQLite file `sqliteFile` (made by the generator of
 * `catalogue.version`, `catalogue.skus` SKUs), unless it already is one (its marker). The database name must be
 * a plain identifier; it is dropped (with its connections) and created when copied.
 * @returns whether it was reused, the seconds and the rows copied per table.
 * @throws when PostgreSQL cannot be reached or a statement fails (the marker is then not written).
 */
export async function ensureLargePostgres(
  url: string,
  sqliteFile: string,
  catalogue: { version: number; skus: number },
): Promise<LargePostgres> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`the database name «${name}» is not a plain name`);
  const want = markerOf(catalogue);
  const server = new pg.Client({ connectionString: serverUrl(url) });
  await server.connect();
  try {
    const { rows } = await server.query<{ marker: string | null }>(
      `select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1`,
      [name],
    );
    if (rows[0]?.marker === want) return { reused: true, seconds: seconds(), rows: {}, steps: {} };
    await server.query(`drop database if exists ${name} with (force)`);
    await server.query(`create database ${name}`);
  } finally {
    await server.end();
  }
  // The shop's own migrations: the same schema, triggers and seed rows (counters) the shop would make.
  const steps: Record<string, number> = {};
  let last = Date.now();
  const step = (what: string) => {
    steps[what] = Math.round((Date.now() - last) / 100) / 10;
    last = Date.now();
  };
  const { db } = createDatabase({ databaseUrl: url, sqlitePath: '' });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  step('migrations');
  const copied: Record<string, number> = {};
  const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    await target.query('begin');
    // Triggers (the catalogue version, the stock summary) and foreign-key checks off for this transaction: the
    // rows come from a consistent database, and the derived tables are copied, not recomputed.
    await target.query('set local session_replication_role = replica');
    for (const table of CATALOGUE_TABLES) {
      await target.query(`delete from ${table}`);
      let batch: unknown[] = [];
      let n = 0;
      const flush = async () => {
        if (!batch.length) return;
        await target.query(
          `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
          [JSON.stringify(batch)],
        );
        n += batch.length;
        batch = [];
      };
      for (const row of source.prepare(`select * from "${table}"`).iterate()) {
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      copied[table] = n;
      step(table);
    }
    await target.query('commit');
    step('commit');
    // Planner statistics for the SQL the shop still runs (product pages, related products); the vacuum sets the
    // visibility map and resets autovacuum's count of inserted rows, so no autovacuum of 440,000 fresh rows runs
    // beside the first measurements.
    await target.query('vacuum analyze');
    step('vacuum analyze');
  } catch (err) {
    await target.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    source.close();
    await target.end();
  }
  // The marker last: an interrupted copy is never reused.
  const marker = new pg.Client({ connectionString: serverUrl(url) });
  await marker.connect();
  try {
    await marker.query(`comment on database ${name} is ${marker.escapeLiteral(want)}`);
  } finally {
    await marker.end();
  }
  return { reused: false, seconds: seconds(), rows: copied, steps };
}
