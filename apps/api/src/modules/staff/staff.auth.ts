import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { roleCan, StaffErrorCode, type Permission, type SessionStage } from '@kiim/contract';
import type { Config } from '#app/config.ts';
import { AppError } from '#app/lib/errors.ts';
import type { SessionWithMember } from './staff.repository.ts';
import { resolveSession, SESSION_ABSOLUTE_MS, signedOut } from './staff.session.ts';

/**
 * How staff routes are guarded (issue 15; docs/decisions/014):
 * - every route under `/api/admin` declares its access with exactly one route-level `onRequest` hook made here —
 *   {@link requirePermission} (a permission of the matrix in `@kiim/contract` staff.permissions.ts),
 *   {@link requireStaffSession} (the member's own session, whatever the role) or {@link publicStaffRoute} (signing
 *   in, invitations) — checked at registration ({@link guardStaffRoutes}: an undeclared route stops the app) and
 *   walked by the permission-matrix test; the check runs before the body is even read, so a refused member learns
 *   nothing from validation;
 * - the session travels in the `kiim_staff` cookie: HttpOnly, SameSite=Strict, Path=/api/admin, Secure in
 *   production;
 * - state-changing requests must come from the shop's own pages (Origin check, {@link sameOriginOnly}).
 */
export const STAFF_COOKIE = 'kiim_staff';
const COOKIE_PATH = '/api/admin';
const ADMIN_PREFIX = '/api/admin';

/** The access a staff route declares. */
export type StaffAccess =
  | { kind: 'public' }
  | { kind: 'session'; stages: readonly SessionStage[] }
  | { kind: 'permission'; permission: Permission };

const ACCESS = Symbol.for('kiim.staffAccess');
type AccessHook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  [ACCESS]: StaffAccess;
};
const tagged = (access: StaffAccess, hook: (request: FastifyRequest) => Promise<void>): AccessHook =>
  Object.assign(hook, { [ACCESS]: access });

const signedInRequests = new WeakMap<FastifyRequest, SessionWithMember>();

async function sessionOf(request: FastifyRequest): Promise<SessionWithMember> {
  const token = request.cookies?.[STAFF_COOKIE];
  if (!token) throw signedOut();
  const session = await resolveSession(request.server.db, token, request.server.clock.now());
  signedInRequests.set(request, session);
  return session;
}

/**
 * The route needs a signed-in member whose role has `permission` (the matrix of staff.permissions.ts).
 * @throws AppError 401 signedOut without a full session; 403 twoFactorRequired when two-factor is required
 *   (production) and not set up; 403 permissionDenied when the role lacks the permission.
 */
export function requirePermission(permission: Permission): AccessHook {
  return tagged({ kind: 'permission', permission }, async (request) => {
    const s = await sessionOf(request);
    if (s.stage === 'second_factor') throw signedOut();
    if (s.stage === 'enrolment' || (request.server.config.staff.twoFactorRequired && !s.totp_secret)) {
      throw new AppError(
        403,
        StaffErrorCode.twoFactorRequired,
        'Сначала включите двухфакторную защиту входа',
      );
    }
    if (!roleCan(s.role, permission)) {
      throw new AppError(403, StaffErrorCode.permissionDenied, 'Этот раздел недоступен для вашей роли');
    }
  });
}

/**
 * The route serves the member's own session in one of `stages` (their profile, two-factor, sign-out).
 * @throws AppError 401 signedOut without a live session in one of those stages.
 */
export function requireStaffSession(...stages: SessionStage[]): AccessHook {
  return tagged({ kind: 'session', stages }, async (request) => {
    const s = await sessionOf(request);
    if (!stages.includes(s.stage)) throw signedOut();
  });
}

/** The route is open without a session (signing in, invitation links); it still passes the Origin check. */
export function publicStaffRoute(): AccessHook {
  return tagged({ kind: 'public' }, async () => {});
}

/** The session and member resolved by the route's access hook. @throws Error when the route has none (a bug). */
export function currentStaff(request: FastifyRequest): SessionWithMember {
  const s = signedInRequests.get(request);
  if (!s) throw new Error('the route declares no staff session hook');
  return s;
}

/** The session's cookie, if the request has one (sign-out of a stale session still clears it). */
export const sessionCookie = (request: FastifyRequest) => request.cookies?.[STAFF_COOKIE];

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: COOKIE_PATH,
    secure: config.env === 'production',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, cookieOptions(config));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const { maxAge: _m, ...opts } = cookieOptions(config);
  reply.clearCookie(STAFF_COOKIE, opts);
}

/** The access declared by a route's `onRequest` hooks, if any. */
export function accessOf(onRequest: RouteOptions['onRequest']): StaffAccess | undefined {
  const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  const found = hooks
    .map((h) => (h as Partial<AccessHook>)[ACCESS])
    .filter((a): a is StaffAccess => a !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

/** A registered staff route and its access (the permission-matrix test walks these). */
export interface StaffRoute {
  method: string;
  url: string;
  access: StaffAccess;
}

const isAdminUrl = (url: string) => url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`);

/**
 * Registers, before any route: every `/api/admin` route must declare exactly one access hook (else registration
 * throws, and the app does not start), and is listed in `app.staffRoutes`; and the Origin check of
 * {@link sameOriginOnly} on every `/api/admin` request.
 */
export function guardStaffRoutes(app: FastifyInstance): void {
  const routes: StaffRoute[] = [];
  app.decorate('staffRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!isAdminUrl(route.url)) return;
    const access = accessOf(route.onRequest);
    if (!access) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no staff access: add onRequest: requirePermission('…') ` +
          '(or requireStaffSession / publicStaffRoute) from modules/staff/staff.auth.ts',
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });
  // A callback hook (every request passes here, decision 018 «the request path»); the check's AppError is thrown
  // into Fastify's hook runner, which answers it through the error handler (403).
  app.addHook('onRequest', (request, _reply, done) => {
    if (isAdminUrl(request.url.split('?')[0]!)) sameOriginOnly(request);
    done();
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence of the cookie-authenticated staff API, beside SameSite=Strict: a request that changes something must
 * carry an `Origin` header naming the shop (PUBLIC_URL's host, or the host the request was sent to). Browsers send
 * Origin with every cross-site and same-site POST/PUT/PATCH/DELETE, and a page of another site cannot forge it.
 * @throws AppError 403 crossSiteRequest.
 */
export function sameOriginOnly(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  let host: string | undefined;
  try {
    host = origin ? new URL(origin).host : undefined;
  } catch {
    host = undefined;
  }
  const allowed = [new URL(request.server.config.publicUrl).host, request.headers.host];
  if (!host || !allowed.includes(host)) {
    throw new AppError(
      403,
      StaffErrorCode.crossSiteRequest,
      'Запрос отклонён: он отправлен не со страницы магазина',
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api/admin` route with its declared access (see guardStaffRoutes). */
    staffRoutes: StaffRoute[];
  }
}
