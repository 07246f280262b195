import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, DbOrTrx } from '#app/db/database.ts';
import { fixedQuery, fixedRead } from '#app/db/fixed-query.ts';
import { unitsInCity, unitsInVisibleCities } from '#app/modules/inventory/inventory.expressions.ts';
import { skuOriginalPriceOf, skuPriceOf } from '#app/modules/catalog/catalog.prices.expressions.ts';

// The cart module's reads of what its lines show (conventions: repository): every line of a cart with its SKU,
// product, brand, first picture, prices and units, and one SKU as a new cart's line would show it. Both are fixed
// queries (db/fixed-query.ts, issue 14); prices whole tenge per unit. The writes stay in cart.repository.ts.

/** How many pickup points city `c` has (for the city facts a cart reads with its lines). */
export const pickupPointCount = (eb: ExpressionBuilder<Database & { c: Database['city'] }, 'c'>) =>
  eb
    .selectFrom('pickup_point as pp')
    .whereRef('pp.city_id', '=', 'c.id')
    .select(sql<number>`cast(count(*) as integer)`.as('n'));

/**
 * One cart line with its SKU, product, brand, first image and stock, as read by {@link selectLines}.
 * `price`/`original_price` in tenge per unit; `city_quantity` units in the requested city (0 when none);
 * `visible_quantity` units over every city visible to customers (both scalar subqueries: typed nullable,
 * never null in practice).
 */
export interface CartLineRecord {
  sku_id: number;
  external_id: string;
  qty: number;
  added_at: string;
  size: string;
  product_id: number;
  slug: string;
  name: string;
  colour_name: string;
  price: number;
  original_price: number;
  is_active: number;
  brand_name: string;
  media_key: string | null;
  image_width: number | null;
  image_height: number | null;
  image_alt: string | null;
  city_quantity: number | null;
  visible_quantity: number | null;
}

/**
 * Every line of a cart with everything needed to show and price it, in ONE query (no N+1): the lines are
 * joined to SKU, product, brand and the product's first image (lowest position, then id); the SKU's units in
 * `cityId` and over visible cities come from the inventory module's expressions. Ordered by when each line
 * was added.
 */
export async function selectLines(db: DbOrTrx, cartId: string, cityId: number): Promise<CartLineRecord[]> {
  return linesOfCart(db, cityId, cartId);
}

/** The id of product `p`'s first image (lowest position, then id), for the join of a cart line's picture. */
const firstImageId = (eb: ExpressionBuilder<Database & { p: Database['product'] }, 'p'>) =>
  eb
    .selectFrom('product_image as fi')
    .select('fi.id')
    .whereRef('fi.product_id', '=', 'p.id')
    .orderBy('fi.position')
    .orderBy('fi.id')
    .limit(1);

/**
 * What a cart line shows of its SKU, product, brand and first image (aliases `s`, `p`, `b`, `pi`); its unit prices
 * are the SKU's.
 */
const LINE_COLUMNS = [
  's.external_id',
  's.size',
  'p.id as product_id',
  'p.slug',
  'p.name',
  'p.colour_name',
  // The SKU's own prices, else its product's (issue 28 item 4, docs/decisions/032).
  skuPriceOf('s').as('price'),
  skuOriginalPriceOf('s').as('original_price'),
  'p.is_active',
  'b.name as brand_name',
  'pi.media_key',
  'pi.width as image_width',
  'pi.height as image_height',
  'pi.alt as image_alt',
] as const;

const linesOfCart = fixedRead((db: DbOrTrx, cityId: number, cartId: string) =>
  db
    .selectFrom('cart_item as ci')
    .innerJoin('sku as s', 's.id', 'ci.sku_id')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .innerJoin('brand as b', 'b.id', 'p.brand_id')
    .leftJoin('product_image as pi', (join) =>
      join.onRef('pi.product_id', '=', 'p.id').on('pi.id', '=', firstImageId),
    )
    .select((eb) => [
      'ci.sku_id',
      'ci.qty',
      'ci.created_at as added_at',
      ...LINE_COLUMNS,
      unitsInCity(eb.ref('ci.sku_id'), cityId).as('city_quantity'),
      unitsInVisibleCities(eb.ref('ci.sku_id')).as('visible_quantity'),
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.created_at')
    .orderBy('ci.position')
    .orderBy('ci.sku_id'),
);

/**
 * A SKU as a new cart's line would show it (the columns of {@link CartLineRecord} but the line's own: `qty`,
 * `added_at`), with its product's `is_active`, and the city `city_id` with the facts of {@link CartCityRecord}
 * (`city_id` null when no such city). Prices in tenge per unit; unit counts exact.
 */
export interface SkuInCityRecord extends Omit<CartLineRecord, 'qty' | 'added_at'> {
  city_id: number | null;
  visible_for_customers: number | null;
  courier_available: number | null;
  courier_price: number | null;
  pickup_point_count: number | null;
}

/**
 * The SKU `externalId` with everything its cart line shows in `cityId`, and that city, in ONE query (the add to a
 * new cart: what the SKU read, the city read and the lines read back took three round trips for, issue 14).
 * @returns undefined when no SKU has this `externalId`; `city_id` null when the city does not exist.
 */
export async function findSkuInCity(
  db: DbOrTrx,
  externalId: string,
  cityId: number,
): Promise<SkuInCityRecord | undefined> {
  return (await skuInCity(db, externalId, cityId)).rows[0];
}

const skuInCity = fixedQuery((db: DbOrTrx, externalId: string, cityId: number) =>
  db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .innerJoin('brand as b', 'b.id', 'p.brand_id')
    .leftJoin('product_image as pi', (join) =>
      join.onRef('pi.product_id', '=', 'p.id').on('pi.id', '=', firstImageId),
    )
    .leftJoin('city as c', (join) => join.on('c.id', '=', cityId))
    .select((eb) => [
      's.id as sku_id',
      ...LINE_COLUMNS,
      unitsInCity(eb.ref('s.id'), cityId).as('city_quantity'),
      unitsInVisibleCities(eb.ref('s.id')).as('visible_quantity'),
      'c.id as city_id',
      'c.visible_for_customers',
      'c.courier_available',
      'c.courier_price',
      pickupPointCount(eb).as('pickup_point_count'),
    ])
    .where('s.external_id', '=', externalId),
);
