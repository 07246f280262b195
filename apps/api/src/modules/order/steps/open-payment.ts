import { PaymentMethod } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { openPayment } from '#app/modules/payment/payment.service.ts';
import type { PaymentRow } from '#app/modules/payment/payment.table.ts';
import type { OrderRow } from '../order.table.ts';

/**
 * Order step "open payment": a card-online order (payment 3) gets its ePay payment, a Kaspi order (payment 4)
 * its Kaspi Pay payment, in the order's transaction — invoice = the order number, amount = the order's total in
 * tenge (the payment module keeps its secret). Other payment methods are paid on delivery: nothing to open.
 * @returns the payment row written, or undefined when none was.
 */
export async function openOrderPayment(
  trx: DbOrTrx,
  order: OrderRow,
  nowIso: string,
): Promise<PaymentRow | undefined> {
  if (order.payment_id !== PaymentMethod.cardOnline && order.payment_id !== PaymentMethod.kaspi)
    return undefined;
  const provider = order.payment_id === PaymentMethod.kaspi ? 'kaspi' : 'halyk';
  return openPayment(
    trx,
    { orderId: order.id, invoiceId: order.number, amount: order.total_amount, provider },
    nowIso,
  );
}
