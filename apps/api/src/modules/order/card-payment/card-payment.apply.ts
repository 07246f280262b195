import type { HalykCallbackBody } from '@kiim/contract';
import { paymentOfOrder, returnMoney, type PaymentSource } from '#app/modules/payment/payment.service.ts';
import { readStatus, recordFailed, recordPaid, verifyCallback } from '#app/modules/payment/payment.status.ts';
import type { StatusCheck } from '#app/modules/payment/payment.provider.ts';
import type { PaymentRow } from '#app/modules/payment/payment.table.ts';
import { moveOrder, type OrderDeps } from '../order.lifecycle.ts';
import { deliverOrderNotices } from '../order.notify.ts';
import * as repo from '../order.repository.ts';
import { onlinePaymentType, queueOrderSale } from '../order.fiscal.ts';

// The card payment of an order (spec §4 payment 3, §7; payments-sms.md §1), step "apply what ePay says": the one
// place where a payment's result changes its order. The payment module reads and records ePay's answer; this
// step decides what it means for the order.

/** What applying ePay's answer did. */
type ApplyResult = 'applied' | 'unchanged' | 'ignored';

/**
 * Gives back the money of the order's payment when it was asked back (the order was cancelled, or money
 * arrived for a cancelled order). A provider failure is left to the payment job, which retries.
 */
export async function returnOrderMoney(deps: OrderDeps, orderId: string, now: Date): Promise<void> {
  const payment = await paymentOfOrder(deps.db, orderId);
  if (payment) await returnMoney(deps, payment, now);
}

/**
 * Applies ePay's status answer to an order's payment, idempotently (conditional updates: of any number of
 * racing callbacks, returns and polls, exactly one changes anything):
 * - paid (`CHARGE`/`AUTH` with the payment's amount and currency): in one transaction — order row, then payment
 *   row, the lock order of every writer of both — the order, if still awaiting payment, becomes paid (history,
 *   notifications written, the SMS sent after commit, the sale receipt queued when charged) and the payment is
 *   recorded; if the order was meanwhile cancelled (payment window closed)
 *   the payment is recorded as a late payment and its money returned;
 * - declined (`FAILED`/`REJECT`): the attempt is recorded; the order keeps waiting (the shopper may retry until
 *   the window closes);
 * - anything else (no payment yet, 3-D Secure in progress): nothing changes; another amount or currency:
 *   refused (logged).
 */
export async function applyPaymentStatus(
  deps: OrderDeps,
  payment: PaymentRow,
  check: StatusCheck,
  source: PaymentSource,
  now: Date,
): Promise<ApplyResult> {
  const reading = readStatus(deps.log, payment, check);
  const nowIso = now.toISOString();
  if (reading.kind === 'mismatch') return 'ignored';
  if (reading.kind === 'none') return 'unchanged';
  if (reading.kind === 'failed') {
    return (await recordFailed(deps.db, payment, reading, source, nowIso)) ? 'applied' : 'unchanged';
  }
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const order = (await repo.findOrderById(trx, payment.order_id))!;
    const moved =
      order.status === 'awaiting_payment' &&
      (await moveOrder(trx, deps, order, 'paid', 'payment', `ePay ${reading.statusName}`, nowIso));
    if (!(await recordPaid(trx, payment, reading, source, moved ? 'paid' : 'late-payment', nowIso))) {
      if (moved) throw new Error(`payment ${payment.id} was paid while its order awaited payment`);
      return null;
    }
    // Money charged (one-stage terminal): its sale receipt, in this transaction (issue 32). A hold (AUTH) gets
    // it when charged at handover.
    if (moved && reading.statusName === 'CHARGE')
      await queueOrderSale(trx, deps.fiscal, order.id, { type: onlinePaymentType(order) }, nowIso);
    return { order, moved };
  });
  if (!outcome) return 'unchanged';
  if (outcome.moved) {
    await deliverOrderNotices(deps, outcome.moved);
  } else {
    deps.log.warn(
      { orderNumber: outcome.order.number, status: outcome.order.status },
      'payment arrived for an order no longer awaiting it: returning the money',
    );
    await returnOrderMoney(deps, payment.order_id, now);
  }
  return 'applied';
}

/**
 * `POST /api/payment/halyk/response`, ePay's postLink and failurePostLink (payments-sms.md §1 Callback):
 * verified by the payment module before anything changes (invoice, secret in constant time, amount and
 * currency, then ePay's status API), then applied ({@link applyPaymentStatus}): a repeated or late callback
 * changes nothing.
 * @returns `ignored` (unknown invoice, wrong secret/amount/currency — nothing written, a warning logged),
 *   `deferred` (the status API did not answer: the poll checks later), `applied` or `unchanged`.
 */
export async function handlePaymentCallback(
  deps: OrderDeps,
  body: HalykCallbackBody,
  now: Date,
): Promise<ApplyResult | 'deferred'> {
  const verified = await verifyCallback(deps, body);
  if (typeof verified === 'string') return verified;
  return applyPaymentStatus(deps, verified.payment, verified.check, 'callback', now);
}
