import { sql } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { inValues, isPostgres } from '#app/db/dialect.ts';

// Stock read in bulk by readers of the whole catalogue (the Kaspi feed), apart from the locking reads of
// inventory.repository.ts: compact rows, never locked.

/**
 * Units of the given SKUs in cities visible to customers, one row per SKU with its cities as text
 * `city:units,city:units` (group_concat / string_agg): a tenth of the rows and objects of {@link lockStock} for
 * a reader of many SKUs (the Kaspi feed, decision 076). The ids are bound as one parameter (`valuesTable`), so
 * the statement is prepared once whatever the page's size. Never locks. @returns SKU id → city id → units.
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
    .where(inValues(db, sql.ref('stock.sku_id'), [...new Set(skuIds)], 'integer'))
    .where('city.visible_for_customers', '=', 1)
    .groupBy('stock.sku_id')
    .execute();
  for (const r of rows) by.set(Number(r.sku_id), cityUnits(String(r.units)));
  return by;
}

/**
 * Parses `city:units,city:units` (non-negative integers, as the query above writes them) into city id → units,
 * digit by digit: no substring or array per pair (100,000 SKUs × 20 cities in a feed build).
 */
function cityUnits(text: string): Map<number, number> {
  const cities = new Map<number, number>();
  let city = 0;
  let units = 0;
  let inUnits = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 /* : */) inUnits = true;
    else if (c === 44 /* , */) {
      cities.set(city, units);
      city = units = 0;
      inUnits = false;
    } else if (inUnits) units = units * 10 + (c - 48);
    else city = city * 10 + (c - 48);
  }
  cities.set(city, units);
  return cities;
}
