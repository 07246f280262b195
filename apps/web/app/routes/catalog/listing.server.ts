import { ApiError, ErrorCode, type ProductList, type ProductListParams } from '@kiim/contract';
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

/**
 * The list of `query`, or an empty one when the shop has no such city — a shop started empty (AUTO_SEED=false)
 * before staff added its first city has none, and its search page showed the error page.
 * @throws what the API throws otherwise.
 */
export async function productsOrEmpty(
  products: (q: ProductListParams) => Promise<ProductList>,
  query: ProductListParams,
): Promise<ProductList> {
  try {
    return await products(query);
  } catch (err) {
    if (!(err instanceof ApiError) || err.body.code !== ErrorCode.cityNotFound) throw err;
    const facets = {
      categories: [],
      brands: [],
      colours: [],
      sizes: [],
      price: null,
      discountCount: 0,
      inStockCount: 0,
    };
    return {
      items: [],
      total: 0,
      page: 1,
      pageSize: query.pageSize ?? 60,
      pageCount: 0,
      category: null,
      facets,
    };
  }
}
