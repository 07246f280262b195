import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';
import { fixedListRead } from '#app/db/fixed-query.ts';
import type { StockUnits } from './inventory.allocate.ts';
import type { StockMovementTable } from './inventory.table.ts';

/**
 * Data access of the inventory module: the only place with Kysely statements on `stock` (other modules'
 * queries that filter or sort by stock embed inventory.expressions.ts). Functions take `db | trx` first;
 * times are ISO 8601 UTC text. Lock order of every stock writer: (sku_id, city_id) ascending.
 */

/**
 * Takes `qty` units of a SKU from a city's stock with one conditional UPDATE (`quantity >= qty`), so
 * stock can never go below zero nor be sold twice, whatever the concurrency.
 * @returns the units left after taking (the row's new quantity, read by the same statement: `RETURNING`), or null
 *   when the city holds fewer than `qty` (nothing taken).
 */
export async function takeStock(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  qty: number,
  nowIso: string,
): Promise<number | null> {
  const row = await db
    .updateTable('stock')
    .set((eb) => ({ quantity: eb('quantity', '-', qty), updated_at: nowIso }))
    .where('sku_id', '=', skuId)
    .where('city_id', '=', cityId)
    .where('quantity', '>=', qty)
    .returning('quantity')
    .executeTakeFirst();
  return row === undefined ? null : Number(row.quantity);
}

/**
 * Puts `qty` units of a SKU back into a city's stock (a cancelled order), creating the stock row if it was
 * removed meanwhile.
 * @returns the units after putting them back (the row's new quantity, read by the same statement: `RETURNING`).
 */
export async function returnStock(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  qty: number,
  nowIso: string,
): Promise<number> {
  const row = await db
    .insertInto('stock')
    .values({ sku_id: skuId, city_id: cityId, quantity: qty, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) =>
      oc.columns(['sku_id', 'city_id']).doUpdateSet((eb) => ({
        quantity: eb('stock.quantity', '+', eb.ref('excluded.quantity')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning('quantity')
    .executeTakeFirstOrThrow();
  return Number(row.quantity);
}

/** Exact units of a SKU in a city (0 without a stock row). */
export async function stockQuantity(db: DbOrTrx, skuId: number, cityId: number): Promise<number> {
  const row = await db
    .selectFrom('stock')
    .select('quantity')
    .where('sku_id', '=', skuId)
    .where('city_id', '=', cityId)
    .executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

/**
 * Exact units of the given SKUs in every city visible to customers, LOCKED until the transaction ends
 * (PostgreSQL `FOR UPDATE OF stock`, rows taken in (sku_id, city_id) order — the one lock order of every
 * stock writer, so orders never deadlock; SQLite runs one writing transaction at a time). Reads the cities'
 * visibility flag (catalogue reference data) in the same statement. With `lock` false, the same read unlocked.
 */
export async function lockStock(db: DbOrTrx, skuIds: readonly number[], lock = true): Promise<StockUnits[]> {
  if (skuIds.length === 0) return [];
  const ids = [...new Set(skuIds)];
  // Nothing to lock on SQLite (its one writer is the lock): the same read as an unlocked one.
  const rows =
    lock && isPostgres(db)
      ? await stockRows(db, ids).forUpdate('stock').execute()
      : await unlockedStock(db, ids);
  return rows.map((r) => ({ skuId: r.sku_id, cityId: r.city_id, quantity: Number(r.quantity) }));
}

/** The stock rows of SKUs in cities visible to customers, by SKU then city. */
const stockRows = (db: DbOrTrx, skuIds: readonly number[]) =>
  db
    .selectFrom('stock')
    .innerJoin('city', 'city.id', 'stock.city_id')
    .select(['stock.sku_id', 'stock.city_id', 'stock.quantity'])
    .where('stock.sku_id', 'in', skuIds)
    .where('city.visible_for_customers', '=', 1)
    .orderBy('stock.sku_id')
    .orderBy('stock.city_id');

/** {@link stockRows} unlocked, compiled once per number of SKUs (the carrier's split cart reads it every time). */
const unlockedStock = fixedListRead(stockRows);

/** True when the SKU and the city exist (a stock row may only name real ones). */
export async function skuAndCityExist(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
): Promise<{ sku: boolean; city: boolean }> {
  const [sku, city] = await Promise.all([
    db.selectFrom('sku').select('id').where('id', '=', skuId).executeTakeFirst(),
    db.selectFrom('city').select('id').where('id', '=', cityId).executeTakeFirst(),
  ]);
  return { sku: sku !== undefined, city: city !== undefined };
}

/**
 * Exact units of a SKU in a city, LOCKED until the transaction ends: the stock row is made (0 units) when missing,
 * then read `FOR UPDATE` on PostgreSQL (SQLite runs one writing transaction at a time).
 */
export async function lockStockLevel(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  nowIso: string,
): Promise<number> {
  await db
    .insertInto('stock')
    .values({ sku_id: skuId, city_id: cityId, quantity: 0, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.columns(['sku_id', 'city_id']).doNothing())
    .execute();
  let q = db.selectFrom('stock').select('quantity').where('sku_id', '=', skuId).where('city_id', '=', cityId);
  if (isPostgres(db)) q = q.forUpdate();
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.quantity);
}

/** Sets the units of a SKU in a city (the row exists: {@link lockStockLevel} made it). */
export async function writeStockLevel(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  quantity: number,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('stock')
    .set({ quantity, updated_at: nowIso })
    .where('sku_id', '=', skuId)
    .where('city_id', '=', cityId)
    .execute();
}

/** Appends one row to the stock movement history. */
export async function insertStockMovement(db: DbOrTrx, row: Insertable<StockMovementTable>): Promise<number> {
  const r = await db.insertInto('stock_movement').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Which movements to list: of one SKU or of all SKUs of a product, optionally in one city. */
export interface MovementFilter {
  skuIds: readonly number[];
  cityId?: number;
}

/** Movements of the filter, newest first (by id: insertion order), with the total count. */
export async function selectStockMovements(
  db: DbOrTrx,
  filter: MovementFilter,
  offset: number,
  limit: number,
): Promise<{ rows: Selectable<StockMovementTable>[]; total: number }> {
  if (filter.skuIds.length === 0) return { rows: [], total: 0 };
  let q = db.selectFrom('stock_movement').where('sku_id', 'in', [...filter.skuIds]);
  if (filter.cityId !== undefined) q = q.where('city_id', '=', filter.cityId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Stock rows of the given SKUs in every city (admin screens: exact units, hidden cities too). */
export async function selectStockOfSkus(
  db: DbOrTrx,
  skuIds: readonly number[],
): Promise<{ sku_id: number; city_id: number; quantity: number }[]> {
  if (skuIds.length === 0) return [];
  const rows = await db
    .selectFrom('stock')
    .select(['sku_id', 'city_id', 'quantity'])
    .where('sku_id', 'in', [...new Set(skuIds)])
    .orderBy('sku_id')
    .orderBy('city_id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/**
 * Stock rows at or below `threshold` units (the low-stock view), optionally of one city, fewest first; at most
 * `limit` rows with the total count. Only SKUs that have a row (were ever stocked in that city) are listed.
 */
export async function selectLowStock(
  db: DbOrTrx,
  threshold: number,
  cityId: number | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: { sku_id: number; city_id: number; quantity: number }[]; total: number }> {
  let q = db.selectFrom('stock').where('quantity', '<=', threshold);
  if (cityId !== undefined) q = q.where('city_id', '=', cityId);
  const [rows, count] = await Promise.all([
    q
      .select(['sku_id', 'city_id', 'quantity'])
      .orderBy('quantity')
      .orderBy('sku_id')
      .orderBy('city_id')
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, quantity: Number(r.quantity) })), total: Number(count.n) };
}

/** SKU–city pairs with units (quantity > 0), of the given products' SKUs or all, of one city or all. */
export function skusInStockByCity(
  db: DbOrTrx,
  productIds?: readonly number[],
  cityId?: number,
): Promise<{ sku_id: number; city_id: number }[]> {
  return db
    .selectFrom('stock')
    .select(['stock.sku_id', 'stock.city_id'])
    .where('stock.quantity', '>', 0)
    .$if(cityId !== undefined, (qb) => qb.where('stock.city_id', '=', cityId!))
    .$if(productIds !== undefined, (qb) =>
      qb.where('stock.sku_id', 'in', (eb) =>
        eb
          .selectFrom('sku')
          .select('sku.id')
          .where('sku.product_id', 'in', productIds!.length ? [...productIds!] : [0]),
      ),
    )
    .execute();
}

/** Stock rows of cities visible to customers holding 1…`threshold` units (still sold), fewest first, at most `limit`. */
export async function findLowStock(db: DbOrTrx, threshold: number, limit: number) {
  const rows = await db
    .selectFrom('stock')
    .innerJoin('city', 'city.id', 'stock.city_id')
    .select(['stock.sku_id', 'stock.city_id', 'stock.quantity', 'city.name as city_name'])
    .where('stock.quantity', '<=', threshold)
    .where('stock.quantity', '>', 0)
    .where('city.visible_for_customers', '=', 1)
    .orderBy('stock.quantity')
    .orderBy('stock.sku_id')
    .orderBy('stock.city_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    skuId: r.sku_id,
    cityId: r.city_id,
    cityName: r.city_name,
    quantity: Number(r.quantity),
  }));
}

/** A SKU in a city: the key of a stock row. */
export interface StockKey {
  skuId: number;
  cityId: number;
}

/** The ids among `ids` that name existing SKUs. */
export async function existingSkuIds(db: DbOrTrx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sku')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The ids among `ids` that name existing cities. */
export async function existingCityIds(db: DbOrTrx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('city')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Exact units of the given SKU–city pairs that have a stock row, LOCKED until the transaction ends (PostgreSQL
 * `FOR UPDATE`, rows taken in (sku_id, city_id) order — the lock order of every stock writer). One statement.
 * @returns units by key `${skuId}:${cityId}`; pairs without a row are absent.
 */
export async function lockStockLevels(db: DbOrTrx, keys: readonly StockKey[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  let q = db
    .selectFrom('stock')
    .select(['sku_id', 'city_id', 'quantity'])
    .where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple('sku_id', 'city_id'),
        'in',
        keys.map((k) => tuple(k.skuId, k.cityId)),
      ),
    )
    .orderBy('sku_id')
    .orderBy('city_id');
  if (isPostgres(db)) q = q.forUpdate();
  const rows = await q.execute();
  return new Map(rows.map((r) => [`${r.sku_id}:${r.city_id}`, Number(r.quantity)]));
}

/**
 * Makes the stock rows of pairs that have none, with their units, in one statement; a row another transaction made
 * meanwhile is left alone. @returns the keys `${skuId}:${cityId}` of the rows this statement made.
 */
export async function insertStockLevels(
  db: DbOrTrx,
  rows: readonly (StockKey & { quantity: number })[],
  nowIso: string,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const made = await db
    .insertInto('stock')
    .values(
      rows.map((r) => ({
        ...{ sku_id: r.skuId, city_id: r.cityId, quantity: r.quantity },
        ...{ created_at: nowIso, updated_at: nowIso },
      })),
    )
    .onConflict((oc) => oc.columns(['sku_id', 'city_id']).doNothing())
    .returning(['sku_id', 'city_id'])
    .execute();
  return new Set(made.map((r) => `${r.sku_id}:${r.city_id}`));
}

/**
 * Sets the units of existing (locked) stock rows, each pair at most once, in one statement (an upsert whose update
 * path is always taken: the row triggers of `stock` see ordinary updates on both databases).
 */
export async function writeStockLevels(
  db: DbOrTrx,
  rows: readonly (StockKey & { quantity: number })[],
  nowIso: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('stock')
    .values(
      rows.map((r) => ({
        ...{ sku_id: r.skuId, city_id: r.cityId, quantity: r.quantity },
        ...{ created_at: nowIso, updated_at: nowIso },
      })),
    )
    .onConflict((oc) =>
      oc.columns(['sku_id', 'city_id']).doUpdateSet((eb) => ({
        quantity: eb.ref('excluded.quantity'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Appends rows to the stock movement history in one statement (ids in the given order). */
export async function insertStockMovements(
  db: DbOrTrx,
  rows: readonly Insertable<StockMovementTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('stock_movement')
    .values([...rows])
    .execute();
}
