import { CatalogueErrorCode, MAX_STOCK_UNITS, type StockMovementReason } from '@kiim/contract';
import type { Insertable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, badRequest, notFound } from '#app/lib/errors.ts';
import * as repo from './inventory.repository.ts';
import type { StockMovementTable } from './inventory.table.ts';
import { markAlertsDue } from '#app/modules/stock-alert/stock-alert.due.ts';
import { stockPage } from './inventory.export.repository.ts';
import { pageOf, type Page } from '#app/lib/paging.ts';

// Stock levels set by people and integrations (issue 12, docs/decisions/020): a stocktake, damaged goods, a return,
// goods received, a CSV or 1C import. One function changes a level and writes its stock movement row in the same
// transaction; orders keep their own flow (reserveStock / releaseStock in inventory.service.ts), which writes their
// movements (`order`, `order_cancelled`) the same way, one INSERT per order.

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

const negative = (change: { skuId: number; cityId: number }, before: number, after: number) =>
  new AppError(
    422,
    CatalogueErrorCode.stockWouldBeNegative,
    `Остаток не может стать меньше нуля: сейчас ${before} шт., после изменения было бы ${after} шт.`,
    { before, after, skuId: change.skuId, cityId: change.cityId },
  );

/** The level a change leads to from `before`. @throws AppError 422 below zero, 400 not a whole number up to the maximum. */
function levelAfter(change: StockLevelChange, before: number): number {
  const after = change.quantity ?? before + (change.delta ?? 0);
  if (!Number.isSafeInteger(after) || after > MAX_STOCK_UNITS) {
    throw badRequest({
      [change.quantity === undefined ? 'delta' : 'quantity']: ['Количество — целое число до 1 000 000'],
    });
  }
  if (after < 0) throw negative(change, before, after);
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
  // Back-in-stock alerts become due in this transaction (issue 35 item 4, docs/decisions/052).
  if (after > before && after > 0) await markAlertsDue(db, [{ skuId, cityId }], nowIso);
  return { skuId, cityId, before, after, movementId };
}

/** One change of a batch: a SKU's units in a city, absolute (`quantity`) or relative (`delta`), with its own note. */
export type StockLevelsChange = {
  skuId: number;
  cityId: number;
  /** Free text kept with the movement (e.g. «CSV, строка 12»), up to 500 characters. */
  note?: string | null;
} & ({ quantity: number; delta?: never } | { delta: number; quantity?: never });

/** What the changes of a batch share: why, who and when. */
export interface StockLevelsContext {
  reason: StockMovementReason;
  actor: StockActor;
  at: Date;
}

/** What one change of a batch did: units before and after it. */
export type StockLevelsResult = Omit<StockLevelResult, 'movementId'>;

/** SKU–city pairs per statement set of {@link setStockLevels}. */
export const STOCK_BATCH = 500;

const keyOf = (c: { skuId: number; cityId: number }) => `${c.skuId}:${c.cityId}`;

/**
 * Sets or adjusts many stock levels at once — the batched form of {@link setStockLevel} for imports (CSV, 1C): per
 * {@link STOCK_BATCH} SKU–city pairs a handful of statements (SKUs and cities exist, the rows locked in (sku_id,
 * city_id) order, new rows made, changed rows written, movement rows added) instead of about six per pair. Same
 * rules: stock is never negative (the call is refused before anything of that batch is written — the caller's
 * transaction then undoes earlier batches), a change that leaves a level as it was writes nothing (an import
 * applied twice changes nothing the second time), every change writes its `stock_movement` row (who, before →
 * after, reason, its note), and the `stock` row triggers keep the summaries, the catalogue version and the change log
 * (so the read model) exact. A pair named twice takes its changes in the given order. Runs in the caller's
 * transaction, or in one of its own when given the database.
 * @returns per change, in the given order, the units before and after it.
 * @throws AppError 404 skuNotFound / cityNotFound; 422 stockWouldBeNegative (details: before, after, skuId, cityId); 400 a level
 *   that is not a whole number up to 1,000,000.
 */
export async function setStockLevels(
  db: DbOrTrx,
  changes: readonly StockLevelsChange[],
  context: StockLevelsContext,
): Promise<StockLevelsResult[]> {
  if (!db.isTransaction) return db.transaction().execute((trx) => setStockLevels(trx, changes, context));
  // Every change of a pair goes into the batch of the pair's first change.
  const byPair = new Map<string, StockLevelsChange[]>();
  for (const c of changes) {
    const list = byPair.get(keyOf(c));
    if (list) list.push(c);
    else byPair.set(keyOf(c), [c]);
  }
  const pairs = [...byPair.values()];
  const done = new Map<string, StockLevelsResult[]>();
  for (let i = 0; i < pairs.length; i += STOCK_BATCH)
    for (const [key, results] of await setBatch(db, pairs.slice(i, i + STOCK_BATCH), context))
      done.set(key, results);
  return changes.map((c) => done.get(keyOf(c))!.shift()!);
}

/** The outcome of one pair's changes from `start` units. */
interface PairPlan {
  key: repo.StockKey;
  exists: boolean;
  start: number;
  end: number;
  results: StockLevelsResult[];
  movements: Insertable<StockMovementTable>[];
}

/** Applies a pair's changes in order from `start`. @throws AppError as {@link levelAfter}. */
function planPair(
  list: readonly StockLevelsChange[],
  start: number,
  exists: boolean,
  context: StockLevelsContext,
): PairPlan {
  const { skuId, cityId } = list[0]!;
  const nowIso = context.at.toISOString();
  const plan: PairPlan = { key: { skuId, cityId }, exists, start, end: start, results: [], movements: [] };
  for (const c of list) {
    const after = levelAfter({ ...c, ...context } as StockLevelChange, plan.end);
    plan.results.push({ skuId, cityId, before: plan.end, after });
    if (after !== plan.end)
      plan.movements.push({
        ...{ sku_id: skuId, city_id: cityId, quantity_before: plan.end, quantity_after: after },
        ...{ reason: context.reason, actor_type: context.actor.type, actor_id: context.actor.id },
        ...{ note: c.note?.trim().slice(0, 500) || null, created_at: nowIso, updated_at: nowIso },
      });
    plan.end = after;
  }
  return plan;
}

/**
 * One batch of {@link setStockLevels}: `pairs` holds the changes of distinct SKU–city pairs.
 * @returns the results by pair key.
 */
async function setBatch(
  db: DbOrTrx,
  pairs: readonly StockLevelsChange[][],
  context: StockLevelsContext,
  attempt = 1,
): Promise<Map<string, StockLevelsResult[]>> {
  const keys = pairs.map((p) => ({ skuId: p[0]!.skuId, cityId: p[0]!.cityId }));
  const [skus, cities] = await Promise.all([
    repo.existingSkuIds(db, [...new Set(keys.map((k) => k.skuId))]),
    repo.existingCityIds(db, [...new Set(keys.map((k) => k.cityId))]),
  ]);
  if (keys.some((k) => !skus.has(k.skuId)))
    throw notFound(CatalogueErrorCode.skuNotFound, 'Такого размера товара нет');
  if (keys.some((k) => !cities.has(k.cityId)))
    throw notFound(CatalogueErrorCode.cityNotFound, 'Такого города нет');
  const current = await repo.lockStockLevels(db, keys);
  // Every level is checked before anything of the batch is written.
  const plans = pairs.map((list) => {
    const before = current.get(keyOf(list[0]!));
    return planPair(list, before ?? 0, before !== undefined, context);
  });
  const byKey = (a: PairPlan, b: PairPlan) => a.key.skuId - b.key.skuId || a.key.cityId - b.key.cityId;
  const changed = plans.filter((p) => p.end !== p.start).sort(byKey);
  const row = (p: PairPlan) => ({ ...p.key, quantity: p.end });
  const nowIso = context.at.toISOString();
  const fresh = changed.filter((p) => !p.exists);
  const made = await repo.insertStockLevels(db, fresh.map(row), nowIso);
  // A row another transaction made after the read above (PostgreSQL): that pair starts again from its real level.
  const late = fresh.filter((p) => !made.has(keyOf(p.key)));
  const kept = changed.filter((p) => p.exists || made.has(keyOf(p.key)));
  await repo.writeStockLevels(db, kept.filter((p) => p.exists).map(row), nowIso);
  await repo.insertStockMovements(
    db,
    kept.flatMap((p) => p.movements),
  );
  const raised = kept.filter((p) => p.end > p.start && p.end > 0).map((p) => p.key);
  await markAlertsDue(db, raised, nowIso);
  const out = new Map(plans.map((p) => [keyOf(p.key), p.results]));
  if (late.length) {
    // Rows are never deleted but by hand: a third miss means something removes them while we write.
    if (attempt >= 3) throw new Error('stock rows made and removed by others while setting levels');
    const again = pairs.filter((list) => late.some((p) => keyOf(p.key) === keyOf(list[0]!)));
    for (const [key, results] of await setBatch(db, again, context, attempt + 1)) out.set(key, results);
  }
  return out;
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
): Promise<Page<StockMovementRecord>> {
  const offset = (page - 1) * MOVEMENT_PAGE_SIZE;
  const { rows, total } = await repo.selectStockMovements(db, filter, offset, MOVEMENT_PAGE_SIZE);
  return pageOf(
    rows.map((r) => ({
      ...{ id: r.id, skuId: r.sku_id, cityId: r.city_id },
      ...{ before: Number(r.quantity_before), after: Number(r.quantity_after) },
      reason: r.reason as StockMovementReason,
      actor: { type: r.actor_type, id: r.actor_id },
      ...{ note: r.note, at: r.created_at },
    })),
    page,
    total,
    MOVEMENT_PAGE_SIZE,
  );
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

/** Every stock row in (SKU, city) order, read in pages of `pageSize` (the CSV export). */
export async function* allStockRows(
  db: DbOrTrx,
  pageSize = 5000,
): AsyncGenerator<{ skuId: number; cityId: number; quantity: number }> {
  let after = { skuId: 0, cityId: 0 };
  for (;;) {
    const page = await stockPage(db, after, pageSize);
    for (const r of page) yield { skuId: r.sku_id, cityId: r.city_id, quantity: r.quantity };
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { skuId: last.sku_id, cityId: last.city_id };
  }
}
