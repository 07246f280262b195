import { sql } from 'kysely';
import type { AdminJobQueue, AdminPeriodicJob, JobQueueKind } from '@kiim/contract';
import type { Db } from '#app/db/database.ts';

/**
 * The rows of each background queue still to be worked (issue 31 §1): the notification outbox's pending, claimed and
 * sending rows; refunds owed or being sent; fiscal receipts to send (decision 043); 1C imports queued or running. Read-only counts over the owning modules'
 * tables (this module writes none of them), for the «Система» screen and, later, metrics.
 */
const WAITING = {
  notification: { table: 'notification', column: 'status', states: ['pending', 'claimed', 'sending'] },
  refund: { table: 'refund', column: 'status', states: ['owed', 'sending'] },
  'fiscal-receipt': { table: 'fiscal_receipt', column: 'status', states: ['pending', 'sending'] },
  'exchange-import': { table: 'exchange_import', column: 'state', states: ['queued', 'running'] },
} as const satisfies Record<JobQueueKind, { table: string; column: string; states: readonly string[] }>;

/**
 * Each queue's depth and the age of its oldest waiting row.
 * @param now the app clock's time; ages are whole seconds, never negative.
 * @returns one entry per kind of JOB_QUEUE_KINDS, in that order.
 */
export async function jobQueues(db: Db, now: Date): Promise<AdminJobQueue[]> {
  return Promise.all(
    (Object.keys(WAITING) as JobQueueKind[]).map(async (kind) => {
      const w = WAITING[kind];
      const row = await db
        .selectFrom(w.table)
        .select([
          sql<number | string>`count(*)`.as('depth'),
          sql<string | null>`min(created_at)`.as('oldest'),
        ])
        .where(w.column, 'in', [...w.states])
        .executeTakeFirstOrThrow();
      const oldest = row.oldest ? Date.parse(row.oldest) : null;
      return {
        kind,
        depth: Number(row.depth),
        oldestAgeSeconds: oldest === null ? null : Math.max(0, Math.floor((now.getTime() - oldest) / 1000)),
      };
    }),
  );
}

/**
 * How far behind the notification worker is: the age, seconds, of the oldest notification due now (pending and due,
 * or claimed by a process whose lease ran out); 0 when none is due. A readiness check of the `worker` role.
 */
export async function notificationLagSeconds(db: Db, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const row = await db
    .selectFrom('notification')
    .select(sql<string | null>`min(next_attempt_at)`.as('due'))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'claimed'), eb('lease_until', '<', nowIso)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return row.due ? Math.max(0, Math.floor((now.getTime() - Date.parse(row.due)) / 1000)) : 0;
}

/** The periodic jobs (job_run): each one's last claimed run and the process that claimed it, by name. */
export async function periodicJobs(db: Db): Promise<AdminPeriodicJob[]> {
  const rows = await db.selectFrom('job_run').selectAll().orderBy('name').execute();
  return rows.map((r) => ({
    name: r.name,
    lastRunAt: r.last_run_at === new Date(0).toISOString() ? null : r.last_run_at,
    instance: r.instance,
  }));
}
