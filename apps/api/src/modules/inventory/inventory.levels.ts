import { CatalogueErrorCode, MAX_STOCK_UNITS, type StockMovementReason } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, badRequest, notFound } from '#app/lib/errors.ts';
import * as repo from './inventory.repository.ts';

// Stock levels set by people and integrations (issue 12, docs/decisions/020): a stocktake, damaged goods, a return,
// goods received, a CSV or 1C import. One function changes a level and writes its stock movement row in the same
// transaction; orders keep their own flow (reserveStock / releaseStock in inventory.service.ts).

/** Who changes stock: a staff member, an API key (an integration) or the shop itself; the audit log's actor shape. */
export interface StockActor {
  type: 'staff' | 'api_key' | 'system';
  /** The staff member's or the API key's id; null for the shop itself. */
  id: string | null;
}

/** A change of one SKU's stock in one city: an absolute level (`quantity`) or a signed difference (`delta`). */
export type StockLevelChange = {
  skuId: number;
  cityId: number;
  reason: StockMovementReason;
  actor: StockActor;
  /** Free text kept with the movement (e.g. «пятно на рукаве»), up to 500 characters. */
  note?: string | null;
  /** When the change happens (the request's clock time). */
  at: Date;
} & ({ quantity: number; delta?: never } | { delta: number; quantity?: never });

/** What a change did: units before and after; `movementId` is null when the level was already right. */
export interface StockLevelResult {
  skuId: number;
  cityId: number;
  before: number;
  after: number;
  movementId: number | null;
}

const negative = (before: number, after: number) =>
  new AppError(
    422,
    CatalogueErrorCode.stockWouldBeNegative,
    `Остаток не может стать меньше нуля: сейчас ${before} шт., после изменения было бы ${after} шт.`,
    { before, after },
  );

/** The level a change leads to from `before`. @throws AppError 422 below zero, 400 not a whole number up to the maximum. */
function levelAfter(change: StockLevelChange, before: number): number {
  const after = change.quantity ?? before + (change.delta ?? 0);
  if (!Number.isSafeInteger(after) || after > MAX_STOCK_UNITS) {
    throw badRequest({
      [change.quantity === undefined ? 'delta' : 'quantity']: ['Количество — целое число до 1 000 000'],
    });
  }
  if (after < 0) throw negative(before, after);
  return after;
}

/**
 * Sets (`quantity`) or adjusts (`delta`) the units of a SKU in a city with a reason, and writes the stock movement
 * row (who, before → after, reason, note, time) in the same transaction; the stock row is locked meanwhile, so
 * concurrent changes and orders never lose an update. A change that leaves the level as it was writes nothing
 * (the same import applied twice changes nothing the second time). Runs in the caller's transaction, or in one of
 * its own when given the database.
 * @throws AppError 404 skuNotFound / cityNotFound; 422 stockWouldBeNegative (nothing changed) — stock is never negative.
 */
export async function setStockLevel(db: DbOrTrx, change: StockLevelChange): Promise<StockLevelResult> {
  if (!db.isTransaction) return db.transaction().execute((trx) => setStockLevel(trx, change));
  const { skuId, cityId } = change;
  const exists = await repo.skuAndCityExist(db, skuId, cityId);
  if (!exists.sku) throw notFound(CatalogueErrorCode.skuNotFound, 'Такого размера товара нет');
  if (!exists.city) throw notFound(CatalogueErrorCode.cityNotFound, 'Такого города нет');
  const nowIso = change.at.toISOString();
  const before = await repo.lockStockLevel(db, skuId, cityId, nowIso);
  const after = levelAfter(change, before);
  if (after === before) return { skuId, cityId, before, after, movementId: null };
  await repo.writeStockLevel(db, skuId, cityId, after, nowIso);
  const movementId = await repo.insertStockMovement(db, {
    ...{ sku_id: skuId, city_id: cityId, quantity_before: before, quantity_after: after },
    ...{ reason: change.reason, actor_type: change.actor.type, actor_id: change.actor.id },
    ...{ note: change.note?.trim().slice(0, 500) || null, created_at: nowIso, updated_at: nowIso },
  });
  return { skuId, cityId, before, after, movementId };
}

/** Page size of the movement history. */
export const MOVEMENT_PAGE_SIZE = 50;

/** A row of the movement history: units before → after of a SKU in a city, why, who and when. */
export interface StockMovementRecord {
  id: number;
  skuId: number;
  cityId: number;
  before: number;
  after: number;
  reason: StockMovementReason;
  actor: StockActor;
  note: string | null;
  /** ISO 8601 UTC. */
  at: string;
}

/** One page (newest first, {@link MOVEMENT_PAGE_SIZE} rows) of the history of the given SKUs, optionally in one city. */
export async function listStockMovements(
  db: DbOrTrx,
  filter: repo.MovementFilter,
  page: number,
): Promise<{ items: StockMovementRecord[]; page: number; pageCount: number; total: number }> {
  const offset = (page - 1) * MOVEMENT_PAGE_SIZE;
  const { rows, total } = await repo.selectStockMovements(db, filter, offset, MOVEMENT_PAGE_SIZE);
  return {
    items: rows.map((r) => ({
      ...{ id: r.id, skuId: r.sku_id, cityId: r.city_id },
      ...{ before: Number(r.quantity_before), after: Number(r.quantity_after) },
      reason: r.reason as StockMovementReason,
      actor: { type: r.actor_type, id: r.actor_id },
      ...{ note: r.note, at: r.created_at },
    })),
    page,
    pageCount: Math.max(1, Math.ceil(total / MOVEMENT_PAGE_SIZE)),
    total,
  };
}

/** Exact units of the given SKUs per city (every city, hidden ones too): the back office's stock table. */
export const stockOfSkus = (db: DbOrTrx, skuIds: readonly number[]) => repo.selectStockOfSkus(db, skuIds);

/** Stock rows at or below `threshold` units, fewest first (the low-stock view). */
export const lowStock = (
  db: DbOrTrx,
  threshold: number,
  cityId: number | undefined,
  offset: number,
  limit: number,
) => repo.selectLowStock(db, threshold, cityId, offset, limit);
