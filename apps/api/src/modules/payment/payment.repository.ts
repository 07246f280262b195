import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import type { PaymentRow } from './payment.table.ts';

/**
 * Data access of the payment module: the only place with Kysely queries for `payment` and `payment_event`.
 * Functions take `db | trx` first; times are ISO 8601 UTC text; money whole tenge.
 */

/** Inserts a new payment. */
export async function insertPayment(db: DbOrTrx, row: PaymentRow): Promise<void> {
  await db.insertInto('payment').values(row).execute();
}

/** The payment of an invoice (ePay invoiceID = order number). */
export async function findPaymentByInvoice(db: DbOrTrx, invoiceId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payment').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
}

/** The payment of an order. */
/** One payment by id. */
export const findPaymentById = (db: DbOrTrx, id: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirst();

export async function findPaymentByOrder(db: DbOrTrx, orderId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payment').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The payments of the given orders. */
export async function findPaymentsByOrders(db: DbOrTrx, orderIds: readonly string[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('payment')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** Counts a started payment attempt (a token was issued). */
export async function recordAuth(db: DbOrTrx, paymentId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('payment')
    .set((eb) => ({ auth_count: eb('auth_count', '+', 1), last_auth_at: nowIso, updated_at: nowIso }))
    .where('id', '=', paymentId)
    .execute();
}

/** Notes that ePay's status API was asked about the payment now. */
export async function recordChecked(db: DbOrTrx, paymentId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('payment')
    .set({ last_checked_at: nowIso, updated_at: nowIso })
    .where('id', '=', paymentId)
    .execute();
}

/** What ePay reported about a successful payment. */
export interface PaidFacts {
  status: 'authorized' | 'charged';
  transactionId: string | null;
  cardMask: string | null;
  approvalCode: string | null;
  reference: string | null;
}

/**
 * Marks a payment paid if it is still `pending` or `failed` (conditional: of racing callbacks and returns,
 * exactly one changes it); with `returnRequested` the money is at once marked to go back (it arrived for a
 * cancelled order).
 * @returns true when this call changed it.
 */
export async function markPaid(
  db: DbOrTrx,
  paymentId: string,
  facts: PaidFacts,
  returnRequested: boolean,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment')
    .set({
      status: facts.status,
      transaction_id: facts.transactionId,
      card_mask: facts.cardMask,
      approval_code: facts.approvalCode,
      reference: facts.reference,
      failure_reason: null,
      failure_code: null,
      paid_at: nowIso,
      last_checked_at: nowIso,
      updated_at: nowIso,
      ...(returnRequested ? { return_requested_at: nowIso } : {}),
    })
    .where('id', '=', paymentId)
    .where('status', 'in', ['pending', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Asks for the money of the payment of `orderId` back, if it holds money and was not asked yet (the caller's
 * transaction cancels the order).
 */
export async function requestReturn(db: DbOrTrx, orderId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('payment')
    .set({ return_requested_at: nowIso, updated_at: nowIso })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['authorized', 'charged'])
    .where('return_requested_at', 'is', null)
    // A marketplace gives its buyer the money back itself (decision 076): never asked back by the shop.
    .where('provider', '!=', 'kaspi_shop')
    .execute();
}

/**
 * Moves a marketplace payment (`provider` `kaspi_shop`) from `from` to `to`, only if still in `from`: `charged`
 * sets `paid_at`, `refunded` sets the whole amount returned.
 * @returns the payment after the move, or undefined when this call did not move it.
 */
export async function moveMarketplaceStatus(
  db: DbOrTrx,
  orderId: string,
  from: PaymentRow['status'],
  to: 'charged' | 'cancelled' | 'refunded',
  nowIso: string,
): Promise<PaymentRow | undefined> {
  const result = await db
    .updateTable('payment')
    .set((eb) => ({
      status: to,
      updated_at: nowIso,
      ...(to === 'charged' ? { paid_at: nowIso } : {}),
      ...(to === 'refunded' ? { refunded_amount: eb.ref('amount') } : {}),
    }))
    .where('order_id', '=', orderId)
    .where('provider', '=', 'kaspi_shop')
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return findPaymentByOrder(db, orderId);
}

/**
 * Records a declined attempt (ePay transaction `transactionId`) if the payment is not paid and this attempt
 * was not recorded yet.
 * @returns true when this call changed it.
 */
export async function markFailed(
  db: DbOrTrx,
  paymentId: string,
  facts: {
    transactionId: string | null;
    reason: string | null;
    code: string | null;
    cardMask: string | null;
  },
  nowIso: string,
): Promise<boolean> {
  let q = db
    .updateTable('payment')
    .set({
      status: 'failed',
      transaction_id: facts.transactionId,
      failure_reason: facts.reason,
      failure_code: facts.code,
      card_mask: facts.cardMask,
      last_checked_at: nowIso,
      updated_at: nowIso,
    })
    .where('id', '=', paymentId)
    .where('status', 'in', ['pending', 'failed']);
  if (facts.transactionId !== null) {
    const id = facts.transactionId;
    q = q.where((eb) => eb.or([eb('transaction_id', 'is', null), eb('transaction_id', '<>', id)]));
  }
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves a payment from one status to another (charge after handover, money returned), only if it is still
 * in `from`; `refundedAmount` is the new total returned.
 * @returns true when this call changed it.
 */
export async function moveStatus(
  db: DbOrTrx,
  paymentId: string,
  from: PaymentRow['status'],
  to: PaymentRow['status'],
  nowIso: string,
  refundedAmount?: number,
): Promise<boolean> {
  const result = await db
    .updateTable('payment')
    .set({
      status: to,
      updated_at: nowIso,
      ...(refundedAmount === undefined ? {} : { refunded_amount: refundedAmount }),
    })
    .where('id', '=', paymentId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Appends an audit entry (`detail` is stored as JSON; never pass the secret). */
export async function insertEvent(
  db: DbOrTrx,
  paymentId: string,
  source: string,
  outcome: string,
  providerStatus: string | null,
  detail: Record<string, unknown> | null,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('payment_event')
    .values({
      id: newId(),
      payment_id: paymentId,
      source,
      outcome,
      provider_status: providerStatus,
      detail: detail ? JSON.stringify(detail) : null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .execute();
}

/**
 * Payments of the given orders (those still awaiting payment) that were started (a token issued) at or before
 * `startedBefore`, are not paid, and were not asked about since `checkedBefore`: the ones whose callback may
 * have been lost. Oldest check first.
 */
export async function findDueForPoll(
  db: DbOrTrx,
  orderIds: readonly string[],
  startedBefore: string,
  checkedBefore: string,
  limit: number,
): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('payment')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .where('status', 'in', ['pending', 'failed'])
    .where('auth_count', '>', 0)
    .where('last_auth_at', '<=', startedBefore)
    .where((eb) => eb.or([eb('last_checked_at', 'is', null), eb('last_checked_at', '<=', checkedBefore)]))
    .orderBy('last_checked_at')
    .limit(limit)
    .execute();
}

/**
 * Payments whose money was asked back and that still hold it (authorized, or charged with no refund of theirs
 * still open — those the refund step sends, decision 035), oldest change first.
 */
export async function findReturnsDue(db: DbOrTrx, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payment')
    .selectAll()
    .where('return_requested_at', 'is not', null)
    .where('status', 'in', ['authorized', 'charged'])
    .where(({ or, eb, not, exists, selectFrom }) =>
      or([
        eb('status', '=', 'authorized'),
        not(
          exists(
            selectFrom('refund')
              .select('refund.id')
              .whereRef('refund.payment_id', '=', 'payment.id')
              .where('refund.status', '<>', 'paid'),
          ),
        ),
      ]),
    )
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/**
 * Adds `amount` tenge to what a charged payment has refunded; the payment becomes `refunded` once all of it is
 * back. Never beyond the payment's amount. @returns true when recorded.
 */
export async function addRefunded(
  db: DbOrTrx,
  paymentId: string,
  amount: number,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment')
    .set((eb) => ({
      refunded_amount: eb('refunded_amount', '+', amount),
      status: eb
        .case()
        .when(eb(eb('refunded_amount', '+', amount), '>=', eb.ref('amount')))
        .then('refunded' as const)
        .else(eb.ref('status'))
        .end(),
      updated_at: nowIso,
    }))
    .where('id', '=', paymentId)
    .where('status', '=', 'charged')
    .where((eb) => eb(eb('refunded_amount', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Charged payments paid after `paidAfter`, not asked about since `checkedBefore`, with no refund of the shop's
 * still open: the ePay payments the payment job reads for refunds made in ePay's cabinet (decision 035). Oldest check
 * first.
 */
export function findChargedToAudit(
  db: DbOrTrx,
  paidAfter: string,
  checkedBefore: string,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payment')
    .selectAll()
    .where('provider', '=', 'halyk')
    .where('status', '=', 'charged')
    .where('paid_at', '>=', paidAfter)
    .where((eb) => eb.or([eb('last_checked_at', 'is', null), eb('last_checked_at', '<=', checkedBefore)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refund')
            .select('refund.id')
            .whereRef('refund.payment_id', '=', 'payment.id')
            .where('refund.status', '<>', 'paid'),
        ),
      ),
    )
    .orderBy('last_checked_at')
    .limit(limit)
    .execute();
}
