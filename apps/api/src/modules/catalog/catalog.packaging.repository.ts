import type { DbOrTrx } from '#app/db/database.ts';
import { fixedListRead } from '#app/db/fixed-query.ts';

/** Packaging columns of SKUs with their category's and kind (migration 20261229T080000), by SKU id. */
export async function selectSkuPackaging(db: DbOrTrx, skuIds: readonly number[]) {
  if (skuIds.length === 0) return [];
  return packagingOf(db, skuIds);
}

/** Compiled once per number of SKUs (the carrier's split cart reads it every time). */
const packagingOf = fixedListRead((db: DbOrTrx, skuIds: readonly number[]) =>
  db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .innerJoin('category', 'category.id', 'product.category_id')
    .where('sku.id', 'in', skuIds)
    .select([
      'sku.id as skuId',
      'sku.package_weight_g as skuWeightG',
      'sku.package_length_cm as skuLengthCm',
      'sku.package_width_cm as skuWidthCm',
      'sku.package_height_cm as skuHeightCm',
      'category.package_weight_g as categoryWeightG',
      'category.package_length_cm as categoryLengthCm',
      'category.package_width_cm as categoryWidthCm',
      'category.package_height_cm as categoryHeightCm',
      'category.kind as kind',
    ]),
);

/** CDEK's code of a city, or null (not served or unknown city). */
export async function selectCityCdekCode(db: DbOrTrx, cityId: number): Promise<number | null> {
  const row = await db.selectFrom('city').where('id', '=', cityId).select('cdek_code').executeTakeFirst();
  return row?.cdek_code ?? null;
}

/** Sets CDEK's code of a city (null: no carrier delivery there). @returns whether the city exists. */
export async function updateCityCdekCode(db: DbOrTrx, cityId: number, code: number | null, at: string) {
  const r = await db
    .updateTable('city')
    .set({ cdek_code: code, updated_at: at })
    .where('id', '=', cityId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The shop's own cities (not carrier-found ones, decision 073) with their carrier settings, in the shop's order. */
export function selectCarrierCities(db: DbOrTrx) {
  return db
    .selectFrom('city')
    .select([
      'id',
      'name',
      'cdek_code',
      'carrier_in_own_city',
      'visible_for_customers',
      'cdek_shipment_point',
    ])
    .where('carrier_found', '=', 0)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Whether the carrier is also offered in the city (0/1 column); false for an unknown city. */
export async function selectCarrierInOwnCity(db: DbOrTrx, cityId: number): Promise<boolean> {
  const row = await db
    .selectFrom('city')
    .where('id', '=', cityId)
    .select('carrier_in_own_city')
    .executeTakeFirst();
  return Number(row?.carrier_in_own_city ?? 0) === 1;
}

/**
 * Sets a city's CDEK code and the «also in own city» switch; a new code clears the shipment point (an office of
 * the old city). @returns whether the city exists.
 */
export async function updateCityCarrier(
  db: DbOrTrx,
  cityId: number,
  s: { cdekCode: number | null; carrierInOwnCity: boolean },
  at: string,
) {
  const r = await db
    .updateTable('city')
    .set((eb) => ({
      cdek_code: s.cdekCode,
      carrier_in_own_city: s.carrierInOwnCity ? 1 : 0,
      cdek_shipment_point: eb
        .case()
        .when('cdek_code', '=', s.cdekCode ?? -1)
        .then(eb.ref('cdek_shipment_point'))
        .else(null)
        .end(),
      updated_at: at,
    }))
    .where('id', '=', cityId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Sets the CDEK office a city's warehouse hands parcels in at (null: none). @returns whether the city exists. */
export async function updateCityShipmentPoint(db: DbOrTrx, cityId: number, code: string | null, at: string) {
  const r = await db
    .updateTable('city')
    .set({ cdek_shipment_point: code, updated_at: at })
    .where('id', '=', cityId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The packaging columns of `sku` (and `category`) an update sets: grams and cm, null clears. */
export type PackageColumns = Partial<
  Record<'package_weight_g' | 'package_length_cm' | 'package_width_cm' | 'package_height_cm', number | null>
>;

/** Sets packaging columns of SKUs by id (at most a few hundred ids per call). */
export async function updateSkusPackaging(
  db: DbOrTrx,
  skuIds: readonly number[],
  columns: PackageColumns,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('sku')
    .set({ ...columns, updated_at: nowIso })
    .where('id', 'in', [...skuIds])
    .execute();
}

/**
 * Sets packaging columns on every SKU of the products where one of them differs (so an unchanged import does not
 * bump the catalogue version). @returns how many SKUs changed.
 */
export async function updateProductsPackaging(
  db: DbOrTrx,
  productIds: readonly number[],
  columns: PackageColumns,
  nowIso: string,
): Promise<number> {
  const given = Object.entries(columns) as [keyof PackageColumns, number | null][];
  const r = await db
    .updateTable('sku')
    .set({ ...columns, updated_at: nowIso })
    .where('product_id', 'in', [...productIds])
    .where((eb) =>
      eb.or(
        given.map(([c, v]) =>
          v === null ? eb(c, 'is not', null) : eb.or([eb(c, 'is', null), eb(c, '<>', v)]),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
