import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { BrandRow, BrandTable, CategoryTable, CityTable } from './catalog.table.ts';

// Reads and writes of the catalogue's structure in the back office (issue 27, docs/decisions/029): cities,
// categories and brands, what still uses one (a delete is refused while anything does), display order. Functions
// take `db | trx` first; every write bumps the catalogue version through the tables' triggers.

/** How many rows of `table` have `column` = `id` (a usage count of a delete check). */
async function countWhere(db: DbOrTrx, table: string, column: string, id: number): Promise<number> {
  // The table and column names come from this file's fixed lists only, never from input.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const row = await (db as any)
    .selectFrom(table)
    .select((eb: { fn: { countAll: () => { as: (n: string) => unknown } } }) => eb.fn.countAll().as('n'))
    .where(column, '=', id)
    .executeTakeFirst();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

/** What refers to a city: pickup points, stock rows, orders (its city or delivery city), order lines, movements… */
export async function cityUsage(db: DbOrTrx, id: number): Promise<Record<string, number>> {
  const uses = [
    ['pickupPoints', 'pickup_point', 'city_id'],
    ['stock', 'stock', 'city_id'],
    ['orderLines', 'order_line', 'source_city_id'],
    ['stockMovements', 'stock_movement', 'city_id'],
    ['warehouses', 'exchange_warehouse', 'city_id'],
  ] as const;
  const [counts, orders] = await Promise.all([
    Promise.all(uses.map(([, table, column]) => countWhere(db, table, column, id))),
    db
      .selectFrom('order')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.or([eb('city_id', '=', id), eb('delivery_region_id', '=', id)]))
      .executeTakeFirst(),
  ]);
  return { ...Object.fromEntries(uses.map(([key], i) => [key, counts[i]!])), orders: Number(orders?.n ?? 0) };
}

/** What refers to a category: its products (published or not), banners linking to its page, 1C groups mapped to it. */
export async function categoryUsage(db: DbOrTrx, id: number, slug: string): Promise<Record<string, number>> {
  const [products, groups, banners] = await Promise.all([
    countWhere(db, 'product', 'category_id', id),
    countWhere(db, 'exchange_group', 'category_id', id),
    bannersLinkingTo(db, `/category/${slug}`),
  ]);
  return { products, banners: banners.length, exchangeGroups: groups };
}

/** Banners whose link leads to `path` (exactly, or with a query or a further path after it). */
export async function bannersLinkingTo(db: DbOrTrx, path: string): Promise<{ id: number; href: string }[]> {
  const rows = await db
    .selectFrom('banner')
    .select(['id', 'href'])
    .where((eb) =>
      eb.or([eb('href', '=', path), eb('href', 'like', `${path}?%`), eb('href', 'like', `${path}/%`)]),
    )
    .execute();
  // `like` treats `_` as any character: keep only real matches.
  return rows.filter(
    (r) => r.href === path || r.href.startsWith(`${path}?`) || r.href.startsWith(`${path}/`),
  );
}

/** Ids of the products (published or not) of a category or a brand. */
export async function productIdsOf(
  db: DbOrTrx,
  column: 'category_id' | 'brand_id',
  id: number,
): Promise<number[]> {
  const rows = await db.selectFrom('product').select('id').where(column, '=', id).execute();
  return rows.map((r) => r.id);
}

/** Products of each category id (published or not). */
export async function productCountsByCategory(db: DbOrTrx): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('product')
    .select(['category_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

/** Products of each brand id (published or not). */
export async function productCountsByBrand(db: DbOrTrx): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('product')
    .select(['brand_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('brand_id')
    .execute();
  return new Map(rows.map((r) => [r.brand_id, Number(r.n)]));
}

/** True when a row of `table` other than `exceptId` has this slug. */
export async function slugTaken(
  db: DbOrTrx,
  table: 'city' | 'category' | 'brand',
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  let q = db.selectFrom(table).select('id').where('slug', '=', slug);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The next `sort_order` of the city list (after the last city). */
export async function nextCitySortOrder(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('city')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

/** The next `sort_order` of a gender segment's categories (after its last one). */
export async function nextCategorySortOrder(db: DbOrTrx, gender: number): Promise<number> {
  const row = await db
    .selectFrom('category')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('m'))
    .where('gender', '=', gender)
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

/** Sets `sort_order` of rows by id (only those listed). */
export async function setSortOrders(
  db: DbOrTrx,
  table: 'city' | 'category',
  orders: ReadonlyMap<number, number>,
  at: string,
): Promise<void> {
  for (const [id, sortOrder] of orders)
    await db.updateTable(table).set({ sort_order: sortOrder, updated_at: at }).where('id', '=', id).execute();
}

/** Inserts a city row (its id given by the caller). */
export async function insertCity(db: DbOrTrx, row: Insertable<CityTable>): Promise<void> {
  await db.insertInto('city').values(row).execute();
}

/** Changes the given columns of city `id`. */
export async function updateCity(db: DbOrTrx, id: number, set: Updateable<CityTable>): Promise<void> {
  await db.updateTable('city').set(set).where('id', '=', id).execute();
}

/** Deletes a city with its empty stock summary rows (what the stock triggers leave at zero units). */
export async function deleteCity(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('product_stock').where('city_id', '=', id).where('quantity', '=', 0).execute();
  await db.deleteFrom('city').where('id', '=', id).execute();
}

/** Inserts a category row (its id given by the caller). */
export async function insertCategory(db: DbOrTrx, row: Insertable<CategoryTable>): Promise<void> {
  await db.insertInto('category').values(row).execute();
}

/** Changes a category; a new gender or kind is given to its products too (theirs come from the category). */
export async function updateCategory(db: DbOrTrx, id: number, set: Updateable<CategoryTable>): Promise<void> {
  await db.updateTable('category').set(set).where('id', '=', id).execute();
  if (set.gender !== undefined && set.kind !== undefined) {
    await db
      .updateTable('product')
      .set({ gender: set.gender, kind: set.kind })
      .where('category_id', '=', id)
      .where((eb) => eb.or([eb('gender', '<>', set.gender!), eb('kind', '<>', set.kind!)]))
      .execute();
  }
}

/** Deletes category `id` (the caller has checked nothing uses it: 409 code 8110 otherwise). */
export async function deleteCategory(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('category').where('id', '=', id).execute();
}

/** Every brand by name, then id. */
export function listBrands(db: DbOrTrx): Promise<BrandRow[]> {
  return db.selectFrom('brand').selectAll().orderBy('name').orderBy('id').execute();
}

/** Brand `id`, or undefined. */
export function findBrand(db: DbOrTrx, id: number): Promise<BrandRow | undefined> {
  return db.selectFrom('brand').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a brand row (its id given by the caller). */
export async function insertBrand(db: DbOrTrx, row: Insertable<BrandTable>): Promise<void> {
  await db.insertInto('brand').values(row).execute();
}

/** Changes the given columns of brand `id`. */
export async function updateBrand(db: DbOrTrx, id: number, set: Updateable<BrandTable>): Promise<void> {
  await db.updateTable('brand').set(set).where('id', '=', id).execute();
}

/** Deletes brand `id` (the caller has checked it has no products: 409 code 8110 otherwise). */
export async function deleteBrand(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('brand').where('id', '=', id).execute();
}

/** Hides a category from the shop's lists (or shows it again). */
export async function setCategoryHidden(
  db: DbOrTrx,
  id: number,
  hidden: boolean,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('category')
    .set({ is_hidden: hidden ? 1 : 0, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}
