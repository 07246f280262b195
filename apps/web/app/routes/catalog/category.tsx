import { data } from 'react-router';
import type { Banner } from '@kiim/contract';
import type { Route } from './+types/category';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor, notFoundOnApi404 } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { readListState } from '../../lib/list-url.ts';
import { apiQuery } from './listing.server.ts';
import { useRootData } from '../../lib/root-data.ts';
import { ProductListing } from '../../components/ProductListing.tsx';
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from '../../components/Breadcrumbs.tsx';
import { BannerPicture, pairBanners } from '../../components/BannerPicture.tsx';
import { metaLang, metaT, useT } from '../../lib/text.ts';
import { pageTexts, translateFor } from '../../lib/lang.server.ts';
import { canonicalLink } from '../../components/LangSwitch.tsx';

const SEGMENT = [
  { name: 'common.women', href: '/home-zhenshiny', slot: 'category-women' },
  { name: 'common.men', href: '/home-muzhchiny', slot: 'category-men' },
] as const;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaT(matches);
  if (!data) return [{ title: t('category.notFound') }];
  const c = data.list.category!;
  const page = data.state.page > 1 ? t('category.page', { page: data.state.page }) : '';
  const title = t('category.metaTitle', { name: c.name, page });
  const description = t('category.metaDescription', { name: c.name, count: data.list.total });
  const link = canonicalLink(
    `${data.origin}/category/${c.slug}${data.state.page > 1 ? `?page=${data.state.page}` : ''}`,
    metaLang(matches),
  );
  const canonical = link.href;
  return [
    { title },
    { name: 'description', content: description },
    link,
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { 'script:ld+json': breadcrumbJsonLd(data.crumbs, data.origin) },
  ];
};

/**
 * Product list of a category (spec §2, §4): filters, sort, view, page size and page from the URL (lib/list-url),
 * stock for the current city, the category banner of its gender (spec §9, with its mobile variant).
 * Unknown slug → the 404 screen; hand-edited bad values in the URL fall back to their defaults.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = readListState(new URL(request.url).searchParams);
  const api = apiFor(request, context);
  const [list, banners] = await Promise.all([
    api.products(apiQuery(state, currentCityId(request), params.slug)).catch(notFoundOnApi404),
    // Banners are decoration: a failure leaves the page without them.
    api
      .banners(['category-women', 'category-women-mobile', 'category-men', 'category-men-mobile'])
      .catch((): Banner[] => []),
  ]);
  if (!list.category) throw data(null, { status: 404 });
  const segment = SEGMENT[list.category.gender] ?? SEGMENT[0];
  const t = translateFor(request);
  const crumbs: Crumb[] = [
    { name: t('common.home'), href: '/' },
    { name: t(segment.name), href: segment.href },
    { name: list.category.name, href: `/category/${list.category.slug}` },
  ];
  const slotBanners = pairBanners(
    banners.filter((b) => b.slot === segment.slot),
    banners.filter((b) => b.slot === `${segment.slot}-mobile`),
  );
  return {
    list,
    state,
    crumbs,
    banner: slotBanners[0] ?? null,
    origin: siteOrigin(request),
    texts: pageTexts(request, ['category', 'listing']),
  };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { list, state, crumbs, banner } = loaderData;
  const root = useRootData();
  const category = list.category!;
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <div className="list-head">
        <h1>
          {category.name} <span className="muted count">{list.total}</span>
        </h1>
      </div>
      {banner && (
        <BannerPicture banner={banner.banner} mobile={banner.mobile} className="banner--strip" priority />
      )}
      <ProductListing
        path={`/category/${category.slug}`}
        state={state}
        list={list}
        cityName={root?.city?.name ?? t('common.yourCity')}
        empty={<p>{t('category.empty')}</p>}
        banner={banner !== null}
      />
    </>
  );
}
