import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import {
  SHIPMENT_STATE_KEYS,
  SHIPMENT_STATE_NAME,
  type AdminShipmentPage,
  type AdminShipmentRow,
} from '@kiim/contract';
import type { Route } from './+types/shipments';
import { screenData } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { Pager } from '../components/Pager.tsx';
import { SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

// «Отправления» (issue 34 item 6, docs/decisions/070): the orders sent by carrier (CDEK) with their parcel's state,
// tracking number, the carrier's refusal or the last failure to reach it, and the attempts; each links to its
// order, where staff act on it (a refused parcel is fixed and sent again there), and to its label once CDEK accepted
// it. Permission orders.read.

const STATES = new Set<string>(SHIPMENT_STATE_KEYS);

/** The page and state of the address (`?state=invalid&page=2`), as the API's query. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  const state = params.get('state') ?? '';
  if (STATES.has(state)) query.set('state', state);
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.set('page', String(page));
  return screenData<AdminShipmentPage>(`/shipments${query.size ? `?${query}` : ''}`);
}

/**
 * One parcel: order (link), city, state with the carrier's reason or the last failure (a refused one: how to send it
 * again), track number, attempts, and its actions: the order and, once CDEK accepted it, the label (PDF).
 */
function ShipmentRow({ s }: { s: AdminShipmentRow }) {
  const order = `/orders/${encodeURIComponent(s.orderNumber)}`;
  return (
    <tr data-testid={`shipment-${s.orderNumber}`}>
      <td data-label="Заказ">
        <Link to={order}>№ {s.orderNumber}</Link>
      </td>
      <td data-label="Куда">{s.city ?? '—'}</td>
      <td data-label="Состояние">
        <span className={`shipment-state shipment-${s.state}`}>{SHIPMENT_STATE_NAME[s.state]}</span>
        {s.lastError && <div className="error-text">{s.lastError}</div>}
        {s.state === 'invalid' && (
          <div>
            <Link to={order}>Исправить заказ и передать в СДЭК снова</Link>
          </div>
        )}
      </td>
      <td data-label="Трек-номер">{s.trackNumber ?? '—'}</td>
      <td data-label="Неудачных попыток">{s.attempts}</td>
      <td data-label="Изменено">{formatDateTime(s.updatedAt)}</td>
      <td data-label="Действия">
        <Link to={order}>Открыть заказ</Link>
        {s.labelAvailable && (
          <>
            {' · '}
            <a
              href={`/api/admin/orders/${encodeURIComponent(s.orderNumber)}/shipment/label`}
              target="_blank"
              rel="noreferrer"
              data-testid="shipment-label"
            >
              Этикетка (PDF)
            </a>
          </>
        )}
      </td>
    </tr>
  );
}

/** The screen: the state filter, the parcels (most recently changed first) and the pager. */
export default function Shipments() {
  const list = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  const state = params.get('state') ?? '';
  return (
    <>
      <h1>Отправления</h1>
      <p className="hint">
        Заказы, отправленные через СДЭК: состояние посылки, трек-номер и причина, если СДЭК не принял посылку
        или не ответил. Магазин сам повторяет регистрацию и обновляет состояние; чтобы исправить заказ или
        передать его в СДЭК снова, откройте заказ; этикетку можно напечатать прямо из списка.
      </p>
      <Form method="get" className="panel filters" key={state}>
        <SelectField
          label="Состояние"
          name="state"
          defaultValue={state}
          options={[['', 'Все'], ...SHIPMENT_STATE_KEYS.map((s) => [s, SHIPMENT_STATE_NAME[s]] as const)]}
        />
        <button className="button" type="submit">
          Показать
        </button>
      </Form>
      {list.items.length === 0 ? (
        <p className="hint">Отправлений нет.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption>Всего: {list.total}, недавно изменённые сверху</caption>
            <thead>
              <tr>
                <th>Заказ</th>
                <th>Куда</th>
                <th>Состояние</th>
                <th>Трек-номер СДЭК</th>
                <th>Неудачных попыток</th>
                <th>Изменено</th>
                <th>Действия</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((s) => (
                <ShipmentRow key={s.id} s={s} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Страницы отправлений" page={list.page} pageCount={list.pageCount} newestFirst />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
