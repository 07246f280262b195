import type { Selectable } from 'kysely';
import type { PaymentStatus, RefundStatus } from '@kiim/contract';

/**
 * One card payment (Halyk ePay) of what the shop sells: `order_id` names what is paid (an order, for the payment
 * module an opaque reference: it never reads orders), `invoice_id` the ePay invoiceID (6–15 digits; the order
 * number); `secret_hash` a random value made per payment that ePay echoes in its callback (payments-sms.md §1);
 * money in tenge.
 */
export interface PaymentTable {
  id: string;
  order_id: string;
  invoice_id: string;
  /** `halyk` (ePay), `kaspi` (Kaspi Pay) or `kaspi_shop` (collected by Kaspi Магазин, decision 076). */
  provider: string;
  secret_hash: string;
  amount: number;
  /** `KZT`. */
  currency: string;
  status: PaymentStatus;
  /** ePay transaction id (needed for charge, cancel and refund). */
  transaction_id: string | null;
  card_mask: string | null;
  approval_code: string | null;
  reference: string | null;
  /** Why the last attempt failed, as ePay said it, and its code. */
  failure_reason: string | null;
  failure_code: string | null;
  refunded_amount: number;
  /** How many payment tokens were issued (payment attempts started). */
  auth_count: number;
  last_auth_at: string | null;
  /** Last time ePay's status API was asked (the poll skips payments asked recently). */
  last_checked_at: string | null;
  paid_at: string | null;
  /**
   * When the shop asked for the money back (the order was cancelled with money taken, or money arrived for a
   * cancelled order): while the payment still holds money, the payment job retries the refund or cancel.
   */
  return_requested_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What changed a payment and why: verified callbacks, status checks, charge/cancel/refund (audit). */
export interface PaymentEventTable {
  id: string;
  payment_id: string;
  /** `callback`, `return` (the shopper came back), `poll`, `expiry`, `charge`, `cancel`, `refund`. */
  source: string;
  /** `paid`, `failed`, `refunded`, `cancelled`, `charged`, `late-payment`. */
  outcome: string;
  /** ePay's `statusName` when known. */
  provider_status: string | null;
  /** JSON with the facts ePay gave (never the secret). */
  detail: string | null;
  created_at: string;
  updated_at: string;
}

export type PaymentRow = Selectable<PaymentTable>;

/**
 * One refund of a charged payment (decision 035, superseding 027's `refund_owed_to`): `amount` tenge owed back,
 * sent to ePay with `external_id` (its `externalID`, unique, reused on every retry). `status`: `owed` (to send
 * at `next_attempt_at`), `sending` (an attempt under way or its answer lost — ePay's status is read before it is
 * sent again), `paid`, `failed` (ePay refused it for good; staff may retry). `source`: `shop`, or `cabinet` (made
 * in ePay's cabinet and noticed by the payment job). `requested_by`: `system`, or `staff:<id>`.
 */
export interface RefundTable {
  id: string;
  order_id: string;
  payment_id: string;
  amount: number;
  external_id: string;
  status: RefundStatus;
  source: 'shop' | 'cabinet';
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  requested_by: string;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export type RefundRow = Selectable<RefundTable>;
