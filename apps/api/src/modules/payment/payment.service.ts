import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  PaymentErrorCode,
  PaymentMethod,
  formatPrice,
  type HalykAuth,
  type HalykCallbackBody,
  type OrderPayment,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { newId, safeEqual, sha256 } from '#app/lib/ids.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import {
  expiredAwaitingOrders,
  moveOrder,
  notifyStatus,
  orderById,
  orderByNumber,
  smsCustomer,
  type OrderDeps,
} from '#app/modules/order/order.lifecycle.ts';
import type { OrderRow } from '#app/modules/order/order.table.ts';
import { parseAmount } from './halyk.epay.ts';
import { PaymentProviderError, isFailedStatus, isPaidStatus, type StatusCheck } from './payment.provider.ts';
import * as repo from './payment.repository.ts';
import type { PaymentRow } from './payment.table.ts';

// Card-online payments through Halyk ePay (spec §4 payment 3, §7; protocol payments-sms.md §1).

/** Where a payment fact came from (audit, `payment_event.source`). */
type Source = 'callback' | 'return' | 'poll' | 'expiry';
/** What applying ePay's answer did. */
export type ApplyResult = 'applied' | 'unchanged' | 'ignored';

/** The payment poll waits this long after a payment was started before asking ePay itself (ms). */
export const POLL_AFTER_MS = 60_000;
/** …and asks again about the same payment at most this often (ms). */
export const POLL_EVERY_MS = 60_000;

const providerUnavailable = () =>
  new AppError(
    502,
    PaymentErrorCode.providerUnavailable,
    'Платёжный сервис Halyk Bank сейчас не отвечает. Попробуйте оплатить чуть позже — заказ сохранён',
  );

/**
 * Opens the card payment of a new card-online order, in the order's transaction: invoice = order number,
 * amount = the order's total (tenge), a random 256-bit `secret_hash` kept for the callback check.
 */
export async function openPayment(
  trx: DbOrTrx,
  order: { id: string; number: string; amount: number },
  nowIso: string,
): Promise<void> {
  await repo.insertPayment(trx, {
    id: newId(),
    order_id: order.id,
    invoice_id: order.number,
    provider: 'halyk',
    secret_hash: randomBytes(32).toString('hex'),
    amount: order.amount,
    currency: 'KZT',
    status: 'pending',
    transaction_id: null,
    card_mask: null,
    approval_code: null,
    reference: null,
    failure_reason: null,
    failure_code: null,
    refunded_amount: 0,
    auth_count: 0,
    last_auth_at: null,
    last_checked_at: null,
    paid_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
}

/** The payments of the given orders, by order id. */
export async function paymentsOfOrders(db: DbOrTrx, orderIds: readonly string[]): Promise<Map<string, PaymentRow>> {
  return new Map((await repo.findPaymentsByOrders(db, orderIds)).map((p) => [p.order_id, p]));
}

/** Payment row → what the order's owner sees (`expiresAt`: the order's payment window while unpaid). */
export function toOrderPayment(p: PaymentRow, order: Pick<OrderRow, 'payment_expires_at'>): OrderPayment {
  return {
    status: p.status,
    amount: Number(p.amount),
    currency: 'KZT',
    expiresAt: order.payment_expires_at,
    paidAt: p.paid_at,
    cardMask: p.card_mask,
    failureReason: p.status === 'failed' ? (p.failure_reason ?? 'Банк отклонил оплату') : null,
    refundedAmount: Number(p.refunded_amount),
  };
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

/**
 * `POST /api/payment/halyk/auth` (spec §7): a fresh ePay payment token for the customer's card-online order
 * and the payment object for ePay's `payment-api.js` (payments-sms.md §1): invoiceId = order number, amount =
 * the order's total in tenge, backLink/failureBackLink = the order's page in the shop (the shopper sees the
 * result there), postLink/failurePostLink = `/api/payment/halyk/response`.
 * @throws AppError 404 orderNotFound (unknown or another customer's); 409 4021 orderNotPayable (not card
 *   online, already paid, cancelled, or the payment window closed); 502 4020 providerUnavailable (ePay
 *   refused or did not answer; nothing changed).
 */
export async function startPayment(
  deps: OrderDeps,
  customer: CustomerRow,
  orderNumber: string,
  now: Date,
): Promise<HalykAuth> {
  const order = await orderByNumber(deps.db, orderNumber);
  if (!order || order.customer_id !== customer.id) throw notFound(ErrorCode.orderNotFound, 'Заказ не найден');
  const payment = await repo.findPaymentByOrder(deps.db, order.id);
  const notPayable = (message: string) => new AppError(409, PaymentErrorCode.orderNotPayable, message);
  if (order.payment_id !== PaymentMethod.cardOnline || !payment) {
    throw notPayable('Этот заказ оплачивается при получении');
  }
  if (order.status !== 'awaiting_payment') {
    throw notPayable(order.status === 'cancelled' ? 'Заказ отменён, оплатить его нельзя' : 'Заказ уже оплачен');
  }
  if (order.payment_expires_at !== null && order.payment_expires_at <= now.toISOString()) {
    throw notPayable('Время на оплату заказа истекло. Оформите заказ заново');
  }
  const postLink = `${deps.publicUrl}/api/payment/halyk/response`;
  const backTo = `${deps.publicUrl}/personal/orders/details/${order.number}`;
  let auth;
  try {
    auth = await deps.payments.paymentToken({
      invoiceId: payment.invoice_id,
      amount: Number(payment.amount),
      currency: 'KZT',
      secretHash: payment.secret_hash,
      postLink,
      failurePostLink: postLink,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, orderNumber: order.number }, 'ePay refused a payment token');
    throw providerUnavailable();
  }
  await repo.recordAuth(deps.db, payment.id, now.toISOString());
  const name = [customer.name, customer.surname].filter(Boolean).join(' ');
  return {
    scriptUrl: deps.payments.scriptUrl,
    payment: {
      invoiceId: payment.invoice_id,
      backLink: `${backTo}?payment=return`,
      failureBackLink: `${backTo}?payment=failed`,
      postLink,
      failurePostLink: postLink,
      language: 'RU',
      description: toBytes(`Оплата заказа № ${order.number} в магазине Kiim`, 125),
      accountId: customer.id,
      terminal: deps.payments.terminalId,
      amount: Number(payment.amount),
      currency: 'KZT',
      name,
      phone: customer.mobile,
      email: order.email ?? customer.email ?? '',
      cardSave: false,
      data: JSON.stringify({ statement: { name: name || 'Покупатель Kiim', invoiceID: payment.invoice_id } }),
      auth,
    },
  };
}

/**
 * Applies ePay's status answer to a payment, idempotently (conditional updates: of any number of racing
 * callbacks, returns and polls, exactly one changes anything):
 * - `CHARGE`/`AUTH` with the payment's amount and currency: the payment becomes charged/authorized and the
 *   order, if still awaiting payment, paid (history, SMS after commit). If the order was meanwhile cancelled
 *   (payment window closed) the money is returned ({@link returnMoney}).
 * - `FAILED`/`REJECT`: the attempt is recorded as failed; the order keeps waiting (the shopper may retry
 *   until the window closes).
 * - anything else (no payment yet, 3-D Secure in progress): nothing changes.
 * A transaction whose amount or currency differ from the payment is refused (logged, nothing changes).
 */
async function applyStatus(
  deps: OrderDeps,
  payment: PaymentRow,
  check: StatusCheck,
  source: Source,
  now: Date,
): Promise<ApplyResult> {
  if (check.kind === 'not-found') return 'unchanged';
  const t = check.transaction;
  if (t.amount !== Number(payment.amount) || t.currency !== payment.currency) {
    deps.log.warn(
      { invoiceId: payment.invoice_id, amount: t.amount, currency: t.currency, expected: payment.amount },
      'ePay status disagrees with the payment: ignored',
    );
    return 'ignored';
  }
  const nowIso = now.toISOString();
  const detail = { transactionId: t.id, statusName: t.statusName, cardMask: t.cardMask, reason: t.reason, reasonCode: t.reasonCode };
  if (isPaidStatus(t.statusName)) {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      // Lock order: the order row, then the payment row (as every writer of both).
      const order = (await orderById(trx, payment.order_id))!;
      const moved = order.status === 'awaiting_payment' && (await moveOrder(trx, order, 'paid', 'payment', `ePay ${t.statusName}`, nowIso));
      const marked = await repo.markPaid(
        trx,
        payment.id,
        {
          status: t.statusName === 'AUTH' ? 'authorized' : 'charged',
          transactionId: t.id,
          cardMask: t.cardMask,
          approvalCode: t.approvalCode,
          reference: t.reference,
        },
        nowIso,
      );
      if (!marked) {
        if (moved) throw new Error(`payment ${payment.id} was paid while its order awaited payment`);
        return null;
      }
      await repo.insertEvent(trx, payment.id, source, moved ? 'paid' : 'late-payment', t.statusName, detail, nowIso);
      return { order, moved };
    });
    if (!outcome) return 'unchanged';
    if (outcome.moved) {
      await smsCustomer(deps, outcome.order, `Kiim: оплата заказа № ${outcome.order.number} на сумму ${formatPrice(Number(payment.amount))} получена. Спасибо!`);
    } else {
      deps.log.warn({ orderNumber: outcome.order.number, status: outcome.order.status }, 'payment arrived for an order no longer awaiting it: returning the money');
      await returnMoney(deps, payment.order_id, now);
    }
    return 'applied';
  }
  if (isFailedStatus(t.statusName)) {
    const changed = await deps.db.transaction().execute(async (trx) => {
      const ok = await repo.markFailed(
        trx,
        payment.id,
        { transactionId: t.id, reason: t.reason, code: t.reasonCode, cardMask: t.cardMask },
        nowIso,
      );
      if (ok) await repo.insertEvent(trx, payment.id, source, 'failed', t.statusName, detail, nowIso);
      return ok;
    });
    return changed ? 'applied' : 'unchanged';
  }
  return 'unchanged';
}

/** Constant-time comparison of two secrets of any length (their SHA-256 digests are compared). */
const secretMatches = (expected: string, given: string | undefined) =>
  given !== undefined && safeEqual(sha256(expected), sha256(given));

/**
 * `POST /api/payment/halyk/response`, ePay's postLink and failurePostLink (payments-sms.md §1 Callback).
 * Verified in this order before anything changes: the invoice is a payment of the shop; `secret_hash` equals
 * the order's (constant time); amount and currency equal the order's; ePay's status API confirms. Then
 * applied idempotently ({@link applyStatus}): a repeated or late callback changes nothing.
 * @returns `ignored` (unknown invoice, wrong secret/amount/currency — nothing written, a warning logged),
 *   `deferred` (the status API did not answer: the poll checks later), `applied` or `unchanged`.
 */
export async function handleCallback(
  deps: OrderDeps,
  body: HalykCallbackBody,
  now: Date,
): Promise<ApplyResult | 'deferred'> {
  const payment = await repo.findPaymentByInvoice(deps.db, body.invoiceId);
  if (!payment) {
    deps.log.warn({ invoiceId: body.invoiceId }, 'ePay callback for an unknown invoice: ignored');
    return 'ignored';
  }
  if (!secretMatches(payment.secret_hash, body.secret_hash)) {
    deps.log.warn({ invoiceId: body.invoiceId }, 'ePay callback with a wrong secret_hash: ignored');
    return 'ignored';
  }
  if (parseAmount(body.amount) !== Number(payment.amount) || (body.currency ?? '').toUpperCase() !== payment.currency) {
    deps.log.warn({ invoiceId: body.invoiceId, amount: body.amount, currency: body.currency }, 'ePay callback amount or currency differ: ignored');
    return 'ignored';
  }
  let check: StatusCheck;
  try {
    check = await deps.payments.checkStatus(payment.invoice_id);
  } catch (err) {
    deps.log.warn({ err, invoiceId: payment.invoice_id }, 'ePay status check failed after a callback: deferred');
    return 'deferred';
  }
  return applyStatus(deps, payment, check, 'callback', now);
}

/**
 * `POST /api/payment/halyk/status`: the shopper is back from the payment page — asks ePay's status API about
 * the customer's order and applies the answer (the same idempotent rules as the callback, with which it may
 * race). When ePay does not answer, nothing changes (the callback or the poll will tell).
 * @throws AppError 404 orderNotFound (unknown or another customer's).
 */
export async function refreshPayment(deps: OrderDeps, customerId: string, orderNumber: string, now: Date): Promise<void> {
  const order = await orderByNumber(deps.db, orderNumber);
  if (!order || order.customer_id !== customerId) throw notFound(ErrorCode.orderNotFound, 'Заказ не найден');
  const payment = await repo.findPaymentByOrder(deps.db, order.id);
  if (!payment || order.status !== 'awaiting_payment' || payment.auth_count === 0) return;
  try {
    await applyStatus(deps, payment, await deps.payments.checkStatus(payment.invoice_id), 'return', now);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, orderNumber }, 'ePay status check failed on the shopper’s return');
  }
}

/**
 * Returns the money of a cancelled order: releases a hold (`authorized` → ePay cancel → `cancelled`) or
 * refunds a charge in full (`charged` → ePay refund → `refunded`). A provider failure is logged and left for
 * the next sweep, which retries. Nothing happens for an order that is not cancelled or has no money taken.
 */
export async function returnMoney(deps: OrderDeps, orderId: string, now: Date): Promise<void> {
  const payment = await repo.findPaymentByOrder(deps.db, orderId);
  const order = await orderById(deps.db, orderId);
  if (!payment || !order || order.status !== 'cancelled' || !payment.transaction_id) return;
  if (payment.status !== 'authorized' && payment.status !== 'charged') return;
  const nowIso = now.toISOString();
  const left = Number(payment.amount) - Number(payment.refunded_amount);
  try {
    if (payment.status === 'authorized') await deps.payments.cancel(payment.transaction_id);
    else await deps.payments.refund(payment.transaction_id, left);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, orderNumber: order.number }, 'returning the money of a cancelled order failed: will retry');
    return;
  }
  await deps.db.transaction().execute(async (trx) => {
    const moved =
      payment.status === 'authorized'
        ? await repo.moveStatus(trx, payment.id, 'authorized', 'cancelled', nowIso)
        : await repo.moveStatus(trx, payment.id, 'charged', 'refunded', nowIso, Number(payment.amount));
    if (moved) {
      await repo.insertEvent(
        trx,
        payment.id,
        payment.status === 'authorized' ? 'cancel' : 'refund',
        payment.status === 'authorized' ? 'cancelled' : 'refunded',
        null,
        { amount: payment.status === 'authorized' ? Number(payment.amount) : left },
        nowIso,
      );
    }
  });
}

/**
 * Charges a held payment (two-stage terminal, `authorized`) before the order is handed over; nothing for
 * other payments.
 * @throws AppError 502 providerUnavailable when ePay refuses or does not answer (the order is not moved).
 */
export async function chargeHeldPayment(deps: OrderDeps, orderId: string, now: Date): Promise<void> {
  const payment = await repo.findPaymentByOrder(deps.db, orderId);
  if (!payment || payment.status !== 'authorized' || !payment.transaction_id) return;
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
      await repo.insertEvent(trx, payment.id, 'charge', 'charged', 'CHARGE', { amount: Number(payment.amount) }, nowIso);
    }
  });
}

/**
 * Before a card-online order awaiting payment is cancelled: asks ePay whether it was paid after all and
 * applies that (so a paid order is cancelled with a refund rather than left unpaid).
 * @returns false when ePay could not be asked (the caller should not cancel now).
 */
export async function settleBeforeCancel(deps: OrderDeps, order: OrderRow, source: Source, now: Date): Promise<boolean> {
  const payment = await repo.findPaymentByOrder(deps.db, order.id);
  if (!payment || payment.auth_count === 0 || (payment.status !== 'pending' && payment.status !== 'failed')) return true;
  try {
    await applyStatus(deps, payment, await deps.payments.checkStatus(payment.invoice_id), source, now);
    return true;
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, orderNumber: order.number }, 'ePay status check failed before cancelling');
    return false;
  }
}

/** What one sweep did. */
export interface SweepReport {
  /** Payments found paid by asking ePay (their callback was lost or late). */
  confirmed: number;
  /** Orders cancelled because their payment window closed unpaid (stock released). */
  cancelled: number;
  /** Cancelled orders whose money was returned. */
  returned: number;
  /** Checks put off because ePay did not answer. */
  deferred: number;
}

/**
 * The payment job, run by the server every `PAYMENT_SWEEP_INTERVAL_SECONDS` (and by tests with the injected
 * clock):
 * 1. asks ePay about started payments still unconfirmed after {@link POLL_AFTER_MS} (lost callbacks),
 *    each at most every {@link POLL_EVERY_MS};
 * 2. for card-online orders whose payment window closed: asks ePay once more if a payment was started, then
 *    cancels the unpaid ones — their stock goes back (spec issue: an unpaid online order releases its stock
 *    after a timeout); when ePay does not answer, the order waits for the next run;
 * 3. returns the money of cancelled orders still holding it (late payments, failed refunds).
 */
export async function sweepPayments(deps: OrderDeps, now: Date, batch = 50): Promise<SweepReport> {
  const report: SweepReport = { confirmed: 0, cancelled: 0, returned: 0, deferred: 0 };
  const nowIso = now.toISOString();
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  for (const payment of await repo.findUnconfirmed(deps.db, before(POLL_AFTER_MS), before(POLL_EVERY_MS), batch)) {
    await repo.recordChecked(deps.db, payment.id, nowIso);
    try {
      const check = await deps.payments.checkStatus(payment.invoice_id);
      if ((await applyStatus(deps, payment, check, 'poll', now)) === 'applied' && check.kind === 'found' && isPaidStatus(check.transaction.statusName)) {
        report.confirmed++;
      }
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      deps.log.warn({ err, invoiceId: payment.invoice_id }, 'ePay status poll failed');
      report.deferred++;
    }
  }

  for (const order of await expiredAwaitingOrders(deps.db, nowIso, batch)) {
    if (!(await settleBeforeCancel(deps, order, 'expiry', now))) {
      report.deferred++;
      continue;
    }
    const cancelled = await deps.db.transaction().execute(async (trx) => {
      const current = await orderById(trx, order.id);
      return !!current && moveOrder(trx, current, 'cancelled', 'system', 'Оплата не поступила вовремя', nowIso);
    });
    if (cancelled) {
      report.cancelled++;
      await notifyStatus(deps, order, 'cancelled', 'system');
    }
  }

  for (const payment of await repo.findMoneyToReturn(deps.db, batch)) {
    await returnMoney(deps, payment.order_id, now);
    const after = await repo.findPaymentByOrder(deps.db, payment.order_id);
    if (after && after.status !== payment.status) report.returned++;
  }
  return report;
}
