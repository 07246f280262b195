import type { DbOrTrx } from '#app/db/database.ts';
import type { SmsMessageTable, SmsSendTable } from './sms.table.ts';

/**
 * Data access of the SMS module, the only place with its Kysely queries: the send log (`sms_send`) and the
 * messages sent (`sms_message`). Times are ISO 8601 UTC text, compared as text. Send rows `pending` or
 * `sent` count against the limits; `failed` ones do not.
 */

const COUNTED = ['pending', 'sent'] as const;
/**
 * Purpose of rows that are not sends: answers that told whether a number has an account without sending
 * (registration of a known number, recovery of an unknown one; issue 11 §6). They count against the client
 * address's budget only — never the number's, nor the daily one.
 */
export const LOOKUP_PURPOSE = 'lookup';

/** The highest `seq` of the number's sends, 0 when none. */
export async function maxSeq(db: DbOrTrx, mobile: string): Promise<number> {
  const row = await db
    .selectFrom('sms_send')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Creation times of the number's counted sends after `sinceIso`, newest first. */
export async function countedSendTimesForMobile(
  db: DbOrTrx,
  mobile: string,
  sinceIso: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sms_send')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('status', 'in', COUNTED)
    .where('purpose', '!=', LOOKUP_PURPOSE)
    .where('created_at', '>', sinceIso)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => r.created_at);
}

/**
 * Creation times of counted sends after `sinceIso`, oldest first: of one client address (its lookups included), or
 * of all.
 */
export async function countedSendTimes(db: DbOrTrx, sinceIso: string, clientIp?: string): Promise<string[]> {
  let q = db
    .selectFrom('sms_send')
    .select('created_at')
    .where('status', 'in', COUNTED)
    .where('created_at', '>', sinceIso);
  q = clientIp === undefined ? q.where('purpose', '!=', LOOKUP_PURPOSE) : q.where('client_ip', '=', clientIp);
  const rows = await q.orderBy('created_at', 'asc').execute();
  return rows.map((r) => r.created_at);
}

/** Number of counted sends after `sinceIso` (all numbers and addresses). */
export async function countCountedSends(db: DbOrTrx, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('sms_send')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', 'in', COUNTED)
    .where('purpose', '!=', LOOKUP_PURPOSE)
    .where('created_at', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Inserts a send unless the number already has one with this `seq` (a parallel request took the slot).
 * @returns true when inserted.
 */
export async function insertSendIfSlotFree(db: DbOrTrx, row: SmsSendTable): Promise<boolean> {
  const result = await db
    .insertInto('sms_send')
    .values(row)
    .onConflict((oc) => oc.columns(['mobile', 'seq']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deletes a send (refused by the address or daily limit after its slot was taken). */
export async function deleteSend(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('sms_send').where('id', '=', id).execute();
}

/** Marks a send `sent` or `failed`. */
export async function setSendStatus(
  db: DbOrTrx,
  id: string,
  status: 'sent' | 'failed',
  nowIso: string,
): Promise<void> {
  await db.updateTable('sms_send').set({ status, updated_at: nowIso }).where('id', '=', id).execute();
}

/** Records a message in `sms_message` (what a gateway accepted, or what the development provider logged). */
export async function insertMessage(db: DbOrTrx, row: SmsMessageTable): Promise<void> {
  await db.insertInto('sms_message').values(row).execute();
}

/** The newest messages (to `mobile`, `7XXXXXXXXXX`, or to anyone), newest first, at most `limit`. */
export async function newestMessages(db: DbOrTrx, opts: { mobile?: string; limit: number }) {
  let q = db
    .selectFrom('sms_message')
    .select(['id', 'mobile', 'text', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id');
  if (opts.mobile) q = q.where('mobile', '=', opts.mobile);
  return q.limit(opts.limit).execute();
}
