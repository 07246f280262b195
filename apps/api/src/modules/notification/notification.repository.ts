import type { Db, DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';
import type { NotificationChannel, NotificationRow, NotificationTable } from './notification.table.ts';
import { failureRecord } from './notification.failure.ts';

/**
 * Data access of the notification module, the only place with its Kysely queries (docs/decisions/023). Times
 * are ISO 8601 UTC text, compared as text. Every move of a claimed row is conditional on its `claim_id` and
 * status, so a worker whose lease ran out can no longer change a row another worker took.
 */

/** The columns of a new pending row, due at `nowIso`, before its id, channel and recipient are chosen. */
export function pendingRow(
  fields: Pick<
    NotificationTable,
    'order_id' | 'event' | 'language' | 'payload' | 'dedupe_key' | 'request_id'
  >,
  nowIso: string,
): Omit<NotificationTable, 'id' | 'channel' | 'recipient'> {
  return {
    ...fields,
    status: 'pending',
    attempts: 0,
    next_attempt_at: nowIso,
    claim_id: null,
    lease_until: null,
    last_error: null,
    sent_at: null,
    subject: null,
    body_text: null,
    body_html: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
}

/**
 * Writes a notification unless its (order, event, channel, dedupe key) already has one — for a notice of no order,
 * its (event, channel, dedupe key) — in the caller's transaction.
 * @returns true when written.
 */
export async function insertNotification(db: DbOrTrx, row: NotificationTable): Promise<boolean> {
  const result = await db
    .insertInto('notification')
    .values(row)
    .onConflict((oc) =>
      row.order_id === null
        ? oc.columns(['event', 'channel', 'dedupe_key']).where('order_id', 'is', null).doNothing()
        : oc.columns(['order_id', 'event', 'channel', 'dedupe_key']).doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Claims up to `limit` due rows for one worker: pending rows whose `next_attempt_at` has come and claimed rows
 * whose lease ran out (a worker died before starting their send) — or, given `ids` (rows just written, sent
 * right after their commit), those of them pending whatever their time. On PostgreSQL
 * the candidates are locked with FOR UPDATE SKIP LOCKED, so workers of several instances take different rows
 * without waiting; on SQLite writes are serialised. The conditional UPDATE makes the claim exclusive either way.
 * @returns the rows now claimed under `claimId`, oldest due first.
 */
export async function claimDue(
  db: Db,
  opts: { nowIso: string; leaseUntil: string; claimId: string; limit: number; ids?: readonly string[] },
): Promise<NotificationRow[]> {
  if (opts.ids && opts.ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const ids = opts.ids;
    let q = trx
      .selectFrom('notification')
      .select('id')
      .where((eb) =>
        eb.or([
          ids
            ? eb('status', '=', 'pending')
            : eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', opts.nowIso)]),
          eb.and([eb('status', '=', 'claimed'), eb('lease_until', '<', opts.nowIso)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(opts.limit);
    if (ids) q = q.where('id', 'in', [...ids]);
    if (isPostgres(trx)) q = q.forUpdate().skipLocked();
    const chosen = (await q.execute()).map((r) => r.id);
    if (chosen.length === 0) return [];
    await trx
      .updateTable('notification')
      .set({
        status: 'claimed',
        claim_id: opts.claimId,
        lease_until: opts.leaseUntil,
        updated_at: opts.nowIso,
      })
      .where('id', 'in', chosen)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'claimed'), eb('lease_until', '<', opts.nowIso)]),
        ]),
      )
      .execute();
    return trx
      .selectFrom('notification')
      .selectAll()
      .where('claim_id', '=', opts.claimId)
      .where('status', '=', 'claimed')
      .orderBy('next_attempt_at')
      .orderBy('id')
      .execute();
  });
}

/**
 * Marks a claimed row `sending` (committed before the provider is called) and counts the attempt.
 * @returns false when the claim is no longer this worker's.
 */
export async function startSending(
  db: DbOrTrx,
  id: string,
  claimId: string,
  leaseUntil: string,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('notification')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      lease_until: leaseUntil,
      updated_at: nowIso,
    }))
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .where('status', '=', 'claimed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records a send the provider accepted, with what was sent. */
export async function markSent(
  db: DbOrTrx,
  id: string,
  claimId: string,
  sent: { subject: string | null; text: string; html: string | null },
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('notification')
    .set({
      status: 'sent',
      sent_at: nowIso,
      subject: sent.subject,
      body_text: sent.text,
      body_html: sent.html,
      last_error: null,
      lease_until: null,
      updated_at: nowIso,
    })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .where('status', '=', 'sending')
    .execute();
}

/** Records a send the provider refused: due again at `nextAttemptAt`, or `failed` when `nextAttemptAt` is null. */
export async function markRefused(
  db: DbOrTrx,
  id: string,
  claimId: string,
  error: string,
  nextAttemptAt: string | null,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('notification')
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      next_attempt_at: nextAttemptAt ?? nowIso,
      last_error: error.slice(0, 500),
      claim_id: null,
      lease_until: null,
      updated_at: nowIso,
    })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Rows still `sending` after their lease: the worker died between calling the provider and recording the
 * answer. They become `unknown` (never sent again automatically: the provider may have accepted them).
 * @returns the ids changed.
 */
export async function abandonStaleSends(db: DbOrTrx, nowIso: string): Promise<string[]> {
  const rows = await db
    .updateTable('notification')
    .set({
      status: 'unknown',
      last_error: failureRecord('interrupted', 'worker stopped during the send'),
      updated_at: nowIso,
    })
    .where('status', '=', 'sending')
    .where('lease_until', '<', nowIso)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The newest notifications of a channel that were sent (to `recipient`, or to anyone), newest first. */
export async function newestSent(
  db: DbOrTrx,
  channel: NotificationChannel,
  opts: { recipient?: string; limit: number },
): Promise<NotificationRow[]> {
  let q = db
    .selectFrom('notification')
    .selectAll()
    .where('channel', '=', channel)
    .where('status', '=', 'sent')
    .orderBy('sent_at', 'desc')
    .orderBy('id');
  if (opts.recipient) q = q.where('recipient', '=', opts.recipient);
  return q.limit(opts.limit).execute();
}

/** One notification by id. */
export function findNotification(db: DbOrTrx, id: string): Promise<NotificationRow | undefined> {
  return db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The notifications of an order, oldest first (tests and support). */
export function notificationsOfOrder(db: DbOrTrx, orderId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('notification')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('event')
    .orderBy('channel')
    .execute();
}

/** The statuses a back-office filter stands for (`problems`: failed and unknown). */
const FILTER_STATUSES: Record<string, readonly NotificationRow['status'][]> = {
  problems: ['failed', 'unknown'],
  failed: ['failed'],
  unknown: ['unknown'],
  pending: ['pending', 'claimed', 'sending'],
  sent: ['sent'],
};

/**
 * One page of notifications with the statuses of `filter` (and `channel`), most recently changed first, with the
 * number of all that match (the back office's list).
 */
export async function listForStaff(
  db: DbOrTrx,
  opts: { filter: string; channel?: NotificationChannel; offset: number; limit: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  let q = db.selectFrom('notification').where('status', 'in', [...FILTER_STATUSES[opts.filter]!]);
  if (opts.channel) q = q.where('channel', '=', opts.channel);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('updated_at', 'desc').orderBy('id').offset(opts.offset).limit(opts.limit).execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Puts a `failed` or `unknown` notification back in the queue (a member's explicit decision): `pending`, due now,
 * no claim; its attempts and last error stay. Conditional on the status, so of two members resending at once
 * one changes it, and a row in any other state (pending, being sent, sent) is never touched.
 * @returns the row as it was before, or undefined when nothing was changed.
 */
export async function requeueForResend(
  db: DbOrTrx,
  id: string,
  nowIso: string,
): Promise<NotificationRow | undefined> {
  const before = await findNotification(db, id);
  if (!before || (before.status !== 'failed' && before.status !== 'unknown')) return undefined;
  const r = await db
    .updateTable('notification')
    .set({
      status: 'pending',
      next_attempt_at: nowIso,
      claim_id: null,
      lease_until: null,
      updated_at: nowIso,
    })
    .where('id', '=', id)
    .where('status', '=', before.status)
    .where('updated_at', '=', before.updated_at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? before : undefined;
}
