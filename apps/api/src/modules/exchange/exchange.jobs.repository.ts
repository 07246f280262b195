import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { ExchangeImportTable } from './exchange.table.ts';

// Data access of the 1C import jobs (issue 28 item 14, docs/decisions/034): one row per import of a session's file,
// seen by every instance. Every change of state is a conditional UPDATE, so of two instances only one wins.

export type ExchangeImportRow = Selectable<ExchangeImportTable>;

/** Makes the job of a session's file unless there is one already (two instances asked at once: one row). */
export async function insertJob(db: DbOrTrx, row: Insertable<ExchangeImportTable>): Promise<void> {
  await db
    .insertInto('exchange_import')
    .values(row)
    .onConflict((oc) => oc.columns(['session_id', 'filename']).doNothing())
    .execute();
}

/** The job of a session's file, if any. */
export function findJob(db: DbOrTrx, sessionId: string, filename: string) {
  return db
    .selectFrom('exchange_import')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('filename', '=', filename)
    .executeTakeFirst();
}

/** The import job `id` (a row of `exchange_import`), or undefined. */
export function findJobById(db: DbOrTrx, id: string) {
  return db.selectFrom('exchange_import').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes a queued job for `instance` (running from now). @returns whether this instance won it. */
export async function claimJob(db: DbOrTrx, id: string, instance: string, nowIso: string) {
  const r = await db
    .updateTable('exchange_import')
    .set({ state: 'running', instance, heartbeat_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The running instance's sign of life and progress (nothing when the job is no longer its own or running). */
export async function beat(db: DbOrTrx, id: string, instance: string, items: number, nowIso: string) {
  await db
    .updateTable('exchange_import')
    .set({ items, heartbeat_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('instance', '=', instance)
    .execute();
}

/**
 * Ends a running job of `instance` as done or failed with its answer.
 * @returns false when it was no longer this instance's running job (failed as stale meanwhile).
 */
export async function finishJob(
  db: DbOrTrx,
  id: string,
  instance: string,
  end: Pick<ExchangeImportRow, 'state' | 'items' | 'answer' | 'summary' | 'warnings'>,
  nowIso: string,
) {
  const r = await db
    .updateTable('exchange_import')
    .set({ ...end, heartbeat_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('instance', '=', instance)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Fails queued or running jobs whose heartbeat is older than `staleBeforeIso` (their instance stopped), with
 * `answer`; only the job `id` when given. @returns the jobs failed (their sessions' folders go too).
 */
export async function failStaleJobs(
  db: DbOrTrx,
  staleBeforeIso: string,
  answer: (filename: string) => string,
  nowIso: string,
  id?: string,
): Promise<ExchangeImportRow[]> {
  let q = db
    .selectFrom('exchange_import')
    .selectAll()
    .where('state', 'in', ['queued', 'running'])
    .where('heartbeat_at', '<', staleBeforeIso);
  if (id) q = q.where('id', '=', id);
  const failed: ExchangeImportRow[] = [];
  for (const row of await q.execute()) {
    const r = await db
      .updateTable('exchange_import')
      .set({ state: 'failed', answer: answer(row.filename), updated_at: nowIso })
      .where('id', '=', row.id)
      .where('state', 'in', ['queued', 'running'])
      .where('heartbeat_at', '<', staleBeforeIso)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) failed.push(row);
  }
  return failed;
}

/** Forgets a job (its answer was handed to 1C). */
export async function deleteJob(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('exchange_import').where('id', '=', id).execute();
}

/** Forgets the finished jobs of a session (a new exchange starts with `init`). */
export async function deleteFinishedJobs(db: DbOrTrx, sessionId: string): Promise<void> {
  await db
    .deleteFrom('exchange_import')
    .where('session_id', '=', sessionId)
    .where('state', 'in', ['done', 'failed'])
    .execute();
}

/** Forgets jobs last changed before `beforeIso` (answers 1C never came back for). */
export async function deleteJobsBefore(db: DbOrTrx, beforeIso: string): Promise<number> {
  const r = await db.deleteFrom('exchange_import').where('updated_at', '<', beforeIso).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The sessions with a queued or running job (their folders are in use). */
export async function sessionsImporting(db: DbOrTrx): Promise<Set<string>> {
  const rows = await db
    .selectFrom('exchange_import')
    .select('session_id')
    .where('state', 'in', ['queued', 'running'])
    .execute();
  return new Set(rows.map((r) => r.session_id));
}

/** Of `ids`, the sessions still live at `nowIso`. */
export async function liveSessions(db: DbOrTrx, ids: string[], nowIso: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('exchange_session')
    .select('id')
    .where('id', 'in', ids)
    .where('expires_at', '>', nowIso)
    .execute();
  return new Set(rows.map((r) => r.id));
}
