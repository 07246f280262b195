import {
  CatalogueErrorCode,
  type ExchangeGroup,
  type ExchangeProperty,
  type PropertyMappingBody,
  type ExchangeSettings,
  type ExchangeSettingsView,
  type ExchangeWarehouse,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { reindexImported, setProductsActive, updateProduct } from '#app/modules/catalog/catalog.import.ts';
import { listCategories, listCities } from '#app/modules/catalog/catalog.service.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as repo from './exchange.repository.ts';
import * as drafts from './exchange.drafts.repository.ts';
import { groupByArticle, materializeMapped, staffRun } from './onec/onec.materialize.ts';
import {
  propertyKey,
  saveStaffRole,
  seenProperties,
  staffRoles,
  suggestedRole,
} from './onec/onec.properties.ts';
import { isTenge, seenPriceTypes } from './onec/onec.prices.ts';
import {
  applyPicturesSetting,
  publishWithoutPictures,
  splitByPictures,
  waitingForPicturesByGroup,
} from './onec/onec.ready.ts';
import { similarMatcher } from './onec/onec.run.ts';

// The 1C exchange's mappings and settings kept in the back office (issue 12 item 3, issue 28): groups → categories
// (remapping a group moves its products and shows the priced ones; its drafts become shop products), warehouses →
// cities (used by the next offers.xml), the price types, the default city, grouping by article and whether products
// without pictures are shown (applied at once to the priced products; grouping by the next import.xml). Names are only suggested (same or
// contained words), never mapped by themselves. Every change is audited.

const groupNotFound = () => notFound(CatalogueErrorCode.entityNotFound, 'Такой группы 1С нет');

/**
 * The 1C groups (by name) with their category, the category suggested by the same words, and their products: how
 * many, how many 1C's rules keep hidden (the unmapped groups' products wait here for the staff to map them), and how
 * many of those wait for pictures (issue 28 item 9).
 */
export async function listGroups(db: Db): Promise<ExchangeGroup[]> {
  const counts = await repo.productCountsByGroup(db);
  const waiting = await drafts.draftCountsByGroup(db);
  const pictureless = await waitingForPicturesByGroup(db);
  const suggest = similarMatcher(await listCategories(db));
  return (await repo.listGroups(db)).map((g) => ({
    ...{ externalId: g.external_id, name: g.name, parentExternalId: g.parent_external_id },
    ...{ categoryId: g.category_id, suggestedCategoryId: suggest(g.name) },
    productCount: (counts.get(g.external_id)?.products ?? 0) + (waiting.get(g.external_id) ?? 0),
    unpublishedCount:
      (counts.get(g.external_id)?.unpublished ?? 0) +
      (waiting.get(g.external_id) ?? 0) +
      (pictureless.get(g.external_id)?.priced ?? 0),
    waitingForPicturesCount: pictureless.get(g.external_id)?.waiting ?? 0,
  }));
}

/**
 * Maps a group to a category (or none): its products move to the category (its gender and kind) and those 1C priced
 * are shown; its drafts become shop products with the offers kept for them; with none, they are hidden.
 * @throws AppError 404 unknown group or category.
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
    const { show } = await splitByPictures(trx, priced);
    await setProductsActive(trx, category ? show : ids, category ? 1 : 0, nowIso);
    const run = await staffRun(trx, actor);
    await reindexImported(trx, await materializeMapped(run));
    await audit(
      trx,
      actor,
      'exchange.group_mapped',
      { type: 'exchange_group', id: groupId },
      { categoryId: before.category_id },
      { categoryId, ...run.summary },
    );
  });
}

/** The 1C warehouses (by name) with their city and the city of the same name (the default). */
export async function listWarehouses(db: Db): Promise<ExchangeWarehouse[]> {
  const suggest = similarMatcher(await listCities(db));
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

/** The settings as they apply, with the price types the last offers.xml sent. */
export async function getSettings(db: DbOrTrx): Promise<ExchangeSettingsView> {
  const city = Number(await repo.getSetting(db, 'default_city_id'));
  return {
    priceType: (await repo.getSetting(db, 'price_type')) ?? null,
    originalPriceType: (await repo.getSetting(db, 'original_price_type')) ?? null,
    defaultCityId: Number.isInteger(city) && city > 0 ? city : null,
    groupByArticle: await groupByArticle(db),
    publishWithoutPictures: await publishWithoutPictures(db),
    priceTypes: (await seenPriceTypes(db)).map((t) => ({ ...t, tenge: isTenge(t.currency) })),
  };
}

/**
 * Saves the settings (audited); a default city left out keeps the current one.
 * @throws AppError 404 unknown city.
 */
export async function saveSettings(
  db: Db,
  actor: Actor,
  body: ExchangeSettings,
): Promise<ExchangeSettingsView> {
  const nowIso = actor.at.toISOString();
  if (body.defaultCityId && !(await listCities(db)).some((c) => c.id === body.defaultCityId))
    throw notFound(CatalogueErrorCode.cityNotFound, 'Такого города нет');
  await db.transaction().execute(async (trx) => {
    const { priceTypes: _seen, ...before } = await getSettings(trx);
    await repo.setSetting(trx, 'price_type', body.priceType, nowIso);
    if (body.originalPriceType)
      await repo.setSetting(trx, 'original_price_type', body.originalPriceType, nowIso);
    else await repo.deleteSetting(trx, 'original_price_type');
    if (body.defaultCityId) await repo.setSetting(trx, 'default_city_id', String(body.defaultCityId), nowIso);
    else if (body.defaultCityId === null) await repo.deleteSetting(trx, 'default_city_id');
    if (body.groupByArticle !== undefined)
      await repo.setSetting(trx, 'group_by_article', body.groupByArticle ? '1' : '0', nowIso);
    if (
      body.publishWithoutPictures !== undefined &&
      body.publishWithoutPictures !== before.publishWithoutPictures
    ) {
      await repo.setSetting(trx, 'publish_without_pictures', body.publishWithoutPictures ? '1' : '0', nowIso);
      await applyPicturesSetting(trx, nowIso);
    }
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

/**
 * The property names 1C sent (classifier properties, product requisites, offer characteristics) with the staff's role
 * and the one the name suggests (issue 28 items 3, 10): mapped ones first, then by name.
 */
export async function listProperties(db: DbOrTrx): Promise<ExchangeProperty[]> {
  const staff = await staffRoles(db);
  return (await seenProperties(db))
    .map((p) => ({
      ...p,
      role: staff.get(propertyKey(p.name)) ?? null,
      suggestedRole: suggestedRole(p.name),
    }))
    .sort((a, b) => Number(a.role === null) - Number(b.role === null) || a.name.localeCompare(b.name, 'ru'));
}

/**
 * Sets what a property fills (size, colour, composition, care or nothing; null: what its name suggests), audited;
 * the next import.xml and offers.xml apply it. @throws AppError 404 when 1C never sent a property of that name.
 */
export async function mapProperty(db: Db, actor: Actor, body: PropertyMappingBody) {
  await db.transaction().execute(async (trx) => {
    const known = (await seenProperties(trx)).some((p) => propertyKey(p.name) === propertyKey(body.name));
    if (!known) throw notFound(CatalogueErrorCode.entityNotFound, 'Такого свойства 1С нет');
    const before = (await staffRoles(trx)).get(propertyKey(body.name)) ?? null;
    await saveStaffRole(trx, body.name, body.role, actor.at.toISOString());
    await audit(
      trx,
      actor,
      'exchange.property_mapped',
      { type: 'exchange_property', id: body.name },
      { role: before },
      { role: body.role },
    );
  });
}
