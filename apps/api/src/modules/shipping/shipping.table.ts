import type { Selectable } from 'kysely';

// Tables of the shipping module (migration 20261231T110000, decision 068). Times are ISO 8601 UTC text.

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

export type ShipmentRow = Selectable<ShipmentTable>;
export type ShipmentStatusRow = Selectable<ShipmentStatusTable>;
