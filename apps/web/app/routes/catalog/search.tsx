import { Link } from 'react-router';
import type { Route } from './+types/search';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { readListState } from '../../lib/list-url.ts';
import { apiQuery } from './listing.server.ts';
import { useRootData } from '../../lib/root-data.ts';
import { ProductListing } from '../../components/ProductListing.tsx';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.title} — Kiim` : 'Поиск — Kiim' },
  { name: 'robots', content: 'noindex, follow' },
  ...(data ? [{ tagName: 'link', rel: 'canonical', href: `${data.origin}/search` }] : []),
];

/**
 * Search results and catalogue-wide lists (`/search?q=…`, also `?brand=…` from the brands page and banner
 * links such as `?discount=1`): the same filters, sorts, views and pages as a category (spec §4), across
 * categories with a category filter. The search reads Russian word forms, small typos and the wrong keyboard
 * layout (API `q`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = readListState(new URL(request.url).searchParams);
  const api = apiFor(request, context);
  const [list, categories] = await Promise.all([
    api.products(apiQuery(state, currentCityId(request))),
    api.categoryTree().catch(() => []),
  ]);
  const brand = state.brand.length === 1 ? list.facets.brands.find((b) => b.slug === state.brand[0])?.name : undefined;
  const segment = state.gender === 0 ? 'Женщинам' : state.gender === 1 ? 'Мужчинам' : undefined;
  const title = state.q
    ? `Результаты поиска «${state.q}»`
    : brand
      ? `${brand}${segment ? `: ${segment.toLowerCase()}` : ''}`
      : state.discount
        ? 'Товары со скидкой'
        : state.sort === 'new-arrivals'
          ? `Новинки${segment ? `: ${segment.toLowerCase()}` : ''}`
          : 'Все товары';
  return { list, state, title, categories, origin: siteOrigin(request) };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { list, state, title, categories } = loaderData;
  const root = useRootData();
  return (
    <>
      <Breadcrumbs items={[{ name: 'Главная', href: '/' }, { name: state.q ? 'Поиск' : title }]} />
      <div className="list-head">
        <h1>
          {title} <span className="muted count">{list.total}</span>
        </h1>
      </div>
      <ProductListing
        path="/search"
        state={state}
        list={list}
        cityName={root?.city?.name ?? 'ваш город'}
        showCategories
        empty={
          <>
            <p>
              {state.q ? `По запросу «${state.q}» ничего не нашлось.` : 'Здесь пока ничего нет.'} Проверьте написание или загляните в
              разделы:
            </p>
            <ul className="empty__links">
              {categories.flatMap((node) =>
                node.categories.map((c) => (
                  <li key={c.slug}>
                    <Link to={`/category/${c.slug}`}>{c.name}</Link>
                  </li>
                )),
              )}
            </ul>
          </>
        }
      />
    </>
  );
}
