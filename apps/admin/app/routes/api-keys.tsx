import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { CreateApiKeyBody, type ApiKey, type ApiKeyCreated } from '@kiim/contract';
import { API_KEY_SCOPES, API_KEY_SCOPE_NAMES } from '@kiim/contract/staff-permissions';
import type { Route } from './+types/api-keys';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject, submit } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { Field, FormAlert, ShownOnce } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

/** The keys of integrations (permission apikeys.manage). */
export async function clientLoader() {
  return (await screenData<{ items: ApiKey[] }>('/api-keys')).items;
}

/** Make a key (its secret is shown once) or revoke one. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, ...values } = formObject(await request.formData());
  if (intent === 'revoke')
    return { intent, result: await attempt(() => adminApi('POST', `/api-keys/${id}/revoke`)) };
  const body = { name: values.name, scopes: [values.scopes ?? []].flat() };
  return {
    intent: 'create',
    result: await submit(CreateApiKeyBody, body, (b) => adminApi<ApiKeyCreated>('POST', '/api-keys', b)),
  };
}

const keys = createColumnHelper<ListFeatures, ApiKey>();
const columns = keys.columns([
  keys.accessor('name', {
    header: 'Название',
    cell: (c) => (
      <>
        <strong>{c.getValue()}</strong>
        <br />
        <code>{c.row.original.prefix}…</code>
      </>
    ),
  }),
  keys.accessor('scopes', { header: 'Доступ', cell: (c) => c.getValue().join(', ') }),
  keys.accessor('createdBy', {
    header: 'Создал',
    cell: (c) => `${c.getValue()}, ${formatDateTime(c.row.original.createdAt)}`,
  }),
  keys.accessor('lastUsedAt', {
    header: 'Последнее использование',
    cell: (c) => formatDateTime(c.getValue()),
  }),
  keys.display({ id: 'state', header: 'Состояние', cell: (c) => <KeyState apiKey={c.row.original} /> }),
]);

export default function ApiKeys() {
  const items = useLoaderData<typeof clientLoader>();
  const answer = useActionData<typeof clientAction>();
  const result = answer?.intent === 'create' ? answer.result : undefined;
  const errors = errorsOf(result);
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <h1>Ключи API</h1>
      <section className="panel">
        <h2>Новый ключ</h2>
        <p>Ключ нужен системе учёта (ERP) или обмену с 1С. Он передаётся в заголовке X-Api-Key.</p>
        {result?.ok && (
          <ShownOnce
            title={`Ключ «${(result.data as ApiKeyCreated).apiKey.name}»`}
            value={(result.data as ApiKeyCreated).secret}
            note="Скопируйте ключ сейчас: он показывается один раз, в магазине хранится только его отпечаток."
          />
        )}
        <Form method="post" noValidate key={result?.ok ? result.at : 'create'}>
          <Field label="Название" name="name" placeholder="Например, ERP склада" error={errors.name} />
          <fieldset className="checks">
            <legend>Области доступа</legend>
            {API_KEY_SCOPE_NAMES.map((scope) => (
              <label key={scope}>
                <input type="checkbox" name="scopes[]" value={scope} /> <code>{scope}</code> —{' '}
                {API_KEY_SCOPES[scope]}
              </label>
            ))}
            {errors.scopes && (
              <p className="field-error" role="alert">
                {errors.scopes}
              </p>
            )}
          </fieldset>
          <FormAlert message={errors._form} />
          <button className="button" name="intent" value="create" disabled={busy}>
            Создать ключ
          </button>
        </Form>
      </section>
      <section className="panel">
        <h2>Ключи</h2>
        <DataTable
          caption="Ключи API"
          columns={columns}
          data={items}
          rowId={(k) => k.id}
          empty="Ключей пока нет."
        />
      </section>
    </>
  );
}

function KeyState({ apiKey }: { apiKey: ApiKey }) {
  const fetcher = useFetcher<typeof clientAction>();
  if (apiKey.revokedAt) return <>Отозван {formatDateTime(apiKey.revokedAt)}</>;
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) => {
        if (!window.confirm(`Отозвать ключ «${apiKey.name}»? Интеграция с ним сразу перестанет работать.`))
          e.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={apiKey.id} />
      <button
        className="button small danger"
        name="intent"
        value="revoke"
        disabled={fetcher.state !== 'idle'}
      >
        Отозвать
      </button>
    </fetcher.Form>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
