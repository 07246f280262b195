import type { FastifyRequest } from 'fastify';
import { COOKIE, ErrorCode } from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import type { CustomerRow } from './customer.table.ts';
import { resolveToken, type TokenInfo } from './customer.token.ts';

/**
 * The token of the request: header `X-Authorization` (spec §7) or, without it, the HttpOnly
 * `customer_token` cookie.
 */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-authorization'];
  const value = (Array.isArray(header) ? header[0] : header) || request.cookies?.[COOKIE.customerToken];
  return value?.trim() || undefined;
}

/**
 * The signed-in customer and the token of the request.
 * @throws AppError 401 when no token is sent; 403 (spec §8) when it is expired, revoked or unknown.
 */
async function requireSignedIn(
  request: FastifyRequest,
): Promise<{ customer: CustomerRow; token: TokenInfo }> {
  const token = requestToken(request);
  if (!token) throw new AppError(401, ErrorCode.unauthorized, 'Войдите в свой аккаунт');
  return resolveToken(request.server.db, token, request.server.clock.now());
}

const signedIn = new WeakMap<FastifyRequest, { customer: CustomerRow; token: TokenInfo }>();

/**
 * `onRequest` hook for routes that need a signed-in customer: resolves the token before the body is
 * parsed, so an anonymous request gets 401/403 rather than a validation error. Read the customer with
 * {@link currentCustomer}.
 * @throws AppError 401 without a token; 403 for an unknown, revoked or expired one (spec §8).
 */
export async function authenticateCustomer(request: FastifyRequest): Promise<void> {
  signedIn.set(request, await requireSignedIn(request));
}

/**
 * The customer resolved by {@link authenticateCustomer} for this request.
 * @throws Error when the route did not register the hook (a programming error, answered as 500).
 */
export function currentCustomer(request: FastifyRequest): CustomerRow {
  return current(request).customer;
}

/** The token (id, how it was obtained, when) resolved by {@link authenticateCustomer}. */
export function currentToken(request: FastifyRequest): TokenInfo {
  return current(request).token;
}

function current(request: FastifyRequest) {
  const s = signedIn.get(request);
  if (!s) throw new Error('authenticateCustomer hook is not registered for this route');
  return s;
}
