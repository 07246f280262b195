import type { HalykToken } from '@kiim/contract';
import type { PaymentRow } from './payment.table.ts';

/**
 * The card-payment provider as the shop uses it (payments-sms.md §1): a payment token for one invoice, the
 * status API, and charge/cancel/refund. Implemented by the Halyk ePay adapter (halyk.epay.ts), which talks to
 * the real ePay or to the project's simulator at the configured URLs. Tests may pass their own.
 */
export interface PaymentProvider {
  /** `halyk`. */
  readonly name: string;
  /** URL of the provider's `payment-api.js` the storefront loads. */
  readonly scriptUrl: string;
  /** The shop's terminal id, given to the payment page. */
  readonly terminalId: string;
  /**
   * A payment token bound to this invoice, amount, currency and terminal (given to `payment-api.js` as `auth`).
   * @throws PaymentProviderError when the provider refuses or does not answer.
   */
  paymentToken(request: PaymentTokenRequest): Promise<HalykToken>;
  /**
   * The provider's record of the invoice's payment.
   * @returns `not-found` when no payment was made for the invoice (ePay resultCode 102).
   * @throws PaymentProviderError when the answer cannot be trusted now (103, 107 try later, network…).
   */
  checkStatus(invoiceId: string): Promise<StatusCheck>;
  /** Charges a held payment (`AUTH` → `CHARGE`), fully or `amount` tenge. @throws PaymentProviderError */
  charge(transactionId: string, amount?: number): Promise<void>;
  /** Releases a held payment (`AUTH` → `CANCEL`). @throws PaymentProviderError */
  cancel(transactionId: string): Promise<void>;
  /**
   * Returns a charged payment (`CHARGE` → `REFUND`), fully or `amount` tenge (≥ 10), sent in the query string
   * with `externalId` (ePay's `externalID`): one stable id per refund, reused on every retry, so that ePay
   * never refunds the same refund twice. @throws PaymentProviderError
   */
  refund(transactionId: string, amount?: number, externalId?: string): Promise<void>;
}

/** What the shop asks a payment token for. `amount` in tenge; links are absolute URLs of the shop. */
export interface PaymentTokenRequest {
  invoiceId: string;
  amount: number;
  currency: 'KZT';
  secretHash: string;
  postLink: string;
  failurePostLink: string;
}

/** The provider's record of one payment; `amount` in tenge. */
export interface ProviderTransaction {
  id: string | null;
  invoiceId: string;
  amount: number;
  /**
   * ePay's `amountBonus`: tenge paid with Halyk bonuses (meaning unverified, payments-sms.md §3); 0 when absent.
   * The payment matches the order when `amount` or `amount + amountBonus` equals its total.
   */
  amountBonus: number;
  /**
   * ePay's `payoutAmount`: tenge the shop keeps of the payment after refunds (meaning unverified, payments-sms.md
   * §3; the simulator models it so); null when absent. Read with `statusName` REFUND for what ePay refunded.
   */
  payoutAmount: number | null;
  currency: string;
  /**
   * ePay's `statusName` (payments-sms.md §1 Status API): NEW, 3D, FINGERPRINT, AUTH, CHARGE, CANCEL, CANCEL_OLD,
   * REFUND, FAILED, REJECT, VERIFIED.
   */
  statusName: string;
  reason: string | null;
  reasonCode: string | null;
  cardMask: string | null;
  approvalCode: string | null;
  reference: string | null;
}

/** Answer of the status API: the transaction, or none for this invoice. */
export type StatusCheck =
  { kind: 'found'; resultCode: string; transaction: ProviderTransaction } | { kind: 'not-found' };

/** The provider refused a request or did not answer; `status` is the HTTP status when there was one. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** True when ePay says the payment went through: `CHARGE`, or `AUTH` (money held on a two-stage terminal). */
export const isPaidStatus = (statusName: string) => statusName === 'CHARGE' || statusName === 'AUTH';
/** True when ePay says the attempt failed for good: `FAILED`, `REJECT`. */
export const isFailedStatus = (statusName: string) => statusName === 'FAILED' || statusName === 'REJECT';

/**
 * Refunds of another provider's payments (Kaspi Pay, decision 044), for the refund rows of decision 035: what the
 * provider says it has refunded of a payment, and one refund. Both throw {@link PaymentProviderError} (`status`
 * 4xx when the provider refused, none when it did not answer).
 */
export interface RefundGateway {
  /** Tenge the provider has refunded of the payment so far. */
  refundedSoFar(payment: PaymentRow): Promise<number>;
  /** Refunds `amount` tenge of the payment. */
  refund(payment: PaymentRow, amount: number): Promise<void>;
}
