import type { FastifyBaseLogger } from 'fastify';
import type { HalykCallbackBody } from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { safeEqual, sha256 } from '#app/lib/ids.ts';
import { parseAmount } from './halyk.epay.ts';
import { isFailedStatus, isPaidStatus, type StatusCheck } from './payment.provider.ts';
import * as repo from './payment.repository.ts';
import type { PaymentDeps, PaymentSource } from './payment.service.ts';
import type { PaymentRow } from './payment.table.ts';

// What ePay says about a payment (payments-sms.md §1): asking its status API, reading the answer against the
// payment, recording it (idempotently), and verifying its callback. What an answer means for an order is the
// order module's card-payment flow's business.

/** True when an attempt to pay was started (a token issued) and the payment is not paid yet. */
export const awaitsMoney = (payment: PaymentRow): boolean =>
  payment.auth_count > 0 && (payment.status === 'pending' || payment.status === 'failed');

/**
 * Asks ePay's status API about a payment.
 * @throws PaymentProviderError when ePay does not answer or its answer cannot be trusted now.
 */
export const askStatus = (deps: PaymentDeps, payment: PaymentRow): Promise<StatusCheck> =>
  deps.payments.checkStatus(payment.invoice_id);

/**
 * {@link askStatus} for the poll: the payment is first noted as asked now, so one that ePay cannot answer about
 * is not asked again before the next poll interval.
 * @throws PaymentProviderError as {@link askStatus}.
 */
export async function pollStatus(deps: PaymentDeps, payment: PaymentRow, now: Date): Promise<StatusCheck> {
  await repo.recordChecked(deps.db, payment.id, now.toISOString());
  return askStatus(deps, payment);
}

/** ePay's status answer read against a payment. */
type StatusReading =
  /** No payment yet, or one still in progress (3-D Secure…): nothing to record. */
  | { kind: 'none' }
  /** ePay's transaction has another amount or currency than the payment: never trusted. */
  | { kind: 'mismatch' }
  | { kind: 'paid'; statusName: string; facts: repo.PaidFacts; detail: Record<string, unknown> }
  | {
      kind: 'failed';
      statusName: string;
      facts: {
        transactionId: string | null;
        reason: string | null;
        code: string | null;
        cardMask: string | null;
      };
      detail: Record<string, unknown>;
    };

/**
 * True when ePay's transaction pays `total` tenge: its `amount` is the total, or a part of it paid with Halyk
 * bonuses (`amountBonus` > 0) makes up the rest (payments-sms.md §3: the meaning of `amountBonus` is
 * unverified, so both readings are accepted; anything else is a mismatch for staff).
 */
export const amountMatches = (t: { amount: number; amountBonus: number }, total: number): boolean =>
  t.amount === total || (t.amountBonus > 0 && t.amount + t.amountBonus === total);

/**
 * Reads ePay's status answer against the payment: `CHARGE`/`AUTH` with the payment's amount and currency is
 * paid (authorized = held on a two-stage terminal); `FAILED`/`REJECT` a declined attempt; another amount or
 * currency is a mismatch (logged); anything else nothing yet.
 */
export function readStatus(log: FastifyBaseLogger, payment: PaymentRow, check: StatusCheck): StatusReading {
  if (check.kind === 'not-found') return { kind: 'none' };
  const t = check.transaction;
  if (!amountMatches(t, Number(payment.amount)) || t.currency !== payment.currency) {
    log.warn(
      {
        invoiceId: payment.invoice_id,
        amount: t.amount,
        amountBonus: t.amountBonus,
        currency: t.currency,
        expected: payment.amount,
      },
      'ePay status disagrees with the payment: ignored',
    );
    return { kind: 'mismatch' };
  }
  const detail = {
    transactionId: t.id,
    statusName: t.statusName,
    cardMask: t.cardMask,
    reason: t.reason,
    reasonCode: t.reasonCode,
  };
  if (isPaidStatus(t.statusName)) {
    const status = t.statusName === 'AUTH' ? 'authorized' : 'charged';
    const facts = {
      status,
      transactionId: t.id,
      cardMask: t.cardMask,
      approvalCode: t.approvalCode,
      reference: t.reference,
    } as const;
    return { kind: 'paid', statusName: t.statusName, facts, detail };
  }
  if (isFailedStatus(t.statusName)) {
    const facts = { transactionId: t.id, reason: t.reason, code: t.reasonCode, cardMask: t.cardMask };
    return { kind: 'failed', statusName: t.statusName, facts, detail };
  }
  return { kind: 'none' };
}

/**
 * Records a paid reading in the caller's transaction, if the payment is still unpaid (conditional: of racing
 * callbacks, returns and polls exactly one records it), with an audit entry `outcome` (`paid`, or
 * `late-payment` — the money is then at once asked back).
 * @returns true when this call recorded it.
 */
export async function recordPaid(
  trx: DbOrTrx,
  payment: PaymentRow,
  reading: Extract<StatusReading, { kind: 'paid' }>,
  source: PaymentSource,
  outcome: 'paid' | 'late-payment',
  nowIso: string,
): Promise<boolean> {
  if (!(await repo.markPaid(trx, payment.id, reading.facts, outcome === 'late-payment', nowIso)))
    return false;
  await repo.insertEvent(trx, payment.id, source, outcome, reading.statusName, reading.detail, nowIso);
  return true;
}

/**
 * Records a declined attempt (its own transaction), if the payment is unpaid and this attempt was not recorded
 * yet; the payer may try again.
 * @returns true when this call recorded it.
 */
export async function recordFailed(
  db: Db,
  payment: PaymentRow,
  reading: Extract<StatusReading, { kind: 'failed' }>,
  source: PaymentSource,
  nowIso: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ok = await repo.markFailed(trx, payment.id, reading.facts, nowIso);
    if (ok)
      await repo.insertEvent(trx, payment.id, source, 'failed', reading.statusName, reading.detail, nowIso);
    return ok;
  });
}

/** Constant-time comparison of two secrets of any length (their SHA-256 digests are compared). */
const secretMatches = (expected: string, given: string | undefined) =>
  given !== undefined && safeEqual(sha256(expected), sha256(given));

/**
 * Verifies ePay's callback (postLink / failurePostLink, payments-sms.md §1 Callback) in the order ePay's notes
 * give, before anything changes: the invoice is a payment of the shop; `secret_hash` equals the payment's
 * (constant time); amount (with the part paid in Halyk bonuses, {@link amountMatches}) and currency equal the
 * payment's; then ePay's status API is asked.
 * @returns the payment and ePay's status answer; `ignored` (unknown invoice, wrong secret/amount/currency — a
 *   warning logged) or `deferred` (the status API did not answer: the poll asks later).
 */
export async function verifyCallback(
  deps: PaymentDeps,
  body: HalykCallbackBody,
): Promise<{ payment: PaymentRow; check: StatusCheck } | 'ignored' | 'deferred'> {
  const payment = await repo.findPaymentByInvoice(deps.db, body.invoiceId);
  if (!payment) {
    deps.log.warn({ invoiceId: body.invoiceId }, 'ePay callback for an unknown invoice: ignored');
    return 'ignored';
  }
  if (!secretMatches(payment.secret_hash, body.secret_hash)) {
    deps.log.warn({ invoiceId: body.invoiceId }, 'ePay callback with a wrong secret_hash: ignored');
    return 'ignored';
  }
  const paid = {
    amount: parseAmount(body.amount),
    amountBonus: body.amountBonus === undefined ? 0 : parseAmount(body.amountBonus),
  };
  if (
    !amountMatches(paid, Number(payment.amount)) ||
    (body.currency ?? '').toUpperCase() !== payment.currency
  ) {
    deps.log.warn(
      { invoiceId: body.invoiceId, amount: body.amount, currency: body.currency },
      'ePay callback amount or currency differ: ignored',
    );
    return 'ignored';
  }
  try {
    return { payment, check: await deps.payments.checkStatus(payment.invoice_id) };
  } catch (err) {
    deps.log.warn(
      { err, invoiceId: payment.invoice_id },
      'ePay status check failed after a callback: deferred',
    );
    return 'deferred';
  }
}
