import { Link, useLoaderData } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { CATEGORY_KIND_NAME, CategoryInput, type AdminCategory } from '@kiim/contract';
import type { Route } from './+types/catalogue-categories';
import { screenData } from '../lib/api.ts';
import { structureAction } from '../lib/structure.ts';
import type { ListFeatures } from '../components/DataTable.tsx';
import { Field, SelectField } from '../components/Form.tsx';
import { PackagingFields } from '../components/PackagingFields.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { StructureRow } from '../components/StructureRow.tsx';
import {
  NameCell,
  NameFields,
  StructureForm,
  StructureList,
  StructureScreen,
  useEditing,
  useFormAnswer,
} from '../components/StructureScreen.tsx';

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
        <NameCell
          name={c.getValue()}
          nameKk={c.row.original.nameKk}
          extra={<small>/category/{c.row.original.slug}</small>}
        />
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
  const editing = useEditing(categories);
  const lastInSegment = new Map<number, number>();
  for (const c of categories)
    lastInSegment.set(c.gender, Math.max(lastInSegment.get(c.gender) ?? 0, c.position));
  return (
    <StructureScreen
      title="Категории"
      hint="Категория — вид одежды в разделе «Женщинам» или «Мужчинам»; её товары берут раздел и вид из неё. Скрытая категория не видна в меню и списках магазина. Удалить можно только пустую категорию, на которую не ведут баннеры."
      form={<CategoryForm key={editing?.id ?? 'new'} editing={editing} />}
    >
      {[0, 1].map((gender) => (
        <StructureList
          key={gender}
          heading={SEGMENT_NAME[gender]!}
          caption={`Категории: ${SEGMENT_NAME[gender]}`}
          columns={columns(lastInSegment)}
          data={categories.filter((c) => c.gender === gender)}
          empty="Категорий пока нет: добавьте первую."
        />
      ))}
    </StructureScreen>
  );
}

/** The fields of a new category or of the one being edited. */
function CategoryForm({ editing }: { editing: AdminCategory | undefined }) {
  const { errors } = useFormAnswer();
  const text = (name: keyof AdminCategory) => String(editing?.[name] ?? '');
  return (
    <StructureForm editing={editing} newTitle="Новая категория" addLabel="Добавить категорию">
      <NameFields name={text('name')} nameKk={text('nameKk')} errors={errors} />
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
      <PackagingFields
        value={editing?.packaging}
        errors={errors}
        hint="Для расчёта доставки транспортной компанией. Пустое поле — обычное значение для этого вида одежды."
      />
    </StructureForm>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
