import { Form, Link, useFetcher } from 'react-router';
import {
  RECEIPT_STATUSES,
  RECEIPT_STATUS_NAME,
  type AdminCashbox,
  type AdminReceipt,
  type AdminReceiptList,
} from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import type { FormResult } from '../lib/form.ts';
import { errorsOf } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { FormAlert, SelectField } from './Form.tsx';

// «Чеки» (issue 32 §5, docs/decisions/048): the fiscal queue's receipts as staff see them, the cash register's
// shift with the manual Z-report, and the warning when production runs without fiscalisation. The screen's action
// takes `intent=retry` (with `id`) and `intent=close-shift`.

/**
 * The warning of a production shop with FISCAL_PROVIDER=off (issue 32 §6): money is taken and no receipt is issued.
 * Nothing otherwise.
 */
export function FiscalOffBanner({ mode, production }: Pick<AdminReceiptList, 'mode' | 'production'>) {
  if (mode !== 'off' || !production) return null;
  return (
    <p className="form-alert" role="alert" data-testid="fiscal-off">
      Касса не подключена (FISCAL_PROVIDER=off): оплаты и выдачи заказов проходят без фискальных чеков, как
      того требует закон (Приказ МФ РК № 626). Подключите Webkassa — docs/fiscal.md.
    </p>
  );
}

/** «Повторить» of a failed receipt (owner): puts it back in the queue; the API audits it. */
function Retry({ r }: { r: AdminReceipt }) {
  const fetcher = useFetcher<FormResult>();
  if (r.status !== 'failed') return null;
  if (fetcher.data?.ok) return <span role="status">В очереди на отправку</span>;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={r.id} />
      <button className="button small" type="submit" disabled={fetcher.state !== 'idle'}>
        Повторить
      </button>
      <FormAlert message={errorsOf(fetcher.data)._form} />
    </fetcher.Form>
  );
}

/** The cash register's shift and «Закрыть смену» (owner). */
function Shift({ cashbox, canManage }: { cashbox: AdminCashbox | null; canManage: boolean }) {
  const fetcher = useFetcher<FormResult<{ closedShift: number | null }>>();
  const closed = fetcher.data?.ok ? fetcher.data.data.closedShift : undefined;
  return (
    <section className="panel" aria-label="Смена кассы">
      <h2>Смена кассы</h2>
      {cashbox ? (
        <p>
          Касса {cashbox.uniqueNumber}:{' '}
          {cashbox.shiftOpenedAt
            ? `смена № ${cashbox.shiftNumber ?? '—'} открыта ${formatDateTime(cashbox.shiftOpenedAt)}`
            : 'смена закрыта'}
          . Последний Z-отчёт: {formatDateTime(cashbox.lastZReportAt)}.
        </p>
      ) : (
        <p className="hint">Касса ещё не выдала ни одного чека.</p>
      )}
      {canManage && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="close-shift" />
          <button className="button" type="submit" disabled={fetcher.state !== 'idle'}>
            Закрыть смену
          </button>
          <FormAlert message={errorsOf(fetcher.data)._form} />
        </fetcher.Form>
      )}
      {closed !== undefined && (
        <p role="status">{closed === null ? 'Открытой смены не было.' : `Смена № ${closed} закрыта.`}</p>
      )}
    </section>
  );
}

/**
 * One receipt's row: when, order, kind, total, state with the error, fiscal number and link, the retry. On the
 * order page (`ofOrder`) the order and action columns are left out: the panel is narrow and both are implied.
 */
function ReceiptRow({ r, canManage, ofOrder }: { r: AdminReceipt; canManage: boolean; ofOrder: boolean }) {
  return (
    <tr data-testid={`receipt-${r.id}`}>
      <td>{formatDateTime(r.createdAt)}</td>
      {!ofOrder && (
        <td>{r.orderNumber ? <Link to={`/orders/${r.orderNumber}`}>№ {r.orderNumber}</Link> : '—'}</td>
      )}
      <td>{r.operation === 'sale' ? 'Продажа' : 'Возврат'}</td>
      <td>{formatPrice(r.total)}</td>
      <td>
        <span className={`receipt-status receipt-${r.status}`}>{RECEIPT_STATUS_NAME[r.status]}</span>
        {r.lastError && <div className="error-text">{r.lastError}</div>}
        <span className="hint">попыток: {r.attempts}</span>
      </td>
      <td>
        {r.ticketUrl ? (
          <a href={r.ticketUrl} target="_blank" rel="noopener noreferrer">
            {r.checkNumber ?? 'Открыть'}
          </a>
        ) : (
          '—'
        )}
        {r.shiftNumber !== null && <div className="hint">смена № {r.shiftNumber}</div>}
      </td>
      {!ofOrder && <td>{canManage && <Retry r={r} />}</td>}
    </tr>
  );
}

/**
 * A table of receipts, scrolling sideways when wider than its panel; «Чеков нет.» when there are none.
 * `ofOrder`: the order page's narrow variant, without the order and action columns.
 */
export function ReceiptTable({
  items,
  canManage,
  caption,
  ofOrder = false,
}: {
  items: AdminReceipt[];
  canManage: boolean;
  caption: string;
  ofOrder?: boolean;
}) {
  if (items.length === 0) return <p className="hint">Чеков нет.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th>Когда</th>
            {!ofOrder && <th>Заказ</th>}
            <th>Чек</th>
            <th>Сумма</th>
            <th>Состояние</th>
            <th>Фискальный признак</th>
            {!ofOrder && <th>Действие</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <ReceiptRow key={r.id} r={r} canManage={canManage} ofOrder={ofOrder} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** «Чеки»: the warning, the shift, the state filter and the receipts. */
export function ReceiptsScreen({
  list,
  status,
  canManage,
}: {
  list: AdminReceiptList;
  status: string;
  canManage: boolean;
}) {
  return (
    <>
      <h1>Чеки</h1>
      <FiscalOffBanner mode={list.mode} production={list.production} />
      <p className="hint">
        Фискальные чеки продаж и возвратов, отправленные в кассу (Webkassa). Чек с ошибкой можно отправить ещё
        раз: касса сначала проверяет, не выдан ли он уже, поэтому второй чек не появится.
      </p>
      <Shift cashbox={list.cashbox} canManage={canManage} />
      <Form method="get" className="panel filters" key={status}>
        <SelectField
          label="Состояние"
          name="status"
          defaultValue={status}
          options={[
            ['', 'Все'],
            ...RECEIPT_STATUSES.map((s) => [s, RECEIPT_STATUS_NAME[s]] as [string, string]),
          ]}
        />
        <button className="button" type="submit">
          Показать
        </button>
      </Form>
      <ReceiptTable items={list.items} canManage={canManage} caption="Чеки, новые сверху" />
    </>
  );
}

/**
 * The order page's «Чеки» panel: its receipts (state, fiscal number, OFD link, error), read-only — retries are on
 * «Чеки». Nothing when the order has none.
 */
export function OrderFiscalReceipts({ items }: { items: AdminReceipt[] }) {
  if (items.length === 0) return null;
  return (
    <section className="panel" aria-label="Чеки заказа" data-testid="order-receipts">
      <h2>Чеки</h2>
      <ReceiptTable items={items} canManage={false} caption="Чеки заказа" ofOrder />
      {items.some((r) => r.status === 'failed') && (
        <p className="hint">
          Чек с ошибкой можно отправить ещё раз на экране <Link to="/receipts?status=failed">«Чеки»</Link>.
        </p>
      )}
    </section>
  );
}
