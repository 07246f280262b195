import type { DbOrTrx } from '#app/db/database.ts';
import { highestPrice, lowestOriginalPrice, lowestPrice } from '../catalog.prices.expressions.ts';
import type { ProductImageRow, ProductRow } from '../catalog.table.ts';

// Reads of the catalogue's in-memory read model (model.ts, docs/decisions/018): the active products whole
// and the other tables in ranges of product ids when it loads, the stock summary of some products when it applies
// the change log. Functions take `db | trx` first.

/** Product ids from `min` to `max` inclusive: a keyset range read by a table's `product_id` index. */
export interface IdRange {
  min: number;
  max: number;
}

/** The columns of a product the model keeps: what a card shows, filters and sorts (no long texts). */
const CARD_COLUMNS = [
  'id',
  'slug',
  'name',
  'brand_id',
  'category_id',
  'kind',
  'gender',
  'colour_name',
  'colour_hex',
  'arrival_date',
  'stock_global',
] as const;

/**
 * A product's columns kept by the read model. `price` and `original_price` are its cheapest size's, `max_price` its
 * dearest size's selling price (tenge; decision 032, catalog.prices.expressions.ts).
 */
export type CardRow = Pick<ProductRow, (typeof CARD_COLUMNS)[number] | 'price' | 'original_price'> & {
  max_price: number;
  /** Sum and count of the published reviews' ratings (decision 058). */
  rating_sum: number;
  rating_count: number;
};

/** Active products in id order (card columns, with the prices of their sizes). */
export async function activeProducts(db: DbOrTrx): Promise<CardRow[]> {
  const rows = await db
    .selectFrom('product as p')
    .select(CARD_COLUMNS.map((c) => `p.${c}` as const))
    .select([lowestPrice.as('price'), lowestOriginalPrice.as('original_price'), highestPrice.as('max_price')])
    .where('p.is_active', '=', 1)
    .orderBy('p.id')
    .execute();
  const ratings = await publishedRatings(db);
  return rows.map((r) => ({
    ...r,
    price: Number(r.price),
    original_price: Number(r.original_price),
    max_price: Number(r.max_price),
    rating_sum: ratings.get(r.id)?.sum ?? 0,
    rating_count: ratings.get(r.id)?.count ?? 0,
  }));
}

/**
 * Sum and count of the published reviews' ratings (1–5) per product, of the given products or all (one grouped
 * query; products without published reviews are absent). Decision 058.
 */
export async function publishedRatings(
  db: DbOrTrx,
  productIds?: readonly number[],
): Promise<Map<number, { sum: number; count: number }>> {
  const rows = await db
    .selectFrom('review')
    .select((eb) => [
      'product_id',
      eb.fn.sum<number>('rating').as('sum'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('status', '=', 'published')
    .$if(productIds !== undefined, (qb) =>
      qb.where('product_id', 'in', productIds!.length ? [...productIds!] : [0]),
    )
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, { sum: Number(r.sum), count: Number(r.count) }]));
}

/** The SKUs (product, size label and size order) of products with ids in `ids`, by product id then SKU id. */
export function skuSizes(
  db: DbOrTrx,
  ids: IdRange,
): Promise<{ id: number; product_id: number; size: string; size_order: number }[]> {
  return db
    .selectFrom('sku')
    .select(['id', 'product_id', 'size', 'size_order'])
    .where('product_id', '>=', ids.min)
    .where('product_id', '<=', ids.max)
    .orderBy('product_id')
    .orderBy('id')
    .execute();
}

/**
 * Units per product and city from the stock summary (rows with units): of the given products or all, of products
 * with ids in `ids` (inclusive; a range of the summary's key, read by its index) or all.
 */
export function productStock(
  db: DbOrTrx,
  productIds?: readonly number[],
  ids?: IdRange,
): Promise<{ product_id: number; city_id: number; quantity: number }[]> {
  return db
    .selectFrom('product_stock')
    .select(['product_id', 'city_id', 'quantity'])
    .where('quantity', '>', 0)
    .$if(ids !== undefined, (qb) =>
      qb.where('product_id', '>=', ids!.min).where('product_id', '<=', ids!.max),
    )
    .$if(productIds !== undefined, (qb) =>
      qb.where('product_id', 'in', productIds!.length ? [...productIds!] : [0]),
    )
    .execute();
}

/** Units over visible cities (`stock_global`) of the given products. */
export function globalStock(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<{ id: number; stock_global: number }[]> {
  return db
    .selectFrom('product')
    .select(['id', 'stock_global'])
    .where('id', 'in', productIds.length ? [...productIds] : [0])
    .execute();
}

/** The search term rows (term, product, weight) of products with ids in `ids`, by product id. */
export function searchTerms(
  db: DbOrTrx,
  ids: IdRange,
): Promise<{ term: string; product_id: number; weight: number }[]> {
  return db
    .selectFrom('product_search_term')
    .select(['term', 'product_id', 'weight'])
    .where('product_id', '>=', ids.min)
    .where('product_id', '<=', ids.max)
    .orderBy('product_id')
    .execute();
}

/** The pictures of products with ids in `ids`, by product and position (the first of each product first). */
export function productImages(db: DbOrTrx, ids: IdRange): Promise<ProductImageRow[]> {
  return db
    .selectFrom('product_image')
    .selectAll()
    .where('product_id', '>=', ids.min)
    .where('product_id', '<=', ids.max)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The change log's rows of versions `after` < version ≤ `upTo` (see migration 20261205T100000). */
export function catalogChanges(
  db: DbOrTrx,
  after: number,
  upTo: number,
): Promise<{ version: number; product_id: number | null }[]> {
  return db
    .selectFrom('catalog_change')
    .select(['version', 'product_id'])
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .execute();
}
