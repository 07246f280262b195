import type { DbOrTrx } from '#app/db/database.ts';
import type { CustomerRow, OneTimeCodeRow } from './customer.table.ts';

/**
 * Data access of the customer module: customers, one-time codes and token revocation. The only place
 * with Kysely queries for these tables (conventions: repositories take `db | trx` first). Times are
 * ISO 8601 UTC text, compared as text (fixed width, so order is preserved).
 */

/** The newest one-time code of a number for a purpose, or undefined when none was ever made. */
export async function findLatestCode(
  db: DbOrTrx,
  mobile: string,
  purpose: string,
): Promise<OneTimeCodeRow | undefined> {
  return db
    .selectFrom('one_time_code')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Codes made for a number and purpose after `sinceIso`.
 * @returns their count and the creation time of the oldest of them (null when none).
 */
export async function countCodesSince(
  db: DbOrTrx,
  mobile: string,
  purpose: string,
  sinceIso: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('one_time_code')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('created_at', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}

/**
 * Inserts a one-time code. The id is chosen by the caller; when it already exists (a parallel request
 * took the same slot) nothing is written.
 * @returns true when the row was inserted, false on an id conflict.
 */
export async function insertCodeIfSlotFree(db: DbOrTrx, row: OneTimeCodeRow): Promise<boolean> {
  const result = await db
    .insertInto('one_time_code')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deletes a code (used when its SMS could not be sent, so the number is not locked out). */
export async function deleteCode(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('one_time_code').where('id', '=', id).execute();
}

/** Voids every other still-valid, unused code of the number and purpose by expiring it at `nowIso`. */
export async function voidOtherCodes(
  db: DbOrTrx,
  mobile: string,
  purpose: string,
  keepId: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('one_time_code')
    .set({ expires_at: nowIso, updated_at: nowIso })
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('id', '!=', keepId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .execute();
}

/**
 * Atomically counts one check of a code: increments `attempts` only while the code is unused, not
 * expired and below `maxAttempts` (a conditional UPDATE, so parallel guesses cannot exceed the limit).
 * @returns the attempts after the increment, or null when the code may no longer be checked.
 */
export async function reserveCodeAttempt(
  db: DbOrTrx,
  id: string,
  nowIso: string,
  maxAttempts: number,
): Promise<number | null> {
  const row = await db
    .updateTable('one_time_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: nowIso }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

/** A code by id (to tell why it can no longer be checked). */
export async function findCodeById(db: DbOrTrx, id: string): Promise<OneTimeCodeRow | undefined> {
  return db.selectFrom('one_time_code').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks a code used, only if it still is unused and unexpired (conditional UPDATE: of two parallel
 * confirmations exactly one wins).
 * @returns true when this call consumed it.
 */
export async function consumeCode(db: DbOrTrx, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_code')
    .set({ consumed_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The customer with this normalised mobile (`7XXXXXXXXXX`), if any. */
export async function findCustomerByMobile(db: DbOrTrx, mobile: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customer').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

/**
 * Creates a customer with only a mobile unless one with that mobile exists (unique `mobile`; a parallel
 * creation is absorbed by ON CONFLICT DO NOTHING), then returns the customer of that mobile.
 */
export async function findOrCreateCustomerByMobile(
  db: DbOrTrx,
  id: string,
  mobile: string,
  nowIso: string,
): Promise<CustomerRow> {
  await db
    .insertInto('customer')
    .values({
      id,
      mobile,
      name: null,
      surname: null,
      email: null,
      gender: null,
      birth_date: null,
      password_hash: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .execute();
  const row = await findCustomerByMobile(db, mobile);
  if (!row) throw new Error(`customer ${mobile} vanished after insert`);
  return row;
}

/** Revokes the token with this SHA-256 hash (no-op for an unknown or already revoked one). */
export async function revokeTokenByHash(db: DbOrTrx, tokenHash: string, nowIso: string): Promise<void> {
  await db
    .updateTable('customer_token')
    .set({ revoked_at: nowIso, updated_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
