import { sql } from 'kysely';
import { readerNow, type DbOrTrx } from '#app/db/database.ts';
import { fixedCompiled } from '#app/db/fixed-query.ts';
import { unitsInCity, unitsInVisibleCities } from '#app/modules/inventory/inventory.expressions.ts';
import type { StockScope } from './catalog.listing.repository.ts';
import {
  highestPrice,
  lowestOriginalPrice,
  lowestPrice,
  skuOriginalPriceOf,
  skuPriceOf,
} from './catalog.prices.expressions.ts';
import type { ProductRow } from './catalog.table.ts';

// Reads of a product page: the product by its slug, and its sizes with their own prices (docs/decisions/032) and
// stock. Per-SKU stock is read through the inventory module's expressions, never from `stock` directly. Every
// function takes a database handle or a transaction first.

/** A SKU with its prices (tenge: its own, else its product's) and its stock units for a {@link StockScope}. */
export interface SkuWithStock {
  id: number;
  external_id: string;
  size: string;
  size_order: number;
  price: number;
  original_price: number;
  regional: number;
  global: number;
}

/** One active product by slug (its own columns), or undefined. */
export function findActiveProductBySlug(db: DbOrTrx, slug: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('product')
    .selectAll()
    .where('slug', '=', slug)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/**
 * One active product by slug as its page and card show it, or undefined: `price` and `original_price` are its
 * cheapest size's, `max_price` its dearest size's selling price (tenge; catalog.prices.expressions.ts).
 */
export async function findActiveCardBySlug(
  db: DbOrTrx,
  slug: string,
): Promise<(ProductRow & { max_price: number }) | undefined> {
  const row = await db
    .selectFrom('product as p')
    .selectAll('p')
    .select([
      lowestPrice.as('card_price'),
      lowestOriginalPrice.as('card_original_price'),
      highestPrice.as('max_price'),
    ])
    .where('p.slug', '=', slug)
    .where('p.is_active', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { card_price, card_original_price, ...rest } = row;
  return {
    ...rest,
    price: Number(card_price),
    original_price: Number(card_original_price),
    max_price: Number(rest.max_price),
  };
}

/**
 * The statement of {@link listSkusWithStock}, with a regional city and without, built and compiled once per
 * database (db/fixed-query.ts): a product page read it per request, and Kysely's building and compiling cost more
 * than running it (decision 018, «reads, fifth round»).
 */
const skuStockSelect = (db: DbOrTrx, productId: number, cityId: number | null) =>
  db
    .selectFrom('sku')
    .innerJoin('product as p', 'p.id', 'sku.product_id')
    .select((eb) => [
      'sku.id',
      'sku.external_id',
      'sku.size',
      'sku.size_order',
      skuPriceOf('sku').as('price'),
      skuOriginalPriceOf('sku').as('original_price'),
      cityId === null ? sql<number>`0`.as('regional') : unitsInCity(eb.ref('sku.id'), cityId).as('regional'),
      unitsInVisibleCities(eb.ref('sku.id')).as('global'),
    ])
    .where('sku.product_id', '=', productId)
    .orderBy('sku.size_order')
    .orderBy('sku.id');
const skuStockInCity = fixedCompiled(skuStockSelect);
const skuStockNoCity = fixedCompiled((db: DbOrTrx, productId: number) => skuStockSelect(db, productId, null));

/** SKUs of a product by `size_order` (then id), each with its prices and its stock units for the scope. */
export async function listSkusWithStock(
  db: DbOrTrx,
  productId: number,
  scope: StockScope,
): Promise<SkuWithStock[]> {
  const city = scope.regionalCityId;
  const compiled = city === null ? skuStockNoCity(db, productId) : skuStockInCity(db, productId, city);
  // At once on an idle SQLite connection (as the version read before it), else through Kysely.
  const rows =
    (readerNow(db)?.(compiled) as SkuWithStock[] | undefined) ?? (await db.executeQuery(compiled)).rows;
  return rows.map((r) => ({
    ...r,
    price: Number(r.price),
    original_price: Number(r.original_price),
    regional: Number(r.regional),
    global: Number(r.global),
  }));
}
