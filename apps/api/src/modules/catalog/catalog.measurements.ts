import type { ProductMeasurements, ProductMeasurementsInput, SizeMeasurements } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { badRequest } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import * as repo from './catalog.measurements.repository.ts';
import { requireProduct } from './catalog.admin.products.ts';
import { isEmpty, toSizeMeasurements, toValues } from './catalog.measurements.rules.ts';

// Garment measurements by size (issue 35 item 6, docs/decisions/066), owned by the catalogue: the back office's
// table, the import's columns and the product page all read and write through here.

/**
 * A product's measurements for the back office: one row per size of the product in size order (empty ones
 * included), then any measured size label the product no longer has.
 * @throws AppError 404 productNotFound.
 */
export async function productMeasurements(db: DbOrTrx, productId: number): Promise<ProductMeasurements> {
  await requireProduct(db, productId);
  const [skus, rows] = await Promise.all([
    admin.listSkus(db, productId),
    repo.listMeasurements(db, productId),
  ]);
  const bySize = new Map(rows.map((r) => [r.size, r]));
  const sizes = [...new Set(skus.map((s) => s.size))];
  for (const r of rows) if (!sizes.includes(r.size)) sizes.push(r.size);
  return { productId, items: sizes.map((size) => toSizeMeasurements(size, bySize.get(size))) };
}

/**
 * The measured sizes of a product for its page, in the product's size order (sizes it no longer has are left out).
 * Empty when none is measured.
 */
export async function pageMeasurements(db: DbOrTrx, productId: number): Promise<SizeMeasurements[]> {
  const rows = new Map((await repo.listMeasurements(db, productId)).map((r) => [r.size, r]));
  if (rows.size === 0) return [];
  const sizes = [...new Set((await admin.listSkus(db, productId)).map((s) => s.size))];
  return sizes.filter((s) => rows.has(s)).map((s) => toSizeMeasurements(s, rows.get(s)));
}

/** Product ids per read of {@link measurementsOfProducts} (well under either database's parameter limit). */
const IDS_PER_READ = 5000;

/**
 * The measured sizes of several products (cm), by product id and size label, for the catalogue import and export
 * (decision 072); a product with none measured is absent.
 */
export async function measurementsOfProducts(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<Map<number, Map<string, SizeMeasurements>>> {
  const out = new Map<number, Map<string, SizeMeasurements>>();
  const ids = [...new Set(productIds)];
  for (let i = 0; i < ids.length; i += IDS_PER_READ)
    for (const r of await repo.listMeasurementsOf(db, ids.slice(i, i + IDS_PER_READ))) {
      let sizes = out.get(r.product_id);
      if (!sizes) out.set(r.product_id, (sizes = new Map()));
      sizes.set(r.size, toSizeMeasurements(r.size, r));
    }
  return out;
}

/**
 * Saves the measurements of the sizes sent (validated by `ProductMeasurementsInput`: cm, 1–300, one decimal); a
 * size sent with every measurement empty is cleared, sizes not sent stay. Audited
 * (`catalogue.product_measurements_updated`, before and after) when anything changed.
 * @throws AppError 404 productNotFound; 400 `items.{i}.size` for a size the product does not have.
 */
export async function saveMeasurements(
  db: DbOrTrx,
  productId: number,
  input: ProductMeasurementsInput,
  actor: Actor,
): Promise<ProductMeasurements> {
  return db.transaction().execute(async (trx) => {
    const before = await productMeasurements(trx, productId);
    const sizes = new Set(before.items.map((i) => i.size));
    const unknown: Record<string, string[]> = {};
    input.items.forEach((row, i) => {
      if (!sizes.has(row.size.trim())) unknown[`items.${i}.size`] = ['У товара нет такого размера'];
    });
    if (Object.keys(unknown).length > 0) throw badRequest(unknown);
    await writeMeasurements(trx, productId, input.items, actor.at.toISOString());
    const after = await productMeasurements(trx, productId);
    if (JSON.stringify(after) !== JSON.stringify(before))
      await audit(
        trx,
        actor,
        'catalogue.product_measurements_updated',
        { type: 'product', id: String(productId) },
        before,
        after,
      );
    return after;
  });
}

/**
 * Inside the caller's transaction: writes each size's measurements (cm), clearing a size whose are all empty. For
 * the back office and the catalogue import (which validates and audits on its own).
 */
export async function writeMeasurements(
  trx: DbOrTrx,
  productId: number,
  items: ProductMeasurementsInput['items'],
  nowIso: string,
): Promise<void> {
  for (const row of items) {
    const values = toValues(row);
    const size = row.size.trim();
    if (isEmpty(values)) await repo.deleteMeasurement(trx, productId, size);
    else await repo.upsertMeasurement(trx, productId, size, values, nowIso);
  }
}
