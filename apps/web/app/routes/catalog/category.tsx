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

const SEGMENT = [
  { name: 'Женщинам', href: '/home-zhenshiny', slot: 'category-women' },
  { name: 'Мужчинам', href: '/home-muzhchiny', slot: 'category-men' },
] as const;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: 'Категория не найдена — Kiim' }];
  const c = data.list.category!;
  const page = data.state.page > 1 ? ` — страница ${data.state.page}` : '';
  const title = `${c.name}${page} — купить в интернет-магазине Kiim`;
  const description = `${c.name}: ${data.list.total} моделей с ценами в тенге. Наличие в вашем городе, самовывоз и доставка курьером по Казахстану.`;
  const canonical = `${data.origin}/category/${c.slug}${data.state.page > 1 ? `?page=${data.state.page}` : ''}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
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
    api.banners(['category-women', 'category-women-mobile', 'category-men', 'category-men-mobile']).catch((): Banner[] => []),
  ]);
  if (!list.category) throw data(null, { status: 404 });
  const segment = SEGMENT[list.category.gender] ?? SEGMENT[0];
  const crumbs: Crumb[] = [
    { name: 'Главная', href: '/' },
    { name: segment.name, href: segment.href },
    { name: list.category.name, href: `/category/${list.category.slug}` },
  ];
  const slotBanners = pairBanners(
    banners.filter((b) => b.slot === segment.slot),
    banners.filter((b) => b.slot === `${segment.slot}-mobile`),
  );
  return { list, state, crumbs, banner: slotBanners[0] ?? null, origin: siteOrigin(request) };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
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
      {banner && <BannerPicture banner={banner.banner} mobile={banner.mobile} className="banner--strip" priority />}
      <ProductListing
        path={`/category/${category.slug}`}
        state={state}
        list={list}
        cityName={root?.city?.name ?? 'ваш город'}
        empty={<p>В этой категории пока нет товаров.</p>}
      />
    </>
  );
}

