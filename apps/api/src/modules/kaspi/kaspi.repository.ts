import type { DbOrTrx } from '#app/db/database.ts';
import type { KaspiState } from './kaspi.protocol.ts';
import type { KaspiAttemptRow, KaspiDeviceTable } from './kaspi.table.ts';

// The kaspi module's tables: the registered device and the Kaspi payment attempts.

/** The stored device of a trade point. */
export const findDevice = (db: DbOrTrx, tradePointId: number) =>
  db.selectFrom('kaspi_device').selectAll().where('trade_point_id', '=', tradePointId).executeTakeFirst();

/** Stores a device token unless one is stored already. @returns the stored row (the first one written). */
export async function saveDevice(db: DbOrTrx, row: KaspiDeviceTable) {
  await db
    .insertInto('kaspi_device')
    .values(row)
    .onConflict((oc) => oc.column('trade_point_id').doNothing())
    .execute();
  return (await findDevice(db, row.trade_point_id))!;
}

/** Replaces a token Kaspi no longer knows (-1501/-1502). */
export const replaceDeviceToken = (db: DbOrTrx, tradePointId: number, token: string) =>
  db
    .updateTable('kaspi_device')
    .set({ device_token: token })
    .where('trade_point_id', '=', tradePointId)
    .execute();

/** Inserts an attempt. @returns false when the payment already has an open attempt (the unique index). */
export async function insertAttempt(db: DbOrTrx, row: KaspiAttemptRow): Promise<boolean> {
  const r = await db
    .insertInto('kaspi_attempt')
    .values(row)
    .onConflict((oc) => oc.column('payment_id').where('next_poll_at', 'is not', null).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The payment's newest attempt. */
export const findLatestAttempt = (db: DbOrTrx, paymentId: string) =>
  db
    .selectFrom('kaspi_attempt')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** The attempt of Kaspi's QrPaymentId. */
export const findAttemptByKaspiId = (db: DbOrTrx, qrPaymentId: string) =>
  db.selectFrom('kaspi_attempt').selectAll().where('qr_payment_id', '=', qrPaymentId).executeTakeFirst();

/** Open attempts whose next read is due, earliest first. */
export const findDueAttempts = (db: DbOrTrx, nowIso: string, limit: number) =>
  db
    .selectFrom('kaspi_attempt')
    .selectAll()
    .where('next_poll_at', 'is not', null)
    .where('next_poll_at', '<=', nowIso)
    .orderBy('next_poll_at')
    .limit(limit)
    .execute();

/** What a status read changes on an attempt. */
export interface AttemptUpdate {
  kaspi_status: string;
  state: KaspiState;
  confirm_deadline: string | null;
  next_poll_at: string | null;
  last_error: string | null;
}

/**
 * Records a read on an open attempt, conditionally on its `next_poll_at` being the one read (of racing pollers
 * exactly one records). @returns true when this call recorded it.
 */
export async function updateAttempt(
  db: DbOrTrx,
  id: string,
  expectedNextPoll: string | null,
  change: AttemptUpdate,
  nowIso: string,
): Promise<boolean> {
  let q = db
    .updateTable('kaspi_attempt')
    .set({ ...change, updated_at: nowIso })
    .where('id', '=', id);
  q =
    expectedNextPoll === null
      ? q.where('next_poll_at', 'is', null)
      : q.where('next_poll_at', '=', expectedNextPoll);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Postpones an open attempt's next read after a failed one (no answer from Kaspi). */
export const postponeAttempt = (db: DbOrTrx, id: string, nextIso: string, error: string, nowIso: string) =>
  db
    .updateTable('kaspi_attempt')
    .set({ next_poll_at: nextIso, last_error: error.slice(0, 500), updated_at: nowIso })
    .where('id', '=', id)
    .where('next_poll_at', 'is not', null)
    .execute();

/**
 * Attempts Kaspi said were paid whose shop payment is still unpaid (the shop stopped between recording the read
 * and applying it), oldest first.
 */
export const findPaidNotApplied = (db: DbOrTrx, limit: number) =>
  db
    .selectFrom('kaspi_attempt')
    .selectAll()
    .where('state', '=', 'paid')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('payment')
          .select('payment.id')
          .whereRef('payment.id', '=', 'kaspi_attempt.payment_id')
          .where('payment.status', 'in', ['pending', 'failed']),
      ),
    )
    .orderBy('updated_at')
    .limit(limit)
    .execute();
