import type { Selectable } from 'kysely';

// Tables of the shipping module (migrations 20261231T110000 and T120000; decisions 068, 069). Times: ISO UTC text.

/** One carrier parcel of an order. */
export interface ShipmentTable {
  id: string;
  /** One parcel per order: the unique key that keeps a second registration out. */
  order_id: string;
  order_number: string;
  /** `cdek`. */
  carrier: string;
  /** shipping.status.ts SHIPMENT_STATES. */
  state: string;
  /** The ShipmentRequest as first asked, JSON: a retry sends the same. */
  request: string;
  /** The carrier's id of the registration (CDEK uuid), once it answered. */
  carrier_id: string | null;
  track_number: string | null;
  /** Time of the carrier status that set `state`. */
  status_at: string | null;
  /** The carrier's reasons for refusing it, JSON `[{code, message}]`. */
  problems: string | null;
  label_form_id: string | null;
  /** Registration attempts that failed to reach the carrier (the backoff grows with them). */
  attempts: number;
  /** When the job next registers or re-reads it; null when final. */
  next_check_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A carrier status of a parcel, as read from the carrier's API. */
export interface ShipmentStatusTable {
  shipment_id: string;
  code: string;
  /** The carrier's Russian name of it. */
  name: string;
  at: string;
  city: string;
  created_at: string;
  updated_at: string;
}

/** The shopper's carrier choice of an order (migration 20261231T120000, decision 069). Tenge, working days. */
export interface OrderCarrierTable {
  order_id: string;
  carrier: string;
  kind: 'pickup_point' | 'locker' | 'door';
  tariff_code: number;
  /** The carrier point (pickup, locker), null for the door; with its title, address, hours, place as shown. */
  point_code: string | null;
  point_title: string | null;
  point_city: string | null;
  point_address: string | null;
  point_hours: string | null;
  point_longitude: number | null;
  point_latitude: number | null;
  /** The warehouse city the parcel leaves from, and the carrier's codes of both ends. */
  from_city_id: number;
  from_code: number;
  to_code: number;
  /** The price the shopper was shown (the signed quote) and the price charged: never more. */
  quoted_price: number;
  price: number;
  period_min_days: number;
  period_max_days: number;
  created_at: string;
}

export type ShipmentRow = Selectable<ShipmentTable>;
export type OrderCarrierRow = Selectable<OrderCarrierTable>;
export type ShipmentStatusRow = Selectable<ShipmentStatusTable>;
