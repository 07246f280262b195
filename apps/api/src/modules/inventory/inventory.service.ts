import type { DbOrTrx } from '#app/db/database.ts';
import type { StockUnits } from './inventory.allocate.ts';
import * as repo from './inventory.repository.ts';

// The inventory module owns the `stock` table (exact units per SKU and city) and its rules: levels and states
// (inventory.rules.ts), allocation across cities (inventory.allocate.ts), and here the writes — reservation,
// release and the lock taken before them. Other modules change stock only through these functions.

/** Units of a SKU to take from or put back into a city's stock. */
interface StockMove {
  skuId: number;
  cityId: number;
  qty: number;
}

/** A move that could not be taken: `available` is what the city holds now. */
interface StockShortage extends StockMove {
  available: number;
}

/**
 * Moves summed per (SKU, city) — two lines sharing a SKU and a city become one move — in the one lock order
 * of every stock writer: SKU id, then city id.
 */
export function inLockOrder(moves: Iterable<StockMove>): StockMove[] {
  const summed = new Map<string, StockMove>();
  for (const m of moves) {
    const key = `${m.skuId}:${m.cityId}`;
    const s = summed.get(key) ?? { skuId: m.skuId, cityId: m.cityId, qty: 0 };
    s.qty += m.qty;
    summed.set(key, s);
  }
  return [...summed.values()].sort((a, b) => a.skuId - b.skuId || a.cityId - b.cityId);
}

/**
 * Locks the stock rows of the given SKUs in every city visible to customers until the caller's transaction
 * ends, and answers their exact units (for {@link allocate}). Take it before {@link reserveStock}.
 */
export function lockStock(trx: DbOrTrx, skuIds: readonly number[]): Promise<StockUnits[]> {
  return repo.lockStock(trx, skuIds);
}

/**
 * Reserves stock in the caller's transaction: one conditional UPDATE (`quantity >= n`) per SKU and city, in
 * lock order ({@link inLockOrder}). Under {@link lockStock} every update succeeds; the condition still keeps
 * stock from ever going below zero.
 * @returns the moves that could not be taken (empty when all were): the caller rolls its transaction back.
 */
export async function reserveStock(
  trx: DbOrTrx,
  moves: Iterable<StockMove>,
  nowIso: string,
): Promise<StockShortage[]> {
  const short: StockShortage[] = [];
  for (const m of inLockOrder(moves)) {
    if (!(await repo.takeStock(trx, m.skuId, m.cityId, m.qty, nowIso))) {
      short.push({ ...m, available: await repo.stockQuantity(trx, m.skuId, m.cityId) });
    }
  }
  return short;
}

/**
 * Puts units back (a cancelled order: each where it came from) in the caller's transaction, in lock order; a
 * stock row removed meanwhile is created again.
 */
export async function releaseStock(trx: DbOrTrx, moves: Iterable<StockMove>, nowIso: string): Promise<void> {
  for (const m of inLockOrder(moves)) await repo.returnStock(trx, m.skuId, m.cityId, m.qty, nowIso);
}

/**
 * Which SKUs have units in which city (pairs with quantity > 0), of the given products' SKUs or of every SKU, in
 * `cityId` or in every city: the catalogue's in-memory read model keeps them for "sizes in stock"
 * (docs/decisions/018; it loads them city by city to hold fewer rows at once).
 */
export function skusInStockByCity(
  db: DbOrTrx,
  productIds?: readonly number[],
  cityId?: number,
): Promise<{ sku_id: number; city_id: number }[]> {
  return repo.skusInStockByCity(db, productIds, cityId);
}

/**
 * SKUs running out (back office's dashboard, issue 15): stock rows of cities visible to customers with 1…`threshold`
 * units (sold out rows are not listed), fewest first, at most `limit`.
 */
export function lowStock(db: DbOrTrx, threshold: number, limit: number) {
  return repo.findLowStock(db, threshold, limit);
}
