import { type ProductList, type ProductListQuery } from '@kiim/contract';
import { compareSizes } from './size.order.ts';
import type { DbOrTrx } from '#app/db/database.ts';
import { cachedAnswer } from '../catalog.cache.ts';
import { sql, type SqlBool } from 'kysely';
import { hasUnitsInCity } from '#app/modules/inventory/inventory.expressions.ts';
import * as listing from '../catalog.listing.repository.ts';
import {
  filterConditions,
  inStockCondition,
  type ProductFilter,
  type StockScope,
} from '../catalog.listing.repository.ts';
import { lowestOriginalPrice, lowestPrice } from '../catalog.prices.expressions.ts';
import * as repo from '../catalog.repository.ts';
import { scopeOf, toProductCard } from '../catalog.mapper.ts';
import { publishedRatings } from './model.repository.ts';
import { searchTermGroups } from '../catalog.search.ts';
import { requireCity } from '../catalog.service.ts';
import { loadDictionaries } from './model.ts';
import { filterOf, sizeWords, toFacets, withSizesOfText } from './listing.filter.ts';

// The SQL listing, the read model's test oracle (docs/decisions/039): the same answer computed by SQL over the
// catalogue tables, for the property tests that hold the model to it. It is no production path.

/**
 * Counts of the products matching the filter: `total`, and how many of them are discounted and in stock in
 * the scope's city (what `discount=1` / `inStock=1` would leave).
 */
async function countProducts(
  db: DbOrTrx,
  filter: ProductFilter,
  scope: StockScope,
): Promise<{ total: number; discount: number; inStock: number }> {
  const row = await db
    .selectFrom('product as p')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<number>`coalesce(sum(case when ${lowestOriginalPrice} > ${lowestPrice} then 1 else 0 end), 0)`.as(
        'discount',
      ),
      sql<number>`coalesce(sum(case when ${inStockCondition(eb, scope)} then 1 else 0 end), 0)`.as(
        'in_stock',
      ),
    ])
    .where((eb) => eb.and(filterConditions(eb, filter, scope)))
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), discount: Number(row.discount), inStock: Number(row.in_stock) };
}

/** Product counts per category id, per brand id or per colour (name and a hex), leaving that filter out. */
async function facetCounts(
  db: DbOrTrx,
  dimension: 'category' | 'brand' | 'colour',
  filter: ProductFilter,
  scope: StockScope,
): Promise<{ key: string; hex: string; count: number }[]> {
  const column = ({ category: 'p.category_id', brand: 'p.brand_id', colour: 'p.colour_name' } as const)[
    dimension
  ];
  const rows = await db
    .selectFrom('product as p')
    .select((eb) => [
      sql<string | number>`${sql.ref(column)}`.as('key'),
      eb.fn.min('p.colour_hex').as('hex'),
      eb.fn.countAll().as('n'),
    ])
    .where((eb) => eb.and(filterConditions(eb, filter, scope, dimension)))
    .groupBy(column)
    .execute();
  return rows.map((r) => ({ key: String(r.key), hex: String(r.hex), count: Number(r.n) }));
}

/**
 * Product counts per size label, leaving the size filter out (with `inStock`, counting only sizes in stock in
 * the city), in size order (compareSizes, then the lowest `size_order` the label has).
 */
async function sizeFacet(
  db: DbOrTrx,
  filter: ProductFilter,
  scope: StockScope,
): Promise<{ size: string; count: number }[]> {
  const city = filter.inStock ? scope.regionalCityId : undefined;
  const rows = await db
    .selectFrom('product as p')
    .innerJoin('sku as s', 's.product_id', 'p.id')
    .select((eb) => [
      's.size',
      eb.fn.count<number>('p.id').distinct().as('n'),
      eb.fn.min('s.size_order').as('o'),
    ])
    .where((eb) => eb.and(filterConditions(eb, filter, scope, 'size')))
    .$if(city !== undefined, (qb) =>
      qb.where((eb) => (city === null ? sql<SqlBool>`1 = 0` : hasUnitsInCity(eb.ref('s.id'), city!))),
    )
    .groupBy('s.size')
    .orderBy('o')
    .orderBy('s.size')
    .execute();
  return rows
    .sort((a, b) => compareSizes(a.size, Number(a.o), b.size, Number(b.o)))
    .map((r) => ({ size: r.size, count: Number(r.n) }));
}

/** Lowest and highest selling price of the products matching the filter without its price bounds; null when none. */
async function priceRange(
  db: DbOrTrx,
  filter: ProductFilter,
  scope: StockScope,
): Promise<{ min: number; max: number } | null> {
  const row = await db
    .selectFrom('product as p')
    .select((eb) => [eb.fn.min(lowestPrice).as('min'), eb.fn.max(lowestPrice).as('max')])
    .where((eb) => eb.and(filterConditions(eb, filter, scope, 'price')))
    .executeTakeFirst();
  return row && row.min !== null && row.max !== null ? { min: Number(row.min), max: Number(row.max) } : null;
}

/** Categories, brands and colours of the catalogue, for turning filter slugs into ids and names (cached). */
const dictionaries = (db: DbOrTrx) => cachedAnswer(db, 'dictionaries', () => loadDictionaries(db));

/**
 * One page of active products (spec §4 sorts, §9 page sizes) as cards with stock for `query.cityId`, with the
 * total and the facet counts of the filters (see ProductListQuery for every parameter). Unknown brand, colour
 * and category filter slugs match nothing; prices are whole tenge. `pageCount` is 0 when nothing matches; a page
 * past the end is empty.
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Категория не найдена» for an unknown
 *   `category`.
 */
export async function listProductsSql(db: DbOrTrx, asked: ProductListQuery): Promise<ProductList> {
  const city = await requireCity(db, asked.cityId);
  const dict = await dictionaries(db);
  // Sizes named in the text, from the active products' SKUs as the model reads them.
  const sizeLabels = await db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .where('product.is_active', '=', 1)
    .select('sku.size')
    .distinct()
    .execute();
  const words = sizeWords(
    sizeLabels.map((r) => r.size),
    await repo.searchVocabulary(db),
  );
  const sized = withSizesOfText(words, asked);
  const query = sized.query;
  const groups = sized.text === undefined ? undefined : await searchTermGroups(db, sized.text);
  const { category, filter } = filterOf(dict, query, groups);
  const scope = scopeOf(city);
  // The category facet never leaves out the page's own category (only the shopper's `categorySlug`).
  const categoryFacetFilter = category ? { ...filter, categoryIds: [category.id] } : filter;
  const [counts, rows, byCategory, byBrand, byColour, sizes, price] = await Promise.all([
    countProducts(db, filter, scope),
    listing.listProductPage(db, filter, scope, query.sort, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    category ? Promise.resolve(null) : facetCounts(db, 'category', categoryFacetFilter, scope),
    facetCounts(db, 'brand', filter, scope),
    facetCounts(db, 'colour', filter, scope),
    sizeFacet(db, filter, scope),
    priceRange(db, filter, scope),
  ]);
  const ids = rows.map((r) => r.id);
  const [images, ratings] = await Promise.all([repo.firstImages(db, ids), publishedRatings(db, ids)]);
  const rated = rows.map((r) => ({
    ...r,
    rating_sum: ratings.get(r.id)?.sum ?? 0,
    rating_count: ratings.get(r.id)?.count ?? 0,
  }));
  const visible = city.visible_for_customers === 1;
  const ownCategory = category ? [{ key: String(category.id), hex: '', count: counts.total }] : [];
  return {
    items: rated.map((r) => toProductCard(r, dict.brands.get(r.brand_id)!, images.get(r.id), r, visible)),
    total: counts.total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(counts.total / query.pageSize),
    category,
    facets: toFacets(dict, counts, byCategory ?? ownCategory, byBrand, byColour, sizes, price),
    ...(sized.taken ? { sizesFromText: sized.taken } : {}),
  };
}
