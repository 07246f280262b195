import type { Order } from '@kiim/contract';
import { PaymentMethod } from '@kiim/contract/enums';
import { formatDateTime, formatPrice, formatTime } from '@kiim/contract/format';
import type { Translate } from '@kiim/contract/text';
import { useLocale, useT } from '../lib/text.ts';

/** The text of a card-online payment's state (see {@link OrderPaymentInfo}). */
function cardPaymentText(
  order: Order,
  p: NonNullable<Order['payment']>,
  t: Translate,
  locale: string,
): string {
  const tz = order.timeZone;
  const mask = p.cardMask ?? '';
  const awaiting = order.status === 'awaiting_payment';
  const time = p.expiresAt ? formatTime(p.expiresAt, tz) : null;
  switch (p.status) {
    case 'charged':
      return p.paidAt
        ? t('pay.chargedAt', { mask, date: formatDateTime(p.paidAt, tz, locale) })
        : t('pay.charged', { mask });
    case 'authorized':
      return t('pay.authorized', { mask });
    case 'refunded':
      return t('pay.refunded', { mask, amount: formatPrice(p.refundedAmount) });
    case 'cancelled':
      return t('pay.voided');
    case 'failed': {
      if (!awaiting) return t('pay.failed');
      const reason = p.failureReason ?? t('pay.declined');
      return time ? t('pay.failedReasonUntil', { reason, time }) : t('pay.failedReason', { reason });
    }
    default:
      if (!awaiting) return t('pay.unpaid');
      return time ? t('pay.pendingUntil', { time }) : t('pay.pending');
  }
}

/** The text of a Kaspi payment's state (issue 33): waiting (with the deadline), paid, returned, or unpaid. */
function kaspiPaymentText(order: Order, p: NonNullable<Order['payment']>, t: Translate): string {
  const time = p.expiresAt ? formatTime(p.expiresAt, order.timeZone) : null;
  if (p.status === 'charged' || p.status === 'authorized') return t('pay.kaspiPaid');
  if (p.status === 'refunded') return t('pay.kaspiRefunded', { amount: formatPrice(p.refundedAmount) });
  if (order.status !== 'awaiting_payment') return t('pay.unpaid');
  return time ? t('pay.kaspiPendingUntil', { time }) : t('pay.kaspiPending');
}

/**
 * How an order is paid and where the payment stands, in the page's language: on delivery (cash or card), Kaspi
 * (issue 33: waiting, paid, returned), or card
 * online — waiting (with its deadline), declined (with the bank's reason), paid (card mask, when), held on a
 * two-stage terminal, returned — and «возврат ожидается» while a refund is owed and not paid out (decision 035).
 */
export function OrderPaymentInfo({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const p = order.payment;
  if (order.paymentId === PaymentMethod.kaspi && p) {
    return (
      <>
        <p data-testid="payment-state" className={`payment-state payment-state--${p.status}`}>
          {kaspiPaymentText(order, p, t)}
        </p>
        {p.refundOwed > 0 && (
          <p data-testid="refund-pending" className="payment-state payment-state--refund-pending">
            {t('pay.kaspiRefundPending', { amount: formatPrice(p.refundOwed) })}
          </p>
        )}
      </>
    );
  }
  if (order.paymentId !== PaymentMethod.cardOnline || !p) {
    return (
      <p data-testid="payment-state">
        {order.paymentId === PaymentMethod.cashOnDelivery ? t('pay.onDelivery') : t('pay.onDeliveryCard')}
      </p>
    );
  }
  return (
    <>
      <p data-testid="payment-state" className={`payment-state payment-state--${p.status}`}>
        {cardPaymentText(order, p, t, locale)}
      </p>
      {p.refundOwed > 0 && (
        <p data-testid="refund-pending" className="payment-state payment-state--refund-pending">
          {t('pay.refundPending', { amount: formatPrice(p.refundOwed), mask: p.cardMask ?? '' })}
        </p>
      )}
    </>
  );
}
