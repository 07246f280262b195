import { ErrorCode, TOKEN_EXPIRED_MESSAGE } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { newId, newSecret, sha256 } from '#app/lib/ids.ts';
import type { CustomerRow } from './customer.table.ts';

/** Token lifetime rules (docs/decisions/005-customer-tokens.md). */
export const TOKEN_IDLE_MS = 7 * 24 * 3600 * 1000;
export const TOKEN_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;

/**
 * Issues a new opaque token (256 random bits) for the customer; only its SHA-256 is stored.
 * @returns the token, shown to the client once.
 */
export async function issueToken(db: DbOrTrx, customerId: string, now: Date): Promise<string> {
  const token = newSecret();
  const t = now.getTime();
  await db
    .insertInto('customer_token')
    .values({
      id: newId(),
      customer_id: customerId,
      token_hash: sha256(token),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: new Date(Math.min(t + TOKEN_IDLE_MS, t + TOKEN_ABSOLUTE_MS)).toISOString(),
      absolute_expires_at: new Date(t + TOKEN_ABSOLUTE_MS).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * Resolves a token to its customer and slides its expiry (7 days after last use, at most 30 in all).
 * @throws AppError 403 `Token has expired` (spec §8) for an expired token; 403 forbidden for an unknown
 *   or revoked one.
 */
export async function resolveToken(db: DbOrTrx, token: string, now: Date): Promise<CustomerRow> {
  const row = await db
    .selectFrom('customer_token as t')
    .innerJoin('customer as c', 'c.id', 't.customer_id')
    .selectAll('c')
    .select(['t.id as token_id', 't.expires_at', 't.absolute_expires_at', 't.revoked_at', 't.last_used_at'])
    .where('t.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.revoked_at) throw new AppError(403, ErrorCode.forbidden, 'Доступ запрещён');
  const nowIso = now.toISOString();
  if (row.expires_at <= nowIso) throw new AppError(403, ErrorCode.tokenExpired, TOKEN_EXPIRED_MESSAGE);
  // Slide the expiry at most once a minute, so reads do not turn every request into a write.
  if (now.getTime() - Date.parse(row.last_used_at) > 60_000) {
    const expires = Math.min(now.getTime() + TOKEN_IDLE_MS, Date.parse(row.absolute_expires_at));
    await db
      .updateTable('customer_token')
      .set({ last_used_at: nowIso, updated_at: nowIso, expires_at: new Date(expires).toISOString() })
      .where('id', '=', row.token_id)
      .execute();
  }
  const { token_id: _i, expires_at: _e, absolute_expires_at: _a, revoked_at: _r, last_used_at: _l, ...customer } = row;
  return customer;
}
