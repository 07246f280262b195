import { ErrorCode, TOKEN_EXPIRED_MESSAGE } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { newId, newSecret, sha256 } from '#app/lib/ids.ts';
import * as repo from './customer.repository.ts';
import type { CustomerRow, CustomerTokenRow } from './customer.table.ts';

/**
 * Token lifetime rules (docs/decisions/004-customer-tokens.md, docs/security.md): valid 7 days after the
 * last use and at most 30 days after it was issued; an expired token may be exchanged for a new one
 * (`auth-by-expired-token`) within 60 days after it expired.
 */
const TOKEN_IDLE_MS = 7 * 24 * 3600 * 1000;
export const TOKEN_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
export const TOKEN_REFRESH_WINDOW_MS = 60 * 24 * 3600 * 1000;
/** The sliding expiry is written at most once a minute, so reads do not turn every request into a write. */
const SLIDE_EVERY_MS = 60_000;

/** How a token was obtained (`customer_token.auth_method`). */
type AuthMethod = 'code' | 'recovery' | 'password' | 'refresh';

/** The token part of a signed-in request: what the password rules need to know. */
export type TokenInfo = Pick<CustomerTokenRow, 'id' | 'auth_method' | 'created_at'>;

/** 403 for a customer blocked by staff (issue 15): every sign-in and token refresh refuses. */
export const blockedCustomer = () =>
  new AppError(
    403,
    ErrorCode.forbidden,
    'Вход в аккаунт ограничен. Пожалуйста, позвоните в службу поддержки Kiim',
  );

/**
 * Issues a new opaque token (256 random bits) for the customer; only its SHA-256 is stored.
 * @param method how the customer proved who they are (default `code`).
 * @returns the token, shown to the client once.
 * @throws AppError 403 when staff blocked the customer.
 */
export async function issueToken(
  db: DbOrTrx,
  customerId: string,
  now: Date,
  method: AuthMethod = 'code',
): Promise<string> {
  if ((await repo.findCustomerById(db, customerId))?.blocked_at) throw blockedCustomer();
  const token = newSecret();
  const t = now.getTime();
  await repo.insertToken(db, {
    id: newId(),
    customer_id: customerId,
    token_hash: sha256(token),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    last_used_at: now.toISOString(),
    expires_at: new Date(t + Math.min(TOKEN_IDLE_MS, TOKEN_ABSOLUTE_MS)).toISOString(),
    absolute_expires_at: new Date(t + TOKEN_ABSOLUTE_MS).toISOString(),
    revoked_at: null,
    auth_method: method,
    revoked_reason: null,
  });
  return token;
}

/** The stored row of a token (by its hash), or undefined. */
export async function findToken(db: DbOrTrx, token: string): Promise<CustomerTokenRow | undefined> {
  return repo.findTokenByHash(db, sha256(token));
}

/** 403 for a token that is unknown or revoked (spec §8: any other 403 logs out). */
export const invalidToken = () =>
  new AppError(403, ErrorCode.forbidden, 'Сессия недействительна. Войдите снова');

/**
 * Resolves a token to its customer and slides its expiry (7 days after last use, at most 30 in all).
 * @returns the customer and the token's id, method and issue time.
 * @throws AppError 403 `Token has expired` (spec §8) for an expired token; 403 forbidden for an unknown
 *   or revoked one.
 */
export async function resolveToken(
  db: DbOrTrx,
  token: string,
  now: Date,
): Promise<{ customer: CustomerRow; token: TokenInfo }> {
  const row = await repo.findTokenWithCustomer(db, sha256(token));
  if (!row || row.revoked_at) throw invalidToken();
  const nowIso = now.toISOString();
  if (row.expires_at <= nowIso) throw new AppError(403, ErrorCode.tokenExpired, TOKEN_EXPIRED_MESSAGE);
  if (now.getTime() - Date.parse(row.last_used_at) > SLIDE_EVERY_MS) {
    const expires = Math.min(now.getTime() + TOKEN_IDLE_MS, Date.parse(row.absolute_expires_at));
    await repo.slideToken(db, row.token_id, new Date(expires).toISOString(), nowIso);
  }
  const {
    token_id,
    expires_at: _e,
    absolute_expires_at: _a,
    revoked_at: _r,
    last_used_at: _l,
    auth_method,
    token_created_at,
    ...customer
  } = row;
  return { customer, token: { id: token_id, auth_method, created_at: token_created_at } };
}

/**
 * Revokes a token by id if it is still live (of two parallel revocations one wins).
 * @returns true when this call revoked it.
 */
export async function revokeTokenById(
  db: DbOrTrx,
  id: string,
  reason: string,
  nowIso: string,
): Promise<boolean> {
  return (await repo.revokeTokens(db, { id }, reason, nowIso)) === 1;
}

/** Revokes the token with this value (no-op for an unknown or already revoked one). */
export async function revokeToken(db: DbOrTrx, token: string, reason: string, nowIso: string): Promise<void> {
  await repo.revokeTokens(db, { tokenHash: sha256(token) }, reason, nowIso);
}

/** Revokes every live token of the customer except `keepId` (after a password change). */
export async function revokeOtherTokens(
  db: DbOrTrx,
  customerId: string,
  keepId: string | null,
  reason: string,
  nowIso: string,
): Promise<void> {
  await repo.revokeTokens(db, { customerId, keepId }, reason, nowIso);
}
