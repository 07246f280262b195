import { PostgresAdapter } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { StockUnits } from './inventory.allocate.ts';

/**
 * Data access of the inventory module: the only place with Kysely statements on `stock` (other modules'
 * queries that filter or sort by stock embed inventory.expressions.ts). Functions take `db | trx` first;
 * times are ISO 8601 UTC text. Lock order of every stock writer: (sku_id, city_id) ascending.
 */

/**
 * Takes `qty` units of a SKU from a city's stock with one conditional UPDATE (`quantity >= qty`), so
 * stock can never go below zero nor be sold twice, whatever the concurrency.
 * @returns true when the units were taken.
 */
export async function takeStock(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  qty: number,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('stock')
    .set((eb) => ({ quantity: eb('quantity', '-', qty), updated_at: nowIso }))
    .where('sku_id', '=', skuId)
    .where('city_id', '=', cityId)
    .where('quantity', '>=', qty)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Puts `qty` units of a SKU back into a city's stock (a cancelled order), creating the stock row if it was
 * removed meanwhile.
 */
export async function returnStock(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  qty: number,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('stock')
    .values({ sku_id: skuId, city_id: cityId, quantity: qty, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) =>
      oc.columns(['sku_id', 'city_id']).doUpdateSet((eb) => ({
        quantity: eb('stock.quantity', '+', eb.ref('excluded.quantity')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
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

/** True on PostgreSQL: the one dialect difference of this module (row locks; SQLite serialises writers). */
const isPostgres = (db: DbOrTrx) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Exact units of the given SKUs in every city visible to customers, LOCKED until the transaction ends
 * (PostgreSQL `FOR UPDATE OF stock`, rows taken in (sku_id, city_id) order — the one lock order of every
 * stock writer, so orders never deadlock; SQLite runs one writing transaction at a time). Reads the cities'
 * visibility flag (catalogue reference data) in the same statement.
 */
export async function lockStock(db: DbOrTrx, skuIds: readonly number[]): Promise<StockUnits[]> {
  if (skuIds.length === 0) return [];
  let q = db
    .selectFrom('stock')
    .innerJoin('city', 'city.id', 'stock.city_id')
    .select(['stock.sku_id', 'stock.city_id', 'stock.quantity'])
    .where('stock.sku_id', 'in', [...new Set(skuIds)])
    .where('city.visible_for_customers', '=', 1)
    .orderBy('stock.sku_id')
    .orderBy('stock.city_id');
  if (isPostgres(db)) q = q.forUpdate('stock');
  const rows = await q.execute();
  return rows.map((r) => ({ skuId: r.sku_id, cityId: r.city_id, quantity: Number(r.quantity) }));
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
