import { PaymentProviderError } from '#app/modules/payment/payment.provider.ts';
import { chargeHeld, paymentOfOrder, type PaymentSource } from '#app/modules/payment/payment.service.ts';
import { askStatus, awaitsMoney } from '#app/modules/payment/payment.status.ts';
import type { OrderDeps } from '../order.lifecycle.ts';
import type { OrderRow } from '../order.table.ts';
import { applyPaymentStatus } from './card-payment.apply.ts';
import { settleKaspiBeforeCancel } from '../kaspi-payment/kaspi-payment.poll.ts';
import { queueOrderSale } from '../order.fiscal.ts';

// The card payment of an order when the order changes hands or is cancelled: ask ePay before cancelling an
// order awaiting payment, charge a held payment before handing the order over. (The money of a cancelled order
// goes back through returnOrderMoney, card-payment.apply.ts.)

/**
 * Before a card-online (or Kaspi) order awaiting payment is cancelled: asks ePay (or Kaspi) whether it was paid
 * after all and applies that (so a paid order is cancelled with a refund rather than left unpaid).
 * @returns false when ePay could not be asked (the caller should not cancel now).
 */
export async function settleBeforeCancel(
  deps: OrderDeps,
  order: Pick<OrderRow, 'id' | 'number'>,
  source: PaymentSource,
  now: Date,
): Promise<boolean> {
  const payment = await paymentOfOrder(deps.db, order.id);
  // A Kaspi order's payment is read from Kaspi (issue 33, decision 044).
  if (payment?.provider === 'kaspi') return settleKaspiBeforeCancel(deps, payment, source, now);
  if (!payment || !awaitsMoney(payment)) return true;
  try {
    await applyPaymentStatus(deps, payment, await askStatus(deps, payment), source, now);
    return true;
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, orderNumber: order.number }, 'ePay status check failed before cancelling');
    return false;
  }
}

/**
 * Charges the order's held payment (two-stage terminal) before the order is handed over, its sale receipt queued
 * in the charge's transaction (issue 32); nothing for other payments.
 * @throws AppError 502 providerUnavailable when ePay refuses or does not answer (the order is not moved).
 */
export async function chargeOrderHold(deps: OrderDeps, orderId: string, now: Date): Promise<void> {
  const payment = await paymentOfOrder(deps.db, orderId);
  if (payment)
    await chargeHeld(deps, payment, now, (trx, nowIso) =>
      queueOrderSale(trx, deps.fiscal, orderId, { type: 'card' }, nowIso).then(() => undefined),
    );
}
