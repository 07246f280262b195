import { sql } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';

// Stock read in bulk by readers of the whole catalogue (the Kaspi feed), apart from the locking reads of
// inventory.repository.ts: compact rows, never locked.

/**
 * Units of the given SKUs in cities visible to customers, one row per SKU with its cities as text
 * `city:units,city:units` (group_concat / string_agg): a tenth of the rows and objects of {@link lockStock} for
 * a reader of many SKUs (the Kaspi feed, decision 076). Never locks. @returns SKU id → city id → units.
 */
export async function visibleStockByCity(
  db: DbOrTrx,
  skuIds: readonly number[],
): Promise<Map<number, Map<number, number>>> {
  const by = new Map<number, Map<number, number>>();
  if (skuIds.length === 0) return by;
  const pair = sql<string>`stock.city_id || ':' || stock.quantity`;
  const units = isPostgres(db)
    ? sql<string>`string_agg(${pair}, ',')`
    : sql<string>`group_concat(${pair}, ',')`;
  const rows = await db
    .selectFrom('stock')
    .innerJoin('city', 'city.id', 'stock.city_id')
    .select(['stock.sku_id', units.as('units')])
    .where('stock.sku_id', 'in', [...new Set(skuIds)])
    .where('city.visible_for_customers', '=', 1)
    .groupBy('stock.sku_id')
    .execute();
  for (const r of rows) {
    const cities = new Map<number, number>();
    for (const part of String(r.units).split(',')) {
      const colon = part.indexOf(':');
      cities.set(Number(part.slice(0, colon)), Number(part.slice(colon + 1)));
    }
    by.set(Number(r.sku_id), cities);
  }
  return by;
}
