import {
  CatalogueErrorCode,
  type ExchangeGroup,
  type ExchangeSettings,
  type ExchangeWarehouse,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { setProductsActive, updateProduct } from '#app/modules/catalog/catalog.import.ts';
import { listCategories, listCities } from '#app/modules/catalog/catalog.service.ts';
import { audit, type Actor } from '#app/modules/staff/staff.audit.ts';
import * as repo from './exchange.repository.ts';
import { DEFAULT_PRICE_TYPE } from './onec.offers.ts';
import { categoryMatcher, cityMatcher } from './onec.run.ts';

// The 1C exchange's mappings and settings kept in the back office (issue 12 item 3): groups → categories (remapping a
// group moves its products and shows the priced ones), warehouses → cities (used by the next offers.xml), and the
// price types. Every change is audited.

const groupNotFound = () => notFound(CatalogueErrorCode.entityNotFound, 'Такой группы 1С нет');

/**
 * The 1C groups (by name) with their category, the category suggested by the same words, and their products: how
 * many, and how many 1C's rules keep hidden (the unmapped groups' products wait here for the staff to map them).
 */
export async function listGroups(db: Db): Promise<ExchangeGroup[]> {
  const counts = await repo.productCountsByGroup(db);
  const suggest = await categoryMatcher(db);
  return (await repo.listGroups(db)).map((g) => ({
    ...{ externalId: g.external_id, name: g.name, parentExternalId: g.parent_external_id },
    ...{ categoryId: g.category_id, suggestedCategoryId: suggest(g.name) },
    productCount: counts.get(g.external_id)?.products ?? 0,
    unpublishedCount: counts.get(g.external_id)?.unpublished ?? 0,
  }));
}

/**
 * Maps a group to a category (or none): its products move to the category (its gender and kind) and those 1C priced
 * are shown; with none, they are hidden. @throws AppError 404 unknown group or category.
 */
export async function mapGroup(db: Db, actor: Actor, groupId: string, categoryId: number | null) {
  const category = categoryId === null ? null : (await listCategories(db)).find((c) => c.id === categoryId);
  if (category === undefined) throw notFound(CatalogueErrorCode.entityNotFound, 'Такой категории нет');
  const nowIso = actor.at.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = (await repo.listGroups(trx)).find((g) => g.external_id === groupId);
    if (!before) throw groupNotFound();
    await repo.setGroupCategory(trx, groupId, categoryId, nowIso);
    const links = await repo.linksOfGroup(trx, groupId);
    if (category)
      for (const l of links)
        await updateProduct(
          trx,
          l.product_id,
          { category_id: category.id, kind: category.kind, gender: category.gender },
          nowIso,
        );
    const ids = links.map((l) => l.product_id);
    await repo.setPublish(trx, ids, category ? 1 : 0, nowIso);
    const priced = links.filter((l) => l.priced).map((l) => l.product_id);
    await setProductsActive(trx, category ? priced : ids, category ? 1 : 0, nowIso);
    await audit(
      trx,
      actor,
      'exchange.group_mapped',
      { type: 'exchange_group', id: groupId },
      { categoryId: before.category_id },
      { categoryId },
    );
  });
}

/** The 1C warehouses (by name) with their city and the city of the same name (the default). */
export async function listWarehouses(db: Db): Promise<ExchangeWarehouse[]> {
  const suggest = await cityMatcher(db);
  return (await repo.listWarehouses(db)).map((w) => ({
    ...{ externalId: w.external_id, name: w.name },
    ...{ cityId: w.city_id, suggestedCityId: suggest(w.name) },
  }));
}

/** Maps a warehouse to a city (or none); the next offers.xml imports its stock there. @throws AppError 404. */
export async function mapWarehouse(db: Db, actor: Actor, warehouseId: string, cityId: number | null) {
  if (cityId !== null && !(await listCities(db)).some((c) => c.id === cityId))
    throw notFound(CatalogueErrorCode.cityNotFound, 'Такого города нет');
  await db.transaction().execute(async (trx) => {
    const before = (await repo.listWarehouses(trx)).find((w) => w.external_id === warehouseId);
    if (!before) throw notFound(CatalogueErrorCode.cityNotFound, 'Такого склада 1С нет');
    await repo.setWarehouseCity(trx, warehouseId, cityId, actor.at.toISOString());
    await audit(
      trx,
      actor,
      'exchange.warehouse_mapped',
      { type: 'exchange_warehouse', id: warehouseId },
      { cityId: before.city_id },
      { cityId },
    );
  });
}

export async function getSettings(db: DbOrTrx): Promise<ExchangeSettings> {
  return {
    priceType: (await repo.getSetting(db, 'price_type')) ?? DEFAULT_PRICE_TYPE,
    originalPriceType: (await repo.getSetting(db, 'original_price_type')) ?? null,
  };
}

export async function saveSettings(db: Db, actor: Actor, body: ExchangeSettings): Promise<ExchangeSettings> {
  const nowIso = actor.at.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await getSettings(trx);
    await repo.setSetting(trx, 'price_type', body.priceType, nowIso);
    if (body.originalPriceType)
      await repo.setSetting(trx, 'original_price_type', body.originalPriceType, nowIso);
    else await repo.deleteSetting(trx, 'original_price_type');
    await audit(
      trx,
      actor,
      'exchange.settings_changed',
      { type: 'exchange_settings', id: '1c' },
      before,
      body,
    );
  });
  return getSettings(db);
}
