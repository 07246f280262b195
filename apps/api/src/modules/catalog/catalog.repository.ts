import {
  sql,
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Sort } from '@kiim/contract';
import type { Database, DbOrTrx } from '#app/db/database.ts';
import {
  hasUnitsInCity,
  unitsInCity,
  unitsInVisibleCities,
} from '#app/modules/inventory/inventory.expressions.ts';
import type {
  BannerRow,
  BrandRow,
  CategoryRow,
  CityRow,
  PickupPointRow,
  ProductImageRow,
  ProductRow,
  ProductTable,
} from './catalog.table.ts';

// The only place with catalogue queries. Every function takes a database handle or a transaction first.
// Product lists read stock from the catalogue's summary `product_stock` (units per product and city) and
// `product.stock_global` (units over visible cities), kept exact by database triggers (docs/decisions/008);
// per-SKU stock (the product page, sizes in stock) is read through the inventory module's expressions, never
// from `stock` directly. Sums are cast to integer so both dialects answer numbers (PostgreSQL's sum and count
// are bigint).

/**
 * Which units count as stock for one request (spec §4):
 * - `regionalCityId`: the city whose units are "regional"; `null` when the requested city is hidden from
 *   customers, so no regional stock shows there;
 * - global units are always those of every city with `visible_for_customers = 1`.
 */
export interface StockScope {
  regionalCityId: number | null;
}

/**
 * Filter of a product list: active products matching every given condition (values within one condition are
 * alternatives). An empty list in a condition matches nothing.
 */
export interface ProductFilter {
  categoryIds?: readonly number[];
  gender?: number;
  /** Only these products (e.g. a wishlist's). */
  productIds?: readonly number[];
  brandIds?: readonly number[];
  colourNames?: readonly string[];
  sizes?: readonly string[];
  /** Selling price bounds, whole tenge, inclusive. */
  priceMin?: number;
  priceMax?: number;
  /** Only discounted products (price below original price). */
  discount?: boolean;
  /** Only products with units in the scope's regional city (and, with `sizes`, in one of those sizes). */
  inStock?: boolean;
  /** Search: for each group, the product has one of its terms (product_search_term). */
  termGroups?: readonly (readonly string[])[];
}

/** A filter that facets leave out when counting its own values (disjunctive facets). */
export type FacetDimension = 'category' | 'brand' | 'colour' | 'size' | 'price';

/** A product row with its stock units for a {@link StockScope} (exact units: never sent out). */
export type ProductWithStock = ProductRow & { regional: number; global: number };

/** A SKU with its stock units for a {@link StockScope}. */
export interface SkuWithStock {
  id: number;
  external_id: string;
  size: string;
  size_order: number;
  regional: number;
  global: number;
}

type ProductEb = ExpressionBuilder<Database & { p: ProductTable }, 'p'>;

/** `in (…)` that matches nothing for an empty list (never renders `in ()`, which is invalid SQL). */
const listOrNone = <T>(values: readonly T[], none: T): T[] => (values.length ? [...values] : [none]);

/** The product `p` has units in the regional city (never true in a hidden city). */
function inStockCondition(eb: ProductEb, scope: StockScope): Expression<SqlBool> {
  if (scope.regionalCityId === null) return sql<SqlBool>`1 = 0`;
  return eb.exists(
    eb
      .selectFrom('product_stock as fps')
      .select('fps.product_id')
      .whereRef('fps.product_id', '=', 'p.id')
      .where('fps.city_id', '=', scope.regionalCityId)
      .where('fps.quantity', '>', 0),
  );
}

/** Conditions of a filter over the product `p`, leaving out the dimension `except` (for its facet counts). */
function filterConditions(
  eb: ProductEb,
  f: ProductFilter,
  scope: StockScope,
  except?: FacetDimension,
): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [eb('p.is_active', '=', 1)];
  if (f.categoryIds && except !== 'category') c.push(eb('p.category_id', 'in', listOrNone(f.categoryIds, 0)));
  if (f.gender !== undefined) c.push(eb('p.gender', '=', f.gender));
  if (f.productIds) c.push(eb('p.id', 'in', listOrNone(f.productIds, 0)));
  if (f.brandIds && except !== 'brand') c.push(eb('p.brand_id', 'in', listOrNone(f.brandIds, 0)));
  if (f.colourNames && except !== 'colour') c.push(eb('p.colour_name', 'in', listOrNone(f.colourNames, '')));
  if (f.priceMin !== undefined && except !== 'price') c.push(eb('p.price', '>=', f.priceMin));
  if (f.priceMax !== undefined && except !== 'price') c.push(eb('p.price', '<=', f.priceMax));
  if (f.discount) c.push(eb('p.original_price', '>', eb.ref('p.price')));
  if (f.inStock) c.push(inStockCondition(eb, scope));
  if (f.sizes && except !== 'size') {
    const city = f.inStock ? scope.regionalCityId : undefined;
    c.push(
      eb.exists(
        eb
          .selectFrom('sku as fs')
          .select('fs.id')
          .whereRef('fs.product_id', '=', 'p.id')
          .where('fs.size', 'in', listOrNone(f.sizes, ''))
          .$if(city !== undefined, (qb) =>
            qb.where((e) => (city === null ? sql<SqlBool>`1 = 0` : hasUnitsInCity(e.ref('fs.id'), city!))),
          ),
      ),
    );
  }
  for (const group of f.termGroups ?? [])
    c.push(
      eb(
        'p.id',
        'in',
        eb.selectFrom('product_search_term').select('product_id').where('term', 'in', listOrNone(group, '')),
      ),
    );
  return c;
}

/** The version query, compiled once per database handle (it runs before every cached answer). */
const versionQueries = new WeakMap<DbOrTrx, CompiledQuery<{ value: number }>>();

/** The current catalogue version (bumped by triggers on every catalogue change; 0 before the migration). */
export async function catalogVersion(db: DbOrTrx): Promise<number> {
  let query = versionQueries.get(db);
  if (!query) {
    query = db.selectFrom('counter').select('value').where('name', '=', 'catalog_version').compile();
    versionQueries.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return Number(rows[0]?.value ?? 0);
}

/** All cities in display order (`sort_order`, then id). */
export function listCities(db: DbOrTrx): Promise<CityRow[]> {
  return db.selectFrom('city').selectAll().orderBy('sort_order').orderBy('id').execute();
}

/** One city by id, or undefined. */
export function findCity(db: DbOrTrx, id: number): Promise<CityRow | undefined> {
  return db.selectFrom('city').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Pickup points of a city, by id. */
export function listPickupPoints(db: DbOrTrx, cityId: number): Promise<PickupPointRow[]> {
  return db.selectFrom('pickup_point').selectAll().where('city_id', '=', cityId).orderBy('id').execute();
}

/** Categories, optionally of one gender, ordered by gender, `sort_order`, id. */
export function listCategories(db: DbOrTrx, gender?: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('category')
    .selectAll()
    .$if(gender !== undefined, (qb) => qb.where('gender', '=', gender!))
    .orderBy('gender')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** One category by slug, or undefined. */
export function findCategoryBySlug(db: DbOrTrx, slug: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('category').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** One category by id, or undefined. */
export function findCategory(db: DbOrTrx, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('category').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Counts of the products matching the filter: `total`, and how many of them are discounted and in stock in
 * the scope's city (what `discount=1` / `inStock=1` would leave).
 */
export async function countProducts(
  db: DbOrTrx,
  filter: ProductFilter,
  scope: StockScope,
): Promise<{ total: number; discount: number; inStock: number }> {
  const row = await db
    .selectFrom('product as p')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<number>`coalesce(sum(case when p.original_price > p.price then 1 else 0 end), 0)`.as('discount'),
      sql<number>`coalesce(sum(case when ${inStockCondition(eb, scope)} then 1 else 0 end), 0)`.as(
        'in_stock',
      ),
    ])
    .where((eb) => eb.and(filterConditions(eb, filter, scope)))
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), discount: Number(row.discount), inStock: Number(row.in_stock) };
}

/** Product counts per category id, per brand id or per colour (name and a hex), leaving that filter out. */
export async function facetCounts(
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
 * the city), in size order (the lowest `size_order` the label has, then the label).
 */
export async function sizeFacet(
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
  return rows.map((r) => ({ size: r.size, count: Number(r.n) }));
}

/** Lowest and highest selling price of the products matching the filter without its price bounds; null when none. */
export async function priceRange(
  db: DbOrTrx,
  filter: ProductFilter,
  scope: StockScope,
): Promise<{ min: number; max: number } | null> {
  const row = await db
    .selectFrom('product as p')
    .select((eb) => [eb.fn.min('p.price').as('min'), eb.fn.max('p.price').as('max')])
    .where((eb) => eb.and(filterConditions(eb, filter, scope, 'price')))
    .executeTakeFirst();
  return row && row.min !== null && row.max !== null ? { min: Number(row.min), max: Number(row.max) } : null;
}

/**
 * ORDER BY of each sort (spec §4) over `p` (product) and its stock units `regional` and `global`. Whole
 * discount percent is integer division of integer columns, which SQLite and PostgreSQL both round down
 * (original_price > 0 by the CHECKs price > 0 and original_price >= price). The final `p.id` makes the order
 * total.
 */
const sortOrder = (regional: RawBuilder<number> | null): Record<Sort, RawBuilder<unknown>[]> => ({
  default: [
    regional
      ? sql`case when ${regional} > 0 then 0 when p.stock_global > 0 then 1 else 2 end asc`
      : sql`case when p.stock_global > 0 then 1 else 2 end asc`,
    sql`p.arrival_date desc`,
  ],
  'price-asc': [sql`p.price asc`],
  'price-desc': [sql`p.price desc`],
  // A hidden city has no regional units: the order is by units in all visible cities alone.
  'regional-availability': [...(regional ? [sql`${regional} desc`] : []), sql`p.stock_global desc`],
  'new-arrivals': [sql`p.arrival_date desc`],
  'discount-desc': [sql`(p.original_price - p.price) * 100 / p.original_price desc`],
});

/**
 * One page of active products matching the filter, in the order of `sort`, each with its stock units for the
 * scope, read from the stock summary (one indexed lookup per product, no aggregation).
 */
export async function listProductPage(
  db: DbOrTrx,
  filter: ProductFilter,
  scope: StockScope,
  sort: Sort,
  page: { limit: number; offset: number },
): Promise<ProductWithStock[]> {
  const city = scope.regionalCityId;
  const regional = city === null ? sql<number>`0` : sql<number>`coalesce(ps.quantity, 0)`;
  let query = db
    .selectFrom('product as p')
    .leftJoin('product_stock as ps', (join) =>
      join.onRef('ps.product_id', '=', 'p.id').on('ps.city_id', '=', city ?? 0),
    )
    .selectAll('p')
    .select([regional.as('regional'), 'p.stock_global as global'])
    .where((eb) => eb.and(filterConditions(eb, filter, scope)));
  for (const term of sortOrder(city === null ? null : regional)[sort]) query = query.orderBy(term);
  const rows = await query.orderBy('p.id', 'asc').limit(page.limit).offset(page.offset).execute();
  return rows.map((r) => ({ ...r, regional: Number(r.regional), global: Number(r.global) }));
}

/**
 * The first image (lowest position, then lowest id) of each given product, keyed by product id, in one
 * query. Products without images are absent from the map.
 */
export async function firstImages(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<Map<number, ProductImageRow>> {
  const result = new Map<number, ProductImageRow>();
  if (productIds.length === 0) return result;
  const rows = await db
    .selectFrom('product_image as pi')
    .selectAll('pi')
    .where('pi.product_id', 'in', productIds)
    .where((eb) =>
      eb(
        'pi.position',
        '=',
        eb
          .selectFrom('product_image as first')
          .select((e) => e.fn.min('first.position').as('position'))
          .whereRef('first.product_id', '=', 'pi.product_id'),
      ),
    )
    .orderBy('pi.product_id')
    .orderBy('pi.id')
    .execute();
  for (const r of rows) if (!result.has(r.product_id)) result.set(r.product_id, r);
  return result;
}

/** Brands by id, in one query, keyed by id. */
export async function brandsByIds(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, BrandRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('brand')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((b) => [b.id, b]));
}

/** One active product by slug, or undefined. */
export function findActiveProductBySlug(db: DbOrTrx, slug: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('product')
    .selectAll()
    .where('slug', '=', slug)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** All images of a product by position (then id). */
export function listProductImages(db: DbOrTrx, productId: number): Promise<ProductImageRow[]> {
  return db
    .selectFrom('product_image')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** SKUs of a product by `size_order` (then id), each with its stock units for the scope. */
export async function listSkusWithStock(
  db: DbOrTrx,
  productId: number,
  scope: StockScope,
): Promise<SkuWithStock[]> {
  const city = scope.regionalCityId;
  const rows = await db
    .selectFrom('sku')
    .select((eb) => [
      'sku.id',
      'sku.external_id',
      'sku.size',
      'sku.size_order',
      city === null ? sql<number>`0`.as('regional') : unitsInCity(eb.ref('sku.id'), city).as('regional'),
      unitsInVisibleCities(eb.ref('sku.id')).as('global'),
    ])
    .where('sku.product_id', '=', productId)
    .orderBy('sku.size_order')
    .orderBy('sku.id')
    .execute();
  return rows.map((r) => ({ ...r, regional: Number(r.regional), global: Number(r.global) }));
}

/** Active products of one model (colour siblings, including the product itself), by id. */
export function listColourSiblings(
  db: DbOrTrx,
  modelCode: string,
): Promise<Pick<ProductRow, 'id' | 'slug' | 'colour_name' | 'colour_hex'>[]> {
  return db
    .selectFrom('product')
    .select(['id', 'slug', 'colour_name', 'colour_hex'])
    .where('model_code', '=', modelCode)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
}

/** Every brand by name, with its number of active products. */
export async function listBrandsWithCounts(db: DbOrTrx): Promise<(BrandRow & { product_count: number })[]> {
  const rows = await db
    .selectFrom('brand as b')
    .leftJoin('product as p', (join) => join.onRef('p.brand_id', '=', 'b.id').on('p.is_active', '=', 1))
    .selectAll('b')
    .select((eb) => eb.fn.count<number>('p.id').as('product_count'))
    .groupBy(['b.id', 'b.slug', 'b.name', 'b.country', 'b.description', 'b.created_at', 'b.updated_at'])
    .orderBy('b.name')
    .execute();
  return rows.map((r) => ({ ...r, product_count: Number(r.product_count) }));
}

/** Brands with these slugs (unknown slugs are absent). */
export function brandsBySlugs(db: DbOrTrx, slugs: readonly string[]): Promise<BrandRow[]> {
  return db.selectFrom('brand').selectAll().where('slug', 'in', listOrNone(slugs, '')).execute();
}

/** Categories with these slugs (unknown slugs are absent). */
export function categoriesBySlugs(db: DbOrTrx, slugs: readonly string[]): Promise<CategoryRow[]> {
  return db.selectFrom('category').selectAll().where('slug', 'in', listOrNone(slugs, '')).execute();
}

/** Active products per category id. */
export async function productCountsByCategory(db: DbOrTrx): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('product')
    .select(['category_id', (eb) => eb.fn.countAll().as('n')])
    .where('is_active', '=', 1)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

/** Every colour name of active products with one of its hex codes, by name. */
export async function listColours(db: DbOrTrx): Promise<{ name: string; hex: string }[]> {
  const rows = await db
    .selectFrom('product')
    .select(['colour_name as name', (eb) => eb.fn.min('colour_hex').as('hex')])
    .where('is_active', '=', 1)
    .groupBy('colour_name')
    .orderBy('colour_name')
    .execute();
  return rows.map((r) => ({ name: r.name, hex: String(r.hex) }));
}

/**
 * Active banners of these slots shown at `nowIso` (`starts_at` ≤ now < `ends_at`, open bounds allowed), by
 * slot, position and id.
 */
export function listBanners(db: DbOrTrx, slots: readonly string[], nowIso: string): Promise<BannerRow[]> {
  return db
    .selectFrom('banner')
    .selectAll()
    .where('slot', 'in', listOrNone(slots, ''))
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', nowIso)]))
    .orderBy('slot')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** One banner by its media key (`banners/3`), or undefined. */
export function findBannerByMediaKey(db: DbOrTrx, mediaKey: string): Promise<BannerRow | undefined> {
  return db.selectFrom('banner').selectAll().where('media_key', '=', mediaKey).executeTakeFirst();
}

/**
 * Products to show beside one (product page sliders), other models only, at most `limit`, with stock for the
 * scope: `similar` — same category, in stock in the city first, then nearest in price; `sameBrand` — same
 * brand, in stock first, then newest.
 */
export async function relatedProducts(
  db: DbOrTrx,
  product: Pick<ProductRow, 'id' | 'category_id' | 'brand_id' | 'model_code' | 'price'>,
  kind: 'similar' | 'sameBrand',
  scope: StockScope,
  limit: number,
): Promise<ProductWithStock[]> {
  const city = scope.regionalCityId;
  const regional = city === null ? sql<number>`0` : sql<number>`coalesce(ps.quantity, 0)`;
  const rows = await db
    .selectFrom('product as p')
    .leftJoin('product_stock as ps', (join) =>
      join.onRef('ps.product_id', '=', 'p.id').on('ps.city_id', '=', city ?? 0),
    )
    .selectAll('p')
    .select([regional.as('regional'), 'p.stock_global as global'])
    .where('p.is_active', '=', 1)
    .where('p.model_code', '<>', product.model_code)
    .$if(kind === 'similar', (qb) =>
      qb
        .where('p.category_id', '=', product.category_id)
        .orderBy(sql`case when ${regional} > 0 then 0 when p.stock_global > 0 then 1 else 2 end`)
        .orderBy(sql`abs(p.price - ${product.price})`),
    )
    .$if(kind === 'sameBrand', (qb) =>
      qb
        .where('p.brand_id', '=', product.brand_id)
        .orderBy(sql`case when ${regional} > 0 then 0 when p.stock_global > 0 then 1 else 2 end`)
        .orderBy('p.arrival_date', 'desc'),
    )
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, regional: Number(r.regional), global: Number(r.global) }));
}

/** What the search index is built from: products with their brand, category and colour names. */
export function productsForSearchIndex(
  db: DbOrTrx,
  productIds?: readonly number[],
): Promise<{ id: number; name: string; brand_name: string; category_name: string; colour_name: string }[]> {
  return db
    .selectFrom('product as p')
    .innerJoin('brand as b', 'b.id', 'p.brand_id')
    .innerJoin('category as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.name', 'b.name as brand_name', 'c.name as category_name', 'p.colour_name'])
    .$if(productIds !== undefined, (qb) => qb.where('p.id', 'in', listOrNone(productIds!, 0)))
    .orderBy('p.id')
    .execute();
}

/** Replaces the search terms of these products with `rows` (in INSERTs of at most 500 rows). */
export async function replaceSearchTerms(
  db: DbOrTrx,
  productIds: readonly number[],
  rows: readonly { term: string; product_id: number; weight: number }[],
): Promise<void> {
  for (let i = 0; i < productIds.length; i += 500)
    await db
      .deleteFrom('product_search_term')
      .where('product_id', 'in', productIds.slice(i, i + 500))
      .execute();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('product_search_term')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Every distinct stored search term. */
export async function searchVocabulary(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom('product_search_term').select('term').distinct().orderBy('term').execute();
  return rows.map((r) => r.term);
}

/** True when no product has search terms yet (a catalogue seeded before search existed). */
export async function isSearchIndexEmpty(db: DbOrTrx): Promise<boolean> {
  return (
    (await db.selectFrom('product_search_term').select('product_id').limit(1).executeTakeFirst()) ===
    undefined
  );
}

/** Slug and last change (ISO 8601) of every active product, by id (the sitemap). */
export function listActiveProductSlugs(db: DbOrTrx): Promise<{ slug: string; updated_at: string }[]> {
  return db
    .selectFrom('product')
    .select(['slug', 'updated_at'])
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
}
