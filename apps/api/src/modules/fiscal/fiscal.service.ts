import type { OrderReceipt } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import type { ReceiptContent } from './fiscal.provider.ts';
import * as repo from './fiscal.repository.ts';
import type { FiscalReceiptRow } from './fiscal.table.ts';

// Writing money events into the fiscal queue (docs/decisions/043), in the caller's transaction — the one that
// moves the money — so an event and its receipt happen together or not at all. Nothing here calls the provider:
// the money path only inserts a row; the worker sends it. The module knows nothing of orders: the order module
// hands it the receipt's content as the order was at the event.

/** Where receipts go: off (nothing written), or the cash register of the shop. */
export interface FiscalQueue {
  enabled: boolean;
  cashbox: string;
}

/** The total of a receipt's content: Σ(count × price − discount), tenge. */
export const contentTotal = (c: ReceiptContent) =>
  c.positions.reduce((s, p) => s + p.count * p.price - p.discount, 0);

/** A receipt row, pending now. */
function receiptRow(
  queue: FiscalQueue,
  e: {
    orderId: string;
    eventKey: string;
    operation: 'sale' | 'return';
    ext: string;
    content: ReceiptContent;
  },
  basisId: string | null,
  nowIso: string,
): FiscalReceiptRow {
  return {
    id: newId(),
    order_id: e.orderId,
    event_key: e.eventKey,
    operation: e.operation,
    cashbox: queue.cashbox,
    external_check_number: e.ext,
    basis_receipt_id: basisId,
    total: contentTotal(e.content),
    payload: JSON.stringify(e.content),
    status: 'pending',
    attempts: 0,
    next_attempt_at: nowIso,
    last_error: null,
    result: null,
    check_number: null,
    shift_number: null,
    ticket_url: null,
    done_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
}

/**
 * Queues the sale receipt of an order (money taken: card online at payment, cash or card at handover); once per
 * order — a second call writes nothing. ExternalCheckNumber `kiim-s-<order number>` (fiscal-webkassa.md §6).
 * @returns true when written; false when fiscalisation is off, the order already has its sale, or nothing was paid.
 */
export async function queueSale(
  trx: DbOrTrx,
  queue: FiscalQueue,
  sale: { orderId: string; content: ReceiptContent },
  nowIso: string,
): Promise<boolean> {
  if (!queue.enabled || contentTotal(sale.content) <= 0) return false;
  const ext = `kiim-s-${sale.content.orderNumber}`.slice(0, 50);
  const row = receiptRow(queue, { ...sale, eventKey: 'sale', operation: 'sale', ext }, null, nowIso);
  return repo.insertReceipt(trx, row);
}

/**
 * Queues a return receipt for money given back after the order's sale receipt (partial buyout, cancellation,
 * refund), linked to that sale (its basis, sent when the sale is fiscalised); once per `eventKey` (e.g. the
 * refund's id). ExternalCheckNumber `kiim-r-<receipt id>`.
 * @returns `queued`; `no-sale` when the order has no sale receipt (nothing is sent: staff see the order without
 *   one); `off`; `exists` when the event was queued before.
 */
export async function queueReturn(
  trx: DbOrTrx,
  queue: FiscalQueue,
  ret: { orderId: string; eventKey: string; content: ReceiptContent },
  nowIso: string,
): Promise<'queued' | 'no-sale' | 'off' | 'exists'> {
  if (!queue.enabled || contentTotal(ret.content) <= 0) return 'off';
  const sale = (await repo.receiptsOfOrder(trx, ret.orderId)).find((r) => r.operation === 'sale');
  if (!sale) return 'no-sale';
  const row = receiptRow(queue, { ...ret, operation: 'return', ext: '' }, sale.id, nowIso);
  row.external_check_number = `kiim-r-${row.id}`.slice(0, 50);
  row.cashbox = sale.cashbox;
  return (await repo.insertReceipt(trx, row)) ? 'queued' : 'exists';
}

/** The sale receipt's content of an order, if it has one (what a full return gives back). */
export async function saleContent(db: DbOrTrx, orderId: string): Promise<ReceiptContent | null> {
  const sale = (await repo.receiptsOfOrder(db, orderId)).find((r) => r.operation === 'sale');
  return sale ? (JSON.parse(sale.payload) as ReceiptContent) : null;
}

/** The receipts of an order, oldest first (shopper's page, back office). */
export const receiptsOfOrder = (db: DbOrTrx, orderId: string) => repo.receiptsOfOrder(db, orderId);

/**
 * The receipts of orders as their shopper sees them (issue 32 §4: the account's order page, the thank-you page),
 * by order id, oldest first: issued with the ОФД link once done; a pending, sending or failed one shows as not
 * issued yet (staff see the error on «Чеки»).
 */
export async function shopperReceipts(
  db: DbOrTrx,
  orderIds: readonly string[],
): Promise<Map<string, OrderReceipt[]>> {
  const by = new Map<string, OrderReceipt[]>();
  if (orderIds.length === 0) return by;
  for (const r of await repo.receiptsOfOrders(db, orderIds)) {
    const issued = r.status === 'done';
    const receipt: OrderReceipt = {
      operation: r.operation,
      total: Number(r.total),
      issued,
      ticketUrl: issued ? r.ticket_url : null,
      checkNumber: issued ? r.check_number : null,
      issuedAt: issued ? r.done_at : null,
    };
    by.set(r.order_id, [...(by.get(r.order_id) ?? []), receipt]);
  }
  return by;
}
