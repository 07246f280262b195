import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
// Issue 11 §12: job_run — one row per background job, the time its last run was claimed. Several instances of the
// shop share one database; each period exactly one of them wins the conditional UPDATE of the row and runs the job.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('job_run')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', 'text', (c) => c.notNull())
    .addColumn('instance', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_run').execute();
}
