import {
  ErrorCode,
  ProductList,
  dataOf,
  type Category,
  type ListFacets,
  type ProductListQuery,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { slugify } from '#app/lib/slug.ts';
import { cachedAnswer, jsonAnswer } from './catalog.cache.ts';
import * as listing from './catalog.listing.repository.ts';
import * as repo from './catalog.repository.ts';
import { toCategory, toProductCard } from './catalog.mapper.ts';
import { searchTermGroups } from './catalog.search.ts';
import { requireCity, scopeOf } from './catalog.service.ts';

// Product lists (spec §4 sorts and stock states, §9 page sizes): one category or gender, the shopper's filters
// and search text, facet counts for the filters, and the page of cards with stock for the city.

const ProductListAnswer = dataOf(ProductList);

/** Categories, brands and colours of the catalogue, for turning filter slugs into ids and names (cached). */
async function dictionaries(db: DbOrTrx) {
  return cachedAnswer(db, 'dictionaries', async () => {
    const [categories, brands, colours] = await Promise.all([
      repo.listCategories(db),
      repo.listBrandsWithCounts(db),
      repo.listColours(db),
    ]);
    return {
      categories: new Map(categories.map((c) => [c.id, c])),
      categoryBySlug: new Map(categories.map((c) => [c.slug, c])),
      brands: new Map(brands.map((b) => [b.id, b])),
      brandBySlug: new Map(brands.map((b) => [b.slug, b])),
      colours: colours.map((c) => ({ ...c, slug: slugify(c.name) })),
    };
  });
}

type Dictionaries = Awaited<ReturnType<typeof dictionaries>>;

/**
 * The page's category (`query.category`) and the filter of the query: filter slugs become ids and names
 * (unknown ones match nothing), the search text becomes term groups (a text without a searchable word finds
 * nothing rather than everything).
 * @throws AppError 404 «Категория не найдена» for an unknown `category`.
 */
async function filterOf(db: DbOrTrx, dict: Dictionaries, query: ProductListQuery) {
  let category: Category | null = null;
  if (query.category !== undefined) {
    const row = dict.categoryBySlug.get(query.category);
    if (!row) throw notFound(ErrorCode.notFound, 'Категория не найдена');
    category = toCategory(row);
  }
  const pick = <T>(slugs: readonly string[] | undefined, find: (slug: string) => T[]) =>
    slugs && slugs.flatMap(find);
  const filterCategories = pick(query.categorySlug, (s) =>
    dict.categoryBySlug.has(s) ? [dict.categoryBySlug.get(s)!.id] : [],
  );
  const filter: listing.ProductFilter = {
    categoryIds:
      category && filterCategories
        ? filterCategories.filter((id) => id === category!.id)
        : category
          ? [category.id]
          : filterCategories,
    gender: query.gender,
    brandIds: pick(query.brand, (s) => (dict.brandBySlug.has(s) ? [dict.brandBySlug.get(s)!.id] : [])),
    colourNames: pick(query.colour, (s) => dict.colours.filter((c) => c.slug === s).map((c) => c.name)),
    sizes: query.size,
    priceMin: query.priceMin,
    priceMax: query.priceMax,
    discount: query.discount,
    inStock: query.inStock,
  };
  if (query.q !== undefined) {
    const groups = await searchTermGroups(db, query.q);
    filter.termGroups = groups.length ? groups : [[]];
  }
  return { category, filter };
}

type FacetRows = Awaited<ReturnType<typeof listing.facetCounts>>;

/** Facet counts → the list's facets, each in display order (categories by gender and position; names in Russian order). */
function toFacets(
  dict: Dictionaries,
  counts: Awaited<ReturnType<typeof listing.countProducts>>,
  byCategory: FacetRows,
  byBrand: FacetRows,
  byColour: FacetRows,
  sizes: ListFacets['sizes'],
  price: ListFacets['price'],
): ListFacets {
  return {
    categories: byCategory
      .flatMap((f) => {
        const c = dict.categories.get(Number(f.key));
        return c
          ? [{ slug: c.slug, name: c.name, count: f.count, order: c.gender * 1000 + c.sort_order }]
          : [];
      })
      .sort((a, b) => a.order - b.order)
      .map(({ order: _order, ...rest }) => rest),
    brands: byBrand
      .flatMap((f) => {
        const b = dict.brands.get(Number(f.key));
        return b ? [{ slug: b.slug, name: b.name, count: f.count }] : [];
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
    sizes,
    colours: byColour
      .map((f) => ({ slug: slugify(f.key), name: f.key, hex: f.hex, count: f.count }))
      .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
    price,
    discountCount: counts.discount,
    inStockCount: counts.inStock,
  };
}

/**
 * One page of active products (spec §4 sorts, §9 page sizes) as cards with stock for `query.cityId`, with the
 * total and the facet counts of the filters (see ProductListQuery for every parameter). Unknown brand, colour
 * and category filter slugs match nothing; prices are whole tenge. `pageCount` is 0 when nothing matches; a page
 * past the end is empty.
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Категория не найдена» for an unknown
 *   `category`.
 */
async function listProducts(db: DbOrTrx, query: ProductListQuery): Promise<ProductList> {
  const city = await requireCity(db, query.cityId);
  const dict = await dictionaries(db);
  const { category, filter } = await filterOf(db, dict, query);
  const scope = scopeOf(city);
  // The category facet never leaves out the page's own category (only the shopper's `categorySlug`).
  const categoryFacetFilter = category ? { ...filter, categoryIds: [category.id] } : filter;
  const [counts, rows, byCategory, byBrand, byColour, sizes, price] = await Promise.all([
    listing.countProducts(db, filter, scope),
    listing.listProductPage(db, filter, scope, query.sort, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    category ? Promise.resolve(null) : listing.facetCounts(db, 'category', categoryFacetFilter, scope),
    listing.facetCounts(db, 'brand', filter, scope),
    listing.facetCounts(db, 'colour', filter, scope),
    listing.sizeFacet(db, filter, scope),
    listing.priceRange(db, filter, scope),
  ]);
  const images = await repo.firstImages(
    db,
    rows.map((r) => r.id),
  );
  const visible = city.visible_for_customers === 1;
  const ownCategory = category ? [{ key: String(category.id), hex: '', count: counts.total }] : [];
  return {
    items: rows.map((r) => toProductCard(r, dict.brands.get(r.brand_id)!, images.get(r.id), r, visible)),
    total: counts.total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(counts.total / query.pageSize),
    category,
    facets: toFacets(dict, counts, byCategory ?? ownCategory, byBrand, byColour, sizes, price),
  };
}

/**
 * The answer of `GET /api/catalog/products` as UTF-8 JSON (`{"data": ProductList}`), checked against the
 * contract once and cached per catalogue version (docs/decisions/008): repeated lists cost one version read.
 * @throws what {@link listProducts} throws (errors are never cached).
 */
export function listProductsJson(db: DbOrTrx, query: ProductListQuery): Promise<Buffer> {
  return cachedAnswer(db, `list:${JSON.stringify(query)}`, async () =>
    jsonAnswer(ProductListAnswer, { data: await listProducts(db, query) }),
  );
}
