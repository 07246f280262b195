import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { CATEGORY_KIND_NAME, CategoryInput, type AdminCategory } from '@kiim/contract';
import type { Route } from './+types/catalogue-categories';
import { screenData } from '../lib/api.ts';
import { errorsOf } from '../lib/form.ts';
import { structureAction } from '../lib/structure.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { CatalogueTabs } from '../components/CatalogueTabs.tsx';
import { Field, FormAlert, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { StructureRow } from '../components/StructureRow.tsx';

/** Categories by segment (permission catalogue.edit, issue 27); `?edit={id}` opens one in the form. */
export async function clientLoader() {
  return (await screenData<{ items: AdminCategory[] }>('/catalogue/categories')).items;
}

/** Create a category, save the one being edited, or a row's button: up, down, show, hide, delete. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return structureAction('categories', CategoryInput, await request.formData());
}

/** The storefront's gender segments (spec §3: 0 women, 1 men). */
const SEGMENT_NAME = ['Женщинам', 'Мужчинам'] as const;

/** Where a category page's banner slot shows (spec §9), as staff read it. */
const SLOT_NAME: Record<string, string> = {
  'category-women': 'над категориями для женщин',
  'category-women-mobile': 'то же на телефоне',
  'category-men': 'над категориями для мужчин',
  'category-men-mobile': 'то же на телефоне',
};

const rows = createColumnHelper<ListFeatures, AdminCategory>();
const columns = (lastInSegment: ReadonlyMap<number, number>) =>
  rows.columns([
    rows.accessor('position', { header: '№' }),
    rows.accessor('name', {
      header: 'Категория',
      cell: (c) => (
        <>
          <strong>{c.getValue()}</strong>
          <br />
          {c.row.original.nameKk && <small lang="kk">{c.row.original.nameKk}</small>}
          <br />
          <small>/category/{c.row.original.slug}</small>
        </>
      ),
    }),
    rows.accessor('kind', { header: 'Вид одежды', cell: (c) => CATEGORY_KIND_NAME[c.getValue()] ?? '' }),
    rows.accessor('productCount', { header: 'Товаров' }),
    rows.accessor('bannerSlots', {
      header: 'Баннеры',
      cell: (c) => (
        <small>
          <Link to="/catalogue/banners">
            {c
              .getValue()
              .map((s) => SLOT_NAME[s] ?? s)
              .join('; ')}
          </Link>
        </small>
      ),
    }),
    rows.accessor('hidden', { header: 'В меню', cell: (c) => (c.getValue() ? 'Скрыта' : 'Видна') }),
    rows.display({
      id: 'actions',
      header: 'Действия',
      cell: (c) => {
        const r = c.row.original;
        return (
          <StructureRow
            id={r.id}
            name={r.name}
            hidden={r.hidden}
            movable
            first={r.position === 1}
            last={r.position === lastInSegment.get(r.gender)}
          />
        );
      },
    }),
  ]);

export default function Categories() {
  const categories = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const [params] = useSearchParams();
  const editing = categories.find((c) => String(c.id) === params.get('edit'));
  const lastInSegment = new Map<number, number>();
  for (const c of categories)
    lastInSegment.set(c.gender, Math.max(lastInSegment.get(c.gender) ?? 0, c.position));
  return (
    <>
      <h1>Категории</h1>
      <CatalogueTabs />
      <p className="hint">
        Категория — вид одежды в разделе «Женщинам» или «Мужчинам»; её товары берут раздел и вид из неё.
        Скрытая категория не видна в меню и списках магазина. Удалить можно только пустую категорию, на
        которую не ведут баннеры.
      </p>
      <CategoryForm key={editing?.id ?? 'new'} editing={editing} />
      {result?.source === 'row' && <FormAlert message={errorsOf(result)._form} />}
      {[0, 1].map((gender) => (
        <section className="panel" key={gender}>
          <h2>{SEGMENT_NAME[gender]}</h2>
          <DataTable
            caption={`Категории: ${SEGMENT_NAME[gender]}`}
            columns={columns(lastInSegment)}
            data={categories.filter((c) => c.gender === gender)}
            rowId={(c) => String(c.id)}
            empty="Категорий пока нет: добавьте первую."
          />
        </section>
      ))}
    </>
  );
}

/** The form of a new category or of the one being edited. */
function CategoryForm({ editing }: { editing: AdminCategory | undefined }) {
  const answer = useActionData<typeof clientAction>();
  const result = answer?.source === 'form' ? answer : undefined;
  const errors = errorsOf(result);
  const busy = useNavigation().state !== 'idle';
  const text = (name: keyof AdminCategory) => String(editing?.[name] ?? '');
  return (
    <section className="panel">
      <h2>{editing ? `Изменить: ${editing.name}` : 'Новая категория'}</h2>
      {/* Remounted when the saved row comes back from the loader, so the fields show what is stored. */}
      <Form
        method="post"
        noValidate
        className="product-form"
        key={`${editing ? JSON.stringify(editing) : 'new'}-${result?.ok ? result.at : ''}`}
      >
        {editing && <input type="hidden" name="id" value={editing.id} />}
        <Field label="Название" name="name" defaultValue={text('name')} error={errors.name} />
        <Field
          label="Название на казахском"
          name="nameKk"
          lang="kk"
          defaultValue={text('nameKk')}
          hint="Пусто — казахская версия магазина покажет русское название."
          error={errors.nameKk}
        />
        <Field
          label="Адрес страницы: /category/…"
          name="slug"
          defaultValue={text('slug')}
          placeholder="zhenskie-platya"
          hint="Ссылки баннеров на старый адрес перестанут работать — поправьте их."
          error={errors.slug}
        />
        <SelectField
          label="Раздел"
          name="gender"
          defaultValue={text('gender') || '0'}
          error={errors.gender}
          options={SEGMENT_NAME.map((n, i) => [String(i), n] as const)}
        />
        <SelectField
          label="Вид одежды"
          name="kind"
          defaultValue={text('kind') || '3'}
          error={errors.kind}
          options={CATEGORY_KIND_NAME.map((n, i) => [String(i), n] as const)}
        />
        <label className="check">
          <input type="checkbox" name="hidden" defaultChecked={editing?.hidden} /> Скрыть в магазине
        </label>
        <FormAlert message={errors._form} />
        <button className="button" disabled={busy}>
          {editing ? 'Сохранить' : 'Добавить категорию'}
        </button>
        {result?.ok && !busy && <span role="status"> Сохранено</span>}
      </Form>
      {editing && <Link to="?">Отменить изменение</Link>}
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
