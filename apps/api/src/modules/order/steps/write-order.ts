import { carrierDeliveryDates, deliveryDates, type OrderDraft, type OrderStatus } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import type { CartLine } from '#app/modules/cart/cart.service.ts';
import type { PlannedLine } from '#app/modules/inventory/inventory.allocate.ts';
import { recordInitialStatus } from '../order.lifecycle.ts';
import * as repo from '../order.repository.ts';
import { initialStatus } from '../order.status.ts';
import type { OrderLineRow, OrderRow, OrderStatusHistoryRow } from '../order.table.ts';
import type { CheckedCheckout } from './check-draft.ts';

/** The Kaspi Магазин columns of an order placed on the site (issue 33 item 6). */
export const SITE_CHANNEL = {
  channel: 'site',
  kaspi_order_id: null,
  kaspi_code: null,
  kaspi_status: null,
  kaspi_created_at: null,
  kaspi_problem: null,
  kaspi_lines: null,
} as const;

/** What an order is written from. */
interface NewOrder {
  customerId: string;
  draft: OrderDraft;
  /** The draft's fingerprint (tells a retry from another order under the same idempotency key). */
  fingerprint: string;
  checkout: CheckedCheckout;
  /** Order lines in cart order, each from one source city (the allocation). */
  planned: readonly PlannedLine<CartLine>[];
  number: string;
  /** Minutes an unpaid card-online order holds its stock. */
  paymentWindowMinutes: number;
  now: Date;
}

/** The order's lines: snapshots of the SKU and its database price (tenge) at ordering time, positions from 1. */
function lineRows(
  orderId: string,
  planned: readonly PlannedLine<CartLine>[],
  nowIso: string,
): OrderLineRow[] {
  return planned.map((p, i) => ({
    id: newId(),
    order_id: orderId,
    sku_id: p.line.skuId,
    external_id: p.line.externalId,
    product_slug: p.line.slug,
    product_name: p.line.name,
    size: p.line.size,
    colour_name: p.line.colourName,
    image: p.line.image?.src ?? null,
    qty: p.qty,
    price: p.line.price,
    original_price: p.line.originalPrice,
    amount: p.line.price * p.qty,
    source_city_id: p.sourceCityId,
    position: i + 1,
    refused_qty: 0,
    created_at: nowIso,
    updated_at: nowIso,
  }));
}

/**
 * The order row: first status (awaiting payment with a payment window for card online, else new), amounts in
 * tenge (items + delivery), the delivery as checked, the days it can be received in the city's zone (3–5 days
 * when a line comes from another city; a courier in the city's delivery days; by carrier: its period).
 */
function orderRow(o: NewOrder, id: string, status: OrderStatus, lines: readonly OrderLineRow[]): OrderRow {
  const { draft, checkout, now } = o;
  const { delivery } = checkout;
  const itemsAmount = lines.reduce((sum, l) => sum + l.amount, 0);
  const fromElsewhere = lines.some((l) => l.source_city_id !== draft.regionId);
  const dates = checkout.carrier
    ? carrierDeliveryDates(
        now,
        checkout.timeZone,
        checkout.carrier.periodMinDays,
        checkout.carrier.periodMaxDays,
      )
    : deliveryDates(delivery.deliveryMethodId, now, checkout.timeZone, fromElsewhere, checkout.courierDays);
  const address = delivery.address;
  const window = o.paymentWindowMinutes * 60_000;
  return {
    id,
    number: o.number,
    customer_id: o.customerId,
    city_id: draft.regionId,
    status,
    delivery_method_id: delivery.deliveryMethodId,
    payment_id: draft.paymentId,
    pickup_point_id: delivery.pickupPointId,
    customer_comment: draft.customerComment?.trim() || null,
    email: draft.email?.trim() || null,
    delivery_not_to_customer: delivery.deliveryNotToCustomer ? 1 : 0,
    delivery_contact_name: delivery.contactName,
    delivery_contact_phone: delivery.contactPhone,
    delivery_region_id: address ? draft.regionId : null,
    delivery_street: address?.street ?? null,
    delivery_building: address?.building ?? null,
    delivery_entrance_number: address?.entranceNumber ?? null,
    delivery_floor: address?.floor ?? null,
    delivery_flat: address?.flat ?? null,
    items_amount: itemsAmount,
    delivery_amount: checkout.deliveryAmount,
    total_amount: itemsAmount + checkout.deliveryAmount,
    idempotency_key: draft.idempotencyKey,
    request_hash: o.fingerprint,
    payment_expires_at: status === 'awaiting_payment' ? new Date(now.getTime() + window).toISOString() : null,
    delivery_date_from: dates.from,
    delivery_date_to: dates.to,
    version: 0,
    staff_note: null,
    confirmed_at: null,
    picked_at: null,
    exchange_exported_at: null,
    exchange_exported_version: null,
    ...SITE_CHANNEL,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

/** An order as {@link writeOrder} wrote it. */
export interface WrittenOrder {
  order: OrderRow;
  /** Its lines in position order. */
  lines: OrderLineRow[];
  /** Its status history: the first status. */
  history: OrderStatusHistoryRow[];
}

/**
 * Order step "write": the order with its lines (prices from the database, never the client's) and its first
 * status in the history, in the order's transaction.
 * @returns the rows written.
 */
export async function writeOrder(trx: DbOrTrx, o: NewOrder): Promise<WrittenOrder> {
  const id = newId();
  const lines = lineRows(id, o.planned, o.now.toISOString());
  const status = initialStatus(o.draft.paymentId);
  const order = orderRow(o, id, status, lines);
  await repo.insertOrder(trx, order, lines);
  const history = await recordInitialStatus(trx, id, status, order.created_at);
  return { order, lines, history: [history] };
}
