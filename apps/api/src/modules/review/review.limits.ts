import { FEEDBACK_RATE_LIMITS } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { rateLimited } from '#app/lib/errors.ts';
import { waitForWindow } from '#app/lib/failure-limits.ts';
import * as repo from './review.repository.ts';

// How much one customer may write (issue 10: rate per customer): reviews and questions together, at most
// FEEDBACK_RATE_LIMITS.perHour in a rolling hour and .perDay in a rolling 24 hours. Exact under concurrency:
// the customer's author row is locked first, so a second parallel write counts after the first commits.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const message = (wait: string) =>
  `Вы отправили много отзывов и вопросов за короткое время. Следующий можно будет отправить через ${wait}`;

/**
 * First step of the transaction that writes a review or question: locks the customer's author row (inserted on
 * their first text), so their parallel writes run one after the other and each sees the ones before it.
 */
export async function lockAuthor(trx: DbOrTrx, customerId: string, now: Date): Promise<void> {
  await repo.lockAuthor(trx, customerId, now.toISOString());
}

/**
 * After {@link lockAuthor}, in the same transaction: refuses when the customer is at a limit.
 * @throws AppError 429 rateLimited (code 1029) with `details.retryAfterSeconds` and a Russian message.
 */
export async function checkPostingLimits(trx: DbOrTrx, customerId: string, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const times = await repo.postingTimes(trx, customerId, new Date(nowMs - DAY_MS).toISOString());
  const lastHour = times.filter((t) => Date.parse(t) > nowMs - HOUR_MS);
  const wait = Math.max(
    waitForWindow(lastHour, FEEDBACK_RATE_LIMITS.perHour, HOUR_MS, nowMs),
    waitForWindow(times, FEEDBACK_RATE_LIMITS.perDay, DAY_MS, nowMs),
  );
  if (wait > 0) throw rateLimited(wait, message);
}
