import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { formatPhone, type AdminCustomer, type AdminCustomerPage } from '@kiim/contract';
import type { Route } from './+types/customers';
import { screenData } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { Field } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

/** Customers by phone or name (permission customers.read); the search and the page live in the address. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const p = new URL(request.url).searchParams;
  const q = new URLSearchParams();
  for (const k of ['q', 'page']) if (p.get(k)) q.set(k, p.get(k)!);
  return screenData<AdminCustomerPage>(`/customers?${q}`);
}

const rows = createColumnHelper<ListFeatures, AdminCustomer>();
const columns = rows.columns([
  rows.accessor('mobile', {
    header: 'Телефон',
    cell: (c) => <Link to={`/customers/${c.row.original.id}`}>{formatPhone(c.getValue())}</Link>,
  }),
  rows.accessor((r) => [r.name, r.surname].filter(Boolean).join(' ') || '—', { id: 'name', header: 'Имя' }),
  rows.accessor('orderCount', { header: 'Заказов' }),
  rows.accessor('createdAt', { header: 'С нами с', cell: (c) => formatDateTime(c.getValue()) }),
  rows.accessor('blockedAt', { header: 'Доступ', cell: (c) => (c.getValue() ? 'Заблокирован' : 'Активен') }),
]);

export default function Customers() {
  const page = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  return (
    <>
      <h1>Покупатели</h1>
      <Form method="get" className="panel filters" key={params.toString()}>
        <Field label="Телефон или имя" name="q" type="search" defaultValue={params.get('q') ?? ''} />
        <button className="button" type="submit">
          Найти
        </button>
      </Form>
      <p className="hint">Найдено: {page.total}</p>
      <DataTable
        caption="Покупатели"
        columns={columns}
        data={page.items}
        rowId={(c) => c.id}
        empty="Покупателей с такими данными нет."
      />
      <Pager label="Страницы" page={page.page} pageCount={page.pageCount} />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
