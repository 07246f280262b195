import { sql } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { FiscalResult } from './fiscal.provider.ts';
import type { FiscalReceiptRow, FiscalReceiptTable } from './fiscal.table.ts';

// The fiscal queue's statements (docs/decisions/043). Every state change is a conditional update on the state it
// leaves, so two workers never both move one row.

/**
 * Writes a receipt row unless its (order, event key) is already there, in the caller's transaction.
 * @returns true when written.
 */
export async function insertReceipt(trx: DbOrTrx, row: FiscalReceiptTable): Promise<boolean> {
  const r = await trx
    .insertInto('fiscal_receipt')
    .values(row)
    .onConflict((oc) => oc.columns(['order_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Makes sure the cash register has its row (lease and shift). */
export async function ensureCashbox(db: DbOrTrx, cashbox: string, nowIso: string): Promise<void> {
  await db
    .insertInto('fiscal_cashbox')
    .values({ unique_number: cashbox, updated_at: nowIso })
    .onConflict((oc) => oc.column('unique_number').doNothing())
    .execute();
}

/**
 * Takes the cash register's lease (one worker at a time per cash register, across instances: its calls are
 * sequential as Webkassa requires) with one conditional update; free, or its lease past. The claim layer in one
 * function, so a generic SKIP LOCKED claim can replace it.
 * @returns true when this `leaseId` holds it until `leaseUntil`.
 */
export async function claimCashbox(
  db: DbOrTrx,
  cashbox: string,
  leaseId: string,
  nowIso: string,
  leaseUntil: string,
): Promise<boolean> {
  await ensureCashbox(db, cashbox, nowIso);
  const r = await db
    .updateTable('fiscal_cashbox')
    .set({ lease_id: leaseId, lease_until: leaseUntil, updated_at: nowIso })
    .where('unique_number', '=', cashbox)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives the lease back. */
export async function releaseCashbox(db: DbOrTrx, cashbox: string, leaseId: string): Promise<void> {
  await db
    .updateTable('fiscal_cashbox')
    .set({ lease_id: null, lease_until: null })
    .where('unique_number', '=', cashbox)
    .where('lease_id', '=', leaseId)
    .execute();
}

/** The cash register's row. */
export const findCashbox = (db: DbOrTrx, cashbox: string) =>
  db.selectFrom('fiscal_cashbox').selectAll().where('unique_number', '=', cashbox).executeTakeFirst();

/** Records the shift a receipt went into (a new shift's first receipt opens it). */
export async function noteShift(db: DbOrTrx, cashbox: string, shift: number, nowIso: string): Promise<void> {
  await db
    .updateTable('fiscal_cashbox')
    .set({ shift_number: shift, shift_opened_at: nowIso, updated_at: nowIso })
    .where('unique_number', '=', cashbox)
    .where((eb) => eb.or([eb('shift_number', 'is', null), eb('shift_number', '<>', shift)]))
    .execute();
}

/** Records a closed shift (Z-report). */
export async function noteShiftClosed(db: DbOrTrx, cashbox: string, nowIso: string): Promise<void> {
  await db
    .updateTable('fiscal_cashbox')
    .set({ shift_opened_at: null, last_z_report_at: nowIso, updated_at: nowIso })
    .where('unique_number', '=', cashbox)
    .execute();
}

/** Cash registers with receipts due now. */
export async function cashboxesDue(db: DbOrTrx, nowIso: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fiscal_receipt')
    .select('cashbox')
    .distinct()
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', nowIso)
    .execute();
  return rows.map((r) => r.cashbox);
}

/** Up to `limit` due receipts of a cash register, oldest first (a sale before its return). */
export const dueReceipts = (db: DbOrTrx, cashbox: string, nowIso: string, limit: number) =>
  db
    .selectFrom('fiscal_receipt')
    .selectAll()
    .where('cashbox', '=', cashbox)
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('created_at')
    // A sale before a return written at the same instant (its basis must be fiscalised first).
    .orderBy('operation', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();

/** A receipt by id. */
export const findReceipt = (db: DbOrTrx, id: string) =>
  db.selectFrom('fiscal_receipt').selectAll().where('id', '=', id).executeTakeFirst();

/** The receipts of an order, oldest first. */
export const receiptsOfOrder = (db: DbOrTrx, orderId: string) => receiptsOfOrders(db, [orderId]);

/** The receipts of orders, oldest first (a sale before a return written at the same instant). */
export const receiptsOfOrders = (db: DbOrTrx, orderIds: readonly string[]) =>
  db
    .selectFrom('fiscal_receipt')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('operation', 'desc')
    .orderBy('id')
    .execute();

/**
 * Marks a receipt `sending` (committed before the provider is called), one more attempt; `retryAt` is when it is
 * due again if this worker never comes back.
 * @returns false when another worker moved it meanwhile.
 */
export async function startSending(db: DbOrTrx, row: FiscalReceiptRow, retryAt: string, nowIso: string) {
  const r = await db
    .updateTable('fiscal_receipt')
    .set({ status: 'sending', attempts: sql`attempts + 1`, next_attempt_at: retryAt, updated_at: nowIso })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Stores a fiscalised receipt's answer. */
export async function markDone(
  db: DbOrTrx,
  id: string,
  result: FiscalResult,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('fiscal_receipt')
    .set({
      status: 'done',
      result: JSON.stringify(result),
      check_number: result.checkNumber,
      shift_number: result.shiftNumber,
      ticket_url: result.ticketUrl,
      last_error: null,
      done_at: nowIso,
      updated_at: nowIso,
    })
    .where('id', '=', id)
    .where('status', '<>', 'done')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Records an attempt that did not fiscalise: `status` pending (certainly not taken), sending (uncertain: found by
 * number first next time) or failed; `nextAt` when it is due again; `attempts` made so far, when counted.
 */
export async function markAttempt(
  db: DbOrTrx,
  id: string,
  status: 'pending' | 'sending' | 'failed',
  error: string,
  nextAt: string,
  nowIso: string,
  attempts?: number,
): Promise<void> {
  await db
    .updateTable('fiscal_receipt')
    .set({
      status,
      last_error: error.slice(0, 1000),
      next_attempt_at: nextAt,
      updated_at: nowIso,
      ...(attempts === undefined ? {} : { attempts }),
    })
    .where('id', '=', id)
    .where('status', '<>', 'done')
    .execute();
}

/**
 * Puts a failed receipt back in the queue (staff's retry), due now, as `sending`: the worker first looks it up by
 * its number (a late acceptance is found, not sent twice) and sends it only when the provider does not have it.
 * @returns false when it is not failed.
 */
export async function retryFailed(db: DbOrTrx, id: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('fiscal_receipt')
    .set({ status: 'sending', attempts: 0, next_attempt_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The newest `limit` receipts, of one state or all (staff's «Чеки»). */
export const listReceipts = (db: DbOrTrx, status: FiscalReceiptRow['status'] | undefined, limit: number) => {
  let q = db.selectFrom('fiscal_receipt').selectAll();
  if (status) q = q.where('status', '=', status);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
};
