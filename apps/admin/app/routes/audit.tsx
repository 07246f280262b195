import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AuditEntry, AuditFilters, AuditPage } from '@kiim/contract';
import type { Route } from './+types/audit';
import { screenData } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { ACTION_NAME, ENTITY_NAME, named } from '../lib/audit-names.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { Field, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

/** Filters kept in the address (`?actor=staff:<id>&action=…&from=2026-04-01&to=…&page=2`), so a view can be shared. */
function apiQuery(url: URL): string {
  const p = url.searchParams;
  const q = new URLSearchParams();
  const [actorType, actorId] = (p.get('actor') ?? '').split(':');
  if (actorType) q.set('actorType', actorType);
  if (actorId) q.set('actorId', actorId);
  for (const k of ['action', 'entityType', 'entityId', 'page']) if (p.get(k)) q.set(k, p.get(k)!);
  // Days are the staff's local days (the browser's time zone); `to` includes its whole day.
  const day = (d: string | null, plus: number) =>
    d && /^\d{4}-\d{2}-\d{2}$/.test(d)
      ? new Date(new Date(`${d}T00:00:00`).getTime() + plus).toISOString()
      : null;
  const from = day(p.get('from'), 0);
  const to = day(p.get('to'), 86_400_000);
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  return q.toString();
}

/** A page of the audit log and what it can be filtered by (permission audit.read). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [page, filters] = await Promise.all([
    screenData<AuditPage>(`/audit?${apiQuery(new URL(request.url))}`),
    screenData<AuditFilters>('/audit/filters'),
  ]);
  return { page, filters };
}

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 1));
const entries = createColumnHelper<ListFeatures, AuditEntry>();
const columns = entries.columns([
  entries.accessor('at', { header: 'Когда', cell: (c) => formatDateTime(c.getValue()) }),
  entries.accessor((e) => e.actor.label, {
    id: 'actor',
    header: 'Кто',
    cell: (c) => (
      <>
        {c.getValue()}
        <br />
        <span className="hint">{c.row.original.clientIp ?? ''}</span>
      </>
    ),
  }),
  entries.accessor('action', {
    header: 'Действие',
    cell: (c) => ACTION_NAME[c.getValue()] ?? <code>{c.getValue()}</code>,
  }),
  entries.accessor((e) => `${ENTITY_NAME[e.entity.type] ?? e.entity.type} ${e.entity.id}`, {
    id: 'entity',
    header: 'Объект',
  }),
  entries.display({
    id: 'change',
    header: 'Было → стало',
    cell: (c) => (
      <pre className="change">
        {json(c.row.original.before)}
        {'\n→ '}
        {json(c.row.original.after)}
      </pre>
    ),
  }),
]);

export default function Audit() {
  const { page, filters } = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  return (
    <>
      <h1>Журнал действий</h1>
      <Form method="get" className="panel filters" key={params.toString()}>
        <SelectField
          label="Кто"
          name="actor"
          defaultValue={params.get('actor') ?? ''}
          options={[['', 'Все'], ...filters.actors.map((a) => [`${a.type}:${a.id ?? ''}`, a.label] as const)]}
        />
        <SelectField
          label="Действие"
          name="action"
          defaultValue={params.get('action') ?? ''}
          options={[['', 'Все'], ...filters.actions.map((a) => [a, named(ACTION_NAME, a)] as const)]}
        />
        <SelectField
          label="Объект"
          name="entityType"
          defaultValue={params.get('entityType') ?? ''}
          options={[['', 'Все'], ...filters.entityTypes.map((a) => [a, named(ENTITY_NAME, a)] as const)]}
        />
        <Field label="Номер или id объекта" name="entityId" defaultValue={params.get('entityId') ?? ''} />
        <Field label="С" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <Field label="По" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <button className="button" type="submit">
          Показать
        </button>
        <Link className="button secondary" to="/audit">
          Сбросить
        </Link>
      </Form>
      <p className="hint">Записей: {page.total}. Записи журнала нельзя изменить или удалить.</p>
      <DataTable
        caption="Журнал действий"
        columns={columns}
        data={page.items}
        rowId={(e) => e.id}
        empty="Записей с такими условиями нет."
      />
      <Pager label="Страницы журнала" page={page.page} pageCount={page.pageCount} newestFirst />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
