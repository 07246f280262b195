import type { DbOrTrx } from '#app/db/database.ts';
import { setProductPrices } from '#app/modules/catalog/catalog.admin.service.ts';
import {
  setSkuPrices as setCatalogueSkuPrices,
  skusByExternalIds,
  type SkuRef,
} from '#app/modules/catalog/catalog.import.ts';
import {
  setStockLevel as setInventoryLevel,
  setStockLevels as setInventoryLevels,
  stockOfSkus,
} from '#app/modules/inventory/inventory.levels.ts';
import type { Actor } from '#app/modules/audit/audit.ts';

// The writes and bulk reads an import makes of other modules (docs/decisions/021): a SKU's stock in a city through the
// inventory's setStockLevel (with its stock movement row, reason «import»), a product's prices through the
// catalogue's setProductPrices, a size's own prices through its setSkuPrices. Imports never touch those tables
// themselves.

/** Ids per query (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
const CHUNK = 5000;

async function chunked<T, R>(items: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await read(items.slice(i, i + CHUNK))));
  return out;
}

/** SKUs by `external_id`, any number of them. */
export const skusOf = (db: DbOrTrx, externalIds: readonly string[]): Promise<SkuRef[]> =>
  chunked([...new Set(externalIds)], (part) => skusByExternalIds(db, part));

/** Exact units per SKU and city of the given SKUs (every city): key `${skuId}:${cityId}`. */
export async function stockMap(db: DbOrTrx, skuIds: readonly number[]): Promise<Map<string, number>> {
  const rows = await chunked([...new Set(skuIds)], (part) => stockOfSkus(db, part));
  return new Map(rows.map((r) => [`${r.sku_id}:${r.city_id}`, r.quantity]));
}

/** Sets a SKU's units in a city (whole, ≥ 0, checked by the import) in the caller's transaction. */
export async function setStockLevel(
  trx: DbOrTrx,
  change: { skuId: number; cityId: number; quantity: number },
  note: string,
  actor: Actor,
): Promise<void> {
  await setInventoryLevel(trx, {
    ...{ skuId: change.skuId, cityId: change.cityId, quantity: change.quantity },
    ...{ reason: 'import', actor: { type: actor.type, id: actor.id }, note, at: actor.at },
  });
}

/**
 * Sets many SKUs' units in cities (whole, ≥ 0, checked by the import) in the caller's transaction, in batches of the
 * inventory's setStockLevels (a stock movement row per change, reason «import», each with its note).
 */
export async function setStockLevels(
  trx: DbOrTrx,
  changes: readonly { skuId: number; cityId: number; quantity: number; note: string }[],
  actor: Actor,
): Promise<void> {
  if (changes.length === 0) return;
  await setInventoryLevels(trx, changes, {
    reason: 'import',
    actor: { type: actor.type, id: actor.id },
    at: actor.at,
  });
}

/** Sets a product's prices (whole tenge, checked by the import) in the caller's transaction. */
export async function setPrices(
  trx: DbOrTrx,
  productId: number,
  price: number,
  originalPrice: number,
  actor: Actor,
): Promise<void> {
  await setProductPrices(trx, productId, { price, originalPrice }, actor.at);
}

/**
 * Sets SKUs' own prices (whole tenge, original >= price, checked by the import; null: the product's again) in the
 * caller's transaction (issue 28 item 4, docs/decisions/032).
 */
export async function setSkuPrices(
  trx: DbOrTrx,
  prices: readonly { skuId: number; price: number | null; originalPrice: number | null }[],
  actor: Actor,
): Promise<void> {
  if (prices.length) await setCatalogueSkuPrices(trx, prices, actor.at.toISOString());
}

/** The usual order of clothing sizes (a SKU's `size_order`, both imports): letters, then numbers by value, then the rest. */
export function sizeOrder(size: string): number {
  const letters = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];
  const i = letters.indexOf(size.toUpperCase());
  if (i >= 0) return i + 1;
  const n = Number.parseFloat(size.replace(',', '.'));
  return Number.isFinite(n) ? 100 + Math.round(n * 10) : 10_000;
}
