import type { DbOrTrx } from '#app/db/database.ts';
import { rateLimited } from '#app/lib/errors.ts';
import { waitForWindow } from '#app/lib/failure-limits.ts';
import { newId } from '#app/lib/ids.ts';
import * as repo from './sms.repository.ts';

/**
 * SMS send limits (issue 4; docs/security.md), kept by the shop itself and never left to the gateway
 * (design/payments-sms.md). Per number: at most one send per 60 s, 3 per 15 minutes, 10 per 24 hours
 * (all purposes together, so sign-in, registration and recovery share one budget). Per client address:
 * `SMS_ADDRESS_HOURLY_LIMIT` per hour. In all: `SMS_DAILY_LIMIT` per 24 hours, then sending stops.
 * Windows are rolling. Every refusal is 429 `rateLimited` with `details.retryAfterSeconds`.
 */
export const SMS_RESEND_MS = 60_000;
export const SMS_PER_15_MIN = 3;
export const SMS_PER_DAY = 10;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Configurable limits: per client address per hour, and in all per 24 hours. */
export interface SmsLimits {
  addressHourlyLimit: number;
  dailyLimit: number;
}

const forNumber = (wait: string) => `Новый код можно запросить через ${wait}`;
const forAddress = (wait: string) =>
  `С вашего устройства запрошено слишком много кодов. Новый код можно запросить через ${wait}`;
const forAll = (wait: string) =>
  `Отправка SMS временно приостановлена. Попробуйте через ${wait} или войдите по паролю`;

/**
 * Takes a send slot for `mobile` or refuses with 429. The per-number limits are exact even under
 * concurrency (each send takes the number's next `seq`, read before the number's sends are counted; of
 * parallel requests one wins, the others are told to wait 60 s). The address and daily limits count after inserting, so parallel requests can only
 * be refused too often, never let through too often.
 * With `lookup` (issue 11 §6) the same checks decide an answer that tells whether a number has an account without
 * sending: it is refused exactly when a send would be, so a spent budget gives every number the same 429, and it is
 * recorded as a row of purpose `lookup` that counts against the address's budget (not the number's, nor the daily one).
 * @returns the id of the `pending` row (or the lookup's); mark a send with {@link finishSend}.
 * @throws AppError 429 rateLimited (`details.retryAfterSeconds`).
 */
export async function reserveSend(
  db: DbOrTrx,
  input: { mobile: string; clientIp: string | null; purpose: string; lookup?: boolean },
  limits: SmsLimits,
  now: Date,
): Promise<string> {
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  // The number's next seq is read before its sends: a parallel send that lands after this read is either seen
  // by the window check below or takes this same seq, so of parallel requests exactly one gets through. (Read
  // after the window check, a send landing between the two reads would be missed and get a second seq.)
  const seq = (await repo.maxSeq(db, input.mobile)) + 1;
  const byNumber = await repo.countedSendTimesForMobile(
    db,
    input.mobile,
    new Date(nowMs - DAY).toISOString(),
  );
  const oldestFirst = [...byNumber].reverse();
  const last15 = oldestFirst.filter((t) => Date.parse(t) > nowMs - 15 * MINUTE);
  const wait = Math.max(
    byNumber[0] ? Date.parse(byNumber[0]) + SMS_RESEND_MS - nowMs : 0,
    waitForWindow(last15, SMS_PER_15_MIN, 15 * MINUTE, nowMs),
    waitForWindow(oldestFirst, SMS_PER_DAY, DAY, nowMs),
  );
  if (wait > 0) throw rateLimited(wait, forNumber);

  const id = newId();
  const inserted = await repo.insertSendIfSlotFree(db, {
    id,
    mobile: input.mobile,
    seq,
    client_ip: input.clientIp,
    purpose: input.lookup ? repo.LOOKUP_PURPOSE : input.purpose,
    status: input.lookup ? 'sent' : 'pending',
    created_at: nowIso,
    updated_at: nowIso,
  });
  // A parallel request for the same number took the slot a moment ago.
  if (!inserted) throw rateLimited(SMS_RESEND_MS, forNumber);

  if (input.clientIp) {
    const fromAddress = await repo.countedSendTimes(db, new Date(nowMs - HOUR).toISOString(), input.clientIp);
    if (fromAddress.length > limits.addressHourlyLimit) {
      await repo.deleteSend(db, id);
      throw rateLimited(
        waitForWindow(fromAddress.slice(0, -1), limits.addressHourlyLimit, HOUR, nowMs),
        forAddress,
      );
    }
  }
  const sinceDay = new Date(nowMs - DAY).toISOString();
  // A lookup is not a send, so it is not among the counted ones: it is refused once the sends fill the budget.
  if ((await repo.countCountedSends(db, sinceDay)) + (input.lookup ? 1 : 0) > limits.dailyLimit) {
    const all = await repo.countedSendTimes(db, sinceDay);
    await repo.deleteSend(db, id);
    throw rateLimited(waitForWindow(all.slice(0, -1), limits.dailyLimit, DAY, nowMs), forAll);
  }
  return id;
}

/** Records the gateway's outcome of a reserved send: `failed` sends stop counting against the limits. */
export async function finishSend(
  db: DbOrTrx,
  id: string,
  status: 'sent' | 'failed',
  now: Date,
): Promise<void> {
  await repo.setSendStatus(db, id, status, now.toISOString());
}
