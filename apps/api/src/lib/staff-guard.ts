import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@kiim/contract';
import { AppError } from './errors.ts';
import { safeEqual, sha256 } from './ids.ts';

// The one guard of staff routes under /api/admin until staff accounts land (issue 15's `staff` module).
// Today it accepts what the order back office accepts: the `X-Backoffice-Token` header equal to
// BACKOFFICE_TOKEN (compared in constant time). When staff sessions and permissions arrive, only the inside
// of `requireStaff` changes: check the staff session and that its roles grant `permission` (403 when they do
// not), and return the staff member as the actor. Routes and their tests stay as they are.

/** Permissions staff routes ask for (names of the staff permission matrix). */
export type StaffPermission = 'reviews.moderate';

/** Who did a staff action, recorded beside what it changed (e.g. `review.moderated_by`). */
export interface StaffActor {
  /** The staff member's id; null while the back-office token stands for all staff. */
  id: string | null;
  /** A name to record and show (`backoffice` for the token). */
  name: string;
}

const BACKOFFICE_HEADER = 'x-backoffice-token';
const actors = new WeakMap<FastifyRequest, StaffActor>();

/**
 * `onRequest` hook of a staff route that needs `permission`. Runs before the body is read, so an anonymous call
 * gets 401 rather than a validation error. Read the actor with {@link currentStaff}.
 * @throws AppError 401 (code 2001) without the back-office token, with a wrong one, or when BACKOFFICE_TOKEN is
 *   not configured (no staff can sign in then).
 */
export function requireStaff(permission: StaffPermission) {
  return async function staffGuard(request: FastifyRequest): Promise<void> {
    const expected = request.server.config.payments.backofficeToken;
    const given = request.headers[BACKOFFICE_HEADER];
    if (!expected || typeof given !== 'string' || !safeEqual(sha256(given), sha256(expected)))
      throw new AppError(401, ErrorCode.unauthorized, 'Нужен вход сотрудника магазина', { permission });
    actors.set(request, { id: null, name: 'backoffice' });
  };
}

/**
 * The staff member {@link requireStaff} let through for this request.
 * @throws Error when the route did not register the guard (a programming error, answered as 500).
 */
export function currentStaff(request: FastifyRequest): StaffActor {
  const actor = actors.get(request);
  if (!actor) throw new Error('requireStaff is not registered for this route');
  return actor;
}
