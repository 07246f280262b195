import { z } from 'zod';
import { dataOf, Tenge } from './common.schema.ts';

// Fiscal receipts (issue 32, docs/decisions/043 and 048): what the shopper and staff see of an order's receipts.

/** A receipt's kind: `sale` (money taken) or `return` (money given back). */
export const RECEIPT_OPERATIONS = ['sale', 'return'] as const;

/** A receipt's state in the fiscal queue (docs/decisions/043). */
export const RECEIPT_STATUSES = ['pending', 'sending', 'done', 'failed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** Each state as staff see it on «Чеки». */
export const RECEIPT_STATUS_NAME: Record<ReceiptStatus, string> = {
  pending: 'В очереди',
  sending: 'Отправляется',
  done: 'Выдан',
  failed: 'Ошибка',
};

/**
 * A receipt on the shopper's order (issue 32 §4): `issued` once the cash register has fiscalised it, with
 * `ticketUrl` — the receipt's public page at the fiscal data operator (Webkassa's TicketUrl); until then
 * `issued` false and `ticketUrl` null (a receipt the provider refused stays «being issued» to the shopper while
 * staff fix it). `total` tenge taken (sale) or given back (return); `issuedAt` ISO 8601 UTC.
 */
export const OrderReceipt = z.object({
  operation: z.enum(RECEIPT_OPERATIONS),
  total: Tenge,
  issued: z.boolean(),
  ticketUrl: z.string().nullable(),
  checkNumber: z.string().nullable(),
  issuedAt: z.string().nullable(),
});
export type OrderReceipt = z.infer<typeof OrderReceipt>;

/** One receipt on «Чеки» and the admin order page: the queue's row as staff see it; `lastError` in Russian. */
export const AdminReceipt = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  eventKey: z.string(),
  operation: z.enum(RECEIPT_OPERATIONS),
  status: z.enum(RECEIPT_STATUSES),
  total: Tenge,
  attempts: z.number().int().min(0),
  checkNumber: z.string().nullable(),
  shiftNumber: z.number().int().nullable(),
  ticketUrl: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type AdminReceipt = z.infer<typeof AdminReceipt>;

/** The cash register as Kiim last saw it: its open shift (number, opened at) and the last Z-report, ISO UTC. */
export const AdminCashbox = z.object({
  uniqueNumber: z.string(),
  shiftNumber: z.number().int().nullable(),
  shiftOpenedAt: z.string().nullable(),
  lastZReportAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type AdminCashbox = z.infer<typeof AdminCashbox>;

/** Most receipts one page of «Чеки» lists (newest first). */
export const RECEIPT_PAGE_SIZE = 100;

/** Query of `GET /api/admin/fiscal/receipts`: by state, or every state. */
export const AdminReceiptQuery = z.object({ status: z.enum(RECEIPT_STATUSES).optional() }).strict();
export type AdminReceiptQuery = z.infer<typeof AdminReceiptQuery>;

/**
 * «Чеки» (issue 32 §5): the newest {@link RECEIPT_PAGE_SIZE} receipts of the state asked for; the FISCAL_PROVIDER
 * mode (`off` in production: the back office warns); the cash register, null before its first receipt.
 */
export const AdminReceiptList = z.object({
  mode: z.enum(['off', 'webkassa', 'simulator']),
  production: z.boolean(),
  cashbox: AdminCashbox.nullable(),
  items: z.array(AdminReceipt),
});
export type AdminReceiptList = z.infer<typeof AdminReceiptList>;

export const AdminReceiptListResponse = dataOf(AdminReceiptList);
export const AdminReceiptResponse = dataOf(z.object({ receipt: AdminReceipt }));
export const AdminShiftClosedResponse = dataOf(
  z.object({ closedShift: z.number().int().nullable(), cashbox: AdminCashbox.nullable() }),
);
export const ReceiptIdParams = z.object({ id: z.string().min(1).max(64) });

/** Error codes of «Чеки» (numbers reserved with the others: never reuse them). */
export const FiscalErrorCode = {
  /** 409: only a failed receipt can be sent again. */
  notRetryable: 4031,
  /** 409: fiscalisation is off (FISCAL_PROVIDER=off), or a worker is using the cash register right now. */
  cashboxUnavailable: 4032,
  /** 502: the cash register's provider did not answer or refused. */
  providerFailed: 4033,
} as const;
