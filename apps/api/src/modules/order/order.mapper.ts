import {
  ORDER_STATUSES,
  type Order,
  type OrderCarrier,
  type OrderLine,
  type OrderPayment,
  type OrderReceipt,
  type OrderStatus,
  type OrderStatusChange,
  type PickupPoint,
} from '@kiim/contract';
import type { PaymentRow } from '#app/modules/payment/payment.table.ts';
import { asIs, type Say } from '#app/modules/catalog/catalog.texts.ts';
import { CUSTOMER_CANCELLABLE } from './order.status.ts';
import type { OrderLineRow, OrderRow, OrderStatusHistoryRow } from './order.table.ts';

/** How many line images an order shows (the account's order cards). */
const ORDER_IMAGES_MAX = 4;

const toStatus = (s: string): OrderStatus => {
  if ((ORDER_STATUSES as readonly string[]).includes(s)) return s as OrderStatus;
  throw new Error(`unknown order status in the database: ${s}`);
};

/**
 * Order line row → contract OrderLine (the snapshot taken at ordering time; prices in tenge), the product and colour
 * names of the snapshot in `say`'s language (docs/decisions/046; Russian as ordered by default).
 */
export function toOrderLine(l: OrderLineRow, orderCityId: number, say: Say = asIs): OrderLine {
  return {
    externalId: l.external_id,
    productSlug: l.product_slug,
    name: say(l.product_name),
    size: l.size,
    colourName: say(l.colour_name),
    image: l.image,
    qty: l.qty,
    price: l.price,
    originalPrice: l.original_price,
    amount: l.amount,
    sourceRegionId: l.source_city_id,
    fromOtherCity: l.source_city_id !== orderCityId,
    refusedQty: l.refused_qty,
  };
}

/**
 * Payment row → what the order's owner sees (`expiresAt`: the order's payment window while unpaid; `refundOwed`:
 * tenge owed back and not paid out yet, decision 035).
 */
export function toOrderPayment(
  p: PaymentRow,
  order: Pick<OrderRow, 'payment_expires_at'>,
  refundOwed = 0,
): OrderPayment {
  return {
    status: p.status,
    amount: Number(p.amount),
    currency: 'KZT',
    expiresAt: order.payment_expires_at,
    paidAt: p.paid_at,
    cardMask: p.card_mask,
    failureReason: p.status === 'failed' ? (p.failure_reason ?? 'Банк отклонил оплату') : null,
    refundedAmount: Number(p.refunded_amount),
    refundOwed,
  };
}

/**
 * Status history in the order it happened: each entry starts from the status the previous one entered (the
 * life of an order never returns to a status, so this chain is unique — and exact even when two changes
 * share a timestamp). Entries off the chain, if any, follow by time.
 */
export function chainHistory<
  T extends Pick<OrderStatusHistoryRow, 'from_status' | 'to_status' | 'created_at'>,
>(rows: readonly T[]): T[] {
  const left = [...rows].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
  const out: T[] = [];
  let from: string | null = null;
  for (;;) {
    const i = left.findIndex((r) => r.from_status === from);
    if (i < 0) break;
    const [next] = left.splice(i, 1);
    out.push(next!);
    from = next!.to_status;
  }
  return [...out, ...left];
}

/** What an order shows beside its own row: its city's time zone, status history and card payment. */
interface OrderExtras {
  /** The shopper's language for the lines' texts (Russian as ordered when absent). */
  say?: Say;
  timeZone: string;
  history: readonly OrderStatusHistoryRow[];
  payment: OrderPayment | null;
  receipts: OrderReceipt[];
  /** Delivery by carrier and its tracking (issue 34), else null. */
  carrier: OrderCarrier | null;
}

/**
 * Order row with its lines, pickup point and extras → contract Order as its owner sees it: `pickupPoint` for
 * pickup, `delivery` (address) for courier, `images` the first distinct line images (at most 4),
 * `statusHistory` oldest first (an order from before histories were kept shows its current status at its
 * creation), `cancellable` while nothing was handed over.
 */
export function toOrder(
  o: OrderRow,
  lines: readonly OrderLineRow[],
  pickupPoint: PickupPoint | null,
  extras: OrderExtras,
): Order {
  const say = extras.say ?? asIs;
  const mapped = lines.map((l) => toOrderLine(l, o.city_id, say));
  const status = toStatus(o.status);
  const statusHistory: OrderStatusChange[] = extras.history.length
    ? chainHistory(extras.history).map((h) => ({ status: toStatus(h.to_status), at: h.created_at }))
    : [{ status, at: o.created_at }];
  return {
    id: o.id,
    number: o.number,
    status,
    regionId: o.city_id,
    timeZone: extras.timeZone,
    deliveryMethodId: o.delivery_method_id,
    paymentId: o.payment_id,
    pickupPoint,
    itemsAmount: Number(o.items_amount),
    deliveryAmount: Number(o.delivery_amount),
    amount: Number(o.total_amount),
    createdAt: o.created_at,
    images: [...new Set(mapped.flatMap((l) => (l.image ? [l.image] : [])))].slice(0, ORDER_IMAGES_MAX),
    lines: mapped,
    delivery:
      o.delivery_street && o.delivery_building
        ? {
            contactName: o.delivery_contact_name,
            contactPhone: o.delivery_contact_phone,
            street: o.delivery_street,
            building: o.delivery_building,
            entranceNumber: o.delivery_entrance_number,
            floor: o.delivery_floor,
            flat: o.delivery_flat,
          }
        : null,
    deliveryNotToCustomer: o.delivery_not_to_customer === 1,
    email: o.email,
    customerComment: o.customer_comment,
    deliveryDateFrom: o.delivery_date_from,
    deliveryDateTo: o.delivery_date_to,
    statusHistory,
    payment: extras.payment,
    cancellable: CUSTOMER_CANCELLABLE.includes(status),
    receipts: extras.receipts,
    carrier: extras.carrier,
  };
}
