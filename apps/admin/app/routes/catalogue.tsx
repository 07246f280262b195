import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminCatalogueOptions, AdminProductPage, AdminProductRow } from '@kiim/contract';
import { formatPrice } from '@kiim/contract/format';
import type { Route } from './+types/catalogue';
import { screenData } from '../lib/api.ts';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { Field, SelectField } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { CatalogueTabs } from '../components/CatalogueTabs.tsx';

const FILTERS = ['q', 'categoryId', 'brandId', 'gender', 'published', 'inStock', 'page'] as const;

/**
 * Products, published or not (permission catalogue.edit): search by words of the name, the address or a size's
 * code, filters kept in the address (`?q=…&categoryId=3&published=no&page=2`) so a view can be shared.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = new URLSearchParams();
  for (const k of FILTERS) if (params.get(k)) q.set(k, params.get(k)!);
  const [page, options] = await Promise.all([
    screenData<AdminProductPage>(`/catalogue/products?${q}`),
    screenData<AdminCatalogueOptions>('/catalogue/options'),
  ]);
  return { page, options };
}

const GENDER_NAME: Record<number, string> = { 0: 'Женщинам', 1: 'Мужчинам' };
const rows = createColumnHelper<ListFeatures, AdminProductRow>();
const columns = rows.columns([
  rows.accessor('thumbnail', {
    header: 'Фото',
    cell: (c) =>
      c.getValue() ? <img src={c.getValue()!} alt="" width={48} height={64} className="thumb" /> : '—',
  }),
  rows.accessor('name', {
    header: 'Товар',
    cell: (c) => (
      <>
        <Link to={`/catalogue/${c.row.original.id}`}>
          <strong>{c.getValue()}</strong>
        </Link>
        <br />
        <small>
          {c.row.original.brand} · {c.row.original.category} · {GENDER_NAME[c.row.original.gender]}
        </small>
      </>
    ),
  }),
  rows.accessor('price', {
    header: 'Цена',
    cell: (c) => (
      <>
        {formatPrice(c.getValue())}
        {c.row.original.originalPrice > c.getValue() && (
          <>
            {' '}
            <s>{formatPrice(c.row.original.originalPrice)}</s>
          </>
        )}
      </>
    ),
  }),
  rows.accessor('units', { header: 'Остаток, шт.', cell: (c) => c.getValue() }),
  rows.accessor('published', {
    header: 'В магазине',
    cell: (c) => (c.getValue() ? 'Опубликован' : 'Скрыт'),
  }),
]);

export default function Catalogue() {
  const { page, options } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <div className="title-row">
        <h1>Каталог</h1>
        <Link className="button" to="/catalogue/new">
          Новый товар
        </Link>
      </div>
      <CatalogueTabs />
      <ProductFilters options={options} />
      <section className="panel">
        <p className="hint">Найдено: {page.total}</p>
        <DataTable
          caption="Товары"
          columns={columns}
          data={page.items}
          rowId={(p) => String(p.id)}
          empty="Ничего не нашлось. Измените условия поиска."
        />
        <Pager label="Страницы списка" page={page.page} pageCount={page.pageCount} />
      </section>
    </>
  );
}

/** The search and filters of the list, kept in the address. */
function ProductFilters({ options }: { options: AdminCatalogueOptions }) {
  const [params] = useSearchParams();
  const value = (k: string) => params.get(k) ?? '';
  return (
    <Form method="get" className="panel filters" key={params.toString()} role="search">
      <Field label="Поиск" name="q" defaultValue={value('q')} placeholder="Название, адрес или код размера" />
      <SelectField
        label="Категория"
        name="categoryId"
        defaultValue={value('categoryId')}
        options={[
          ['', 'Все'],
          ...options.categories.map((c) => [String(c.id), `${c.name} (${GENDER_NAME[c.gender]})`] as const),
        ]}
      />
      <SelectField
        label="Бренд"
        name="brandId"
        defaultValue={value('brandId')}
        options={[['', 'Все'], ...options.brands.map((b) => [String(b.id), b.name] as const)]}
      />
      <SelectField
        label="Пол"
        name="gender"
        defaultValue={value('gender')}
        options={[
          ['', 'Все'],
          ['0', 'Женщинам'],
          ['1', 'Мужчинам'],
        ]}
      />
      <SelectField
        label="В магазине"
        name="published"
        defaultValue={value('published')}
        options={[
          ['', 'Все'],
          ['yes', 'Опубликованные'],
          ['no', 'Скрытые'],
        ]}
      />
      <SelectField
        label="Наличие"
        name="inStock"
        defaultValue={value('inStock')}
        options={[
          ['', 'Все'],
          ['yes', 'Есть в наличии'],
          ['no', 'Нет в наличии'],
        ]}
      />
      <button className="button" type="submit">
        Показать
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
