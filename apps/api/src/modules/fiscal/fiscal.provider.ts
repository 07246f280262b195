/**
 * The fiscal provider interface (docs/decisions/043): what the queue needs from an online cash register
 * (Webkassa now; Kassa24 or Kaspi's cash register could fit beside it). Amounts in tenge.
 */

/** A receipt line: name as the catalogue shows it in Russian, SKU as its code; price per unit, discount in total. */
export interface ReceiptPosition {
  name: string;
  code: string;
  count: number;
  price: number;
  discount: number;
}

/** How money was taken: cash, card (bank card online or at a terminal), mobile. */
export type FiscalPaymentType = 'cash' | 'card' | 'mobile';

/** What a receipt says, as it was at its money event (stored as `fiscal_receipt.payload`). */
export interface ReceiptContent {
  positions: ReceiptPosition[];
  /** Each type at most once. */
  payments: { type: FiscalPaymentType; sum: number }[];
  orderNumber: string;
  email: string | null;
  /** `7XXXXXXXXXX`. */
  phone: string | null;
}

/** The original sale a return names (Webkassa returnBasisDetails, fiscal-webkassa.md §5), verbatim. */
export interface ReturnBasis {
  dateTime: string;
  total: number;
  checkNumber: string;
  registrationNumber: string;
  isOffline: boolean;
}

/** A document to fiscalise. */
export interface FiscalDocument {
  cashbox: string;
  operation: 'sale' | 'return';
  externalCheckNumber: string;
  content: ReceiptContent;
  basis: ReturnBasis | null;
}

/** A fiscalised receipt, as the provider answered. */
export interface FiscalResult {
  checkNumber: string;
  dateTime: string;
  shiftNumber: number;
  checkOrderNumber: number;
  total: number;
  registrationNumber: string;
  offline: boolean;
  ticketUrl: string | null;
}

/**
 * What sending a document came to: `done`; `refused` for its content (never resent as is); `retry` (certainly
 * not taken: the service is down, the token, the shift); `uncertain` (it may have been taken: a timeout, a lost
 * answer, a duplicate without data): found by its number before anything is sent again.
 */
export type IssueOutcome =
  | { kind: 'done'; result: FiscalResult }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; message: string }
  | { kind: 'uncertain'; message: string };

/** A provider's call that did not come to an answer (network, timeout, a body that is no answer). */
export class FiscalTransportError extends Error {}

/** An online cash register. Calls for one cash register are made one at a time by the caller. */
export interface FiscalProvider {
  /** Sends a document (re-authorising and closing an over-long shift itself, as the provider needs). */
  issue(doc: FiscalDocument): Promise<IssueOutcome>;
  /**
   * Looks a document up by its number, `shiftHint` the shift it was probably sent in.
   * @returns the result, or null when the provider certainly does not have it.
   * @throws FiscalTransportError when it could not be asked.
   */
  find(cashbox: string, externalCheckNumber: string, shiftHint: number | null): Promise<FiscalResult | null>;
  /**
   * Closes the open shift (Z-report). @returns the closed shift's number, or null when none was open.
   * @throws FiscalTransportError, or Error with the provider's message.
   */
  closeShift(cashbox: string): Promise<number | null>;
}
