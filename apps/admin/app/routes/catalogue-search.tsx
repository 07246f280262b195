import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { SearchSynonymInput, type SearchSynonym } from '@kiim/contract';
import type { Route } from './+types/catalogue-search';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject, submit } from '../lib/form.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { CatalogueTabs } from '../components/CatalogueTabs.tsx';
import { Field, FormAlert } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

const API = '/catalogue/search-synonyms';
const joined = (s: SearchSynonym) => s.phrases.join(' = ');

/** Search synonyms (permission catalogue.edit; issue 35 item 3, decision 059); `?edit={id}` opens one in the form. */
export async function clientLoader() {
  return (await screenData<{ items: SearchSynonym[] }>(API)).items;
}

/** Create a synonym, save the one being edited, or delete a row's (`intent=delete`). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { id, intent, ...values } = formObject(await request.formData()) as Record<string, string>;
  if (intent === 'delete') return attempt(() => adminApi('DELETE', `${API}/${id}`));
  return submit(SearchSynonymInput, values, (b) =>
    id ? adminApi<SearchSynonym>('PUT', `${API}/${id}`, b) : adminApi<SearchSynonym>('POST', API, b),
  );
}

/** A row's buttons: change (opens the form) and delete after a confirmation. */
function RowActions({ synonym }: { synonym: SearchSynonym }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form
      method="post"
      className="row-actions"
      onSubmit={(e) => {
        if (
          !window.confirm(`Удалить синоним «${joined(synonym)}»? Поиск перестанет находить по нему товары.`)
        )
          e.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={synonym.id} />
      <Link className="button small secondary" to={`?edit=${synonym.id}`}>
        Изменить
      </Link>
      <button className="button small secondary" name="intent" value="delete" disabled={busy}>
        Удалить
      </button>
    </Form>
  );
}

const rows = createColumnHelper<ListFeatures, SearchSynonym>();
const columns = rows.columns([
  rows.accessor('phrases', { header: 'Что ищут одинаково', cell: (c) => joined(c.row.original) }),
  rows.display({ id: 'actions', header: 'Действия', cell: (c) => <RowActions synonym={c.row.original} /> }),
]);

/**
 * «Синонимы поиска»: the form (new, or `?edit={id}`; field errors under it) and every synonym with its change and
 * delete buttons. Data: {@link clientLoader}; saves and deletes: {@link clientAction}.
 */
export default function SearchSynonyms() {
  const synonyms = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const errors = errorsOf(result);
  const [params] = useSearchParams();
  const editing = synonyms.find((s) => String(s.id) === params.get('edit'));
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <h1>Синонимы поиска</h1>
      <CatalogueTabs />
      <section className="panel">
        <h2>{editing ? `Изменить: ${joined(editing)}` : 'Новый синоним'}</h2>
        <p className="muted">
          Слова и выражения, которые покупатели пишут по-разному, через «=». Товар, в названии, бренде,
          категории или цвете которого есть все слова одного выражения, находится и по остальным — на русском
          и казахском, с опечатками и латиницей. Например: «пуховик = куртка зимняя», «найк = Nike».
        </p>
        {result?.ok && (
          <p className="notice" role="status">
            Синоним сохранён — поиск уже находит по нему товары.
          </p>
        )}
        <Form
          method="post"
          noValidate
          className="product-form"
          key={`${editing?.id ?? 'new'}-${result?.ok ? result.at : ''}`}
        >
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <Field
            label="Слова и выражения через «=»"
            name="phrases"
            defaultValue={editing ? joined(editing) : ''}
            error={errors.phrases}
            hint="От 2 до 10 выражений, каждое не длиннее 60 символов"
            required
          />
          <FormAlert message={errors._form} />
          <button className="button" disabled={busy}>
            {editing ? 'Сохранить' : 'Добавить синоним'}
          </button>
        </Form>
        {editing && <Link to="?">Отменить изменение</Link>}
      </section>
      <section className="panel">
        <h2>Все синонимы</h2>
        <DataTable
          caption="Синонимы поиска"
          columns={columns}
          data={synonyms}
          rowId={(s) => String(s.id)}
          empty="Синонимов пока нет."
        />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
