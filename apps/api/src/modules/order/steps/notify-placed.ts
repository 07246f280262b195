import { formatPrice } from '@kiim/contract';
import { minutesRu } from '#app/lib/russian.ts';
import { smsCustomer, type OrderDeps } from '../order.lifecycle.ts';
import type { OrderRow } from '../order.table.ts';

/**
 * Order step "notify", after commit: the confirmation SMS (number, total in tenge; for card online, the minutes
 * left to pay). A failed SMS is logged and never fails the order.
 */
export async function notifyPlaced(deps: OrderDeps, order: OrderRow): Promise<void> {
  const payLater =
    order.status === 'awaiting_payment'
      ? ` Оплатите его картой в течение ${minutesRu(deps.paymentWindowMinutes)}.`
      : ' Спасибо!';
  await smsCustomer(
    deps,
    order,
    `Kiim: заказ № ${order.number} принят, сумма ${formatPrice(Number(order.total_amount))}.${payLater}`,
  );
}
