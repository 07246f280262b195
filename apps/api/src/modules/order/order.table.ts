import type { Selectable } from 'kysely';

export interface OrderTable {
  id: string;
  /** Numeric order number, 6–15 digits (usable as ePay invoiceID), unique. */
  number: string;
  customer_id: string;
  city_id: number;
  status: string;
  delivery_method_id: number;
  payment_id: number;
  pickup_point_id: number | null;
  customer_comment: string | null;
  email: string | null;
  delivery_not_to_customer: number;
  delivery_contact_name: string | null;
  delivery_contact_phone: string | null;
  delivery_region_id: number | null;
  delivery_street: string | null;
  delivery_building: string | null;
  delivery_entrance_number: string | null;
  delivery_floor: string | null;
  delivery_flat: string | null;
  /** Sum of line amounts, tenge. */
  items_amount: number;
  delivery_amount: number;
  /** items_amount + delivery_amount, tenge. */
  total_amount: number;
  idempotency_key: string;
  /** Hash of the request body, to tell a retry from a different order under the same key. */
  request_hash: string;
  /**
   * Card online (payment 3) while unpaid: when the order stops holding its stock (ISO 8601 UTC); null once
   * paid or for other payment methods.
   */
  payment_expires_at: string | null;
  /** First and last local day (`YYYY-MM-DD`, the city's zone) the order can be received; null on old orders. */
  delivery_date_from: string | null;
  delivery_date_to: string | null;
  /** Raised by every change of the order; staff send the version they saw (optimistic concurrency, decision 019). */
  version: number;
  /** The internal note of the shop's staff (never shown to the customer). */
  staff_note: string | null;
  /** When staff confirmed the order / finished picking it (ISO 8601 UTC; steps inside new or paid). */
  confirmed_at: string | null;
  picked_at: string | null;
  /** When the 1C exchange confirmed it took the order (`type=sale&mode=success`); null until then. */
  exchange_exported_at: string | null;
  /** The version 1C last confirmed taking; null until then. Below `version`: changed since, exported again. */
  exchange_exported_version: number | null;
  /** Where the order was placed: `site` or `kaspi` (Kaspi Магазин, issue 33 item 6, migration 20261231T070000). */
  channel: 'site' | 'kaspi';
  /** Kaspi's order id and code (the number people see); unique per channel; null on site orders. */
  kaspi_order_id: string | null;
  kaspi_code: string | null;
  /** Kaspi's last status as read (APPROVED_BY_BANK, ACCEPTED_BY_MERCHANT, COMPLETED, CANCELLED, RETURNED, …). */
  kaspi_status: string | null;
  /** Kaspi's creation time (ISO 8601 UTC). */
  kaspi_created_at: string | null;
  /** Why staff must look at a Kaspi order (its stock could not be reserved), in Russian; null when reserved. */
  kaspi_problem: string | null;
  /** The lines as Kaspi sent them: JSON `[{sku, quantity, price}]`, tenge. */
  kaspi_lines: string | null;
  created_at: string;
  updated_at: string;
}

/** Every status an order entered (oldest first by `created_at`), with who changed it and why. */
export interface OrderStatusHistoryTable {
  id: string;
  order_id: string;
  /** Null for the first status. */
  from_status: string | null;
  to_status: string;
  /** `customer`, `system` (payment window), `payment` (ePay), `backoffice`. */
  actor: string;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Order line: a snapshot of the SKU and its server-side price at ordering time. */
export interface OrderLineTable {
  id: string;
  order_id: string;
  sku_id: number;
  external_id: string;
  product_slug: string;
  product_name: string;
  size: string;
  colour_name: string;
  image: string | null;
  qty: number;
  price: number;
  original_price: number;
  amount: number;
  /** City whose stock was reserved for the line. */
  source_city_id: number;
  /** 1-based position in the order (null on lines written before positions were kept). */
  position: number | null;
  /** Units the customer refused at handover (partial refusal): back in stock, not paid for; 0..qty. */
  refused_qty: number;
  created_at: string;
  updated_at: string;
}

/** Named counters (order numbers), incremented inside transactions. */
export interface CounterTable {
  name: string;
  value: number;
}

export type OrderRow = Selectable<OrderTable>;
export type OrderStatusHistoryRow = Selectable<OrderStatusHistoryTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
