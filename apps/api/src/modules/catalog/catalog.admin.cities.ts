import { CatalogueErrorCode, DEFAULT_CITY_ID, type AdminCity, type CityInput } from '@kiim/contract';
import type { z } from 'zod';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import * as repo from './catalog.repository.ts';
import * as structure from './catalog.admin.structure.repository.ts';
import { counted, inUse, moveInList, saveKazakhTexts, slugTaken } from './catalog.admin.structure.common.ts';
import { textsOf, translationOf } from './catalog.texts.ts';
import type { CityRow } from './catalog.table.ts';

// Cities in the back office (issue 27, docs/decisions/029): created, changed, ordered, hidden and deleted while
// nothing uses them. Each change runs in one transaction with its audit entry; the `city` table's triggers bump the
// catalogue version, so the storefront's city list, stock and delivery days follow at once (decision 018).

const toAdminCity = (c: CityRow, position: number, texts: ReadonlyMap<string, string>): AdminCity => ({
  ...{ id: c.id, name: c.name, nameKk: translationOf(texts, c.name), slug: c.slug, timeZone: c.time_zone },
  ...{ visibleForCustomers: c.visible_for_customers === 1, courierAvailable: c.courier_available === 1 },
  ...{ courierPrice: Number(c.courier_price), deliveryDays: Number(c.delivery_days), position },
});

/** Every city in display order (`position` 1 first) with its delivery settings and Kazakh name. */
export async function adminCities(db: DbOrTrx): Promise<AdminCity[]> {
  const [rows, texts] = await Promise.all([repo.listCities(db), textsOf(db, 'kk')]);
  return rows.map((c, i) => toAdminCity(c, i + 1, texts));
}

const cityNotFound = () => notFound(CatalogueErrorCode.cityNotFound, 'Такого города нет');

/** One city as the back office shows it. @throws AppError 404 cityNotFound. */
async function adminCity(db: DbOrTrx, id: number): Promise<AdminCity> {
  const city = (await adminCities(db)).find((c) => c.id === id);
  if (!city) throw cityNotFound();
  return city;
}

/**
 * Creates (`id` null: last in the list) or changes a city: names (Kazakh as a catalogue text), address key, IANA time
 * zone, visibility (spec §4: a hidden city shows no stock), courier offer and price (tenge; 0 without a courier),
 * delivery days. Audited (`catalogue.city_created` / `_updated`).
 * @throws AppError 404 cityNotFound; 409 slugTaken (field `slug`).
 */
export async function saveCity(
  db: DbOrTrx,
  id: number | null,
  input: z.output<typeof CityInput>,
  actor: Actor,
): Promise<AdminCity> {
  return db.transaction().execute(async (trx) => {
    const before = id === null ? null : await adminCity(trx, id);
    if (await structure.slugTaken(trx, 'city', input.slug, id)) {
      throw slugTaken('Такой адрес уже у другого города');
    }
    const nowIso = actor.at.toISOString();
    const columns = {
      ...{ name: input.name, slug: input.slug, time_zone: input.timeZone },
      ...{
        visible_for_customers: input.visibleForCustomers ? 1 : 0,
        courier_available: input.courierAvailable ? 1 : 0,
      },
      ...{
        courier_price: input.courierAvailable ? input.courierPrice : 0,
        delivery_days: input.deliveryDays,
      },
      updated_at: nowIso,
    };
    const cityId = id ?? (await admin.nextId(trx, 'city'));
    if (id === null) {
      const sortOrder = await structure.nextCitySortOrder(trx);
      await structure.insertCity(trx, { id: cityId, ...columns, sort_order: sortOrder, created_at: nowIso });
    } else await structure.updateCity(trx, cityId, columns);
    await saveKazakhTexts(trx, [[input.name, input.nameKk]]);
    const after = await adminCity(trx, cityId);
    const action = before ? 'catalogue.city_updated' : 'catalogue.city_created';
    await audit(trx, actor, action, { type: 'city', id: String(cityId) }, before, after);
    return after;
  });
}

/** Shows a city to shoppers or hides it (spec §4: its stock is then not shown). Audited. @throws AppError 404. */
export async function setCityVisibility(
  db: DbOrTrx,
  id: number,
  visible: boolean,
  actor: Actor,
): Promise<AdminCity> {
  return db.transaction().execute(async (trx) => {
    const before = await adminCity(trx, id);
    if (before.visibleForCustomers !== visible) {
      const set = { visible_for_customers: visible ? 1 : 0, updated_at: actor.at.toISOString() };
      await structure.updateCity(trx, id, set);
    }
    const after = await adminCity(trx, id);
    await audit(trx, actor, 'catalogue.city_updated', { type: 'city', id: String(id) }, before, after);
    return after;
  });
}

/** Moves a city one place up or down the shop's city list. Audited. @returns the list. @throws AppError 404. */
export async function moveCity(
  db: DbOrTrx,
  id: number,
  direction: 'up' | 'down',
  actor: Actor,
): Promise<AdminCity[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await repo.listCities(trx);
    const before = rows.findIndex((c) => c.id === id);
    if (before < 0) throw cityNotFound();
    await structure.setSortOrders(trx, 'city', moveInList(rows, id, direction), actor.at.toISOString());
    const list = await adminCities(trx);
    const after = list.findIndex((c) => c.id === id);
    if (after !== before) {
      const entity = { type: 'city', id: String(id) };
      await audit(
        trx,
        actor,
        'catalogue.city_moved',
        entity,
        { position: before + 1 },
        { position: after + 1 },
      );
    }
    return list;
  });
}

/** Russian words for what uses a city, by {@link structure.cityUsage} key. */
const CITY_USES: Record<string, readonly [string, string, string]> = {
  pickupPoints: ['пункт выдачи', 'пункта выдачи', 'пунктов выдачи'],
  stock: ['строка остатков', 'строки остатков', 'строк остатков'],
  orders: ['заказ', 'заказа', 'заказов'],
  orderLines: ['строка заказов', 'строки заказов', 'строк заказов'],
  stockMovements: ['запись истории остатков', 'записи истории остатков', 'записей истории остатков'],
  warehouses: ['склад 1С', 'склада 1С', 'складов 1С'],
};

/**
 * Deletes a city nothing uses (no pickup point, stock, order, order line, stock movement or 1C warehouse refers to
 * it) and is not the shop's default city (spec §9). Audited (`catalogue.city_deleted`).
 * @throws AppError 404 cityNotFound; 409 inUse naming what uses it (details: the counts).
 */
export async function deleteCity(db: DbOrTrx, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await adminCity(trx, id);
    if (id === DEFAULT_CITY_ID) {
      throw inUse(
        `Город «${before.name}» нельзя удалить: его видят новые покупатели по умолчанию. Его можно скрыть.`,
        {},
      );
    }
    const usage = await structure.cityUsage(trx, id);
    const uses = Object.entries(CITY_USES)
      .filter(([key]) => (usage[key] ?? 0) > 0)
      .map(([key, forms]) => counted(usage[key]!, forms));
    if (uses.length) {
      throw inUse(
        `Город «${before.name}» нельзя удалить: к нему относятся ${uses.join(', ')}. ` +
          'Скройте город, чтобы покупатели его не видели.',
        usage,
      );
    }
    await structure.deleteCity(trx, id);
    await audit(trx, actor, 'catalogue.city_deleted', { type: 'city', id: String(id) }, before, null);
  });
}
