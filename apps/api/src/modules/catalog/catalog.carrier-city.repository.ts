import type { DbOrTrx } from '#app/db/database.ts';
import type { CityRow } from './catalog.table.ts';

/** The city rows holding a carrier city code: the shop's own first, then a carrier-found one (decision 073). */
export function selectCitiesByCdekCode(db: DbOrTrx, code: number): Promise<CityRow[]> {
  return db
    .selectFrom('city')
    .selectAll()
    .where('cdek_code', '=', code)
    .orderBy('carrier_found')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The row a carrier-found city gets: visible, no courier, after the shop's own cities. */
export interface CarrierCityValues {
  id: number;
  cdekCode: number;
  name: string;
  timeZone: string;
  sortOrder: number;
  at: string;
}

/**
 * Inserts a carrier-found city unless a row with its id, its code (unique among carrier-found rows) or its slug
 * exists: a concurrent insert does nothing instead of failing, on SQLite and PostgreSQL alike.
 */
export async function insertCarrierCity(db: DbOrTrx, v: CarrierCityValues): Promise<void> {
  await db
    .insertInto('city')
    .values({
      id: v.id,
      name: v.name,
      slug: `cdek-${v.cdekCode}`,
      time_zone: v.timeZone,
      visible_for_customers: 1,
      courier_available: 0,
      courier_price: 0,
      sort_order: v.sortOrder,
      cdek_code: v.cdekCode,
      carrier_found: 1,
      created_at: v.at,
      updated_at: v.at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The city with a CDEK code the shop ships from: its own visible cities with a code, in the shop's order. */
export function selectOwnCarrierOrigins(db: DbOrTrx): Promise<{ id: number; cdek_code: number | null }[]> {
  return db
    .selectFrom('city')
    .select(['id', 'cdek_code'])
    .where('carrier_found', '=', 0)
    .where('visible_for_customers', '=', 1)
    .where('cdek_code', 'is not', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The next free city id and the `sort_order` after the last city. */
export async function nextCityPlace(db: DbOrTrx): Promise<{ id: number; sortOrder: number }> {
  const row = await db
    .selectFrom('city')
    .select((eb) => [eb.fn.max<number | null>('id').as('id'), eb.fn.max<number | null>('sort_order').as('s')])
    .executeTakeFirst();
  return { id: Number(row?.id ?? 0) + 1, sortOrder: Number(row?.s ?? 0) + 1 };
}
