import { sql, type Updateable } from 'kysely';
import { DEFAULT_CUSTOMER_LANGUAGE } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { containsText } from '#app/db/dialect.ts';
import type { CustomerRow, CustomerTable, CustomerTokenRow, OneTimeCodeRow } from './customer.table.ts';

/**
 * Data access of the customer module: customers, their tokens, one-time codes and failed sign-ins. The only
 * place with Kysely queries for these tables (conventions: repositories take `db | trx` first). Times are
 * ISO 8601 UTC text, compared as text (fixed width, so order is preserved). Token rules: customer.token.ts.
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

/** Inserts a one-time code. */
export async function insertCode(db: DbOrTrx, row: OneTimeCodeRow): Promise<void> {
  await db.insertInto('one_time_code').values(row).execute();
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

/** The customer with this id, if any. */
export async function findCustomerById(db: DbOrTrx, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts a customer unless one with that mobile exists (unique `mobile`; a parallel insert is absorbed
 * by ON CONFLICT DO NOTHING).
 * @returns true when this call created it.
 */
export async function insertCustomerIfNew(db: DbOrTrx, row: CustomerRow): Promise<boolean> {
  const result = await db
    .insertInto('customer')
    .values(row)
    .onConflict((oc) => oc.column('mobile').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Creates a customer with only a mobile unless one exists, then returns the customer of that mobile. */
export async function findOrCreateCustomerByMobile(
  db: DbOrTrx,
  id: string,
  mobile: string,
  nowIso: string,
): Promise<CustomerRow> {
  await insertCustomerIfNew(db, {
    id,
    mobile,
    name: null,
    surname: null,
    email: null,
    gender: null,
    birth_date: null,
    password_hash: null,
    language: DEFAULT_CUSTOMER_LANGUAGE,
    blocked_at: null,
    blocked_reason: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  const row = await findCustomerByMobile(db, mobile);
  if (!row) throw new Error(`customer ${mobile} vanished after insert`);
  return row;
}

/** Changes a customer's fields. @returns the customer after the change. */
export async function updateCustomer(
  db: DbOrTrx,
  id: string,
  changes: Updateable<CustomerTable>,
): Promise<CustomerRow> {
  await db.updateTable('customer').set(changes).where('id', '=', id).execute();
  const row = await findCustomerById(db, id);
  if (!row) throw new Error(`customer ${id} vanished after update`);
  return row;
}

/** Records a failed sign-in attempt (or reserves one before it is checked). */
export async function insertAuthFailure(
  db: DbOrTrx,
  row: { id: string; kind: string; mobile: string; client_ip: string | null; created_at: string },
): Promise<void> {
  await db
    .insertInto('auth_failure')
    .values({ ...row, updated_at: row.created_at })
    .execute();
}

/** Creation times of failures of a kind after `sinceIso`, for a number or for a client address, oldest first. */
export async function authFailureTimes(
  db: DbOrTrx,
  kind: string,
  by: { mobile: string } | { clientIp: string },
  sinceIso: string,
): Promise<string[]> {
  let q = db
    .selectFrom('auth_failure')
    .select('created_at')
    .where('kind', '=', kind)
    .where('created_at', '>', sinceIso);
  q = 'mobile' in by ? q.where('mobile', '=', by.mobile) : q.where('client_ip', '=', by.clientIp);
  const rows = await q.orderBy('created_at', 'asc').execute();
  return rows.map((r) => r.created_at);
}

/** Deletes one failure row (a reserved attempt that turned out right). */
export async function deleteAuthFailure(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('auth_failure').where('id', '=', id).execute();
}

/** Forgets a number's failures of a kind (after a successful sign-in). */
export async function clearAuthFailures(db: DbOrTrx, kind: string, mobile: string): Promise<void> {
  await db.deleteFrom('auth_failure').where('kind', '=', kind).where('mobile', '=', mobile).execute();
}

/** Inserts a customer token (only its hash is stored). */
export async function insertToken(db: DbOrTrx, row: CustomerTokenRow): Promise<void> {
  await db.insertInto('customer_token').values(row).execute();
}

/** The stored token with this hash, or undefined. */
export async function findTokenByHash(db: DbOrTrx, tokenHash: string): Promise<CustomerTokenRow | undefined> {
  return db.selectFrom('customer_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The token with this hash and its customer, in one query (every signed-in request reads it). */
export async function findTokenWithCustomer(db: DbOrTrx, tokenHash: string) {
  return db
    .selectFrom('customer_token as t')
    .innerJoin('customer as c', 'c.id', 't.customer_id')
    .selectAll('c')
    .select([
      't.id as token_id',
      't.expires_at',
      't.absolute_expires_at',
      't.revoked_at',
      't.last_used_at',
      't.auth_method',
      't.created_at as token_created_at',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Notes a token's use now and its new expiry. */
export async function slideToken(db: DbOrTrx, id: string, expiresAt: string, nowIso: string): Promise<void> {
  await db
    .updateTable('customer_token')
    .set({ last_used_at: nowIso, updated_at: nowIso, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Revokes live tokens: the one with `id`, the one with `tokenHash`, or every one of `customerId` except
 * `keepId` (conditional UPDATE on `revoked_at is null`: of two parallel revocations one wins).
 * @returns how many tokens this call revoked.
 */
export async function revokeTokens(
  db: DbOrTrx,
  which: { id: string } | { tokenHash: string } | { customerId: string; keepId: string | null },
  reason: string,
  nowIso: string,
): Promise<number> {
  let q = db
    .updateTable('customer_token')
    .set({ revoked_at: nowIso, revoked_reason: reason, updated_at: nowIso })
    .where('revoked_at', 'is', null);
  if ('id' in which) q = q.where('id', '=', which.id);
  else if ('tokenHash' in which) q = q.where('token_hash', '=', which.tokenHash);
  else {
    q = q.where('customer_id', '=', which.customerId);
    if (which.keepId) q = q.where('id', '!=', which.keepId);
  }
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * One page of customers matching a phone's digits or part of a name (any letter case, Cyrillic included), newest first, with how many orders each placed (read from `order`).
 */
export async function selectCustomerPage(
  db: DbOrTrx,
  search: { phoneDigits?: string; name?: string },
  offset: number,
  limit: number,
) {
  const base = db.selectFrom('customer').where((eb) => {
    const parts = [];
    if (search.phoneDigits) parts.push(eb('customer.mobile', 'like', `%${search.phoneDigits}%`));
    if (search.name) {
      const name = search.name;
      parts.push(
        containsText(db, eb.ref('customer.name'), name),
        containsText(db, eb.ref('customer.surname'), name),
        containsText(
          db,
          sql<string>`${sql.ref('customer.name')} || ' ' || ${sql.ref('customer.surname')}`,
          name,
        ),
      );
    }
    return parts.length ? eb.or(parts) : eb.and([]);
  });
  const [rows, count] = await Promise.all([
    base
      .selectAll('customer')
      .select((eb) =>
        eb
          .selectFrom('order')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('order.customer_id', '=', 'customer.id')
          .as('order_count'),
      )
      .orderBy('customer.created_at', 'desc')
      .orderBy('customer.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, order_count: Number(r.order_count) })), total: Number(count.n) };
}

/** Sets or clears the staff's block of a customer. */
export async function setBlocked(
  db: DbOrTrx,
  id: string,
  blockedAt: string | null,
  reason: string | null,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('customer')
    .set({ blocked_at: blockedAt, blocked_reason: reason, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

/** How many orders the customer placed (read from `order`). */
export async function countOrders(db: DbOrTrx, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('order')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
