import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { rateLimited } from '#app/modules/sms/sms.limits.ts';
import * as repo from './customer.repository.ts';

/**
 * Limits on failed password attempts (docs/security.md): at most 5 per number and 20 per client address in
 * a rolling 15 minutes; then 429 with the seconds to wait. A success forgets the number's failures; so
 * does a confirmed recovery code.
 */
const PASSWORD_FAILURES_PER_NUMBER = 5;
const PASSWORD_FAILURES_PER_ADDRESS = 20;
const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const KIND = 'password';

const message = (wait: string) =>
  `Слишком много неудачных попыток входа. Попробуйте через ${wait} или войдите по коду из SMS`;

/** Milliseconds until the oldest failure that keeps the count at `limit` leaves the window; 0 under the limit. */
function waitMs(times: string[], limit: number, nowMs: number): number {
  if (times.length < limit) return 0;
  return Date.parse(times[times.length - limit]!) + PASSWORD_FAILURE_WINDOW_MS - nowMs;
}

/**
 * Refuses when the number or the address already has too many recent failures.
 * @throws AppError 429 rateLimited (`details.retryAfterSeconds`).
 */
export async function checkPasswordFailures(
  db: DbOrTrx,
  by: { mobile: string; clientIp: string | null },
  now: Date,
): Promise<void> {
  const nowMs = now.getTime();
  const since = new Date(nowMs - PASSWORD_FAILURE_WINDOW_MS).toISOString();
  const wait = Math.max(
    waitMs(
      await repo.authFailureTimes(db, KIND, { mobile: by.mobile }, since),
      PASSWORD_FAILURES_PER_NUMBER,
      nowMs,
    ),
    by.clientIp
      ? waitMs(
          await repo.authFailureTimes(db, KIND, { clientIp: by.clientIp }, since),
          PASSWORD_FAILURES_PER_ADDRESS,
          nowMs,
        )
      : 0,
  );
  if (wait > 0) throw rateLimited(wait, message);
}

/**
 * Records the attempt as a failure before the password is checked, then re-counts: parallel guesses can
 * never get past the limits (some may be refused too early, none let through). The row is removed again by
 * {@link forgetPasswordFailures} when the password is right.
 * @returns the id of the reserved failure row.
 * @throws AppError 429 rateLimited when this attempt is over a limit (its row is removed).
 */
export async function reservePasswordAttempt(
  db: DbOrTrx,
  by: { mobile: string; clientIp: string | null },
  now: Date,
): Promise<string> {
  const id = newId();
  await repo.insertAuthFailure(db, {
    id,
    kind: KIND,
    mobile: by.mobile,
    client_ip: by.clientIp,
    created_at: now.toISOString(),
  });
  const nowMs = now.getTime();
  const since = new Date(nowMs - PASSWORD_FAILURE_WINDOW_MS).toISOString();
  const byNumber = await repo.authFailureTimes(db, KIND, { mobile: by.mobile }, since);
  const byAddress = by.clientIp
    ? await repo.authFailureTimes(db, KIND, { clientIp: by.clientIp }, since)
    : [];
  if (byNumber.length > PASSWORD_FAILURES_PER_NUMBER || byAddress.length > PASSWORD_FAILURES_PER_ADDRESS) {
    await repo.deleteAuthFailure(db, id);
    const wait = Math.max(
      waitMs(byNumber.slice(0, -1), PASSWORD_FAILURES_PER_NUMBER, nowMs),
      waitMs(byAddress.slice(0, -1), PASSWORD_FAILURES_PER_ADDRESS, nowMs),
    );
    throw rateLimited(wait, message);
  }
  return id;
}

/** Forgets the number's failures after a success (and the reserved row `attemptId`, if any). */
export async function forgetPasswordFailures(
  db: DbOrTrx,
  mobile: string,
  attemptId: string | null,
): Promise<void> {
  if (attemptId) await repo.deleteAuthFailure(db, attemptId);
  await repo.clearAuthFailures(db, KIND, mobile);
}
