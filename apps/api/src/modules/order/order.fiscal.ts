import { PaymentMethod } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { customerContact } from '#app/modules/customer/customer.service.ts';
import type {
  FiscalPaymentType,
  ReceiptContent,
  ReceiptPosition,
} from '#app/modules/fiscal/fiscal.provider.ts';
import {
  contentTotal,
  queueReturn,
  queueSale,
  saleContent,
  type FiscalQueue,
} from '#app/modules/fiscal/fiscal.service.ts';
import * as repo from './order.repository.ts';
import type { OrderLineRow, OrderRow } from './order.table.ts';

// An order's money events as fiscal receipts (issue 32, docs/decisions/043): what the receipt of a sale or a
// return says, built from the order as it is in the caller's transaction and queued there (the money path only
// inserts a row).

/**
 * How money taken online was paid, as Webkassa names it: Kaspi is `mobile` (PaymentType 4, issue 33 item 3), card
 * online `card` (1).
 */
export function onlinePaymentType(order: Pick<OrderRow, 'payment_id'>): FiscalPaymentType {
  return order.payment_id === PaymentMethod.kaspi ? 'mobile' : 'card';
}

/** Units of a line on a receipt. */
type LineUnits = { line: OrderLineRow; count: number };

/**
 * A line as a receipt position: the catalogue's Russian name with colour and size, the SKU as its code; a price
 * below the line's original price shows as the position's discount, so the receipt's total is the money taken.
 */
function position({ line, count }: LineUnits): ReceiptPosition {
  const price = Number(line.price);
  const original = Math.max(price, Number(line.original_price) || price);
  const details = [line.colour_name, line.size].filter(Boolean).join(', ');
  return {
    name: details ? `${line.product_name} (${details})` : line.product_name,
    code: line.external_id,
    count,
    price: original,
    discount: (original - price) * count,
  };
}

/** A receipt's content: the units, the delivery fee as a service line when charged, paid by `payments`. */
async function content(
  trx: DbOrTrx,
  order: OrderRow,
  units: readonly LineUnits[],
  delivery: number,
  payments: (total: number) => ReceiptContent['payments'],
): Promise<ReceiptContent> {
  const positions = units.filter((u) => u.count > 0).map(position);
  if (delivery > 0)
    positions.push({ name: 'Доставка', code: 'DELIVERY', count: 1, price: delivery, discount: 0 });
  const contact = await customerContact(trx, order.customer_id);
  const c: ReceiptContent = {
    positions,
    payments: [],
    orderNumber: order.number,
    email: order.email ?? contact?.email ?? null,
    phone: contact?.mobile ?? null,
  };
  c.payments = payments(contentTotal(c)).filter((p) => p.sum > 0);
  return c;
}

/**
 * Queues the sale receipt of an order for the units taken (all but the refused ones) and its delivery fee, in
 * the caller's transaction: card online at payment (`card`), cash or card at handover (`cash`/`card`, or a cash
 * part of `cashSum` tenge and the rest by card). Once per order.
 * @returns true when queued.
 */
export async function queueOrderSale(
  trx: DbOrTrx,
  queue: FiscalQueue,
  orderId: string,
  paid: { type: FiscalPaymentType } | { cashSum: number },
  nowIso: string,
): Promise<boolean> {
  if (!queue.enabled) return false;
  const order = (await repo.findOrderById(trx, orderId))!;
  const lines = await repo.findOrderLines(trx, [orderId]);
  const units = lines.map((line) => ({ line, count: line.qty - line.refused_qty }));
  const c = await content(trx, order, units, Number(order.delivery_amount), (total) =>
    'type' in paid
      ? [{ type: paid.type, sum: total }]
      : [
          { type: 'cash', sum: Math.min(paid.cashSum, total) },
          { type: 'card', sum: total - Math.min(paid.cashSum, total) },
        ],
  );
  return queueSale(trx, queue, { orderId, content: c }, nowIso);
}

/**
 * Queues the return receipt of money given back after the order's sale (`eventKey`: the refund's id), in the
 * caller's transaction: the refused units when given, else everything the sale receipt holds; paid back by card
 * online (card, or Kaspi as `mobile`: the only ways Kiim gives money back). Nothing when the order has no sale
 * receipt.
 * @returns what {@link queueReturn} says.
 */
export async function queueOrderReturn(
  trx: DbOrTrx,
  queue: FiscalQueue,
  orderId: string,
  eventKey: string,
  refused: readonly LineUnits[] | 'all',
  nowIso: string,
): Promise<Awaited<ReturnType<typeof queueReturn>>> {
  if (!queue.enabled) return 'off';
  const order = (await repo.findOrderById(trx, orderId))!;
  const type = onlinePaymentType(order);
  let c: ReceiptContent | null;
  if (refused === 'all') {
    c = await saleContent(trx, orderId);
    if (c) c = { ...c, payments: [{ type, sum: contentTotal(c) }] };
  } else {
    c = await content(trx, order, refused, 0, (total) => [{ type, sum: total }]);
  }
  if (!c) return 'no-sale';
  return queueReturn(trx, queue, { orderId, eventKey, content: c }, nowIso);
}
