import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  ORDER_STATUSES,
  formatPrice,
  formatPhone,
  type AdminOrderPage,
  type AdminOrderRow,
  type City,
} from '@kiim/contract';
import type { Route } from './+types/orders';
import { screenData } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { DELIVERY_NAME, PAYMENT_NAME, STATUS_NAME } from '../lib/orders.ts';
import { OrderStatus } from '../components/OrderStatus.tsx';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { Field, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { FilterFold } from '../components/FilterFold.tsx';
import { KaspiShopPollStatus } from '../components/KaspiShopPollStatus.tsx';

const FILTERS = ['status', 'from', 'to', 'cityId', 'deliveryMethodId', 'paymentId', 'paid', 'q', 'page'];

/**
 * Orders with filters and search (permission orders.read). Every filter and the page live in the address
 * (`?status=new&from=2026-03-01&q=…&page=2`), so a view can be shared and survives a reload; days are local days of
 * each order's city.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = new URLSearchParams();
  for (const k of FILTERS) if (params.get(k)) q.set(k, params.get(k)!);
  const [page, cities] = await Promise.all([
    screenData<AdminOrderPage>(`/orders?${q}`),
    fetch('/api/city/list')
      .then((r) => r.json() as Promise<{ data: City[] }>)
      .then((r) => r.data)
      .catch(() => [] as City[]),
  ]);
  return { page, cities };
}

const rows = createColumnHelper<ListFeatures, AdminOrderRow>();
const columns = rows.columns([
  rows.accessor('number', {
    header: 'Заказ',
    cell: (c) => (
      <>
        <Link to={`/orders/${c.getValue()}`}>№ {c.getValue()}</Link>
        <br />
        <span className="hint">{formatDateTime(c.row.original.createdAt)}</span>
      </>
    ),
  }),
  rows.accessor('status', {
    header: 'Статус',
    cell: (c) => <OrderStatus order={c.row.original} />,
  }),
  rows.accessor('customerName', {
    header: 'Покупатель',
    cell: (c) => (
      <>
        {c.getValue() ?? '—'}
        <br />
        <span className="hint">{c.row.original.phone ? formatPhone(c.row.original.phone) : ''}</span>
      </>
    ),
  }),
  rows.accessor('cityName', {
    header: 'Доставка',
    cell: (c) => `${c.getValue()}, ${DELIVERY_NAME[c.row.original.deliveryMethodId]?.toLowerCase() ?? ''}`,
  }),
  rows.accessor('paymentId', {
    header: 'Оплата',
    cell: (c) => (
      <>
        {PAYMENT_NAME[c.getValue()]}
        <br />
        <span className="hint">{c.row.original.paid ? 'оплачен' : 'не оплачен'}</span>
      </>
    ),
  }),
  rows.accessor('amount', {
    header: 'Сумма',
    cell: (c) => `${formatPrice(c.getValue())} · ${c.row.original.lineCount} поз.`,
  }),
]);

export default function Orders() {
  const { page, cities } = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  const value = (k: string) => params.get(k) ?? '';
  return (
    <>
      <h1>Заказы</h1>
      <KaspiShopPollStatus />
      {/* Folded on a phone; a new search comes back folded, the button counting what is set. */}
      <FilterFold key={params.toString()} active={FILTERS.filter((k) => k !== 'page' && value(k)).length}>
        <Form method="get" className="panel filters">
          <Field label="Номер, телефон или имя" name="q" type="search" defaultValue={value('q')} />
          <SelectField
            label="Статус"
            name="status"
            defaultValue={value('status')}
            options={[['', 'Все'], ...ORDER_STATUSES.map((s) => [s, STATUS_NAME[s]] as const)]}
          />
          <SelectField
            label="Город"
            name="cityId"
            defaultValue={value('cityId')}
            options={[['', 'Все'], ...cities.map((c) => [String(c.id), c.name] as const)]}
          />
          <SelectField
            label="Доставка"
            name="deliveryMethodId"
            defaultValue={value('deliveryMethodId')}
            options={[
              ['', 'Любая'],
              ['1', 'Самовывоз'],
              ['2', 'Курьер'],
            ]}
          />
          <SelectField
            label="Способ оплаты"
            name="paymentId"
            defaultValue={value('paymentId')}
            options={[['', 'Любой'], ...Object.entries(PAYMENT_NAME).map(([k, v]) => [k, v] as const)]}
          />
          <SelectField
            label="Оплачен"
            name="paid"
            defaultValue={value('paid')}
            options={[
              ['', 'Неважно'],
              ['yes', 'Да'],
              ['no', 'Нет'],
            ]}
          />
          <Field label="С" name="from" type="date" defaultValue={value('from')} />
          <Field label="По" name="to" type="date" defaultValue={value('to')} />
          <button className="button" type="submit">
            Показать
          </button>
          <Link className="button secondary" to="/orders">
            Сбросить
          </Link>
        </Form>
      </FilterFold>
      <p className="hint">Заказов: {page.total}. Даты — местные дни города заказа.</p>
      <DataTable
        caption="Заказы"
        columns={columns}
        data={page.items}
        rowId={(o) => o.number}
        empty="Заказов с такими условиями нет."
      />
      <Pager label="Страницы заказов" page={page.page} pageCount={page.pageCount} newestFirst />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
