import { newId } from '#app/lib/ids.ts';
import { PaymentProviderError } from './payment.provider.ts';
import * as payments from './payment.repository.ts';
import type { PaymentDeps } from './payment.service.ts';
import type { PaymentRow, RefundRow } from './payment.table.ts';
import * as repo from './refund.repository.ts';
import { refundedAtEpay } from './refund.service.ts';

// Refunds made in ePay's merchant cabinet, outside the shop (issue 28 item 17; decision 035): the payment job
// reads ePay's status of charged payments now and then, and a refunded total above the shop's is recorded as a
// refund row of source `cabinet` for staff to see.

/** Payments paid within this many days are read (ms). */
const AUDIT_WITHIN_MS = 60 * 24 * 3_600_000;
/** …each at most this often (ms). */
export const AUDIT_EVERY_MS = 6 * 3_600_000;

/**
 * Records what ePay refunded beyond the shop's record of `payment` as a paid cabinet refund (its own transaction,
 * with an audit entry `cabinet-refund`). @returns the tenge recorded (0 when nothing new).
 */
async function recordCabinetRefund(
  deps: PaymentDeps,
  payment: PaymentRow,
  epayRefunded: number,
  nowIso: string,
): Promise<number> {
  const extra = epayRefunded - Number(payment.refunded_amount);
  if (extra <= 0) return 0;
  const row: RefundRow = {
    id: newId(),
    order_id: payment.order_id,
    payment_id: payment.id,
    amount: extra,
    external_id: `cabinet-${payment.id}-${epayRefunded}`,
    status: 'paid',
    source: 'cabinet',
    attempts: 0,
    next_attempt_at: null,
    last_error: null,
    requested_by: 'epay-cabinet',
    paid_at: nowIso,
    created_at: nowIso,
    updated_at: nowIso,
  };
  return deps.db.transaction().execute(async (trx) => {
    if (!(await payments.addRefunded(trx, payment.id, extra, nowIso))) return 0;
    if (!(await repo.insertRefund(trx, row)))
      throw new Error(`cabinet refund ${row.external_id} recorded twice`);
    await payments.insertEvent(
      trx,
      payment.id,
      'poll',
      'cabinet-refund',
      'REFUND',
      { amount: extra, refundedAtEpay: epayRefunded },
      nowIso,
    );
    return extra;
  });
}

/**
 * The payment job's step: charged payments of the last 60 days without an open refund of the shop, each read at
 * most every {@link AUDIT_EVERY_MS}; a refund made in ePay's cabinet is recorded (source `cabinet`) and logged
 * as a warning for staff. @returns how many payments had such a refund.
 */
export async function noticeCabinetRefunds(deps: PaymentDeps, now: Date, batch: number): Promise<number> {
  const nowIso = now.toISOString();
  const paidAfter = new Date(now.getTime() - AUDIT_WITHIN_MS).toISOString();
  const checkedBefore = new Date(now.getTime() - AUDIT_EVERY_MS).toISOString();
  let found = 0;
  for (const payment of await payments.findChargedToAudit(deps.db, paidAfter, checkedBefore, batch)) {
    await payments.recordChecked(deps.db, payment.id, nowIso);
    try {
      const check = await deps.payments.checkStatus(payment.invoice_id);
      const amount = await recordCabinetRefund(
        deps,
        payment,
        refundedAtEpay(check, Number(payment.amount)),
        nowIso,
      );
      if (amount > 0) {
        found++;
        deps.log.warn(
          { invoiceId: payment.invoice_id, amount },
          'a refund made in the ePay cabinet was recorded: staff should check the order',
        );
      }
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      deps.log.warn({ err, invoiceId: payment.invoice_id }, 'ePay status for a cabinet refund check failed');
    }
  }
  return found;
}
