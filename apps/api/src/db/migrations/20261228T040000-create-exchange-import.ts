import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share.
//
// exchange_import (issue 28 item 14, docs/decisions/034): the import of one 1C file of an exchange session, kept in
// the database so that every instance of the shop on it sees the job — answers 1C's `mode=import` polls for it
// (`progress`, then the stored answer) and fails a job whose instance stopped sending heartbeats. One job per session
// and file name at a time (the unique index: two instances asked at once make one job).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('exchange_import')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summary', 'text')
    .addColumn('warnings', 'text')
    .addColumn('answer', 'text')
    .addColumn('instance', 'text')
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exchange_import_session_file_idx')
    .on('exchange_import')
    .columns(['session_id', 'filename'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('exchange_import').execute();
}
