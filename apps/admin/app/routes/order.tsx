import { useState } from 'react';
import { Link, useFetcher, useLoaderData } from 'react-router';
import {
  AdminCancelBody,
  AdminHandoverBody,
  AdminOrderActionBody,
  AdminOrderNoteBody,
  formatPhone,
  formatPrice,
  type AdminOrder,
} from '@kiim/contract';
import type { Route } from './+types/order';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject, submit, type FormResult } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { isKaspiIntent, sendKaspiAction } from '../lib/kaspi-shop.ts';
import { can } from '../lib/nav.ts';
import { ACTION_HINT, ACTION_LABEL, DELIVERY_NAME, PAYMENT_NAME, PAYMENT_STATE_NAME } from '../lib/orders.ts';
import { Field, FormAlert } from '../components/Form.tsx';
import { KaspiOrderPanel } from '../components/KaspiOrderPanel.tsx';
import { CarrierShipmentPanel } from '../components/CarrierShipmentPanel.tsx';
import { OrderHistory } from '../components/OrderHistory.tsx';
import { OrderRefunds } from '../components/OrderRefunds.tsx';
import { OrderFiscalReceipts } from '../components/Receipts.tsx';
import { OrderStatus } from '../components/OrderStatus.tsx';
import { PickingList } from '../components/PickingList.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { useMember } from './layout.tsx';

/** One order (permission orders.read): lines, amounts, delivery, contact, payment, history, the staff's steps. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return (await screenData<{ order: AdminOrder }>(`/orders/${params.number}`)).order;
}

/**
 * A step (`intent` = action), the note, cancel, the handover or a refund's retry (`refund-retry`, decision 035); each sends the version the page was loaded with,
 * so a change made meanwhile by someone else answers the API's conflict message instead of overwriting it.
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { intent, ...values } = formObject(await request.formData()) as Record<string, string | string[]>;
  const path = `/orders/${params.number}`;
  const version = Number(values.version);
  const send = (): Promise<FormResult<{ order: AdminOrder }>> => {
    if (isKaspiIntent(intent)) return sendKaspiAction(path, String(intent), values, version);
    switch (intent) {
      case 'note':
        return submit(AdminOrderNoteBody, { note: values.note, version }, (b) =>
          adminApi('PUT', `${path}/note`, b),
        );
      case 'cancel':
        return submit(AdminCancelBody, { reason: values.reason, version }, (b) =>
          adminApi('POST', `${path}/cancel`, b),
        );
      case 'refund-retry':
        return attempt(() =>
          adminApi<{ order: AdminOrder }>(
            'POST',
            `${path}/refunds/${encodeURIComponent(String(values.refundId))}/retry`,
          ),
        );
      case 'handover': {
        const ids = [values['lineId[]'] ?? values.lineId ?? []].flat();
        const refused = [values['refused[]'] ?? values.refused ?? []].flat();
        const body = {
          version,
          refused: ids.map((lineId, i) => ({ lineId, refusedQty: Number(refused[i] ?? 0) })),
        };
        return submit(AdminHandoverBody, body, (b) => adminApi('POST', `${path}/handover`, b));
      }
      default:
        return submit(AdminOrderActionBody, { action: intent, version }, (b) =>
          adminApi('POST', `${path}/actions`, b),
        );
    }
  };
  return { intent: String(intent), result: await send() };
}

function Amounts({ order }: { order: AdminOrder }) {
  return (
    <dl className="facts">
      <dt>Товары</dt>
      <dd>{formatPrice(order.itemsAmount)}</dd>
      <dt>Доставка</dt>
      <dd>{formatPrice(order.deliveryAmount)}</dd>
      <dt>Итого</dt>
      <dd>
        <strong>{formatPrice(order.amount)}</strong>
      </dd>
      {order.refusedAmount > 0 && (
        <>
          <dt>Отказ при получении</dt>
          <dd>−{formatPrice(order.refusedAmount)}</dd>
        </>
      )}
      {order.status === 'completed' ? (
        <>
          <dt>{order.paymentId === 3 ? 'Оплачено за выкупленное' : 'Получено при выдаче'}</dt>
          <dd data-testid="amount-due">{formatPrice(order.amount - order.refusedAmount)}</dd>
        </>
      ) : order.status !== 'cancelled' ? (
        <>
          <dt>К оплате при получении</dt>
          <dd data-testid="amount-due">{formatPrice(order.amountDue)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function Payment({ order }: { order: AdminOrder }) {
  const p = order.payment;
  return (
    <section className="panel">
      <h2>Оплата</h2>
      <p>{PAYMENT_NAME[order.paymentId]}</p>
      {p && (
        <dl className="facts">
          <dt>ePay</dt>
          <dd data-testid="payment-state">{PAYMENT_STATE_NAME[p.status] ?? p.status}</dd>
          <dt>Сумма</dt>
          <dd>{formatPrice(p.amount)}</dd>
          {p.cardMask && (
            <>
              <dt>Карта</dt>
              <dd>{p.cardMask}</dd>
            </>
          )}
          {p.paidAt && (
            <>
              <dt>Оплачен</dt>
              <dd>{formatDateTime(p.paidAt)}</dd>
            </>
          )}
          {p.refundedAmount > 0 && (
            <>
              <dt>Возвращено на карту</dt>
              <dd>{formatPrice(p.refundedAmount)}</dd>
            </>
          )}
          {p.refundOwed > 0 && (
            <>
              <dt>Возврат ожидается</dt>
              <dd>{formatPrice(p.refundOwed)}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}

function Delivery({ order }: { order: AdminOrder }) {
  const d = order.delivery;
  const pp = order.pickupPoint;
  return (
    <section className="panel">
      <h2>Получение</h2>
      <p>
        {order.cityName}, {DELIVERY_NAME[order.deliveryMethodId]?.toLowerCase()}
      </p>
      {pp && (
        <p>
          Пункт «{pp.title}»: {pp.addressCity}, {pp.addressStreetNumber}
        </p>
      )}
      {d && (
        <p>
          {d.street}, {d.building}
          {d.entranceNumber ? `, подъезд ${d.entranceNumber}` : ''}
          {d.floor ? `, этаж ${d.floor}` : ''}
          {d.flat ? `, кв. ${d.flat}` : ''}
        </p>
      )}
      <h2>Покупатель</h2>
      <p>
        {order.customer.name ?? 'Без имени'} ·{' '}
        <a href={`tel:+${order.customer.mobile}`}>{formatPhone(order.customer.mobile)}</a>
        {order.email && <> · {order.email}</>}
      </p>
      {d?.contactName && (
        <p>
          Получатель: {d.contactName}
          {d.contactPhone ? `, ${formatPhone(d.contactPhone)}` : ''}
        </p>
      )}
      {order.customerComment && <p className="notice">Комментарий покупателя: {order.customerComment}</p>}
    </section>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  return (
    <table className="data-table lines">
      <caption className="visually-hidden">Строки заказа</caption>
      <thead>
        <tr>
          <th scope="col">Фото</th>
          <th scope="col">Товар</th>
          <th scope="col">Артикул</th>
          <th scope="col">Кол-во</th>
          <th scope="col">Цена</th>
          <th scope="col">Сумма</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((l) => (
          <tr key={l.id} data-row={l.id}>
            <td data-label="Фото">{l.image ? <img src={l.image} alt="" width={64} height={80} /> : '—'}</td>
            <td data-label="Товар">
              {l.name}, {l.colourName}, размер {l.size}
              {l.fromOtherCity && <span className="hint"> · из другого города</span>}
            </td>
            <td data-label="Артикул">
              <code>{l.externalId}</code>
            </td>
            <td data-label="Кол-во">
              {l.qty}
              {l.refusedQty > 0 && <span className="refused"> · отказ {l.refusedQty}</span>}
            </td>
            <td data-label="Цена">{formatPrice(l.price)}</td>
            <td data-label="Сумма">{formatPrice(l.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The handover at the desk with a refusal: units refused per line (the rest is taken), then the button. */
function Handover({ order }: { order: AdminOrder }) {
  const fetcher = useFetcher<typeof clientAction>();
  const [refused, setRefused] = useState<Record<string, number>>({});
  const refusedAmount = order.lines.reduce((s, l) => s + (refused[l.id] ?? 0) * l.price, 0);
  const result = fetcher.data?.intent === 'handover' ? fetcher.data.result : undefined;
  const paidOnline = order.paymentId === 3;
  return (
    <fetcher.Form method="post" className="panel" aria-labelledby="handover-title">
      <h2 id="handover-title">Выдача с отказом от части товаров</h2>
      <p className="hint">
        Укажите, от скольких штук покупатель отказался при примерке. Остальное выдаётся. Если покупатель
        забирает всё, нажмите «{ACTION_LABEL.complete}» в действиях заказа.
      </p>
      <input type="hidden" name="intent" value="handover" />
      <input type="hidden" name="version" value={order.version} />
      {order.lines.map((l) => (
        <div key={l.id} className="handover-line">
          <input type="hidden" name="lineId[]" value={l.id} />
          <Field
            label={`${l.name}, ${l.size} (${l.externalId}) — заказано ${l.qty}, отказ:`}
            name="refused[]"
            type="number"
            min={0}
            max={l.qty}
            value={refused[l.id] ?? 0}
            onChange={(e) =>
              setRefused({ ...refused, [l.id]: Math.max(0, Math.min(l.qty, Number(e.target.value))) })
            }
          />
        </div>
      ))}
      <p>
        {paidOnline
          ? `Вернуть на карту: ${formatPrice(refusedAmount)}`
          : `Получить с покупателя: ${formatPrice(Math.max(0, order.amountDue - refusedAmount))}`}
      </p>
      <FormAlert message={errorsOf(result)._form ?? Object.values(errorsOf(result))[0]} />
      <button
        className="button"
        type="submit"
        disabled={fetcher.state !== 'idle'}
        aria-describedby="handover-hint"
      >
        Выдан с отказом от части товаров
      </button>
      <p className="hint" id="handover-hint">
        {ACTION_HINT.handover}
      </p>
    </fetcher.Form>
  );
}

function Steps({ order }: { order: AdminOrder }) {
  const me = useMember();
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.data && fetcher.data.intent !== 'handover' ? fetcher.data.result : undefined;
  const errors = errorsOf(result);
  const steps = order.actions.filter((a): a is keyof typeof ACTION_LABEL => a in ACTION_LABEL);
  const canCancel = order.actions.includes('cancel') && can(me, 'orders.cancel');
  const canUpdate = can(me, 'orders.update');
  return (
    <section className="panel">
      <h2>Действия</h2>
      <FormAlert message={errors._form ?? errors.version} />
      {canUpdate && steps.length > 0 && (
        <div className="row-actions">
          {steps.map((a) => (
            <fetcher.Form method="post" key={a}>
              <input type="hidden" name="version" value={order.version} />
              <button
                className="button"
                name="intent"
                value={a}
                disabled={fetcher.state !== 'idle'}
                aria-describedby={ACTION_HINT[a] ? `hint-${a}` : undefined}
              >
                {ACTION_LABEL[a]}
              </button>
              {ACTION_HINT[a] && (
                <p className="hint" id={`hint-${a}`}>
                  {ACTION_HINT[a]}
                </p>
              )}
            </fetcher.Form>
          ))}
        </div>
      )}
      {canUpdate && (
        <fetcher.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="note" />
          <input type="hidden" name="version" value={order.version} />
          <Field
            label="Внутренняя заметка (покупатель её не видит)"
            name="note"
            defaultValue={order.staffNote ?? ''}
            key={order.staffNote ?? ''}
            error={errors.note}
          />
          <button className="button secondary" type="submit">
            Сохранить заметку
          </button>
        </fetcher.Form>
      )}
      {canCancel && (
        <fetcher.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="version" value={order.version} />
          <Field label="Причина отмены" name="reason" error={errors.reason} />
          <button className="button danger" type="submit">
            Отменить заказ
          </button>
        </fetcher.Form>
      )}
      <button type="button" className="button secondary" onClick={() => window.print()}>
        Печать листа сборки
      </button>
    </section>
  );
}

export default function OrderPage() {
  const order = useLoaderData<typeof clientLoader>();
  const me = useMember();
  return (
    <>
      <p className="no-print">
        <Link to="/orders">← Все заказы</Link>
      </p>
      <h1>
        Заказ № {order.number} <OrderStatus order={order} testId="order-status" />
      </h1>
      <p className="hint no-print">
        {formatDateTime(order.createdAt)}
        {order.confirmedAt && <> · подтверждён {formatDateTime(order.confirmedAt)}</>}
        {order.pickedAt && <> · собран {formatDateTime(order.pickedAt)}</>}
      </p>
      <div className="order-grid no-print">
        <div>
          <Lines order={order} />
          <Amounts order={order} />
          {order.actions.includes('handover') && can(me, 'orders.handover') && <Handover order={order} />}
        </div>
        <div>
          <KaspiOrderPanel order={order} />
          <CarrierShipmentPanel order={order} />
          <Steps order={order} />
          <Delivery order={order} />
          <Payment order={order} />
          <OrderRefunds order={order} canRetry={can(me, 'orders.cancel')} />
          <OrderFiscalReceipts items={order.fiscalReceipts} />
          <OrderHistory order={order} />
        </div>
      </div>
      <PickingList order={order} />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
