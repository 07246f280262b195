import type { FastifyReply } from 'fastify';
import { COOKIE } from '@kiim/contract';
import type { Config } from '#app/config.ts';
import { TOKEN_ABSOLUTE_MS } from './customer.token.ts';

/**
 * Options of the `customer_token` cookie (architecture: Identity and sessions): HttpOnly (browser code
 * never reads the token), SameSite=Lax (spec §9), Path=/, Secure in production, 30 days (the token's
 * absolute lifetime; the server still enforces the 7-day idle expiry).
 */
function tokenCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.env === 'production',
    maxAge: TOKEN_ABSOLUTE_MS / 1000,
  };
}

/** Sets the `customer_token` cookie to `token` on the reply. */
export function setTokenCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(COOKIE.customerToken, token, tokenCookieOptions(config));
}

/** Clears the `customer_token` cookie (same path and flags, expired). */
export function clearTokenCookie(reply: FastifyReply, config: Config): void {
  const { maxAge: _m, ...opts } = tokenCookieOptions(config);
  reply.clearCookie(COOKIE.customerToken, opts);
}
