import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Sort } from '@kiim/contract';
import type { Database, DbOrTrx } from '#app/db/database.ts';
import { hasUnitsInCity } from '#app/modules/inventory/inventory.expressions.ts';
import { highestPrice, lowestOriginalPrice, lowestPrice } from './catalog.prices.expressions.ts';
import type { ProductRow, ProductTable } from './catalog.table.ts';

// Queries of product lists (the catalogue's read model): filters, facet counts, sorts and pages of products
// with their stock for one city. Stock comes from the catalogue's summary `product_stock` (units per product
// and city) and `product.stock_global` (units over visible cities), kept exact by database triggers
// (docs/decisions/008); "sizes in stock" through the inventory module's expressions. Sums are cast to integer
// so both dialects answer numbers (PostgreSQL's sum and count are bigint). A product's price is its cheapest size's
// (catalog.prices.expressions.ts, docs/decisions/032). Functions take `db | trx` first.

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
  /** Bounds of the cheapest size's selling price, whole tenge, inclusive. */
  priceMin?: number;
  priceMax?: number;
  /** Only discounted products (the cheapest size's price below its price before a discount). */
  discount?: boolean;
  /** Only products with units in the scope's regional city (and, with `sizes`, in one of those sizes). */
  inStock?: boolean;
  /** Search: for each group, the product has one of its terms (product_search_term). */
  termGroups?: readonly (readonly string[])[];
}

/** A filter that facets leave out when counting its own values (disjunctive facets). */
export type FacetDimension = 'category' | 'brand' | 'colour' | 'size' | 'price';

/**
 * A product row with its stock units for a {@link StockScope} (exact units: never sent out); `price` and
 * `original_price` are its cheapest size's, `max_price` its dearest size's selling price (tenge).
 */
export type ProductWithStock = ProductRow & { max_price: number; regional: number; global: number };

type ProductEb = ExpressionBuilder<Database & { p: ProductTable }, 'p'>;

/** `in (…)` that matches nothing for an empty list (never renders `in ()`, which is invalid SQL). */
export const listOrNone = <T>(values: readonly T[], none: T): T[] => (values.length ? [...values] : [none]);

/** The product `p` has units in the regional city (never true in a hidden city). */
export function inStockCondition(eb: ProductEb, scope: StockScope): Expression<SqlBool> {
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
export function filterConditions(
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
  if (f.priceMin !== undefined && except !== 'price') c.push(eb(lowestPrice, '>=', f.priceMin));
  if (f.priceMax !== undefined && except !== 'price') c.push(eb(lowestPrice, '<=', f.priceMax));
  if (f.discount) c.push(eb(lowestOriginalPrice, '>', lowestPrice));
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
  'price-asc': [sql`${lowestPrice} asc`],
  'price-desc': [sql`${lowestPrice} desc`],
  // A hidden city has no regional units: the order is by units in all visible cities alone.
  'regional-availability': [...(regional ? [sql`${regional} desc`] : []), sql`p.stock_global desc`],
  'new-arrivals': [sql`p.arrival_date desc`],
  'discount-desc': [sql`(${lowestOriginalPrice} - ${lowestPrice}) * 100 / ${lowestOriginalPrice} desc`],
});

/** The prices of a card (its sizes', see catalog.prices.expressions.ts) beside a product's own columns. */
const cardPrices = [
  lowestPrice.as('card_price'),
  lowestOriginalPrice.as('card_original_price'),
  highestPrice.as('max_price'),
] as const;

/** A product row read with {@link cardPrices} and its stock as a {@link ProductWithStock}. */
const withCardPrices = ({
  card_price,
  card_original_price,
  ...r
}: ProductRow & { card_price: number; card_original_price: number; max_price: number } & {
  regional: unknown;
  global: unknown;
}): ProductWithStock => ({
  ...r,
  price: Number(card_price),
  original_price: Number(card_original_price),
  max_price: Number(r.max_price),
  regional: Number(r.regional),
  global: Number(r.global),
});

/** Sum of the weights of the product `p`'s search terms among `terms`, largest first (ORDER BY term). */
const relevance = (terms: string[]) =>
  sql`(select coalesce(sum(rel.weight), 0) from product_search_term rel
    where rel.product_id = p.id and rel.term in (${sql.join(terms)})) desc`;

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
    .select([regional.as('regional'), 'p.stock_global as global', ...cardPrices])
    .where((eb) => eb.and(filterConditions(eb, filter, scope)));
  const terms = [...new Set(filter.termGroups?.flat() ?? [])];
  const order = sortOrder(city === null ? null : regional)[sort];
  // Search within the default sort (issue 35 item 3, decision 062): sold out everywhere last, then the weight of
  // the product's matched terms (name and brand 3, category 2, colour 1), then in the city before elsewhere,
  // then newest.
  if (sort === 'default' && terms.length)
    order.unshift(sql`case when p.stock_global > 0 then 0 else 1 end asc`, relevance(terms));
  for (const term of order) query = query.orderBy(term);
  const rows = await query.orderBy('p.id', 'asc').limit(page.limit).offset(page.offset).execute();
  return rows.map(withCardPrices);
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
    .select([regional.as('regional'), 'p.stock_global as global', ...cardPrices])
    .where('p.is_active', '=', 1)
    .where('p.model_code', '<>', product.model_code)
    .$if(kind === 'similar', (qb) =>
      qb
        .where('p.category_id', '=', product.category_id)
        .orderBy(sql`case when ${regional} > 0 then 0 when p.stock_global > 0 then 1 else 2 end`)
        .orderBy(sql`abs(${lowestPrice} - ${product.price})`),
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
  return rows.map(withCardPrices);
}
