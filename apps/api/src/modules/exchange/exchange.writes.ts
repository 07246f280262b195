import type { DbOrTrx } from '#app/db/database.ts';
import { releaseStock, reserveStock } from '#app/modules/inventory/inventory.service.ts';
import { setProductPrices } from '#app/modules/catalog/catalog.import.ts';
import type { Actor } from '#app/modules/staff/staff.audit.ts';

// The two writes an import makes to other modules, in one small interface (docs/decisions/021): a SKU's stock in a
// city (the inventory module's) and a product's prices (the catalogue's). Imports never touch those tables.

/** Why an import sets stock, as the stock movement history names it. */
export type StockReason = 'import_csv' | 'import_1c';

/** A SKU's units in a city: `before` as read in the import's transaction, `quantity` wanted. */
export interface StockLevelChange {
  skuId: number;
  cityId: number;
  before: number;
  quantity: number;
}

/**
 * Sets a SKU's stock in a city, in the caller's transaction. Until the inventory's stock-setting function with
 * movement history lands, the difference is taken or put back through the inventory's own reservation and
 * release (the stock lock order and the never-negative check stay the inventory's).
 */
export async function setStockLevel(
  trx: DbOrTrx,
  change: StockLevelChange,
  _reason: StockReason,
  actor: Actor,
): Promise<void> {
  const diff = change.quantity - change.before;
  const move = { skuId: change.skuId, cityId: change.cityId, qty: Math.abs(diff) };
  const nowIso = actor.at.toISOString();
  if (diff > 0) await releaseStock(trx, [move], nowIso);
  else if (diff < 0 && (await reserveStock(trx, [move], nowIso)).length > 0)
    throw new Error(`stock of SKU ${change.skuId} in city ${change.cityId} changed during the import`);
}

/** Sets a product's prices (whole tenge), in the caller's transaction. */
export function setPrices(
  trx: DbOrTrx,
  productId: number,
  price: number,
  originalPrice: number,
  actor: Actor,
): Promise<void> {
  return setProductPrices(trx, productId, price, originalPrice, actor.at.toISOString());
}
