import type { Insertable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { listOrNone } from './catalog.listing.repository.ts';
import { skuOriginalPriceOf, skuPriceOf } from './catalog.prices.expressions.ts';
import type { BrandTable, ProductImageTable, ProductTable, SkuTable } from './catalog.table.ts';

// Catalogue writes and bulk reads of the catalogue import (CSV and the 1C exchange, docs/decisions/021): SKUs by
// their ERP ids, product and SKU prices, products, SKUs and brands made or changed by an import, and the export pages.

/**
 * A SKU with its prices (tenge; docs/decisions/032): `price`/`original_price` what it sells at (its own, else its
 * product's), `own_price` its own (null: it sells at its product's), `product_price`/`product_original_price` its
 * product's; and its product's publication.
 */
export interface SkuRef {
  id: number;
  external_id: string;
  product_id: number;
  size: string;
  price: number;
  original_price: number;
  own_price: number | null;
  product_price: number;
  product_original_price: number;
  is_active: number;
}

/** The columns of a {@link SkuRef} over `sku` and its product `p`. */
const SKU_REF_COLUMNS = [
  'sku.id',
  'sku.external_id',
  'sku.product_id',
  'sku.size',
  skuPriceOf('sku').as('price'),
  skuOriginalPriceOf('sku').as('original_price'),
  'sku.price as own_price',
  'p.price as product_price',
  'p.original_price as product_original_price',
  'p.is_active',
] as const;

/** SKUs by `external_id` (unknown ids are absent). */
export function skusByExternalIds(db: DbOrTrx, externalIds: readonly string[]): Promise<SkuRef[]> {
  return db
    .selectFrom('sku')
    .innerJoin('product as p', 'p.id', 'sku.product_id')
    .select(SKU_REF_COLUMNS)
    .where('sku.external_id', 'in', listOrNone(externalIds, ''))
    .execute();
}

/** One page of SKUs in id order after `afterId` (the export walks the catalogue in pages). */
export function skuPage(db: DbOrTrx, afterId: number, limit: number): Promise<SkuRef[]> {
  return db
    .selectFrom('sku')
    .innerJoin('product as p', 'p.id', 'sku.product_id')
    .select(SKU_REF_COLUMNS)
    .where('sku.id', '>', afterId)
    .orderBy('sku.id')
    .limit(limit)
    .execute();
}

/**
 * Sets SKUs' own prices (whole tenge, original >= price, checked by the caller; null: the product's again), one
 * statement per SKU.
 */
export async function setSkuPrices(
  db: DbOrTrx,
  prices: readonly { skuId: number; price: number | null; originalPrice: number | null }[],
  nowIso: string,
): Promise<void> {
  for (const p of prices)
    await db
      .updateTable('sku')
      .set({ price: p.price, original_price: p.originalPrice, updated_at: nowIso })
      .where('id', '=', p.skuId)
      .execute();
}

/** Brands by name, case as stored. */
export function listBrandNames(db: DbOrTrx): Promise<{ id: number; name: string; slug: string }[]> {
  return db.selectFrom('brand').select(['id', 'name', 'slug']).execute();
}

/**
 * The greatest ids of brands, products and SKUs (0 when none): ids are the app's (the tables have no sequence), so
 * an import numbers new rows from these inside its transaction.
 */
export async function maxCatalogueIds(db: DbOrTrx): Promise<Record<CatalogueTable, number>> {
  const max = async (table: CatalogueTable) => {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(r?.id ?? 0);
  };
  return {
    brand: await max('brand'),
    product: await max('product'),
    sku: await max('sku'),
    product_image: await max('product_image'),
  };
}

/** Tables whose ids an import assigns. */
export type CatalogueTable = 'brand' | 'product' | 'sku' | 'product_image';

/** Media keys of a product's pictures, in order. */
export async function productImageKeys(db: DbOrTrx, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_image')
    .select('media_key')
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.media_key);
}

/** Of `ids`, the products that have at least one picture (the 1C exchange shows none without, issue 28 item 9). */
export async function productsWithImages(db: DbOrTrx, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('product_image')
      .select('product_id')
      .distinct()
      .where('product_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.product_id);
  }
  return out;
}

/** A product's pictures, in order. */
export function productImages(db: DbOrTrx, productId: number) {
  return db
    .selectFrom('product_image')
    .select(['position', 'media_key', 'width', 'height', 'alt'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Replaces a product's pictures with `rows`. */
export async function replaceProductImages(
  db: DbOrTrx,
  productId: number,
  rows: Insertable<ProductImageTable>[],
): Promise<void> {
  await db.deleteFrom('product_image').where('product_id', '=', productId).execute();
  if (rows.length) await db.insertInto('product_image').values(rows).execute();
}

/** Makes a brand. */
export async function insertBrand(db: DbOrTrx, row: Insertable<BrandTable>): Promise<void> {
  await db.insertInto('brand').values(row).execute();
}

/** Makes a product. */
export async function insertProduct(
  db: DbOrTrx,
  row: Omit<Insertable<ProductTable>, 'stock_global'>,
): Promise<void> {
  await db.insertInto('product').values(row).execute();
}

/** The fields of a product an import may change. */
export type ImportedProductFields = Pick<
  ProductTable,
  | 'name'
  | 'description'
  | 'brand_id'
  | 'category_id'
  | 'kind'
  | 'gender'
  | 'colour_name'
  | 'is_active'
  | 'model_code'
  | 'composition'
  | 'care'
>;

/** A product's importable fields (with its model code, composition and care), by id. */
export function productFields(
  db: DbOrTrx,
  ids: readonly number[],
): Promise<(ImportedProductFields & { id: number })[]> {
  return db
    .selectFrom('product')
    .select(['id', 'model_code', 'name', 'description', 'brand_id', 'category_id', 'kind', 'gender'])
    .select(['colour_name', 'is_active', 'composition', 'care'])
    .where('id', 'in', listOrNone(ids, 0))
    .execute();
}

/** Changes a product's importable fields. */
export async function updateProduct(
  db: DbOrTrx,
  id: number,
  fields: Partial<ImportedProductFields>,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('product')
    .set({ ...fields, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

/** Whether a product slug is taken. */
export async function slugTaken(db: DbOrTrx, slug: string): Promise<boolean> {
  return (
    (await db.selectFrom('product').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined
  );
}

/** Makes SKUs. */
export async function insertSkus(db: DbOrTrx, rows: Insertable<SkuTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('sku').values(rows).execute();
}

/** Changes the size of a SKU (1C renamed a characteristic). */
export async function updateSkuSize(db: DbOrTrx, id: number, size: string, nowIso: string): Promise<void> {
  await db.updateTable('sku').set({ size, updated_at: nowIso }).where('id', '=', id).execute();
}

/** Sets the publication of products (1 shown, 0 hidden). */
export async function setProductsActive(
  db: DbOrTrx,
  ids: readonly number[],
  active: number,
  nowIso: string,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .updateTable('product')
      .set({ is_active: active, updated_at: nowIso })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('is_active', '<>', active)
      .execute();
}

/** Ids of the published products among all (for a full 1C import: those not listed get unpublished). */
export async function activeProductIds(db: DbOrTrx): Promise<number[]> {
  const rows = await db.selectFrom('product').select('id').where('is_active', '=', 1).execute();
  return rows.map((r) => r.id);
}

/** One page of SKUs with their product, brand and category, in SKU id order after `afterId` (the products export). */
export function productSkuPage(db: DbOrTrx, afterId: number, limit: number) {
  return db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .innerJoin('brand', 'brand.id', 'product.brand_id')
    .innerJoin('category', 'category.id', 'product.category_id')
    .select([
      'sku.id',
      'sku.external_id',
      'sku.size',
      'sku.product_id',
      'product.model_code',
      'product.name',
      'product.colour_name',
    ])
    .select(['product.price', 'product.original_price', 'product.description', 'product.is_active'])
    .select(['brand.name as brand_name', 'category.slug as category_slug'])
    .where('sku.id', '>', afterId)
    .orderBy('sku.id')
    .limit(limit)
    .execute();
}

/** Products by model code and colour (how a products sheet names a product). */
export function productsByModels(db: DbOrTrx, modelCodes: readonly string[]) {
  return db
    .selectFrom('product')
    .select(['id', 'model_code', 'colour_name', 'price', 'original_price'])
    .where('model_code', 'in', listOrNone(modelCodes, ''))
    .execute();
}

/** How many SKUs each product has. */
export async function skuCounts(db: DbOrTrx, productIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('sku')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('product_id', 'in', listOrNone(productIds, 0))
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
}
