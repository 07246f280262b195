import type { AppLoadContext } from 'react-router';
import { PAGE_SIZE, type Banner, type BannerSlot, type BrandDetails, type ProductCard } from '@kiim/contract';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import type { HomeData } from '../../components/HomeView.tsx';

const SLOTS: Record<'all' | 0 | 1, BannerSlot[]> = {
  all: ['four-large-banners'],
  0: ['home-women', 'home-women-mobile'],
  1: ['home-men', 'home-men-mobile'],
};

/**
 * Home (spec §2): banners by slot, category tiles, sliders of new arrivals and the largest discounts in
 * the current city and the brand slider (home page size 15, spec §9). A `gender` narrows everything to one segment
 * (/home-{slug}). Banners and sliders are decoration: their failure leaves the page without them.
 */
export async function loadHome(
  request: Request,
  context: AppLoadContext,
  gender?: number,
): Promise<HomeData> {
  const api = apiFor(request, context);
  const cityId = currentCityId(request);
  const empty = { items: [] as ProductCard[] };
  const [banners, tree, arrivals, sale, brands] = await Promise.all([
    api.banners(SLOTS[gender === undefined ? 'all' : (gender as 0 | 1)]).catch((): Banner[] => []),
    api.categoryTree(gender),
    api.products({ gender, cityId, sort: 'new-arrivals', pageSize: PAGE_SIZE.home }).catch(() => empty),
    api
      .products({ gender, cityId, sort: 'discount-desc', discount: true, pageSize: PAGE_SIZE.home })
      .catch(() => empty),
    api.brands().catch((): BrandDetails[] => []),
  ]);
  // The brand slider (spec §2): brands with products, the most represented first.
  // Only what a tile shows travels to the page (no descriptions).
  const shown = brands
    .filter((b) => b.productCount > 0)
    .sort((a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name))
    .map(({ slug, name, country, productCount }) => ({ slug, name, country, productCount }));
  return { gender: gender ?? null, banners, tree, arrivals: arrivals.items, sale: sale.items, brands: shown };
}
