import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';
import { listOrNone } from './catalog.listing.repository.ts';
import type {
  BannerRow,
  BannerTable,
  CityTable,
  PickupPointRow,
  PickupPointTable,
  ProductImageRow,
  ProductImageTable,
  ProductRow,
  ProductTable,
  SkuTable,
} from './catalog.table.ts';

// Writes and back-office reads of the catalogue (issue 12, docs/decisions/020). Every write bumps the catalogue
// version through the tables' triggers (decision 008), so the storefront's cache never serves the old state.

/** The product with this id, published or not. */
export function findProduct(db: DbOrTrx, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('product').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes the given columns of a product. */
export async function updateProduct(db: DbOrTrx, id: number, set: Updateable<ProductTable>): Promise<void> {
  await db.updateTable('product').set(set).where('id', '=', id).execute();
}

/** The SKU with this external id (the ERP's identifier), with its product's id. */
export function findSkuByExternalId(
  db: DbOrTrx,
  externalId: string,
): Promise<Pick<SkuTable, 'id' | 'product_id' | 'size' | 'external_id'> | undefined> {
  return db
    .selectFrom('sku')
    .select(['id', 'product_id', 'size', 'external_id'])
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

/** Tables whose ids the app gives (the first migration's integer keys). */
type IdTable =
  | 'product'
  | 'sku'
  | 'product_image'
  | 'pickup_point'
  | 'banner'
  | 'city'
  | 'category'
  | 'brand'
  | 'search_synonym';

/**
 * The next id of `table` (largest + 1) in the caller's transaction. On PostgreSQL a transaction-scoped advisory lock
 * per table makes concurrent creators take turns; SQLite runs one writing transaction at a time.
 */
export async function nextId(trx: DbOrTrx, table: IdTable): Promise<number> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtext(${`kiim.next_id.${table}`}))`.execute(trx);
  }
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0) + 1;
}

/** True when another product than `exceptId` has this slug. */
export async function slugTaken(db: DbOrTrx, slug: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('product').select('id').where('slug', '=', slug);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** External ids among `ids` that SKUs of other products than `exceptProductId` (or other SKUs) already have. */
export async function takenExternalIds(
  db: DbOrTrx,
  ids: readonly string[],
  exceptSkuIds: readonly number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  let q = db
    .selectFrom('sku')
    .select('external_id')
    .where('external_id', 'in', [...ids]);
  if (exceptSkuIds.length) q = q.where('id', 'not in', [...exceptSkuIds]);
  return (await q.execute()).map((r) => r.external_id);
}

/** Inserts a product. */
export async function insertProduct(db: DbOrTrx, row: Insertable<ProductTable>): Promise<void> {
  await db.insertInto('product').values(row).execute();
}

/** The SKUs of a product in display order. */
export function listSkus(db: DbOrTrx, productId: number): Promise<Selectable<SkuTable>[]> {
  return db
    .selectFrom('sku')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('size_order')
    .orderBy('id')
    .execute();
}

/** Inserts a SKU. */
export async function insertSku(db: DbOrTrx, row: Insertable<SkuTable>): Promise<void> {
  await db.insertInto('sku').values(row).execute();
}

/** Changes a SKU of the product. */
export async function updateSku(
  db: DbOrTrx,
  id: number,
  set: Pick<
    Updateable<SkuTable>,
    'size' | 'size_order' | 'external_id' | 'price' | 'original_price' | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('sku').set(set).where('id', '=', id).execute();
}

/** The filter of the back office's product list. */
export interface AdminProductFilter {
  /** Products matching the search text: by search terms (one per group), slug or SKU external id. */
  termGroups?: readonly (readonly string[])[];
  text?: string;
  categoryId?: number;
  brandId?: number;
  gender?: number;
  published?: boolean;
  inStock?: boolean;
}

/** A row of the back office's list: the product with its brand's and category's names and first picture. */
export type AdminProductListRow = ProductRow & {
  brand_name: string;
  category_name: string;
  media_key: string | null;
  image_width: number | null;
  image_height: number | null;
};

/** One page of products (newest first) matching the filter, with the total count. */
export async function listAdminProducts(
  db: DbOrTrx,
  f: AdminProductFilter,
  offset: number,
  limit: number,
): Promise<{ rows: AdminProductListRow[]; total: number }> {
  let q = db
    .selectFrom('product as p')
    .innerJoin('brand as b', 'b.id', 'p.brand_id')
    .innerJoin('category as c', 'c.id', 'p.category_id');
  if (f.categoryId !== undefined) q = q.where('p.category_id', '=', f.categoryId);
  if (f.brandId !== undefined) q = q.where('p.brand_id', '=', f.brandId);
  if (f.gender !== undefined) q = q.where('p.gender', '=', f.gender);
  if (f.published !== undefined) q = q.where('p.is_active', '=', f.published ? 1 : 0);
  if (f.inStock !== undefined) q = q.where('p.stock_global', f.inStock ? '>' : '<=', 0);
  if (f.text !== undefined) {
    const text = f.text;
    const groups = f.termGroups ?? [];
    q = q.where((eb) =>
      eb.or([
        eb('p.slug', 'like', `%${text.toLowerCase().replace(/[%_]/g, '')}%`),
        eb('p.id', 'in', eb.selectFrom('sku').select('sku.product_id').where('sku.external_id', '=', text)),
        groups.length
          ? eb.and(
              groups.map((g) =>
                eb(
                  'p.id',
                  'in',
                  eb
                    .selectFrom('product_search_term')
                    .select('product_id')
                    .where('term', 'in', listOrNone(g, '')),
                ),
              ),
            )
          : sql<SqlBool>`1 = 0`,
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll('p')
      .select(['b.name as brand_name', 'c.name as category_name'])
      .select((eb) => [
        firstImage(eb, 'media_key').as('media_key'),
        firstImage(eb, 'width').as('image_width'),
        firstImage(eb, 'height').as('image_height'),
      ])
      .orderBy('p.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AdminProductListRow[], total: Number(count.n) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const firstImage = (eb: ExpressionBuilder<any, any>, column: 'media_key' | 'width' | 'height') =>
  eb
    .selectFrom('product_image as fi')
    .select(`fi.${column}`)
    .whereRef('fi.product_id', '=', 'p.id')
    .orderBy('fi.position')
    .orderBy('fi.id')
    .limit(1);

/** The pictures of a product in order. */
export function listImages(db: DbOrTrx, productId: number): Promise<ProductImageRow[]> {
  return db
    .selectFrom('product_image')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Every media key a product's pictures ever had in the database now (to pick a new, never used one). */
export async function imageKeys(db: DbOrTrx, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_image')
    .select('media_key')
    .where('product_id', '=', productId)
    .execute();
  return rows.map((r) => r.media_key);
}

/** Inserts a picture. */
export async function insertImage(db: DbOrTrx, row: Insertable<ProductImageTable>): Promise<void> {
  await db.insertInto('product_image').values(row).execute();
}

/** Removes a picture of the product. @returns false when there was none. */
export async function deleteImage(db: DbOrTrx, productId: number, imageId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('product_image')
    .where('id', '=', imageId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Sets the position of a picture. */
export async function setImagePosition(
  db: DbOrTrx,
  imageId: number,
  position: number,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('product_image')
    .set({ position, updated_at: nowIso })
    .where('id', '=', imageId)
    .execute();
}

/** SKUs by id with their product's name (the stock screens). */
export function skusWithProducts(
  db: DbOrTrx,
  skuIds: readonly number[],
): Promise<{ id: number; product_id: number; size: string; external_id: string; product_name: string }[]> {
  if (skuIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .select(['sku.id', 'sku.product_id', 'sku.size', 'sku.external_id', 'product.name as product_name'])
    .where('sku.id', 'in', [...new Set(skuIds)])
    .execute();
}

/** The ids of a product's SKUs. */
export async function skuIdsOf(db: DbOrTrx, productId: number): Promise<number[]> {
  const rows = await db.selectFrom('sku').select('id').where('product_id', '=', productId).execute();
  return rows.map((r) => r.id);
}

/** Changes a city. */
export async function updateCity(db: DbOrTrx, id: number, set: Updateable<CityTable>): Promise<void> {
  await db.updateTable('city').set(set).where('id', '=', id).execute();
}

/** The pickup point with this id. */
export function findPickupPoint(db: DbOrTrx, id: number): Promise<PickupPointRow | undefined> {
  return db.selectFrom('pickup_point').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts or changes a pickup point. */
export async function savePickupPoint(
  db: DbOrTrx,
  row: Insertable<PickupPointTable> & { id: number },
  isNew: boolean,
): Promise<void> {
  if (isNew) await db.insertInto('pickup_point').values(row).execute();
  else {
    const { id, created_at: _created, ...set } = row;
    await db.updateTable('pickup_point').set(set).where('id', '=', id).execute();
  }
}

/** Every banner, by slot and position. */
export function listAllBanners(db: DbOrTrx): Promise<BannerRow[]> {
  return db.selectFrom('banner').selectAll().orderBy('slot').orderBy('position').orderBy('id').execute();
}

/** The banner with this id. */
export function findBanner(db: DbOrTrx, id: number): Promise<BannerRow | undefined> {
  return db.selectFrom('banner').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a banner. */
export async function insertBanner(db: DbOrTrx, row: Insertable<BannerTable>): Promise<void> {
  await db.insertInto('banner').values(row).execute();
}

/** Changes a banner. */
export async function updateBanner(db: DbOrTrx, id: number, set: Updateable<BannerTable>): Promise<void> {
  await db.updateTable('banner').set(set).where('id', '=', id).execute();
}
