import type { z } from 'zod';
import type {
  KaspiFeedMappingInput,
  KaspiFeedMarkInput,
  KaspiFeedReserveInput,
  KaspiFeedSettingsInput,
  KaspiFeedState,
} from '@kiim/contract';
import { ErrorCode } from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { cityExists } from '#app/modules/catalog/catalog.service.ts';
import { badRequest, notFound } from '#app/lib/errors.ts';
import { newSecret } from '#app/lib/ids.ts';
import * as repo from './kaspi.feed.repository.ts';

// Staff changes of the Kaspi feed's settings (issue 33 Part B item 7, docs/decisions/063): each in one
// transaction with its audit entry, each bumping the settings version so the next feed request rebuilds.

const ENTITY = { type: 'kaspi_feed', id: '1' };

/** The «Kaspi» screen's feed state, with the connection `modes` from configuration (the secret is shown only inside the feed path `/feeds/kaspi/{secret}.xml`). */
export async function feedState(
  db: Db,
  modes: Pick<KaspiFeedState, 'payMode' | 'shopMode'>,
): Promise<KaspiFeedState> {
  const [s, stores, cities, marked] = await Promise.all([
    repo.feedSettingRow(db),
    repo.feedStores(db),
    repo.feedCities(db),
    repo.markedCount(db),
  ]);
  return {
    ...modes,
    company: s.company,
    merchantId: s.merchant_id,
    feedPath: s.secret === null ? null : `/feeds/kaspi/${s.secret}.xml`,
    stores: stores.map((x) => ({
      storeId: x.store_id,
      cityId: x.city_id,
      defaultReserve: x.default_reserve,
    })),
    cities: cities.map((x) => ({ cityId: x.city_id, kaspiCityId: x.kaspi_city_id })),
    markedSkus: marked,
    lastBuild:
      s.last_built_at === null
        ? null
        : {
            at: s.last_built_at,
            offers: s.last_offers ?? 0,
            bytes: s.last_bytes ?? 0,
            problems: JSON.parse(s.last_problems ?? '[]'),
          },
  };
}

/** Saves company and merchant, and makes a new secret or turns the feed off. Audited (never the secret itself). */
export async function saveFeedSettings(
  db: Db,
  input: z.output<typeof KaspiFeedSettingsInput>,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.feedSettingRow(trx);
    const secret = input.secret === 'new' ? newSecret() : input.secret === 'off' ? null : before.secret;
    await repo.updateFeedSetting(
      trx,
      { company: input.company, merchant_id: input.merchantId, secret },
      actor.at.toISOString(),
    );
    const view = (company: string, merchantId: string, on: boolean) => ({ company, merchantId, on });
    await audit(
      trx,
      actor,
      input.secret === 'new' ? 'kaspi.feed_secret_renewed' : 'kaspi.feed_settings_changed',
      ENTITY,
      view(before.company, before.merchant_id, before.secret !== null),
      view(input.company, input.merchantId, secret !== null),
    );
  });
}

/** Replaces the store and city mapping. 400 when a city does not exist or a store or city repeats. */
export async function saveFeedMapping(
  db: Db,
  input: z.output<typeof KaspiFeedMappingInput>,
  actor: Actor,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const cityIds = new Set([...input.stores.map((s) => s.cityId), ...input.cities.map((c) => c.cityId)]);
  for (const id of cityIds)
    if (!(await cityExists(db, id))) errors.cities = [`Города ${id} нет в справочнике`];
  if (new Set(input.stores.map((s) => s.storeId)).size !== input.stores.length)
    errors.stores = ['Склад Kaspi указан дважды'];
  if (new Set(input.cities.map((c) => c.cityId)).size !== input.cities.length)
    errors.cities = ['Город указан дважды'];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  await db.transaction().execute(async (trx) => {
    const at = actor.at.toISOString();
    const before = { stores: await repo.feedStores(trx), cities: await repo.feedCities(trx) };
    await repo.replaceStores(trx, input.stores, at);
    await repo.replaceCities(trx, input.cities, at);
    await repo.updateFeedSetting(trx, {}, at);
    const strip = (b: typeof before) => ({
      stores: b.stores.map((s) => ({
        storeId: s.store_id,
        cityId: s.city_id,
        defaultReserve: s.default_reserve,
      })),
      cities: b.cities.map((c) => ({ cityId: c.city_id, kaspiCityId: c.kaspi_city_id })),
    });
    await audit(trx, actor, 'kaspi.feed_mapping_changed', ENTITY, strip(before), input);
  });
}

/** Marks or unmarks SKUs for Kaspi by category, brand or ids; returns how many changed. Audited. */
export async function markFeedSkus(
  db: Db,
  input: z.output<typeof KaspiFeedMarkInput>,
  actor: Actor,
): Promise<{ changed: number }> {
  return db.transaction().execute(async (trx) => {
    const ids = await repo.skuIdsOf(trx, input);
    const at = actor.at.toISOString();
    const changed = await repo.markSkus(trx, ids, input.on, at);
    await repo.updateFeedSetting(trx, {}, at);
    const { on, ...by } = input;
    await audit(trx, actor, on ? 'kaspi.feed_skus_marked' : 'kaspi.feed_skus_unmarked', ENTITY, null, {
      ...by,
      changed,
    });
    return { changed };
  });
}

/** Sets or removes one SKU's reserve in one store. 404 when the SKU or the store does not exist. Audited. */
export async function saveFeedReserve(
  db: Db,
  input: z.output<typeof KaspiFeedReserveInput>,
  actor: Actor,
): Promise<void> {
  const [sku] = await repo.skuIdsOf(db, { skuIds: [input.skuId] });
  if (sku === undefined) throw notFound(ErrorCode.notFound, 'Такого SKU нет');
  if (!(await repo.feedStores(db)).some((s) => s.store_id === input.storeId))
    throw notFound(ErrorCode.notFound, 'Такого склада Kaspi нет');
  await db.transaction().execute(async (trx) => {
    const at = actor.at.toISOString();
    await repo.setReserve(trx, input.skuId, input.storeId, input.units, at);
    await repo.updateFeedSetting(trx, {}, at);
    await audit(
      trx,
      actor,
      'kaspi.feed_reserve_changed',
      { type: 'sku', id: String(input.skuId) },
      null,
      input,
    );
  });
}

/**
 * The city whose stock serves a Kaspi store, as staff mapped it on the «Kaspi» screen (issue 33 items 5–6): by the
 * store id, also when Kaspi prefixes it with the merchant id (`{merchantId}_{storeId}`, as orders' pickupPointId
 * may carry it). @returns a lookup giving undefined for a store nobody mapped.
 */
export async function kaspiStoreCities(db: DbOrTrx): Promise<(pointId: string) => number | undefined> {
  const byStore = new Map((await repo.feedStores(db)).map((s) => [s.store_id, s.city_id]));
  return (pointId) => byStore.get(pointId) ?? byStore.get(pointId.slice(pointId.indexOf('_') + 1));
}
