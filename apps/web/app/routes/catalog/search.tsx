import { Link, redirect } from 'react-router';
import type { Route } from './+types/search';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { readListState } from '../../lib/list-url.ts';
import { apiQuery, productsOrEmpty } from './listing.server.ts';
import { useRootData } from '../../lib/root-data.ts';
import { ProductListing } from '../../components/ProductListing.tsx';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { metaLang, metaT, useT } from '../../lib/text.ts';
import { pageTexts, translateFor } from '../../lib/lang.server.ts';
import { canonicalLink } from '../../components/LangSwitch.tsx';

export const meta: Route.MetaFunction = ({ data, matches }) => [
  {
    title: data ? metaT(matches)('common.titleSuffix', { title: data.title }) : metaT(matches)('search.meta'),
  },
  { name: 'robots', content: 'noindex, follow' },
  ...(data ? [canonicalLink(`${data.origin}/search`, metaLang(matches))] : []),
];

/**
 * Search results and catalogue-wide lists (`/search?q=…`, also `?brand=…` from the brands page and banner
 * links such as `?discount=1`): the same filters, sorts, views and pages as a category (spec §4), across
 * categories with a category filter. The search reads Russian word forms, small typos and the wrong keyboard
 * layout (API `q`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = readListState(url.searchParams);
  const api = apiFor(request, context);
  const [list, categories] = await Promise.all([
    productsOrEmpty((q) => api.products(q), apiQuery(state, currentCityId(request))),
    api.categoryTree().catch(() => []),
  ]);
  if (list.sizesFromText) throw redirect(withSizesInUrl(url, list.sizesFromText));
  const brand =
    state.brand.length === 1 ? list.facets.brands.find((b) => b.slug === state.brand[0])?.name : undefined;
  const t = translateFor(request);
  const segment = state.gender === 0 ? t('common.women') : state.gender === 1 ? t('common.men') : undefined;
  const newArrivals =
    state.gender === 0
      ? 'search.newArrivalsWomen'
      : state.gender === 1
        ? 'search.newArrivalsMen'
        : 'search.newArrivals';
  const title = state.q
    ? t('search.results', { q: state.q })
    : brand
      ? `${brand}${segment ? `: ${segment.toLowerCase()}` : ''}`
      : state.discount
        ? t('search.discounted')
        : state.sort === 'new-arrivals'
          ? t(newArrivals)
          : t('search.all');
  return {
    list,
    state,
    title,
    categories,
    origin: siteOrigin(request),
    texts: pageTexts(request, ['search', 'listing']),
  };
}

/**
 * The page's address with the sizes the search text named moved into the size filter («джинсы 28» →
 * `?q=джинсы&size=W28`; issue 35 item 3), so they show as chosen filters the shopper can remove; the first page.
 */
function withSizesInUrl(url: URL, taken: { q: string; sizes: string[] }): string {
  const params = new URLSearchParams(url.searchParams);
  if (taken.q) params.set('q', taken.q);
  else params.delete('q');
  const chosen = new Set(params.getAll('size'));
  for (const size of taken.sizes) if (!chosen.has(size)) params.append('size', size);
  params.delete('page');
  return `${url.pathname}?${params.toString()}`;
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { list, state, title, categories } = loaderData;
  const root = useRootData();
  return (
    <>
      <Breadcrumbs
        items={[{ name: t('common.home'), href: '/' }, { name: state.q ? t('search.search') : title }]}
      />
      <div className="list-head">
        <h1>
          {title} <span className="muted count">{list.total}</span>
        </h1>
      </div>
      <ProductListing
        path="/search"
        state={state}
        list={list}
        cityName={root?.city?.name ?? t('common.yourCity')}
        showCategories
        empty={
          <>
            <p>
              {state.q ? t('search.nothingFor', { q: state.q }) : t('search.nothing')} {t('search.tryAgain')}
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
