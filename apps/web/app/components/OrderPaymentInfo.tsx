import type { Order } from '@kiim/contract';
import { PaymentMethod } from '@kiim/contract/enums';
import { formatDate, formatPrice } from '@kiim/contract/format';

/** `14:35` in the city's time zone. */
export const formatTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));

/** `22 ноября 2026, 14:35` in the city's time zone (spec §9: Russian month names). */
export const formatDateTime = (iso: string, timeZone: string) => `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

/**
 * How an order is paid and where the payment stands, in Russian: on delivery (cash or card), or card online —
 * waiting (with its deadline), declined (with the bank's reason), paid (card mask, when), held on a two-stage
 * terminal, returned.
 */
export function OrderPaymentInfo({ order }: { order: Order }) {
  const p = order.payment;
  if (order.paymentId !== PaymentMethod.cardOnline || !p) {
    return <p data-testid="payment-state">Оплата при получении: {order.paymentId === PaymentMethod.cashOnDelivery ? 'наличными' : 'картой'}.</p>;
  }
  const tz = order.timeZone;
  let text: string;
  switch (p.status) {
    case 'charged':
      text = `Оплачен картой ${p.cardMask ?? ''}${p.paidAt ? ` — ${formatDateTime(p.paidAt, tz)}` : ''}.`;
      break;
    case 'authorized':
      text = `Оплачен картой ${p.cardMask ?? ''}: сумма заблокирована на карте и будет списана, когда заказ передадут вам.`;
      break;
    case 'refunded':
      text = `Деньги возвращены на карту ${p.cardMask ?? ''}: ${formatPrice(p.refundedAmount)}. Банк зачислит их в течение нескольких дней.`;
      break;
    case 'cancelled':
      text = 'Блокировка суммы на карте снята.';
      break;
    case 'failed':
      text =
        order.status === 'awaiting_payment'
          ? `Оплата не прошла: ${p.failureReason ?? 'банк отклонил платёж'}. Попробуйте ещё раз или другой картой${p.expiresAt ? ` до ${formatTime(p.expiresAt, tz)}` : ''}.`
          : 'Оплата не прошла.';
      break;
    default:
      text =
        order.status === 'awaiting_payment'
          ? `Ожидает оплаты картой онлайн${p.expiresAt ? ` до ${formatTime(p.expiresAt, tz)}` : ''}. Если не оплатить заказ вовремя, он будет отменён.`
          : 'Не оплачен.';
  }
  return (
    <p data-testid="payment-state" className={`payment-state payment-state--${p.status}`}>
      {text}
    </p>
  );
}
