import type { FastifyBaseLogger } from 'fastify';
import type { KaspiConfig } from '#app/config.kaspi.ts';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { PaymentProviderError, type RefundGateway } from '#app/modules/payment/payment.provider.ts';
import { KaspiError, type KaspiPay } from './kaspi.client.ts';
import { CODES, DEFAULT_BEHAVIOUR, REMOTE_WAIT_SECONDS, isDeviceGone, stateOf } from './kaspi.protocol.ts';
import * as repo from './kaspi.repository.ts';
import type { KaspiAttemptRow } from './kaspi.table.ts';

// Kaspi Pay payments of the shop (issue 33 Part A, decision 044): the device, the attempts (a QR, a link or an
// invoice by phone made for one shop payment), reading their status at Kaspi's interval, and refunds. Like the
// payment module it knows nothing of orders: `paymentId` is the shop payment an attempt pays.

/** What the kaspi functions need from the app. */
export interface KaspiDeps {
  db: Db;
  log: FastifyBaseLogger;
  kaspi: KaspiPay;
  /** The trade point and device; the BIN when invoices by phone are possible (enhanced scheme). */
  config: Pick<KaspiConfig, 'tradePointId' | 'deviceId'> & { organizationBin?: string | undefined };
}

/**
 * The device token of the configured trade point: the stored one, or registered once with `device/register`
 * and stored (of racing registrations the first stored wins). @throws KaspiError
 */
export async function deviceToken(deps: KaspiDeps, now: Date): Promise<string> {
  const stored = await repo.findDevice(deps.db, deps.config.tradePointId);
  if (stored) return stored.device_token;
  const token = await deps.kaspi.registerDevice();
  const row = await repo.saveDevice(deps.db, {
    trade_point_id: deps.config.tradePointId,
    device_id: deps.config.deviceId,
    device_token: token,
    created_at: now.toISOString(),
  });
  return row.device_token;
}

/** Runs `work` with the device token; once more with a fresh registration when Kaspi no longer knows it. */
async function withDevice<T>(deps: KaspiDeps, now: Date, work: (token: string) => Promise<T>): Promise<T> {
  const token = await deviceToken(deps, now);
  try {
    return await work(token);
  } catch (err) {
    if (!(err instanceof KaspiError) || err.code === undefined || !isDeviceGone(err.code)) throw err;
    deps.log.warn({ code: err.code }, 'Kaspi no longer knows the device: registering it again');
    const fresh = await deps.kaspi.registerDevice();
    await repo.replaceDeviceToken(deps.db, deps.config.tradePointId, fresh);
    return work(fresh);
  }
}

const plus = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000).toISOString();

/** How the shopper pays: a QR shown, the app opened by a link (phones), or an invoice pushed to their phone. */
export type AttemptKind = KaspiAttemptRow['kind'];

/**
 * Makes a Kaspi payment for the shop payment `paymentId` of `amount` tenge with our `externalId` (the order
 * number), stored before the shopper sees it. When the payment has an open attempt, Kaspi's status of it is read
 * first (kaspi.md A6: never a second QR without reading the first): still open, it is returned as it is.
 * @param phone 7XXXXXXXXXX, for `remote`.
 * @returns the open attempt; its `kind` may differ from the one asked when an open one of another kind exists.
 * @throws KaspiError when Kaspi refuses or does not answer (nothing stored).
 */
export async function openAttempt(
  deps: KaspiDeps,
  pay: { paymentId: string; amount: number; externalId: string; kind: AttemptKind; phone?: string },
  now: Date,
): Promise<KaspiAttemptRow> {
  const open = await repo.findLatestAttempt(deps.db, pay.paymentId);
  if (open && open.next_poll_at !== null) {
    const { attempt } = await readAttempt(deps, open, now);
    if (attempt.next_poll_at !== null) return attempt;
  }
  const token = await deviceToken(deps, now);
  const created = await withDevice(deps, now, (t) =>
    pay.kind === 'remote'
      ? deps.kaspi.remote(t, pay.amount, pay.phone ?? '', `Оплата заказа № ${pay.externalId} в магазине Kiim`)
      : deps.kaspi.create(pay.kind, t, pay.amount, pay.externalId),
  );
  const behaviour = created.behaviour ?? {
    ...DEFAULT_BEHAVIOUR,
    scanSeconds: pay.kind === 'remote' ? REMOTE_WAIT_SECONDS : DEFAULT_BEHAVIOUR.scanSeconds,
  };
  const nowIso = now.toISOString();
  const row: KaspiAttemptRow = {
    id: newId(),
    payment_id: pay.paymentId,
    kind: pay.kind,
    qr_payment_id: created.qrPaymentId,
    qr_token: created.qrToken,
    payment_link: created.paymentLink,
    phone: pay.phone ?? null,
    device_token: token,
    kaspi_status: pay.kind === 'remote' ? 'RemotePaymentCreated' : 'QrTokenCreated',
    state: 'waiting',
    poll_seconds: behaviour.pollSeconds,
    confirm_seconds: behaviour.confirmSeconds,
    scan_deadline: plus(now, behaviour.scanSeconds),
    confirm_deadline: null,
    next_poll_at: plus(now, behaviour.pollSeconds),
    last_error: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  if (await repo.insertAttempt(deps.db, row)) return row;
  // A racing request stored its attempt first: that one is shown (ours expires unseen at Kaspi).
  return (await repo.findLatestAttempt(deps.db, pay.paymentId))!;
}

/** A status read: the attempt after it, whether this read recorded it, Kaspi's transaction and amount (tenge). */
export interface AttemptRead {
  attempt: KaspiAttemptRow;
  recorded: boolean;
  transactionId: string | null;
  amount: number | null;
}

/**
 * Reads Kaspi's status of an open attempt and records it (conditionally: of racing readers one records):
 * `Processed` paid, `Wait` scanned (the confirmation timeout starts), `Error`/… refused, `Expired` expired; an
 * attempt still waiting past its scan deadline, or scanned past its confirmation deadline, is expired after this
 * last read (kaspi.md A5). The next read is due after Kaspi's polling interval.
 * @returns the attempt as recorded (or as another reader recorded it: `recorded` false) and Kaspi's facts.
 * @throws KaspiError when Kaspi does not answer (the next read is postponed by the interval).
 */
export async function readAttempt(deps: KaspiDeps, a: KaspiAttemptRow, now: Date): Promise<AttemptRead> {
  const nowIso = now.toISOString();
  let answer;
  try {
    answer = await deps.kaspi.status(a.qr_payment_id);
  } catch (err) {
    if (err instanceof KaspiError)
      await repo.postponeAttempt(deps.db, a.id, plus(now, a.poll_seconds), err.message, nowIso);
    throw err;
  }
  let state = stateOf(answer.status);
  const confirmDeadline =
    state === 'scanned' ? (a.confirm_deadline ?? plus(now, a.confirm_seconds)) : a.confirm_deadline;
  if (state === 'waiting' && nowIso >= a.scan_deadline) state = 'expired';
  if (state === 'scanned' && confirmDeadline !== null && nowIso >= confirmDeadline) state = 'expired';
  const open = state === 'waiting' || state === 'scanned';
  const change: repo.AttemptUpdate = {
    kaspi_status: answer.status.slice(0, 60),
    state,
    confirm_deadline: confirmDeadline,
    next_poll_at: open ? plus(now, a.poll_seconds) : null,
    last_error: null,
  };
  const recorded = await repo.updateAttempt(deps.db, a.id, a.next_poll_at, change, nowIso);
  const attempt = recorded
    ? { ...a, ...change, updated_at: nowIso }
    : ((await repo.findLatestAttempt(deps.db, a.payment_id)) ?? a);
  return { attempt, recorded, transactionId: answer.transactionId, amount: answer.amount };
}

/** The newest attempt of a shop payment. */
export const latestAttempt = (db: DbOrTrx, paymentId: string) => repo.findLatestAttempt(db, paymentId);

/** Attempts read as paid whose shop payment is still unpaid (see the repository). */
export const paidAttemptsNotApplied = (db: DbOrTrx, limit: number) => repo.findPaidNotApplied(db, limit);

/** Open attempts whose next read is due. */
export const dueAttempts = (db: DbOrTrx, now: Date, limit: number) =>
  repo.findDueAttempts(db, now.toISOString(), limit);

/** A KaspiError as the refund rows read it: refused (HTTP-like 422) or no answer (no status). */
const asProviderError = (err: unknown): unknown =>
  err instanceof KaspiError
    ? new PaymentProviderError(err.message, err.retryable ? undefined : 422, err.code?.toString())
    : err;

/**
 * Kaspi's refunds for the refund rows (decision 035 via 044): `payment/details` says what is refunded
 * (TotalAmount − AvailableReturnAmount), `payment/return` refunds a part. The payment's `transaction_id` is
 * Kaspi's QrPaymentId. Partial refunds Kaspi refuses (-99000020) stay owed for staff to see.
 */
export function kaspiRefunds(deps: KaspiDeps): RefundGateway {
  const attemptOf = async (paymentId: string, qrPaymentId: string | null) => {
    const a = qrPaymentId ? await repo.findAttemptByKaspiId(deps.db, qrPaymentId) : undefined;
    if (!a || a.payment_id !== paymentId) throw new PaymentProviderError('Платёж Kaspi не найден', 404);
    return a;
  };
  return {
    async refundedSoFar(payment) {
      const a = await attemptOf(payment.id, payment.transaction_id);
      try {
        const d = await deps.kaspi.details(a.qr_payment_id, a.device_token);
        return Math.max(0, Math.round(d.total - d.available));
      } catch (err) {
        throw asProviderError(err);
      }
    },
    async refund(payment, amount) {
      const a = await attemptOf(payment.id, payment.transaction_id);
      try {
        await deps.kaspi.returnPayment(a.qr_payment_id, a.device_token, amount);
      } catch (err) {
        if (err instanceof KaspiError && err.code === CODES.partialRefundUnavailable)
          deps.log.warn({ paymentId: payment.id }, 'Kaspi refuses partial refunds for this payment');
        throw asProviderError(err);
      }
    },
  };
}
