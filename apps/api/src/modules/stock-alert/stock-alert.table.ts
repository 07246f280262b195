import type { Selectable } from 'kysely';
import type { CustomerLanguage } from '@kiim/contract';

/**
 * Where a back-in-stock subscription is (docs/decisions/052): `live` (waiting for stock), then as an outbox row
 * of docs/decisions/023 — `pending` (stock came back; due at `next_attempt_at`), `claimed`, `sending`, `sent`,
 * `failed`, `unknown` — or `cancelled` (unsubscribed by its token link).
 */
export type StockAlertStatus =
  'live' | 'pending' | 'claimed' | 'sending' | 'sent' | 'failed' | 'unknown' | 'cancelled';

/** What an alert's message is rendered from, written at subscription (the product as the shopper saw it). */
export interface StockAlertPayload {
  productSlug: string;
  productName: string;
  size: string;
}

/** A subscription to a sold-out SKU in a city and its own outbox row (issue 35 item 4). Owned by stock-alert. */
export interface StockAlertTable {
  id: string;
  sku_id: number;
  city_id: number;
  channel: 'sms' | 'email';
  /** `7XXXXXXXXXX` for SMS, a lower-case e-mail address for e-mail. */
  recipient: string;
  /** The signed-in customer who subscribed, else null. */
  customer_id: string | null;
  language: CustomerLanguage;
  /** The secret of the unsubscribe link (22 characters, base64url). */
  token: string;
  /** JSON of {@link StockAlertPayload}. */
  payload: string;
  status: StockAlertStatus;
  attempts: number;
  next_attempt_at: string | null;
  claim_id: string | null;
  lease_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  body_text: string | null;
  /** When the shopper ticked the consent line (or subscribed signed in). */
  consent_at: string;
  request_id: string | null;
  created_at: string;
  updated_at: string;
}

export type StockAlertRow = Selectable<StockAlertTable>;
