import type { DbOrTrx } from '#app/db/database.ts';
import type { ProductMeasurementRow } from './catalog.table.ts';

// Rows of `product_measurement` (migration 20261231T090000, decision 066): garment measurements by size, in mm.

/** A product's measurement rows, by size label. */
export const listMeasurements = (db: DbOrTrx, productId: number): Promise<ProductMeasurementRow[]> =>
  db
    .selectFrom('product_measurement')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('size')
    .execute();

/** The measurement rows of several products (at most a few thousand ids per call), by product and size. */
export const listMeasurementsOf = (
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<ProductMeasurementRow[]> =>
  productIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('product_measurement')
        .selectAll()
        .where('product_id', 'in', [...productIds])
        .orderBy('product_id')
        .orderBy('size')
        .execute();

/** Measurement columns of one row (mm or null). */
export type MeasurementValues = Pick<
  ProductMeasurementRow,
  'chest_mm' | 'waist_mm' | 'hips_mm' | 'length_mm' | 'inseam_mm'
>;

/** Writes (inserts or replaces) the measurements of one size of a product. */
export async function upsertMeasurement(
  db: DbOrTrx,
  productId: number,
  size: string,
  values: MeasurementValues,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('product_measurement')
    .values({ product_id: productId, size, ...values, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.columns(['product_id', 'size']).doUpdateSet({ ...values, updated_at: nowIso }))
    .execute();
}

/** Deletes the measurements of one size of a product (none: nothing happens). */
export async function deleteMeasurement(db: DbOrTrx, productId: number, size: string): Promise<void> {
  await db
    .deleteFrom('product_measurement')
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .execute();
}
