import type { Selectable } from 'kysely';
import type { CustomerLanguage } from '@kiim/contract';

/** Order events that notify the customer (issue 13). */
export const NOTIFICATION_EVENTS = [
  'accepted',
  'paid',
  'ready_for_pickup',
  'handed_to_courier',
  'cancelled',
  /** A sale's fiscal receipt is issued: its link (issue 32). */
  'receipt',
  /** A return's fiscal receipt is issued (one per return receipt). */
  'return_receipt',
  /** The shop answered the customer's question about a product (issue 35 item 5): no order. */
  'question_answered',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Channels a notification goes out by. */
export type NotificationChannel = 'sms' | 'email';

/**
 * Where a notification is in its delivery (docs/decisions/023): `pending` (due at `next_attempt_at`),
 * `claimed` (a worker holds its lease), `sending` (the provider is being called), `sent`, `failed` (gave up
 * after the last attempt), `unknown` (the worker died during the send: never sent again automatically).
 */
export type NotificationStatus = 'pending' | 'claimed' | 'sending' | 'sent' | 'failed' | 'unknown';

/**
 * The durable outbox of customer notifications: one row per (order, event, channel, dedupe key); a notice of no
 * order (a question's answer) one per (event, channel, dedupe key).
 */
export interface NotificationTable {
  /** Also the delivery id: the email's Message-ID is `<id@kiim>`. */
  id: string;
  /** The order's id; null for a notice of no order (`question_answered`). */
  order_id: string | null;
  event: NotificationEvent;
  channel: NotificationChannel;
  /** `7XXXXXXXXXX` for SMS, an email address for email. */
  recipient: string;
  language: CustomerLanguage;
  /** JSON of {@link OrderNotice}: what the message is rendered from. */
  payload: string;
  status: NotificationStatus;
  /** Sends started so far. */
  attempts: number;
  next_attempt_at: string;
  claim_id: string | null;
  lease_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  created_at: string;
  updated_at: string;
  /** The request that queued it (its log id, issue 31 §4); null outside a request. */
  request_id: string | null;
  /** '' for order events; the receipt's id for receipt notices (an order may have several return receipts); the
   * answer's id for question notices. */
  dedupe_key: string;
}

export type NotificationRow = Selectable<NotificationTable>;
