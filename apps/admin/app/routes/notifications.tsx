import { Form, Link, useFetcher, useLoaderData, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  NOTIFICATION_EVENT_NAME,
  NOTIFICATION_FAILURE_TEXT,
  NOTIFICATION_STATUS_NAME,
  type AdminNotification,
  type AdminNotificationPage,
} from '@kiim/contract';
import type { Route } from './+types/notifications';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { FormAlert, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

/** The filters of the address (`?status=sent&channel=email&page=2`) as the API's query. */
function apiQuery(url: URL): string {
  const q = new URLSearchParams();
  for (const k of ['status', 'channel', 'page']) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return q.toString();
}

/**
 * Customers' SMS and emails of order events (permission notifications.manage): by default the ones that did not go
 * out (failed, or unknown whether they reached the customer), most recently changed first.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return screenData<AdminNotificationPage>(`/notifications?${apiQuery(new URL(request.url))}`);
}

/** «Отправить ещё раз»: puts the notification `id` back in the outbox queue (audited by the API). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = String((await request.formData()).get('id'));
  return attempt(() => adminApi<{ notification: AdminNotification }>('POST', `/notifications/${id}/resend`));
}

/** The resend button of a failed or unknown notification; an unknown one asks first (it may have arrived). */
function Resend({ n }: { n: AdminNotification }) {
  const fetcher = useFetcher<typeof clientAction>();
  const errors = errorsOf(fetcher.data);
  if (n.status !== 'failed' && n.status !== 'unknown') return null;
  if (fetcher.data?.ok) return <span role="status">В очереди на отправку</span>;
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) => {
        if (
          n.status === 'unknown' &&
          !window.confirm('Возможно, покупатель уже получил это сообщение. Отправить его ещё раз?')
        )
          e.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={n.id} />
      <button className="button small" type="submit" disabled={fetcher.state !== 'idle'}>
        Отправить ещё раз
      </button>
      <FormAlert message={errors._form} />
    </fetcher.Form>
  );
}

/** Why the last send failed, in Russian, with the service's own words under «Подробнее». */
function Failure({ n }: { n: AdminNotification }) {
  if (!n.lastError) return '—';
  return (
    <div className="failure">
      {NOTIFICATION_FAILURE_TEXT[n.failureCause ?? 'refused']}
      <details>
        <summary>Подробнее</summary>
        <code className="error-text">{n.lastError}</code>
      </details>
    </div>
  );
}

const rows = createColumnHelper<ListFeatures, AdminNotification>();
const columns = rows.columns([
  rows.accessor('updatedAt', { header: 'Когда', cell: (c) => formatDateTime(c.getValue()) }),
  rows.accessor('orderNumber', {
    header: 'Заказ',
    cell: (c) => (c.getValue() === null ? '—' : <Link to={`/orders/${c.getValue()}`}>№ {c.getValue()}</Link>),
  }),
  rows.accessor((n) => `${n.channel === 'sms' ? 'SMS' : 'Письмо'} · ${n.recipient}`, {
    id: 'channel',
    header: 'Канал и получатель',
  }),
  rows.accessor(
    (n) => `${NOTIFICATION_EVENT_NAME[n.event] ?? n.event} · ${n.language === 'kk' ? 'қаз' : 'рус'}`,
    {
      id: 'event',
      header: 'Событие',
    },
  ),
  rows.accessor('status', {
    header: 'Состояние',
    cell: (c) => (
      <>
        <span className={`notification-status notification-${c.getValue()}`}>
          {NOTIFICATION_STATUS_NAME[c.getValue()]}
        </span>
        <br />
        <span className="hint">попыток: {c.row.original.attempts}</span>
      </>
    ),
  }),
  rows.display({
    id: 'failure',
    header: 'Почему не отправлено',
    cell: (c) => <Failure n={c.row.original} />,
  }),
  rows.display({ id: 'resend', header: 'Действие', cell: (c) => <Resend n={c.row.original} /> }),
]);

/** The notification list with its filters and pages. */
export default function Notifications() {
  const page = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  return (
    <>
      <h1>Уведомления покупателям</h1>
      <p className="hint">
        SMS и письма о заказах. «Не отправлено» — сервис отказал после всех попыток; «Неизвестно, дошло ли» —
        отправка прервалась, и сообщение могло дойти. Повторная отправка ставит сообщение в очередь и
        записывается в журнал действий.
      </p>
      <Form method="get" className="panel filters" key={params.toString()}>
        <SelectField
          label="Состояние"
          name="status"
          defaultValue={params.get('status') ?? 'problems'}
          options={[
            ['problems', 'Не отправлено и неизвестно'],
            ...(['failed', 'unknown', 'pending', 'sent'] as const).map(
              (s) => [s, NOTIFICATION_STATUS_NAME[s]] as [string, string],
            ),
          ]}
        />
        <SelectField
          label="Канал"
          name="channel"
          defaultValue={params.get('channel') ?? ''}
          options={[
            ['', 'SMS и письма'],
            ['sms', 'SMS'],
            ['email', 'Письма'],
          ]}
        />
        <button className="button" type="submit">
          Показать
        </button>
      </Form>
      <p className="hint">Найдено: {page.total}.</p>
      <DataTable
        caption="Уведомления покупателям"
        columns={columns}
        data={page.items}
        rowId={(n) => n.id}
        empty="Таких уведомлений нет."
      />
      <Pager label="Страницы уведомлений" page={page.page} pageCount={page.pageCount} newestFirst />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
