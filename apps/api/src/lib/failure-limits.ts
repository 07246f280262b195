import type { DbOrTrx } from '#app/db/database.ts';
import { rateLimited } from './errors.ts';
import { newId } from './ids.ts';

/**
 * Limits on failed sign-in attempts, shared by the customer's password sign-in and the staff sign-in
 * (docs/security.md): at most `perSubject` failures per account (a phone number, an e-mail) and `perAddress` per
 * client address in a rolling window; then 429 with the seconds to wait. Each module keeps its failures in a table
 * of its own and hands its queries in as a {@link FailureStore}.
 */
export interface FailureStore {
  insert(
    db: DbOrTrx,
    row: { id: string; subject: string; clientIp: string | null; at: string },
  ): Promise<void>;
  /** Creation times of failures after `sinceIso`, of an account or of a client address, oldest first. */
  times(db: DbOrTrx, by: { subject: string } | { clientIp: string }, sinceIso: string): Promise<string[]>;
  remove(db: DbOrTrx, id: string): Promise<void>;
  /** Forgets an account's failures. */
  clear(db: DbOrTrx, subject: string): Promise<void>;
}

export interface FailureLimits {
  perSubject: number;
  perAddress: number;
  windowMs: number;
  /** The Russian refusal with the wait in words («2 минуты»). */
  message: (wait: string) => string;
}

/** Who tries: the account's key and the client address (null when unknown). */
export interface Attempt {
  subject: string;
  clientIp: string | null;
}

/**
 * Milliseconds until one more event fits in a rolling window of `windowMs`: `times` are the events in the window,
 * oldest first (the one being decided excluded); 0 when fewer than `limit`. Used by every rolling limit (sign-in
 * failures, SMS sends, reviews and questions).
 */
export function waitForWindow(times: string[], limit: number, windowMs: number, nowMs: number): number {
  if (times.length < limit) return 0;
  return Date.parse(times[times.length - limit]!) + windowMs - nowMs;
}

/** The failure limiter over one store: check, reserve an attempt, forget after a success. */
export function failureLimiter(store: FailureStore, limits: FailureLimits) {
  const since = (nowMs: number) => new Date(nowMs - limits.windowMs).toISOString();
  const counts = async (db: DbOrTrx, by: Attempt, nowMs: number) => ({
    bySubject: await store.times(db, { subject: by.subject }, since(nowMs)),
    byAddress: by.clientIp ? await store.times(db, { clientIp: by.clientIp }, since(nowMs)) : [],
  });
  const wait = (c: { bySubject: string[]; byAddress: string[] }, nowMs: number) =>
    Math.max(
      waitForWindow(c.bySubject, limits.perSubject, limits.windowMs, nowMs),
      waitForWindow(c.byAddress, limits.perAddress, limits.windowMs, nowMs),
    );
  return {
    /**
     * Refuses when the account or the address already has too many recent failures.
     * @throws AppError 429 rateLimited (`details.retryAfterSeconds`).
     */
    async check(db: DbOrTrx, by: Attempt, now: Date): Promise<void> {
      const w = wait(await counts(db, by, now.getTime()), now.getTime());
      if (w > 0) throw rateLimited(w, limits.message);
    },
    /**
     * Records the attempt as a failure before the password is checked, then re-counts: parallel guesses can never
     * get past the limits (some may be refused too early, none let through). {@link forget} removes the row when
     * the password is right.
     * @returns the id of the reserved failure row.
     * @throws AppError 429 rateLimited when this attempt is over a limit (its row is removed).
     */
    async reserve(db: DbOrTrx, by: Attempt, now: Date): Promise<string> {
      const id = newId();
      await store.insert(db, { id, subject: by.subject, clientIp: by.clientIp, at: now.toISOString() });
      const c = await counts(db, by, now.getTime());
      if (c.bySubject.length > limits.perSubject || c.byAddress.length > limits.perAddress) {
        await store.remove(db, id);
        const before = { bySubject: c.bySubject.slice(0, -1), byAddress: c.byAddress.slice(0, -1) };
        throw rateLimited(wait(before, now.getTime()), limits.message);
      }
      return id;
    },
    /** Takes back a reserved attempt that turned out right, keeping the account's other failures. */
    async release(db: DbOrTrx, attemptId: string): Promise<void> {
      await store.remove(db, attemptId);
    },
    /** Forgets the account's failures after a success (and the reserved row `attemptId`, if any). */
    async forget(db: DbOrTrx, subject: string, attemptId: string | null): Promise<void> {
      if (attemptId) await store.remove(db, attemptId);
      await store.clear(db, subject);
    },
  };
}
