import { Form, Link, data } from 'react-router';
import { SORTS } from '@kiim/contract/enums';
import type { Sort } from '@kiim/contract';
import type { Route } from './+types/category';
import { apiFor, notFoundOnApi404 } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { withQuery } from '../../lib/url.ts';
import { ProductGrid } from '../../components/ProductCard.tsx';

/** Russian names of the sorts of spec §4. */
const SORT_LABELS: Record<Sort, string> = {
  default: 'По умолчанию',
  'price-asc': 'Сначала дешевле',
  'price-desc': 'Сначала дороже',
  'regional-availability': 'Сначала в наличии',
  'new-arrivals': 'Новинки',
  'discount-desc': 'По размеру скидки',
};

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.list.category?.name ?? 'Каталог'} — купить в интернет-магазине Kiim` : 'Kiim' },
];

/**
 * Product list of a category (spec §2): sort and page from the URL (spec §4 sorts; page size 60, spec §9).
 * Unknown slug → 404 screen; an unknown sort or page falls back to the defaults.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sortParam = url.searchParams.get('sort') ?? 'default';
  const sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as Sort) : 'default';
  const pageParam = Number(url.searchParams.get('page') ?? 1);
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const list = await apiFor(request, context)
    .products({ category: params.slug, cityId: currentCityId(request), sort, page })
    .catch(notFoundOnApi404);
  if (!list.category) throw data(null, { status: 404 });
  return { list, sort };
}

export default function CategoryPage({ loaderData, params }: Route.ComponentProps) {
  const { list, sort } = loaderData;
  const pageHref = (page: number) => withQuery(`/category/${params.slug}`, { sort: sort === 'default' ? undefined : sort, page: page > 1 ? page : undefined });
  return (
    <>
      <nav className="breadcrumbs" aria-label="Навигация">
        <Link to="/">Главная</Link>
        <span aria-hidden="true">/</span>
        <span>{list.category?.name}</span>
      </nav>
      <div className="list-head">
        <h1>
          {list.category?.name} <span className="muted count">{list.total}</span>
        </h1>
        <Form method="get" className="sort-form" onChange={(e) => e.currentTarget.requestSubmit()}>
          <label>
            <span className="visually-hidden">Сортировка</span>
            <select name="sort" defaultValue={sort} aria-label="Сортировка">
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="button">Показать</button>
          </noscript>
        </Form>
      </div>
      {list.items.length ? <ProductGrid products={list.items} /> : <p>В этой категории пока нет товаров.</p>}
      {list.pageCount > 1 && (
        <nav className="pagination" aria-label="Страницы">
          {Array.from({ length: list.pageCount }, (_, i) => i + 1).map((p) =>
            p === list.page ? (
              <span key={p} aria-current="page" className="pagination__current">
                {p}
              </span>
            ) : (
              <Link key={p} to={pageHref(p)}>
                {p}
              </Link>
            ),
          )}
        </nav>
      )}
    </>
  );
}
