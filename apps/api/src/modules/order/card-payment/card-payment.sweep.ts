import { PaymentProviderError, isPaidStatus } from '#app/modules/payment/payment.provider.ts';
import { paymentsDueForPoll, paymentsToReturn, returnMoney } from '#app/modules/payment/payment.service.ts';
import { noticeCabinetRefunds } from '#app/modules/payment/refund.cabinet.ts';
import { sendDueRefunds } from '#app/modules/payment/refund.service.ts';
import { pollStatus } from '#app/modules/payment/payment.status.ts';
import { moveOrder, type OrderDeps } from '../order.lifecycle.ts';
import { deliverOrderNotices } from '../order.notify.ts';
import * as repo from '../order.repository.ts';
import { applyPaymentStatus } from './card-payment.apply.ts';
import { settleBeforeCancel } from './card-payment.settle.ts';

// The payment job's work: the steps that keep orders and their card payments in step when a callback is lost,
// a payment window closes, or money must go back.

/** The poll waits this long after a payment was started before asking ePay itself (ms). */
export const POLL_AFTER_MS = 60_000;
/** …and asks again about the same payment at most this often (ms). */
const POLL_EVERY_MS = 60_000;

/** What one sweep did. */
interface SweepReport {
  /** Payments found paid by asking ePay (their callback was lost or late). */
  confirmed: number;
  /** Orders cancelled because their payment window closed unpaid (stock released). */
  cancelled: number;
  /** Payments whose money was returned. */
  returned: number;
  /** Checks put off because ePay did not answer, and refunds to be tried again. */
  deferred: number;
  /** Payments found refunded in ePay's cabinet (recorded for staff). */
  cabinetRefunds: number;
}

/**
 * Step 1: asks ePay about started payments of orders awaiting payment still unconfirmed after
 * {@link POLL_AFTER_MS} (lost callbacks), each at most every {@link POLL_EVERY_MS}, and applies the answers.
 */
async function confirmLostCallbacks(
  deps: OrderDeps,
  now: Date,
  batch: number,
  report: SweepReport,
): Promise<void> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const awaiting = await repo.findAwaitingPaymentOrderIds(deps.db);
  for (const payment of await paymentsDueForPoll(
    deps.db,
    awaiting,
    before(POLL_AFTER_MS),
    before(POLL_EVERY_MS),
    batch,
  )) {
    try {
      const check = await pollStatus(deps, payment, now);
      const applied = (await applyPaymentStatus(deps, payment, check, 'poll', now)) === 'applied';
      if (applied && check.kind === 'found' && isPaidStatus(check.transaction.statusName)) report.confirmed++;
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      deps.log.warn({ err, invoiceId: payment.invoice_id }, 'ePay status poll failed');
      report.deferred++;
    }
  }
}

/**
 * Step 2: card-online orders whose payment window closed: asks ePay once more if a payment was started, then
 * cancels the unpaid ones — their stock goes back (an unpaid online order releases its stock after a timeout)
 * and the shopper is told by SMS; when ePay does not answer, the order waits for the next run.
 */
async function cancelExpiredOrders(
  deps: OrderDeps,
  now: Date,
  batch: number,
  report: SweepReport,
): Promise<void> {
  const nowIso = now.toISOString();
  for (const order of await repo.findExpiredAwaitingOrders(deps.db, nowIso, batch)) {
    if (!(await settleBeforeCancel(deps, order, 'expiry', now))) {
      report.deferred++;
      continue;
    }
    const cancelled = await deps.db.transaction().execute(async (trx) => {
      const current = await repo.findOrderById(trx, order.id);
      if (!current) return null;
      return moveOrder(trx, deps, current, 'cancelled', 'system', 'Оплата не поступила вовремя', nowIso);
    });
    if (cancelled) {
      report.cancelled++;
      await deliverOrderNotices(deps, cancelled);
    }
  }
}

/**
 * The payment job, run by the server every `PAYMENT_SWEEP_INTERVAL_SECONDS` (and by tests with the injected
 * clock): {@link confirmLostCallbacks}, {@link cancelExpiredOrders}, then step 3 — returns the money still held
 * by payments asked back (a hold released, or a refund owed for a charge), step 4 — one attempt at every refund
 * due (owed, or whose answer was lost: ePay's status is read first; decision 035), and step 5 — refunds made in
 * ePay's cabinet are noticed and recorded for staff.
 */
export async function sweepPayments(deps: OrderDeps, now: Date, batch = 50): Promise<SweepReport> {
  const report: SweepReport = { confirmed: 0, cancelled: 0, returned: 0, deferred: 0, cabinetRefunds: 0 };
  await confirmLostCallbacks(deps, now, batch, report);
  await cancelExpiredOrders(deps, now, batch, report);
  for (const payment of await paymentsToReturn(deps.db, batch)) {
    if (await returnMoney(deps, payment, now)) report.returned++;
  }
  const refunds = await sendDueRefunds(deps, now, batch);
  report.returned += refunds.paid;
  report.deferred += refunds.deferred;
  report.cabinetRefunds = await noticeCabinetRefunds(deps, now, batch);
  return report;
}
