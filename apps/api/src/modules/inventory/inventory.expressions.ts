import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '#app/db/database.ts';

// Read-only parts of queries about stock, for the queries of other modules that must filter, sort or show
// stock in the same statement (a product list filtered by sizes in stock, a cart priced with its stock).
// They are the only way code outside the inventory module reads the `stock` table: no other module names it.
// Each takes the SKU id as an expression of the outer query (e.g. `eb.ref('ci.sku_id')`).

const eb = expressionBuilder<Database, never>();
/** Sum of the matched stock rows as an integer (PostgreSQL's sum is bigint), 0 when none. */
const units = sql<number>`cast(coalesce(sum(inv.quantity), 0) as integer)`;

/** Exact units of the SKU in one city (0 without a stock row): a scalar subquery. */
export const unitsInCity = (skuId: Expression<number>, cityId: number) =>
  eb
    .selectFrom('stock as inv')
    .select(units.as('units'))
    .where('inv.sku_id', '=', skuId)
    .where('inv.city_id', '=', cityId);

/** Exact units of the SKU over every city visible to customers (spec §4 global stock): a scalar subquery. */
export const unitsInVisibleCities = (skuId: Expression<number>) =>
  eb
    .selectFrom('stock as inv')
    .innerJoin('city as inv_city', 'inv_city.id', 'inv.city_id')
    .select(units.as('units'))
    .where('inv.sku_id', '=', skuId)
    .where('inv_city.visible_for_customers', '=', 1);

/** True when the SKU has units in the city. */
export const hasUnitsInCity = (skuId: Expression<number>, cityId: number): Expression<SqlBool> =>
  eb.exists(
    eb
      .selectFrom('stock as inv')
      .select('inv.sku_id')
      .where('inv.sku_id', '=', skuId)
      .where('inv.city_id', '=', cityId)
      .where('inv.quantity', '>', 0),
  );
