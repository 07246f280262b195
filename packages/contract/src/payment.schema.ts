import { z } from 'zod';
import { BoundedText, dataOf, Tenge } from './common.schema.ts';

/**
 * Card-online payments (spec §4 payment 3, §7 `POST /api/payment/halyk/auth`, `POST /api/payment/halyk/response`)
 * through Halyk ePay (protocol: ../shared/design/payments-sms.md §1).
 */

/**
 * Status of an order's card payment:
 * - `pending`: no successful payment yet (the shopper may still pay, or retry after a decline);
 * - `authorized`: money held on the card (two-stage terminal, ePay `AUTH`); charged when the order is handed over;
 * - `charged`: paid (ePay `CHARGE`);
 * - `failed`: the last attempt was declined (the shopper may retry until the payment window closes);
 * - `refunded`: paid, then returned (ePay `REFUND`); `cancelled`: a hold released (ePay `CANCEL`).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'authorized',
  'charged',
  'failed',
  'refunded',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The card payment of an order as its owner sees it. `amount` and `refundedAmount` in tenge; `expiresAt`: the
 * end of the payment window while unpaid (after it the order is cancelled and its stock released); times ISO
 * 8601 UTC; `cardMask` like `440563...5096`; `failureReason`: why the last attempt was declined, in Russian.
 */
export const OrderPayment = z.object({
  status: z.enum(PAYMENT_STATUSES),
  amount: Tenge,
  currency: z.literal('KZT'),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cardMask: z.string().nullable(),
  failureReason: z.string().nullable(),
  refundedAmount: Tenge,
  /**
   * Tenge the shop owes back and has not paid out yet (refunds owed, under way or refused by ePay; decision 035):
   * the order shows «возврат ожидается» while it is above 0.
   */
  refundOwed: Tenge,
});
export type OrderPayment = z.infer<typeof OrderPayment>;

/**
 * State of one refund of a card payment (decision 035): `owed` — to be sent (again) at `nextAttemptAt`;
 * `sending` — an attempt under way or its answer lost (ePay's status is read before it is sent again); `paid`;
 * `failed` — ePay refused it for good (staff may retry).
 */
export const REFUND_STATUSES = ['owed', 'sending', 'paid', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * One refund of an order's card payment as staff see it: `amount` in tenge; `source` `shop` (the shop sent it)
 * or `cabinet` (made in ePay's cabinet, noticed by the payment job); `requestedBy` `system` or `staff:<id>`;
 * times ISO 8601 UTC; `lastError` ePay's last refusal or why it did not answer.
 */
export const OrderRefund = z.object({
  id: z.string(),
  amount: Tenge,
  status: z.enum(REFUND_STATUSES),
  source: z.enum(['shop', 'cabinet']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

/** Error codes of card payments (numbers reserved with the others: never reuse them). */
export const PaymentErrorCode = {
  /** 502: ePay did not answer or refused the shop's request; nothing was changed. Try again later. */
  providerUnavailable: 4020,
  /** 409: the order is not waiting for a card payment (paid, cancelled, window closed or another method). */
  orderNotPayable: 4021,
} as const;

/** Body of `POST /api/payment/halyk/auth` and `POST /api/payment/halyk/status`: the customer's order number. */
export const HalykOrderBody = z
  .object({ orderNumber: z.string().regex(/^\d{6,15}$/, { message: 'Неверный номер заказа' }) })
  .strict();
export type HalykOrderBody = z.infer<typeof HalykOrderBody>;

/**
 * ePay's OAuth token answer (payments-sms.md §1 Token, §3), passed whole to `payment-api.js` as `auth`. Only
 * `access_token` is required: Halyk's own SDK omits `refresh_token` and sends `expires_in` as a string.
 */
export const HalykToken = z.object({
  access_token: z.string(),
  expires_in: z.union([z.number(), z.string()]).optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});
export type HalykToken = z.infer<typeof HalykToken>;

/**
 * The payment object for ePay's `payment-api.js` (`halyk.pay(obj)` / `halyk.showPaymentWidget(obj, cb)`),
 * payments-sms.md §1 "Payment object". `amount` in tenge; `phone` `7XXXXXXXXXX`; `data` a JSON string.
 */
export const HalykPaymentObject = z.object({
  invoiceId: z.string(),
  backLink: z.string(),
  failureBackLink: z.string(),
  postLink: z.string(),
  failurePostLink: z.string(),
  language: z.string(),
  description: z.string(),
  accountId: z.string(),
  terminal: z.string(),
  amount: z.number(),
  currency: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  cardSave: z.boolean(),
  data: z.string(),
  auth: HalykToken,
});
export type HalykPaymentObject = z.infer<typeof HalykPaymentObject>;

/**
 * Answer of `POST /api/payment/halyk/auth`: the URL of ePay's `payment-api.js` to load and the payment object
 * to give it.
 */
export const HalykAuthResponse = dataOf(z.object({ scriptUrl: z.string(), payment: HalykPaymentObject }));
export type HalykAuth = z.infer<typeof HalykAuthResponse>['data'];

/**
 * Body of ePay's postLink/failurePostLink callback (`POST /api/payment/halyk/response`), JSON or form-encoded
 * (payments-sms.md §1 Callback). Only the fields the shop checks are named; the rest pass through.
 * `amount` and `amountBonus` may come as a number or a numeric string.
 */
export const HalykCallbackBody = z
  .object({
    invoiceId: z.union([BoundedText(64), z.number()]).transform(String),
    secret_hash: z.string().optional(),
    amount: z.union([z.number(), z.string()]).optional(),
    /** Tenge paid with Halyk bonuses, when ePay names them (payments-sms.md §3). */
    amountBonus: z.union([z.number(), z.string()]).optional(),
    currency: z.string().optional(),
    code: z.string().optional(),
    id: z.union([z.string(), z.number()]).transform(String).optional(),
    reason: z.string().optional(),
    reasonCode: z.union([z.string(), z.number()]).transform(String).optional(),
  })
  .loose();
export type HalykCallbackBody = z.infer<typeof HalykCallbackBody>;

/**
 * Answer of the postLink: always 200 once the body is readable, so ePay does not retry what the shop has
 * decided. `applied`: the order changed; `unchanged`: already known (a repeat); `ignored`: refused (unknown
 * order, wrong secret, amount or currency, or not confirmed by ePay's status API); `deferred`: ePay's status
 * API did not answer — the shop checks again on its own.
 */
export const HalykCallbackResponse = dataOf(
  z.object({ result: z.enum(['applied', 'unchanged', 'ignored', 'deferred']) }),
);
