import type { Insertable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { StockUnits } from './inventory.allocate.ts';
import type { StockActor } from './inventory.levels.ts';
import * as bulk from './inventory.bulk.repository.ts';
import * as repo from './inventory.repository.ts';
import type { StockMovementTable } from './inventory.table.ts';
import { markAlertsDue } from '#app/modules/stock-alert/stock-alert.due.ts';

// The inventory module owns the `stock` table (exact units per SKU and city) and its rules: levels and states
// (inventory.rules.ts), allocation across cities (inventory.allocate.ts), and here the writes — reservation,
// release and the lock taken before them. Other modules change stock only through these functions.

/** Units of a SKU to take from or put back into a city's stock. */
interface StockMove {
  skuId: number;
  cityId: number;
  qty: number;
}

/**
 * The stock movement rows an order's stock change writes (decisions 020, 025; the history staff read): why, who and
 * a note naming the order. One row per SKU and city, with the units before and after.
 */
export interface OrderStockEntry {
  /** `order` when an order takes units; `order_cancelled` when they go back (cancelled, or refused at handover). */
  reason: 'order' | 'order_cancelled';
  /** The shop itself (`system`: the shopper's order or cancellation, the payment job), or the staff member / API key. */
  actor: StockActor;
  /** e.g. «№ 100001»; trimmed to 500 characters. */
  note: string;
}

/** The movement row of one move of an order: units `before` → `after`. */
function movementRow(
  m: StockMove,
  before: number,
  after: number,
  entry: OrderStockEntry,
  nowIso: string,
): Insertable<StockMovementTable> {
  return {
    ...{ sku_id: m.skuId, city_id: m.cityId, quantity_before: before, quantity_after: after },
    ...{ reason: entry.reason, actor_type: entry.actor.type, actor_id: entry.actor.id },
    ...{ note: entry.note.trim().slice(0, 500) || null, created_at: nowIso, updated_at: nowIso },
  };
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
 * Exact units of the given SKUs in every city visible to customers, read without locking: what an order would
 * take from where, before it is placed (carrier quote origin, issue 34 item 2).
 */
export function visibleStock(db: DbOrTrx, skuIds: readonly number[]): Promise<StockUnits[]> {
  return repo.lockStock(db, skuIds, false);
}

/** Units of many SKUs per visible city, never locked (SKU id → city id → units; the Kaspi feed, decision 076). */
export const visibleStockByCity = (
  db: DbOrTrx,
  skuIds: readonly number[],
): Promise<Map<number, Map<number, number>>> => bulk.visibleStockByCity(db, skuIds);

/**
 * Reserves stock in the caller's transaction: one conditional UPDATE (`quantity >= n`, answering the units left)
 * per SKU and city, in lock order ({@link inLockOrder}), then the stock movement rows of `entry` — one per SKU and
 * city, before → after as the updates found them — in one multi-row INSERT. Under {@link lockStock} every update
 * succeeds; the condition still keeps stock from ever going below zero.
 * @returns the moves that could not be taken (empty when all were): the caller rolls its transaction back; no
 *   movement is written then.
 */
export async function reserveStock(
  trx: DbOrTrx,
  moves: Iterable<StockMove>,
  nowIso: string,
  entry: OrderStockEntry,
): Promise<StockShortage[]> {
  const short: StockShortage[] = [];
  const rows: Insertable<StockMovementTable>[] = [];
  for (const m of inLockOrder(moves)) {
    const after = await repo.takeStock(trx, m.skuId, m.cityId, m.qty, nowIso);
    if (after === null) short.push({ ...m, available: await repo.stockQuantity(trx, m.skuId, m.cityId) });
    else rows.push(movementRow(m, after + m.qty, after, entry, nowIso));
  }
  if (short.length === 0) await repo.insertStockMovements(trx, rows);
  return short;
}

/**
 * Puts units back (a cancelled order: each where it came from; units refused at handover) in the caller's
 * transaction, in lock order — a stock row removed meanwhile is created again — and writes the stock movement rows
 * of `entry` (one per SKU and city, before → after) in one multi-row INSERT.
 */
export async function releaseStock(
  trx: DbOrTrx,
  moves: Iterable<StockMove>,
  nowIso: string,
  entry: OrderStockEntry,
): Promise<void> {
  const rows: Insertable<StockMovementTable>[] = [];
  for (const m of inLockOrder(moves)) {
    if (m.qty <= 0) continue;
    const after = await repo.returnStock(trx, m.skuId, m.cityId, m.qty, nowIso);
    rows.push(movementRow(m, after - m.qty, after, entry, nowIso));
  }
  await repo.insertStockMovements(trx, rows);
  // Units back on the shelf: back-in-stock alerts become due in this transaction (issue 35 item 4).
  await markAlertsDue(
    trx,
    rows.map((r) => ({ skuId: r.sku_id, cityId: r.city_id })),
    nowIso,
  );
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
