import {
  CatalogueErrorCode,
  STOCK_REASON_EFFECT,
  type LowStockPage,
  type ManualStockReason,
  type StockChangesResult,
  type StockMovementPage,
} from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import type { DbOrTrx } from '#app/db/database.ts';
import * as inventory from '#app/modules/inventory/inventory.levels.ts';
import { actorLabels, audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import * as repo from './catalog.repository.ts';
import { pageOf } from '#app/lib/paging.ts';

// Stock screens of the back office (issue 12, docs/decisions/020): a SKU's units in a city set with a reason, the
// movement history and the low-stock view, with the names staff read (product, size, city, who). The units and
// their history belong to the inventory module; this file only names them.

/** The change a reason makes of the units typed (contract STOCK_REASON_EFFECT): set, add or take away. */
const changeOf = (reason: ManualStockReason, units: number) =>
  STOCK_REASON_EFFECT[reason] === 'set'
    ? { quantity: units }
    : { delta: STOCK_REASON_EFFECT[reason] === 'add' ? units : -units };

/**
 * Changes the units of a SKU in a city as the reason says — goods received and returns add `quantity`, damage takes
 * it away, a stocktake and a correction set the level to it (issue 27 §6) — through inventory's setStockLevel
 * (locked, never below zero, a movement row), and audits it (`stock.level_set`) in the same transaction. Unchanged
 * units write nothing.
 * @throws AppError 404 skuNotFound / cityNotFound; 422 stockWouldBeNegative.
 */
export async function setSkuStock(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  input: { quantity: number; reason: ManualStockReason; note: string | null },
  actor: Actor,
): Promise<inventory.StockLevelResult> {
  return db.transaction().execute(async (trx) => {
    const { quantity, reason, note } = input;
    const change = { skuId, cityId, reason, note, actor, at: actor.at, ...changeOf(reason, quantity) };
    const r = await inventory.setStockLevel(trx, change as inventory.StockLevelChange);
    if (r.movementId !== null) await auditLevel(trx, actor, r, reason, note);
    return r;
  });
}

/** The audit entry of a changed level (`stock.level_set`, units before → after, reason and note). */
const auditLevel = (
  trx: DbOrTrx,
  actor: Actor,
  r: inventory.StockLevelsResult,
  reason: ManualStockReason,
  note: string | null,
) =>
  audit(
    trx,
    actor,
    'stock.level_set',
    { type: 'sku', id: String(r.skuId) },
    { cityId: r.cityId, quantity: r.before },
    { cityId: r.cityId, quantity: r.after, reason, note },
  );

/**
 * Several sizes in several cities changed by one stock form (`POST …/stock/changes`): each line's units added,
 * taken away or set as the reason says (see {@link setSkuStock}), all in one transaction — a line that would take a
 * level below zero refuses the whole form and changes nothing. A stock movement and an audit entry per changed
 * line. @returns per line, in the given order, the units before and after.
 * @throws AppError 404 skuNotFound / cityNotFound; 422 stockWouldBeNegative naming the size, its code and the city,
 *   with the message on the line's field `lines.{i}.quantity`.
 */
export async function changeStock(
  db: DbOrTrx,
  input: {
    reason: ManualStockReason;
    note: string | null;
    lines: { skuId: number; cityId: number; quantity: number }[];
  },
  actor: Actor,
): Promise<StockChangesResult> {
  const { reason, note } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      const changes = input.lines.map((l) => ({
        skuId: l.skuId,
        cityId: l.cityId,
        note,
        ...changeOf(reason, l.quantity),
      }));
      const done = await inventory.setStockLevels(trx, changes, { reason, actor, at: actor.at });
      for (const r of done) if (r.before !== r.after) await auditLevel(trx, actor, r, reason, note);
      return { items: done };
    });
  } catch (e) {
    if (e instanceof AppError && e.code === CatalogueErrorCode.stockWouldBeNegative)
      throw await negativeNamed(db, e, input.lines);
    throw e;
  }
}

/** The refusal of a level below zero, naming the size (product, size, code) and the city, on the line's field. */
async function negativeNamed(
  db: DbOrTrx,
  e: AppError,
  lines: readonly { skuId: number; cityId: number; quantity: number }[],
): Promise<AppError> {
  const d = e.details as { before: number; after: number; skuId: number; cityId: number };
  const [[sku], cities] = await Promise.all([admin.skusWithProducts(db, [d.skuId]), cityNames(db)]);
  const what = sku ? `«${sku.product_name}», размер ${sku.size} (${sku.external_id})` : `Размер ${d.skuId}`;
  const message =
    `${what}, ${cities.get(d.cityId) ?? 'город'}: остаток не может стать меньше нуля — ` +
    `сейчас ${d.before} шт., после изменения было бы ${d.after} шт. Ничего не изменено.`;
  const i = lines.findIndex((l) => l.skuId === d.skuId && l.cityId === d.cityId);
  return new AppError(422, e.code, message, d, i < 0 ? undefined : { [`lines.${i}.quantity`]: [message] });
}

/** Names of cities by id. */
async function cityNames(db: DbOrTrx): Promise<Map<number, string>> {
  return new Map((await repo.listCities(db)).map((c) => [c.id, c.name]));
}

/** One page of the movement history of a product (all its sizes) or one SKU, optionally in one city. */
export async function stockMovements(
  db: DbOrTrx,
  q: { productId?: number; skuId?: number; cityId?: number; page: number },
): Promise<StockMovementPage> {
  const skuIds =
    q.skuId !== undefined
      ? [q.skuId]
      : q.productId !== undefined
        ? await admin.skuIdsOf(db, q.productId)
        : [];
  const page = await inventory.listStockMovements(db, { skuIds, cityId: q.cityId }, q.page);
  const [skus, cities, label] = await Promise.all([
    admin.skusWithProducts(
      db,
      page.items.map((m) => m.skuId),
    ),
    cityNames(db),
    actorLabels(
      db,
      page.items.map((m) => m.actor),
    ),
  ]);
  const skuById = new Map(skus.map((s) => [s.id, s]));
  return {
    ...page,
    items: page.items.map((m) => ({
      ...{
        id: m.id,
        skuId: m.skuId,
        size: skuById.get(m.skuId)?.size ?? '',
        productName: skuById.get(m.skuId)?.product_name ?? '',
      },
      ...{ cityId: m.cityId, cityName: cities.get(m.cityId) ?? '', before: m.before, after: m.after },
      ...{ reason: m.reason, actor: label(m.actor), note: m.note, at: m.at },
    })),
  };
}

/** Page size of the low-stock view. */
const LOW_STOCK_PAGE_SIZE = 100;

/** Sizes with at most `threshold` units in a city (or any city), fewest first, 100 a page. */
export async function lowStockPage(
  db: DbOrTrx,
  q: { threshold: number; cityId?: number; page: number },
): Promise<LowStockPage> {
  const offset = (q.page - 1) * LOW_STOCK_PAGE_SIZE;
  const { rows, total } = await inventory.lowStock(db, q.threshold, q.cityId, offset, LOW_STOCK_PAGE_SIZE);
  const [skus, cities] = await Promise.all([
    admin.skusWithProducts(
      db,
      rows.map((r) => r.sku_id),
    ),
    cityNames(db),
  ]);
  const skuById = new Map(skus.map((s) => [s.id, s]));
  return pageOf(
    rows.map((r) => {
      const s = skuById.get(r.sku_id);
      return {
        ...{ skuId: r.sku_id, productId: s?.product_id ?? 0, productName: s?.product_name ?? '' },
        ...{ size: s?.size ?? '', externalId: s?.external_id ?? '' },
        ...{ cityId: r.city_id, cityName: cities.get(r.city_id) ?? '', quantity: r.quantity },
      };
    }),
    q.page,
    total,
    LOW_STOCK_PAGE_SIZE,
  );
}
