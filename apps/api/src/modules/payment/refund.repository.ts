import type { DbOrTrx } from '#app/db/database.ts';
import type { RefundRow } from './payment.table.ts';

/**
 * Data access of refunds (decision 035): the only place with Kysely queries for `refund`. Functions take
 * `db | trx` first; times are ISO 8601 UTC text; money whole tenge.
 */

/** Inserts a refund unless one with its `external_id` exists. @returns true when this call inserted it. */
export async function insertRefund(db: DbOrTrx, row: RefundRow): Promise<boolean> {
  const result = await db
    .insertInto('refund')
    .values(row)
    .onConflict((oc) => oc.column('external_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** One refund by id. */
export function findRefund(db: DbOrTrx, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refund').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The refunds of an order, oldest first. */
export function findRefundsOfOrder(db: DbOrTrx, orderId: string): Promise<RefundRow[]> {
  return db
    .selectFrom('refund')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The refunds of a payment that are not paid out yet (owed, sending, failed). */
export function findOpenRefundsOfPayment(db: DbOrTrx, paymentId: string): Promise<RefundRow[]> {
  return db
    .selectFrom('refund')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('status', '<>', 'paid')
    .orderBy('created_at')
    .execute();
}

/** Tenge not paid out yet per order (rows owed, sending or failed), for the given orders. */
export async function sumOpenRefunds(db: DbOrTrx, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refund')
    .select((eb) => ['order_id', eb.fn.sum<number | string>('amount').as('owed')])
    .where('order_id', 'in', [...orderIds])
    .where('status', '<>', 'paid')
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.owed)]));
}

/**
 * Refunds to send now: `owed` ones whose next attempt is due, and `sending` ones whose attempt has run past its
 * lease (`next_attempt_at`; the process died or the answer was lost). Oldest due first.
 */
export function findDueRefunds(db: DbOrTrx, nowIso: string, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('refund')
    .selectAll()
    .where('status', 'in', ['owed', 'sending'])
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a refund for one attempt: `owed`/`sending` due at `dueBy` → `sending`, attempts + 1, leased until
 * `leaseUntil`. Of racing senders exactly one wins. @returns true when this call claimed it.
 */
export async function claimRefund(
  db: DbOrTrx,
  id: string,
  dueBy: string,
  leaseUntil: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('refund')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      next_attempt_at: leaseUntil,
      updated_at: nowIso,
    }))
    .where('id', '=', id)
    .where('status', 'in', ['owed', 'sending'])
    .where('next_attempt_at', '<=', dueBy)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an open refund paid (exactly once: of racing writers one changes it). @returns true when changed. */
export async function markRefundPaid(db: DbOrTrx, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('refund')
    .set({ status: 'paid', paid_at: nowIso, next_attempt_at: null, last_error: null, updated_at: nowIso })
    .where('id', '=', id)
    .where('status', '<>', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * After an attempt that did not pay: `status` `owed` (ePay refused; again at `nextAttemptAt`), `sending` (no
 * answer: outcome unknown, ePay's status is read before the next attempt) or `failed` (refused for good), with
 * the error text. Only while this attempt still holds it (`sending`).
 */
export async function markRefundAttemptFailed(
  db: DbOrTrx,
  id: string,
  status: 'owed' | 'sending' | 'failed',
  error: string,
  nextAttemptAt: string | null,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('refund')
    .set({
      status,
      next_attempt_at: nextAttemptAt,
      last_error: error.slice(0, 500),
      updated_at: nowIso,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Staff's retry: an open refund becomes due now (`failed` → `owed`; a `sending` one keeps its state, so its
 * status is still read before it is sent again). @returns true when changed.
 */
export async function scheduleRefundNow(db: DbOrTrx, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('refund')
    .set({ next_attempt_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('status', '<>', 'paid')
    .executeTakeFirst();
  await db
    .updateTable('refund')
    .set({ status: 'owed' })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .execute();
  return Number(result.numUpdatedRows) === 1;
}
