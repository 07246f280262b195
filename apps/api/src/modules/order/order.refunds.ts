import { ErrorCode, isPaidOnline, type AdminOrder } from '@kiim/contract';
import { notFound } from '#app/lib/errors.ts';
import { attemptRefund, scheduleRefundRetry } from '#app/modules/payment/refund.service.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { getAdminOrder } from './order.admin.ts';
import type { OrderDeps } from './order.lifecycle.ts';
import * as repo from './order.repository.ts';

// Staff's «Повторить возврат» on the order page (issue 28 item 15, decision 035): a refund of the order's card
// payment that is owed, stuck or refused is made due now, audited, and tried at once; the payment job keeps
// retrying it with backoff if ePay still does not take it.

/**
 * `POST /api/admin/orders/:number/refunds/:refundId/retry`: schedules the refund for now (a `failed` one is owed
 * again), audited as order.refund_retried, then makes one attempt (ePay's status is read first when it was tried
 * before, so it is never paid twice).
 * @returns the order page after the attempt (the refund `paid`, or owed with ePay's error).
 * @throws AppError 404 orderNotFound; 404 when the order has no such refund still to pay out.
 */
export async function retryRefund(
  deps: OrderDeps,
  number: string,
  refundId: string,
  actor: Actor,
): Promise<AdminOrder> {
  const order = await repo.findOrderByNumber(deps.db, number);
  if (!order || !isPaidOnline(order.payment_id)) throw notFound(ErrorCode.orderNotFound, 'Заказ не найден');
  const nowIso = actor.at.toISOString();
  const refund = await deps.db.transaction().execute(async (trx) => {
    const r = await scheduleRefundRetry(trx, order.id, refundId, nowIso);
    if (r)
      await audit(
        trx,
        actor,
        'order.refund_retried',
        { type: 'order', id: number },
        { refund: r.id, status: r.status, attempts: Number(r.attempts), lastError: r.last_error },
        { refund: r.id, amount: Number(r.amount), nextAttemptAt: nowIso },
      );
    return r;
  });
  if (!refund) throw notFound(ErrorCode.notFound, 'Возврат не найден или уже выполнен');
  await attemptRefund(deps, { ...refund, next_attempt_at: nowIso }, actor.at);
  return getAdminOrder(deps.db, number);
}
