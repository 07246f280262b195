import { useFetcher } from 'react-router';
import { formatPrice, type AdminOrder } from '@kiim/contract';
import { errorsOf, type FormResult } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { REFUND_SOURCE_NAME, REFUND_STATE_NAME } from '../lib/orders.ts';
import { FormAlert } from './Form.tsx';

/** What the order page's action answers to a retry (`intent` `refund-retry`). */
type RetryAnswer = { intent: string; result: FormResult<{ order: AdminOrder }> };

/**
 * The refunds of an order's card payment (issue 28 item 15, decision 035): amount, state, attempts, ePay's last
 * error and the next attempt, with «Повторить возврат» for one not paid out when the member may refund
 * (`canRetry`: permission orders.cancel). «Возврат ожидается» heads the list while money is still owed back.
 */
export function OrderRefunds({ order, canRetry }: { order: AdminOrder; canRetry: boolean }) {
  const fetcher = useFetcher<RetryAnswer>();
  if (order.refunds.length === 0) return null;
  const result = fetcher.data?.intent === 'refund-retry' ? fetcher.data.result : undefined;
  const errors = errorsOf(result);
  const owed = order.payment?.refundOwed ?? 0;
  return (
    <section className="panel" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Возвраты на карту</h2>
      {owed > 0 && (
        <p className="notice" data-testid="refund-pending">
          Возврат ожидается: {formatPrice(owed)}. Платёжная служба повторяет его сама; можно повторить сейчас.
        </p>
      )}
      <FormAlert message={errors._form ?? Object.values(errors)[0]} />
      <ul className="refunds">
        {order.refunds.map((r) => (
          <li key={r.id} data-testid="refund" data-status={r.status}>
            <strong>{formatPrice(r.amount)}</strong> — {REFUND_STATE_NAME[r.status] ?? r.status}
            <span className="hint">
              {' '}
              · {REFUND_SOURCE_NAME[r.source] ?? r.source} · попыток: {r.attempts}
              {r.paidAt && <> · возвращён {formatDateTime(r.paidAt)}</>}
              {r.status !== 'paid' && r.nextAttemptAt && (
                <> · следующая попытка {formatDateTime(r.nextAttemptAt)}</>
              )}
            </span>
            {r.lastError && <p className="hint">Последняя ошибка: {r.lastError}</p>}
            {canRetry && r.status !== 'paid' && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="refund-retry" />
                <input type="hidden" name="refundId" value={r.id} />
                <button className="button secondary" type="submit" disabled={fetcher.state !== 'idle'}>
                  Повторить возврат
                </button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
