import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '@kiim/contract';
import type { SessionOrigin } from './staff.session.ts';

// Pieces shared by the staff route tables.

/** Error answers by status, for a route's `response`. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));
/** The OpenAPI security of a route that needs a staff session. */
export const security = [{ staffSession: [] }];
export const COOKIE_NOTE =
  'Sets the session cookie kiim_staff (HttpOnly, SameSite=Strict, Path=/api/admin, Secure in production). ' +
  'State-changing calls need an Origin header of the shop (403 code 7006 otherwise).';
/** The OK answer of a call that returns nothing else. */
export const ok = { data: { ok: true as const } };

/** Where a request comes from, for the session it opens and the audit entries it writes. */
export const originOf = (request: FastifyRequest): SessionOrigin => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  now: request.server.clock.now(),
});

const GUARD =
  '401 code 7002 without a session; 403 code 7003 when the role lacks the permission, 7004 while two-factor is required and not set up.';

/** The OpenAPI part of a route behind a permission: its tag, summary, and what it does, then the refusals. */
export const guarded = <T extends object>(
  tag: string,
  permission: string,
  summary: string,
  description: string,
  rest: T,
) => ({
  tags: [tag],
  security,
  summary,
  description: `Permission ${permission}. ${description} ${GUARD}`,
  ...rest,
});
