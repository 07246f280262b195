import type { AttemptRead } from '#app/modules/kaspi/kaspi.service.ts';
import type { PaymentSource } from '#app/modules/payment/payment.service.ts';
import type { StatusCheck } from '#app/modules/payment/payment.provider.ts';
import type { PaymentRow } from '#app/modules/payment/payment.table.ts';
import type { OrderDeps } from '../order.lifecycle.ts';
import { applyPaymentStatus } from '../card-payment/card-payment.apply.ts';

// The Kaspi payment of an order (issue 33 Part A, decision 044), step "apply what Kaspi says": a status read of a
// Kaspi attempt is put in the payment module's terms and applied by the same one place that applies ePay's
// answers (card-payment.apply.ts) — so a Kaspi order becomes paid, a late payment is refunded, and racing readers
// change it exactly once, as for card online.

/**
 * A Kaspi status read as the payment module's status answer: paid (`Processed`) is `CHARGE` with Kaspi's
 * QrPaymentId as the transaction (refunds name it) and the amount Kaspi gave; refused is `FAILED`; anything else
 * (waiting, scanned, expired) is no payment yet.
 */
export function kaspiStatusCheck(payment: PaymentRow, read: AttemptRead): StatusCheck {
  const { attempt } = read;
  if (attempt.state !== 'paid' && attempt.state !== 'refused') return { kind: 'not-found' };
  const paid = attempt.state === 'paid';
  return {
    kind: 'found',
    resultCode: attempt.kaspi_status,
    transaction: {
      id: attempt.qr_payment_id,
      invoiceId: payment.invoice_id,
      amount: paid ? (read.amount ?? Number(payment.amount)) : Number(payment.amount),
      amountBonus: 0,
      payoutAmount: null,
      currency: 'KZT',
      statusName: paid ? 'CHARGE' : 'FAILED',
      reason: paid ? null : `Kaspi: ${attempt.kaspi_status}`,
      reasonCode: paid ? null : attempt.kaspi_status,
      cardMask: null,
      approvalCode: read.transactionId,
      reference: read.transactionId,
    },
  };
}

/** Applies a Kaspi status read to the order of `payment` ({@link kaspiStatusCheck}, applyPaymentStatus). */
export const applyKaspiRead = (
  deps: OrderDeps,
  payment: PaymentRow,
  read: AttemptRead,
  source: PaymentSource,
  now: Date,
) => applyPaymentStatus(deps, payment, kaspiStatusCheck(payment, read), source, now);
