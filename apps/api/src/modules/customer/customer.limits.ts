import type { DbOrTrx } from '#app/db/database.ts';
import { failureLimiter, type FailureStore } from '#app/lib/failure-limits.ts';
import * as repo from './customer.repository.ts';

/**
 * Limits on failed password attempts (docs/security.md): at most 5 per number and 20 per client address in
 * a rolling 15 minutes; then 429 with the seconds to wait. A success forgets the number's failures; so
 * does a confirmed recovery code.
 */
const KIND = 'password';

const store: FailureStore = {
  insert: (db, r) =>
    repo.insertAuthFailure(db, {
      id: r.id,
      kind: KIND,
      mobile: r.subject,
      client_ip: r.clientIp,
      created_at: r.at,
    }),
  times: (db, by, since) =>
    repo.authFailureTimes(db, KIND, 'subject' in by ? { mobile: by.subject } : by, since),
  remove: (db, id) => repo.deleteAuthFailure(db, id),
  clear: (db, mobile) => repo.clearAuthFailures(db, KIND, mobile),
};

const limiter = failureLimiter(store, {
  perSubject: 5,
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
  message: (wait) =>
    `Слишком много неудачных попыток входа. Попробуйте через ${wait} или войдите по коду из SMS`,
});

/** Who tries a password: the number and the client address. */
type ByNumber = { mobile: string; clientIp: string | null };

/**
 * Refuses when the number or the address already has too many recent failures.
 * @throws AppError 429 rateLimited (`details.retryAfterSeconds`).
 */
export const checkPasswordFailures = (db: DbOrTrx, by: ByNumber, now: Date): Promise<void> =>
  limiter.check(db, { subject: by.mobile, clientIp: by.clientIp }, now);

/**
 * Records the attempt as a failure before the password is checked (parallel guesses never get past the limits);
 * {@link forgetPasswordFailures} removes it when the password is right.
 * @returns the id of the reserved failure row.
 * @throws AppError 429 rateLimited when this attempt is over a limit (its row is removed).
 */
export const reservePasswordAttempt = (db: DbOrTrx, by: ByNumber, now: Date): Promise<string> =>
  limiter.reserve(db, { subject: by.mobile, clientIp: by.clientIp }, now);

/** Forgets the number's failures after a success (and the reserved row `attemptId`, if any). */
export const forgetPasswordFailures = (
  db: DbOrTrx,
  mobile: string,
  attemptId: string | null,
): Promise<void> => limiter.forget(db, mobile, attemptId);
