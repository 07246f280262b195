import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from './inventory.levels.repository.ts';

/** Exact units per SKU and city of the given SKUs (every city, hidden ones too): key `${skuId}:${cityId}`. */
export async function stockOfSkus(db: DbOrTrx, skuIds: readonly number[]): Promise<Map<string, number>> {
  const rows = await repo.selectStockRows(db, skuIds);
  return new Map(rows.map((r) => [`${r.sku_id}:${r.city_id}`, r.quantity]));
}

/** Every stock row in (SKU, city) order, read in pages of `pageSize` (the CSV export). */
export async function* allStockRows(
  db: DbOrTrx,
  pageSize = 5000,
): AsyncGenerator<{ skuId: number; cityId: number; quantity: number }> {
  let after = { skuId: 0, cityId: 0 };
  for (;;) {
    const page = await repo.stockPage(db, after, pageSize);
    for (const r of page) yield { skuId: r.sku_id, cityId: r.city_id, quantity: r.quantity };
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { skuId: last.sku_id, cityId: last.city_id };
  }
}
