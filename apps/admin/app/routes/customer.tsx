import { Link, useFetcher, useLoaderData } from 'react-router';
import {
  BlockCustomerBody,
  formatPhone,
  formatPrice,
  type AdminCustomer,
  type AdminOrderPage,
} from '@kiim/contract';
import type { Route } from './+types/customer';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject, submit } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { can } from '../lib/nav.ts';
import { STATUS_NAME } from '../lib/orders.ts';
import { Field, FormAlert } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { useMember } from './layout.tsx';

/** The customer's profile and orders (customers.read; their orders through the orders list, orders.read). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [{ customer }, orders] = await Promise.all([
    screenData<{ customer: AdminCustomer }>(`/customers/${params.id}`),
    screenData<AdminOrderPage>(`/orders?customerId=${params.id}`),
  ]);
  return { customer, orders };
}

/** Block with a reason, or unblock (customers.block). */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { intent, ...values } = formObject(await request.formData()) as Record<string, string>;
  return intent === 'unblock'
    ? attempt(() => adminApi('POST', `/customers/${params.id}/unblock`))
    : submit(BlockCustomerBody, values, (b) => adminApi('POST', `/customers/${params.id}/block`, b));
}

export default function CustomerPage() {
  const { customer, orders } = useLoaderData<typeof clientLoader>();
  const me = useMember();
  const fetcher = useFetcher<typeof clientAction>();
  const errors = errorsOf(fetcher.data);
  const name = [customer.name, customer.surname].filter(Boolean).join(' ') || 'Без имени';
  return (
    <>
      <p>
        <Link to="/customers">← Все покупатели</Link>
      </p>
      <h1>{name}</h1>
      <section className="panel">
        <dl className="facts">
          <dt>Телефон</dt>
          <dd>
            <a href={`tel:+${customer.mobile}`}>{formatPhone(customer.mobile)}</a>
          </dd>
          <dt>Почта</dt>
          <dd>{customer.email ?? '—'}</dd>
          <dt>С нами с</dt>
          <dd>{formatDateTime(customer.createdAt)}</dd>
          <dt>Доступ</dt>
          <dd data-testid="customer-access">
            {customer.blockedAt
              ? `Заблокирован ${formatDateTime(customer.blockedAt)}: ${customer.blockedReason ?? ''}`
              : 'Активен'}
          </dd>
        </dl>
        {can(me, 'customers.block') && (
          <fetcher.Form method="post" className="inline-form">
            <FormAlert message={errors._form} />
            {customer.blockedAt ? (
              <button className="button secondary" name="intent" value="unblock">
                Разблокировать
              </button>
            ) : (
              <>
                <Field
                  label="Причина блокировки (покупатель её не видит)"
                  name="reason"
                  error={errors.reason}
                />
                <button className="button danger" name="intent" value="block">
                  Заблокировать
                </button>
              </>
            )}
          </fetcher.Form>
        )}
      </section>
      <h2>Заказы ({orders.total})</h2>
      {orders.items.length === 0 ? (
        <p className="empty">Заказов нет.</p>
      ) : (
        <ul className="history">
          {orders.items.map((o) => (
            <li key={o.number}>
              <Link to={`/orders/${o.number}`}>№ {o.number}</Link> · {formatDateTime(o.createdAt)} ·{' '}
              {STATUS_NAME[o.status]} · {formatPrice(o.amount)}
            </li>
          ))}
        </ul>
      )}
      <p className="hint">Отзывы и вопросы покупателя — в разделе «Отзывы и вопросы».</p>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
