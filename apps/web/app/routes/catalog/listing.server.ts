import type { ProductListParams } from '@kiim/contract';
import type { ListState } from '../../lib/list-url.ts';

// The API query of a list page (category, search, brand list) from the state its URL holds (lib/list-url.ts).

/** The API query of a list state for one city (and a category page's slug). */
export function apiQuery(state: ListState, cityId: number, category?: string): ProductListParams {
  return {
    category,
    cityId,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
    brand: state.brand.length ? state.brand : undefined,
    size: state.size.length ? state.size : undefined,
    colour: state.colour.length ? state.colour : undefined,
    categorySlug: state.categorySlug.length ? state.categorySlug : undefined,
    priceMin: state.priceMin,
    priceMax: state.priceMax,
    discount: state.discount || undefined,
    inStock: state.inStock || undefined,
    q: state.q,
    gender: state.gender,
  };
}
