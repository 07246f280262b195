import { sql, type RawBuilder } from 'kysely';
import type { Sort } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import type {
  BrandRow,
  CategoryRow,
  CityRow,
  PickupPointRow,
  ProductImageRow,
  ProductRow,
} from './catalog.table.ts';

// The only place with catalogue queries. Every function takes a database handle or a transaction first.
// Stock is summed in SQL and cast to integer so both dialects answer numbers (PostgreSQL's sum is bigint).

/**
 * Which units count as stock for one request (spec §4):
 * - `regionalCityId`: the city whose units are "regional"; `null` when the requested city is hidden from
 *   customers, so no regional stock shows there;
 * - global units are always those of every city with `visible_for_customers = 1`.
 */
export interface StockScope {
  regionalCityId: number | null;
}

/** Filter of a product list: active products, optionally of one category and/or gender. */
export interface ProductFilter {
  categoryId?: number;
  gender?: number;
}

/** A product row with its summed stock units for a {@link StockScope} (exact units: never sent out). */
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

/** Units of `stock.quantity` in the regional city (0 for all rows when the city is hidden). */
const regionalUnits = (scope: StockScope): RawBuilder<number> =>
  scope.regionalCityId === null
    ? sql<number>`0`
    : sql<number>`cast(coalesce(sum(case when stock.city_id = ${scope.regionalCityId} then stock.quantity else 0 end), 0) as integer)`;

/** Units of `stock.quantity` over the cities visible to customers. */
const globalUnits = sql<number>`cast(coalesce(sum(case when city.visible_for_customers = 1 then stock.quantity else 0 end), 0) as integer)`;

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

/** Number of active products matching the filter. */
export async function countProducts(db: DbOrTrx, filter: ProductFilter): Promise<number> {
  const row = await db
    .selectFrom('product as p')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('p.is_active', '=', 1)
    .$if(filter.categoryId !== undefined, (qb) => qb.where('p.category_id', '=', filter.categoryId!))
    .$if(filter.gender !== undefined, (qb) => qb.where('p.gender', '=', filter.gender!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * ORDER BY of each sort (spec §4) over `p` (product) and `st` (its summed stock). Whole discount percent
 * is integer division of integer columns, which SQLite and PostgreSQL both round down (original_price > 0
 * by the CHECKs price > 0 and original_price >= price). The final `p.id` makes the order total.
 */
const SORT_ORDER: Record<Sort, RawBuilder<unknown>[]> = {
  default: [
    sql`case when coalesce(st.regional, 0) > 0 then 0 when coalesce(st.global, 0) > 0 then 1 else 2 end asc`,
    sql`p.arrival_date desc`,
  ],
  'price-asc': [sql`p.price asc`],
  'price-desc': [sql`p.price desc`],
  'regional-availability': [sql`coalesce(st.regional, 0) desc`, sql`coalesce(st.global, 0) desc`],
  'new-arrivals': [sql`p.arrival_date desc`],
  'discount-desc': [sql`(p.original_price - p.price) * 100 / p.original_price desc`],
};

/**
 * One page of active products matching the filter, in the order of `sort`, each with its stock units for
 * the scope. Stock is aggregated by one grouped subquery over the filtered products' SKUs (left-joined, so
 * products without stock rows come back with 0).
 */
export async function listProductPage(
  db: DbOrTrx,
  filter: ProductFilter,
  scope: StockScope,
  sort: Sort,
  page: { limit: number; offset: number },
): Promise<ProductWithStock[]> {
  const stockByProduct = db
    .selectFrom('stock')
    .innerJoin('sku', 'sku.id', 'stock.sku_id')
    .innerJoin('city', 'city.id', 'stock.city_id')
    .innerJoin('product as sp', 'sp.id', 'sku.product_id')
    .select(['sku.product_id', regionalUnits(scope).as('regional'), globalUnits.as('global')])
    .where('sp.is_active', '=', 1)
    .$if(filter.categoryId !== undefined, (qb) => qb.where('sp.category_id', '=', filter.categoryId!))
    .$if(filter.gender !== undefined, (qb) => qb.where('sp.gender', '=', filter.gender!))
    .groupBy('sku.product_id');

  let query = db
    .selectFrom('product as p')
    .leftJoin(stockByProduct.as('st'), 'st.product_id', 'p.id')
    .selectAll('p')
    .select([
      sql<number>`coalesce(st.regional, 0)`.as('regional'),
      sql<number>`coalesce(st.global, 0)`.as('global'),
    ])
    .where('p.is_active', '=', 1)
    .$if(filter.categoryId !== undefined, (qb) => qb.where('p.category_id', '=', filter.categoryId!))
    .$if(filter.gender !== undefined, (qb) => qb.where('p.gender', '=', filter.gender!));
  for (const term of SORT_ORDER[sort]) query = query.orderBy(term);
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
  const rows = await db
    .selectFrom('sku')
    .leftJoin('stock', 'stock.sku_id', 'sku.id')
    .leftJoin('city', 'city.id', 'stock.city_id')
    .select([
      'sku.id',
      'sku.external_id',
      'sku.size',
      'sku.size_order',
      regionalUnits(scope).as('regional'),
      globalUnits.as('global'),
    ])
    .where('sku.product_id', '=', productId)
    .groupBy(['sku.id', 'sku.external_id', 'sku.size', 'sku.size_order'])
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
