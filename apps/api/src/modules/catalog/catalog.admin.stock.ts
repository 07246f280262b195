import type { LowStockPage, StockMovementPage, StockLevelInput } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import * as inventory from '#app/modules/inventory/inventory.levels.ts';
import { actorLabels, audit, type Actor } from '#app/modules/staff/staff.audit.ts';
import * as admin from './catalog.admin.repository.ts';
import * as repo from './catalog.repository.ts';
import { pageOf } from '#app/lib/paging.ts';

// Stock screens of the back office (issue 12, docs/decisions/020): a SKU's units in a city set with a reason, the
// movement history and the low-stock view, with the names staff read (product, size, city, who). The units and
// their history belong to the inventory module; this file only names them.

/**
 * Sets the units of a SKU in a city with a reason (inventory's setStockLevel: locked, never below zero, a movement
 * row) and audits it (`stock.level_set`) in the same transaction. Unchanged units write nothing.
 * @throws AppError 404 skuNotFound / cityNotFound.
 */
export async function setSkuStock(
  db: DbOrTrx,
  skuId: number,
  cityId: number,
  input: { quantity: number; reason: StockLevelInput['reason']; note: string | null },
  actor: Actor,
): Promise<inventory.StockLevelResult> {
  return db.transaction().execute(async (trx) => {
    const r = await inventory.setStockLevel(trx, { skuId, cityId, ...input, actor, at: actor.at });
    if (r.movementId !== null) {
      await audit(
        trx,
        actor,
        'stock.level_set',
        { type: 'sku', id: String(skuId) },
        { cityId, quantity: r.before },
        { cityId, quantity: r.after, reason: input.reason, note: input.note },
      );
    }
    return r;
  });
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
