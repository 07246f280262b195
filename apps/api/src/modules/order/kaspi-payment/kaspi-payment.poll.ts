import { KaspiError } from '#app/modules/kaspi/kaspi.client.ts';
import {
  dueAttempts,
  latestAttempt,
  paidAttemptsNotApplied,
  readAttempt,
  type AttemptRead,
  type KaspiDeps,
} from '#app/modules/kaspi/kaspi.service.ts';
import { findPayment } from '#app/modules/payment/payment.service.ts';
import type { PaymentSource } from '#app/modules/payment/payment.service.ts';
import type { PaymentRow } from '#app/modules/payment/payment.table.ts';
import type { OrderDeps } from '../order.lifecycle.ts';
import { applyKaspiRead } from './kaspi-payment.apply.ts';

// Reading Kaspi about orders' payments (issue 33 Part A item 2): the Kaspi job's work, and the last read before
// an unpaid Kaspi order is cancelled. Kaspi has no callbacks: the shop polls each open attempt at the interval
// Kaspi gave (kaspi.md A5). Everything is in the database, so a restarted shop picks up where it stopped.

/** The deps of the Kaspi steps: the order deps with Kaspi on. */
export type KaspiOrderDeps = OrderDeps & { kaspi: KaspiDeps };

/** What one Kaspi poll did. */
export interface KaspiPollReport {
  read: number;
  paid: number;
  deferred: number;
}

/** Reads one attempt and applies the answer to its order. @returns the read, or null when Kaspi did not answer. */
async function readAndApply(
  deps: KaspiOrderDeps,
  payment: PaymentRow,
  attempt: Parameters<typeof readAttempt>[1],
  source: PaymentSource,
  now: Date,
): Promise<AttemptRead | null> {
  let read: AttemptRead;
  try {
    read = await readAttempt(deps.kaspi, attempt, now);
  } catch (err) {
    if (!(err instanceof KaspiError)) throw err;
    deps.log.warn({ err, qrPaymentId: attempt.qr_payment_id }, 'Kaspi status read failed: will retry');
    return null;
  }
  await applyKaspiRead(deps, payment, read, source, now);
  return read;
}

/**
 * The Kaspi job's run: every open attempt due (Kaspi's interval passed) is read and applied; then attempts Kaspi
 * said were paid whose payment is still unpaid (the shop stopped between the two) are applied again.
 */
export async function pollKaspiPayments(
  deps: KaspiOrderDeps,
  now: Date,
  batch = 50,
): Promise<KaspiPollReport> {
  const report: KaspiPollReport = { read: 0, paid: 0, deferred: 0 };
  for (const attempt of await dueAttempts(deps.db, now, batch)) {
    const payment = await findPayment(deps.db, attempt.payment_id);
    if (!payment) continue;
    const read = await readAndApply(deps, payment, attempt, 'poll', now);
    if (!read) report.deferred++;
    else {
      report.read++;
      if (read.attempt.state === 'paid') report.paid++;
    }
  }
  for (const attempt of await paidAttemptsNotApplied(deps.db, batch)) {
    const payment = await findPayment(deps.db, attempt.payment_id);
    const read = { attempt, recorded: false, transactionId: null, amount: null };
    if (payment && (await applyKaspiRead(deps, payment, read, 'poll', now)) === 'applied') report.paid++;
  }
  return report;
}

/**
 * Before an unpaid Kaspi order is cancelled (its window closed): Kaspi is read once more about its newest attempt
 * and the answer applied, so a payment made at the last moment pays the order instead.
 * @returns false when Kaspi could not be asked (the caller should not cancel now).
 */
export async function settleKaspiBeforeCancel(
  deps: OrderDeps,
  payment: PaymentRow,
  source: PaymentSource,
  now: Date,
): Promise<boolean> {
  const attempt = await latestAttempt(deps.db, payment.id);
  if (!attempt) return true;
  if (attempt.state === 'paid' || attempt.next_poll_at !== null) {
    if (!deps.kaspi) return false;
    const read = await readAndApply(deps as KaspiOrderDeps, payment, attempt, source, now);
    return read !== null;
  }
  return true;
}
