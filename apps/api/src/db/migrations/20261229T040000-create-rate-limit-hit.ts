import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
// Issue 31 §2: rate_limit_hit — the request counters of @fastify/rate-limit's limits (expensive reads) kept in the
// database on PostgreSQL, so every `web` process counts the same window for a client address. One row per route and
// address: the window's start and end (ms since the epoch) and its hits, moved by one upsert per request.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limit_hit')
    .addColumn('limit_key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hit_window_end')
    .on('rate_limit_hit')
    .column('window_end')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limit_hit').execute();
}
