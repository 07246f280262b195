import type { OrderRefund } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { PaymentProviderError, type StatusCheck } from './payment.provider.ts';
import * as payments from './payment.repository.ts';
import type { PaymentDeps } from './payment.deps.ts';
import type { PaymentRow, RefundRow } from './payment.table.ts';
import * as repo from './refund.repository.ts';

// Refunds of charged card payments as durable rows (decision 035, superseding the single column of 027): owed in
// the transaction that decides them, sent to ePay with a stable externalID, retried by the payment job with
// exponential backoff, and never sent again before ePay's status says the previous attempt did not go through.

/** An attempt holds a refund this long; after it the payment job treats the answer as lost (ms). */
const LEASE_MS = 5 * 60_000;
/** Backoff after the n-th failed attempt: 1, 2, 4 … minutes, at most 6 hours (ms). */
export const backoffMs = (attempts: number): number =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
/** After this many refusals by ePay a refund is `failed` and waits for staff («Повторить возврат»). */
export const MAX_REFUSALS = 10;

/**
 * ePay's `externalID` of a refund: the payment and the tenge refunded in all once it is done (027). Stable across
 * retries (it is stored on the row) and different for every later refund of the same payment.
 */
export const refundExternalId = (paymentId: string, refundedAfter: number): string =>
  `${paymentId}-${refundedAfter}`;

/**
 * Tenge ePay says it has refunded of a payment of `total` tenge: with `statusName` REFUND, the total less
 * `payoutAmount` (what the shop keeps), or the whole total when ePay gives no payoutAmount; else 0
 * (payments-sms.md §3: the meaning of payoutAmount is unverified — decision 035).
 */
export function refundedAtEpay(check: StatusCheck, total: number): number {
  if (check.kind !== 'found' || check.transaction.statusName !== 'REFUND') return 0;
  const payout = check.transaction.payoutAmount;
  if (payout === null || !Number.isFinite(payout)) return total;
  return Math.min(total, Math.max(0, total - payout));
}

/**
 * Records in the caller's transaction that `target` tenge in all are to be back on a charged payment (the refused
 * lines at handover, the whole payment of a cancelled order): a refund row `owed`, due now, for what is neither
 * refunded nor owed yet. Idempotent (the externalID names the target).
 * @returns the row written, or null when nothing more is owed.
 */
export async function oweRefundUpTo(
  trx: DbOrTrx,
  payment: PaymentRow,
  target: number,
  requestedBy: string,
  nowIso: string,
): Promise<RefundRow | null> {
  if (payment.status !== 'charged' || !payment.transaction_id) return null;
  const open = await repo.findOpenRefundsOfPayment(trx, payment.id);
  const covered = Number(payment.refunded_amount) + open.reduce((s, r) => s + Number(r.amount), 0);
  const to = Math.min(target, Number(payment.amount));
  if (to <= covered) return null;
  const row: RefundRow = {
    id: newId(),
    order_id: payment.order_id,
    payment_id: payment.id,
    amount: to - covered,
    external_id: refundExternalId(payment.id, to),
    status: 'owed',
    source: 'shop',
    attempts: 0,
    next_attempt_at: nowIso,
    last_error: null,
    requested_by: requestedBy,
    paid_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  return (await repo.insertRefund(trx, row)) ? row : null;
}

/** Records a refund ePay made (its own transaction): the row paid, the payment's refunded total, an audit entry. */
async function recordPaid(
  deps: PaymentDeps,
  refund: RefundRow,
  how: string,
  nowIso: string,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markRefundPaid(trx, refund.id, nowIso))) return false;
    await payments.addRefunded(trx, refund.payment_id, Number(refund.amount), nowIso);
    await payments.insertEvent(
      trx,
      refund.payment_id,
      'refund',
      'refunded',
      'REFUND',
      { amount: Number(refund.amount), externalId: refund.external_id, how },
      nowIso,
    );
    return true;
  });
}

/** What one attempt at a refund did. */
export type RefundAttempt = 'paid' | 'retry' | 'failed' | 'skipped';

/**
 * One attempt at a refund, if it is due and this call claims it (of racing senders exactly one does). A refund
 * tried before (`attempts` > 0: its answer may have been lost) is first looked up at ePay: when ePay's refunded
 * total already covers it, it is recorded paid without sending; when ePay cannot say, it waits. Else ePay is
 * asked to refund `amount` with the row's externalID. A refusal is retried after {@link backoffMs} (`failed` after
 * {@link MAX_REFUSALS}); no answer leaves it `sending` (outcome unknown) for the next attempt.
 */
export async function attemptRefund(deps: PaymentDeps, refund: RefundRow, now: Date): Promise<RefundAttempt> {
  const nowIso = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  if (!(await repo.claimRefund(deps.db, refund.id, nowIso, lease, nowIso))) return 'skipped';
  const attempts = Number(refund.attempts) + 1;
  const payment = await payments.findPaymentByOrder(deps.db, refund.order_id);
  const again = new Date(now.getTime() + backoffMs(attempts)).toISOString();
  const fail = async (status: 'owed' | 'sending' | 'failed', error: string): Promise<RefundAttempt> => {
    await repo.markRefundAttemptFailed(
      deps.db,
      refund.id,
      status,
      error,
      status === 'failed' ? null : again,
      nowIso,
    );
    deps.log.warn({ refundId: refund.id, attempts, error }, 'refund not paid: will retry');
    return status === 'failed' ? 'failed' : 'retry';
  };
  if (!payment || payment.id !== refund.payment_id || !payment.transaction_id)
    return fail('failed', 'Платёж не найден');
  if (payment.status !== 'charged') {
    // Refunded in full meanwhile (by another row or in ePay's cabinet): nothing left to send.
    if (payment.status === 'refunded')
      return (await recordPaid(deps, refund, 'payment refunded', nowIso)) ? 'paid' : 'skipped';
    return fail('failed', `Платёж в состоянии ${payment.status}: вернуть нечего`);
  }
  // ePay's payments go to ePay; another provider's (Kaspi Pay, decision 044) to its gateway.
  const gateway = payment.provider === 'halyk' ? null : (deps.gateways?.[payment.provider] ?? null);
  const who = payment.provider === 'kaspi' ? 'Kaspi' : 'ePay';
  if (payment.provider !== 'halyk' && !gateway) return fail('sending', `${who} сейчас выключен`);
  try {
    if (refund.attempts > 0) {
      const done = gateway
        ? await gateway.refundedSoFar(payment)
        : refundedAtEpay(await deps.payments.checkStatus(payment.invoice_id), Number(payment.amount));
      if (done >= Number(payment.refunded_amount) + Number(refund.amount))
        return (await recordPaid(deps, refund, 'status lookup', nowIso)) ? 'paid' : 'skipped';
    }
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    return fail('sending', `Статус в ${who} не получен: ${err.message}`);
  }
  try {
    if (gateway) await gateway.refund(payment, Number(refund.amount));
    else await deps.payments.refund(payment.transaction_id, Number(refund.amount), refund.external_id);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    const refused = err.status !== undefined && err.status >= 400 && err.status < 500;
    if (!refused) return fail('sending', `${who} не ответил: ${err.message}`);
    return fail(attempts >= MAX_REFUSALS ? 'failed' : 'owed', `${who} отказал: ${err.message}`);
  }
  return (await recordPaid(deps, refund, 'sent', nowIso)) ? 'paid' : 'skipped';
}

/** The payment job's step: one attempt at each refund due (owed and due, or sending past its lease). */
export async function sendDueRefunds(
  deps: PaymentDeps,
  now: Date,
  batch: number,
): Promise<{ paid: number; deferred: number }> {
  const out = { paid: 0, deferred: 0 };
  for (const refund of await repo.findDueRefunds(deps.db, now.toISOString(), batch)) {
    const result = await attemptRefund(deps, refund, now);
    if (result === 'paid') out.paid++;
    else if (result !== 'skipped') out.deferred++;
  }
  return out;
}

/**
 * Staff's «Повторить возврат»: an open refund of the order becomes due now (a failed one owed again).
 * @returns the refund, or null when the order has no such open refund.
 */
export async function scheduleRefundRetry(
  db: DbOrTrx,
  orderId: string,
  refundId: string,
  nowIso: string,
): Promise<RefundRow | null> {
  const refund = await repo.findRefund(db, refundId);
  if (!refund || refund.order_id !== orderId || refund.status === 'paid') return null;
  return (await repo.scheduleRefundNow(db, refundId, nowIso)) ? refund : null;
}

/** One refund row → what staff see. */
export const toOrderRefund = (r: RefundRow): OrderRefund => ({
  id: r.id,
  amount: Number(r.amount),
  status: r.status,
  source: r.source,
  attempts: Number(r.attempts),
  nextAttemptAt: r.status === 'paid' ? null : r.next_attempt_at,
  lastError: r.last_error,
  requestedBy: r.requested_by,
  createdAt: r.created_at,
  paidAt: r.paid_at,
});

/** The refunds of an order, oldest first, as staff see them. */
export const refundsOfOrder = async (db: DbOrTrx, orderId: string): Promise<OrderRefund[]> =>
  (await repo.findRefundsOfOrder(db, orderId)).map(toOrderRefund);

/** Tenge owed back and not paid out yet, per order (orders with none are absent). */
export const refundsOwedOfOrders = (db: DbOrTrx, orderIds: readonly string[]): Promise<Map<string, number>> =>
  repo.sumOpenRefunds(db, orderIds);
