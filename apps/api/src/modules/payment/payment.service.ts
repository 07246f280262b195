import { randomBytes } from 'node:crypto';
import { PaymentErrorCode, type HalykAuth } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { PaymentProviderError } from './payment.provider.ts';
import type { PaymentDeps } from './payment.deps.ts';
import * as repo from './payment.repository.ts';
import { attemptRefund, oweRefundUpTo } from './refund.service.ts';
import type { PaymentRow } from './payment.table.ts';

// Card payments through Halyk ePay (spec §4 payment 3, §7; protocol payments-sms.md §1): the payment records and
// what is done with ePay about them — open a payment, start paying it (a token for ePay's payment page), charge a
// hold, give money back. What ePay says about a payment (status, callback) is read and recorded in
// payment.status.ts. The module knows
// nothing of orders: `order_id` is only the reference of what a payment pays; what a payment means for an order
// (paid, late, to be cancelled) is decided by the order module's card-payment flow.

export type { PaymentDeps } from './payment.deps.ts';

/** Where a payment fact came from (audit, `payment_event.source`). */
export type PaymentSource = 'callback' | 'return' | 'poll' | 'expiry';

const providerUnavailable = () =>
  new AppError(
    502,
    PaymentErrorCode.providerUnavailable,
    'Платёжный сервис Halyk Bank сейчас не отвечает. Попробуйте оплатить чуть позже — заказ сохранён',
  );

/**
 * Opens a payment in the caller's transaction: `invoiceId` is ePay's invoiceID (6–15 digits; for Kaspi Pay,
 * `provider` `kaspi`, the ExternalId), `amount` in tenge, a random 256-bit `secret_hash` kept for the callback check.
 * @returns the payment row written.
 */
export async function openPayment(
  trx: DbOrTrx,
  payment: {
    orderId: string;
    invoiceId: string;
    amount: number;
    provider?: 'halyk' | 'kaspi' | 'kaspi_shop';
    status?: 'pending' | 'authorized';
    reference?: string;
  },
  nowIso: string,
): Promise<PaymentRow> {
  const row: PaymentRow = {
    id: newId(),
    order_id: payment.orderId,
    invoice_id: payment.invoiceId,
    provider: payment.provider ?? 'halyk',
    secret_hash: randomBytes(32).toString('hex'),
    amount: payment.amount,
    currency: 'KZT',
    status: payment.status ?? 'pending',
    transaction_id: null,
    card_mask: null,
    approval_code: null,
    reference: payment.reference ?? null,
    failure_reason: null,
    failure_code: null,
    refunded_amount: 0,
    auth_count: 0,
    last_auth_at: null,
    last_checked_at: null,
    paid_at: null,
    return_requested_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  await repo.insertPayment(trx, row);
  return row;
}

/**
 * Records, in the caller's transaction, the money a marketplace collected for an order (Kaspi Магазин, decision
 * 076): provider `kaspi_shop`, `authorized` — the buyer paid Kaspi, which holds it until the order is handed over
 * — for `amount` tenge, with the marketplace's order code as `reference`. Nothing when `amount` is 0.
 * @returns the payment row, or null.
 */
export async function openMarketplacePayment(
  trx: DbOrTrx,
  p: { orderId: string; invoiceId: string; amount: number; reference: string },
  nowIso: string,
): Promise<PaymentRow | null> {
  if (!(p.amount > 0)) return null;
  const row = await openPayment(trx, { ...p, provider: 'kaspi_shop', status: 'authorized' }, nowIso);
  await repo.insertEvent(trx, row.id, 'marketplace', 'authorized', null, { amount: p.amount }, nowIso);
  return row;
}

/**
 * Settles the marketplace payment of an order, once, in the caller's transaction (decision 076): `charged` when
 * the marketplace completed the order (the money is the shop's), `cancelled` when it cancelled it before (the
 * buyer gets it back from the marketplace), `refunded` when it took back a completed order (all of it). Each move
 * happens only from its state (`authorized`, or `charged` for `refunded`) and writes a payment event.
 * @returns true when this call moved it; false when there is no such payment or it moved before.
 */
export async function settleMarketplacePayment(
  trx: DbOrTrx,
  orderId: string,
  to: 'charged' | 'cancelled' | 'refunded',
  providerStatus: string,
  nowIso: string,
): Promise<boolean> {
  const from = to === 'refunded' ? 'charged' : 'authorized';
  const moved = await repo.moveMarketplaceStatus(trx, orderId, from, to, nowIso);
  if (!moved) return false;
  await repo.insertEvent(
    trx,
    moved.id,
    'marketplace',
    to,
    providerStatus,
    { amount: Number(moved.amount) },
    nowIso,
  );
  return true;
}

/** One payment by id. */
export const findPayment = (db: DbOrTrx, id: string): Promise<PaymentRow | undefined> =>
  repo.findPaymentById(db, id);

/** The payment of an order, if it has one. */
export const paymentOfOrder = (db: DbOrTrx, orderId: string): Promise<PaymentRow | undefined> =>
  repo.findPaymentByOrder(db, orderId);

/** The payments of the given orders, by order id. */
export async function paymentsOfOrders(
  db: DbOrTrx,
  orderIds: readonly string[],
): Promise<Map<string, PaymentRow>> {
  return new Map((await repo.findPaymentsByOrders(db, orderIds)).map((p) => [p.order_id, p]));
}

/** Cuts a text to at most `max` UTF-8 bytes (ePay's description limit is 125 bytes). */
function toBytes(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/** What ePay's payment page is told besides the payment's own facts (links are absolute URLs of the shop). */
/** The payment page's language as ePay names it (payments-sms.md §3 Widget): Russian or Kazakh. */
export type EpayLanguage = 'rus' | 'kaz';

interface PaymentPage {
  /** ePay's server-to-server callback (postLink and failurePostLink). */
  postLink: string;
  /** Where the shopper returns after paying, and after a failure. */
  backLink: string;
  failureBackLink: string;
  /** Shown on the payment page; cut to ePay's 125 bytes. */
  description: string;
  /** The payer: the shop's id of them, name, mobile and email. */
  accountId: string;
  name: string;
  phone: string;
  email: string;
  /** The storefront's language, so the payment page speaks it. */
  language: EpayLanguage;
}

/**
 * Starts paying a payment: a fresh ePay payment token bound to its invoice, amount and secret, counted as an
 * attempt, and the payment object for ePay's `payment-api.js` (payments-sms.md §1).
 * @throws AppError 502 4020 providerUnavailable (ePay refused or did not answer; nothing changed).
 */
export async function startPayment(
  deps: PaymentDeps,
  payment: PaymentRow,
  page: PaymentPage,
  now: Date,
): Promise<HalykAuth> {
  let auth;
  try {
    auth = await deps.payments.paymentToken({
      invoiceId: payment.invoice_id,
      amount: Number(payment.amount),
      currency: 'KZT',
      secretHash: payment.secret_hash,
      postLink: page.postLink,
      failurePostLink: page.postLink,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, invoiceId: payment.invoice_id }, 'ePay refused a payment token');
    throw providerUnavailable();
  }
  await repo.recordAuth(deps.db, payment.id, now.toISOString());
  return {
    scriptUrl: deps.payments.scriptUrl,
    payment: {
      invoiceId: payment.invoice_id,
      backLink: page.backLink,
      failureBackLink: page.failureBackLink,
      postLink: page.postLink,
      failurePostLink: page.postLink,
      language: page.language,
      description: toBytes(page.description, 125),
      accountId: page.accountId,
      terminal: deps.payments.terminalId,
      amount: Number(payment.amount),
      currency: 'KZT',
      name: page.name,
      phone: page.phone,
      email: page.email,
      cardSave: false,
      data: JSON.stringify({
        statement: { name: page.name || 'Покупатель Kiim', invoiceID: payment.invoice_id },
      }),
      auth,
    },
  };
}

/** Asks for the money of the payment of `orderId` back, in the caller's transaction (a cancellation). */
export const requestReturn = (trx: DbOrTrx, orderId: string, nowIso: string): Promise<void> =>
  repo.requestReturn(trx, orderId, nowIso);

/**
 * Gives back the money of a payment asked back ({@link requestReturn}, or a late payment): releases a hold
 * (`authorized` → ePay cancel → `cancelled`; a failure is logged and the next sweep retries), or for a charge owes
 * a refund of what is left (a durable refund row, decision 035) and makes its first attempt at once — the payment
 * job retries it with backoff. Nothing happens for a payment not asked back or holding no money.
 * @returns true when the money went back by this call.
 */
export async function returnMoney(deps: PaymentDeps, payment: PaymentRow, now: Date): Promise<boolean> {
  if (!payment.return_requested_at || !payment.transaction_id) return false;
  const nowIso = now.toISOString();
  if (payment.status === 'charged') {
    const owed = await oweRefundUpTo(deps.db, payment, Number(payment.amount), 'system', nowIso);
    return owed !== null && (await attemptRefund(deps, owed, now)) === 'paid';
  }
  if (payment.status !== 'authorized') return false;
  try {
    await deps.payments.cancel(payment.transaction_id);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, invoiceId: payment.invoice_id }, 'releasing a held payment failed: will retry');
    return false;
  }
  return deps.db.transaction().execute(async (trx) => {
    const moved = await repo.moveStatus(trx, payment.id, 'authorized', 'cancelled', nowIso);
    if (moved) {
      await repo.insertEvent(
        trx,
        payment.id,
        'cancel',
        'cancelled',
        null,
        { amount: Number(payment.amount) },
        nowIso,
      );
    }
    return moved;
  });
}

/**
 * Charges a held payment (two-stage terminal, `authorized` → `charged`); nothing for other payments. `charged` runs
 * in the transaction that records the charge, once (the caller's records of the money taken: a fiscal receipt).
 * @throws AppError 502 providerUnavailable when ePay refuses or does not answer (nothing changed).
 */
export async function chargeHeld(
  deps: PaymentDeps,
  payment: PaymentRow,
  now: Date,
  charged?: (trx: DbOrTrx, nowIso: string) => Promise<void>,
): Promise<void> {
  if (payment.status !== 'authorized' || !payment.transaction_id) return;
  try {
    await deps.payments.charge(payment.transaction_id);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, invoiceId: payment.invoice_id }, 'ePay charge failed');
    throw providerUnavailable();
  }
  const nowIso = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.moveStatus(trx, payment.id, 'authorized', 'charged', nowIso)) {
      await repo.insertEvent(
        trx,
        payment.id,
        'charge',
        'charged',
        'CHARGE',
        { amount: Number(payment.amount) },
        nowIso,
      );
      await charged?.(trx, nowIso);
    }
  });
}

/** Payments of the given orders whose callback may have been lost (see the repository), oldest check first. */
export const paymentsDueForPoll = (
  db: DbOrTrx,
  orderIds: readonly string[],
  startedBefore: Date,
  checkedBefore: Date,
  limit: number,
): Promise<PaymentRow[]> =>
  repo.findDueForPoll(db, orderIds, startedBefore.toISOString(), checkedBefore.toISOString(), limit);

/** Payments whose money was asked back and that still hold it, oldest change first. */
export const paymentsToReturn = (db: DbOrTrx, limit: number): Promise<PaymentRow[]> =>
  repo.findReturnsDue(db, limit);
