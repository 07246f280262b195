import { sql } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { inValues, valuesTable } from '#app/db/dialect.ts';
import { fixedRead } from '#app/db/fixed-query.ts';
import type { FeedSku } from './kaspi.feed.build.ts';

// Reads and writes of the Kaspi feed's own tables (migration 20261231T060000, docs/decisions/063), and the
// catalogue reads the feed is made of (SKUs, products, brands, stock: read only, never written here).

const settingRows = fixedRead((db: DbOrTrx) =>
  db.selectFrom('kaspi_feed_setting').selectAll().where('id', '=', 1),
);

/**
 * The settings row (id 1, made by the migration). Read on every fetch of the feed, a fixed statement (Kaspi and its
 * revalidations ask often; the answer is usually a 304). @throws when the row is missing (a broken migration).
 */
export async function feedSettingRow(db: DbOrTrx) {
  const [row] = await settingRows(db);
  if (!row) throw new Error('kaspi_feed_setting: the settings row is missing');
  return row;
}

/** Kaspi stores by store id. */
export function feedStores(db: DbOrTrx) {
  return db.selectFrom('kaspi_store').selectAll().orderBy('store_id').execute();
}

/** Our city → Kaspi cityId, by our city id. */
export function feedCities(db: DbOrTrx) {
  return db.selectFrom('kaspi_city').selectAll().orderBy('city_id').execute();
}

/** Changes settings fields and bumps the version (invalidates the cached feed). */
export async function updateFeedSetting(
  db: DbOrTrx,
  set: { secret?: string | null; company?: string; merchant_id?: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('kaspi_feed_setting')
    .set({ ...set, version: sql`version + 1`, updated_at: at })
    .where('id', '=', 1)
    .execute();
}

/** Records the figures of a successful build (does not bump the version). */
export async function recordBuild(
  db: DbOrTrx,
  b: { at: string; offers: number; bytes: number; problems: string },
): Promise<void> {
  await db
    .updateTable('kaspi_feed_setting')
    .set({ last_built_at: b.at, last_offers: b.offers, last_bytes: b.bytes, last_problems: b.problems })
    .where('id', '=', 1)
    .execute();
}

/** Replaces the store list (reserves of removed stores go with them). */
export async function replaceStores(
  db: DbOrTrx,
  stores: { storeId: string; cityId: number; defaultReserve: number }[],
  at: string,
): Promise<void> {
  const keep = stores.map((s) => s.storeId);
  let del = db.deleteFrom('kaspi_store');
  if (keep.length > 0) del = del.where('store_id', 'not in', keep);
  await del.execute();
  for (const s of stores)
    await db
      .insertInto('kaspi_store')
      .values({
        store_id: s.storeId,
        city_id: s.cityId,
        default_reserve: s.defaultReserve,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .column('store_id')
          .doUpdateSet({ city_id: s.cityId, default_reserve: s.defaultReserve, updated_at: at }),
      )
      .execute();
}

/** Replaces the city → Kaspi cityId list. */
export async function replaceCities(
  db: DbOrTrx,
  cities: { cityId: number; kaspiCityId: string }[],
  at: string,
): Promise<void> {
  await db.deleteFrom('kaspi_city').execute();
  if (cities.length > 0)
    await db
      .insertInto('kaspi_city')
      .values(
        cities.map((c) => ({
          city_id: c.cityId,
          kaspi_city_id: c.kaspiCityId,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
}

/** Ids of the SKUs of a category or brand (or the ids given that exist). */
export async function skuIdsOf(
  db: DbOrTrx,
  by: { categoryId?: number; brandId?: number; skuIds?: number[] },
): Promise<number[]> {
  let q = db.selectFrom('sku').innerJoin('product', 'product.id', 'sku.product_id').select('sku.id');
  if (by.categoryId !== undefined) q = q.where('product.category_id', '=', by.categoryId);
  if (by.brandId !== undefined) q = q.where('product.brand_id', '=', by.brandId);
  if (by.skuIds !== undefined) q = q.where('sku.id', 'in', by.skuIds.length > 0 ? by.skuIds : [-1]);
  return (await q.orderBy('sku.id').execute()).map((r) => r.id);
}

/** Marks (on) or unmarks SKUs for Kaspi; returns how many changed. */
export async function markSkus(db: DbOrTrx, ids: number[], on: boolean, at: string): Promise<number> {
  let changed = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    if (on) {
      const r = await db
        .insertInto('kaspi_sku')
        .values(part.map((id) => ({ sku_id: id, created_at: at, updated_at: at })))
        .onConflict((oc) => oc.column('sku_id').doNothing())
        .executeTakeFirst();
      changed += Number(r.numInsertedOrUpdatedRows ?? 0);
    } else {
      const r = await db.deleteFrom('kaspi_sku').where('sku_id', 'in', part).executeTakeFirst();
      changed += Number(r.numDeletedRows);
    }
  }
  return changed;
}

/** How many SKUs are marked. */
export async function markedCount(db: DbOrTrx): Promise<number> {
  const r = await db
    .selectFrom('kaspi_sku')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Sets (units) or removes (null) the reserve of one SKU in one store. */
export async function setReserve(
  db: DbOrTrx,
  skuId: number,
  storeId: string,
  units: number | null,
  at: string,
): Promise<void> {
  if (units === null) {
    await db
      .deleteFrom('kaspi_reserve')
      .where('sku_id', '=', skuId)
      .where('store_id', '=', storeId)
      .execute();
    return;
  }
  await db
    .insertInto('kaspi_reserve')
    .values({ sku_id: skuId, store_id: storeId, units, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['sku_id', 'store_id']).doUpdateSet({ units, updated_at: at }))
    .execute();
}

/** Whether any SKU was ever sent (an empty source is then refused: decision 054). */
export async function anySent(db: DbOrTrx): Promise<boolean> {
  const row = await db.selectFrom('kaspi_feed_sent').select('external_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * External ids sent before that are not marked now (unmarked, or their SKU deleted), read by pages of `pageSize`
 * in external id order (keyset): the feed sends each as withdrawn.
 */
export async function* unmarkedSent(db: DbOrTrx, pageSize = 1000): AsyncGenerator<string> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('kaspi_feed_sent')
      .select('kaspi_feed_sent.external_id')
      .where('kaspi_feed_sent.external_id', '>', after)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sku')
              .innerJoin('kaspi_sku', 'kaspi_sku.sku_id', 'sku.id')
              .select('sku.id')
              .whereRef('sku.external_id', '=', 'kaspi_feed_sent.external_id'),
          ),
        ),
      )
      .orderBy('kaspi_feed_sent.external_id')
      .limit(pageSize)
      .execute();
    for (const r of rows) yield r.external_id;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.external_id;
  }
}

/**
 * Remembers external ids as sent (idempotent), in one statement whatever their number: the ids are bound as one
 * parameter (`valuesTable`), so SQLite prepares it once and no row object is built per id (a feed build's first
 * run records every SKU: 100,000 ids).
 */
export async function recordSent(db: DbOrTrx, ids: string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('kaspi_feed_sent')
    .columns(['external_id', 'created_at', 'updated_at'])
    .expression(
      db
        .selectFrom(sql<{ value: string }>`(${valuesTable(db, ids, 'text')})`.as('v'))
        .select([
          sql<string>`v.value`.as('external_id'),
          sql.val(at).as('created_at'),
          sql.val(at).as('updated_at'),
        ])
        .where(sql<boolean>`true`),
    )
    .onConflict((oc) => oc.column('external_id').doNothing())
    .execute();
}

/**
 * The marked SKUs, read by pages of `pageSize` in SKU id order: name, brand, price (the size's own, else the
 * product's; whole tenge), active, stock per city (from `stockOfSkus`, SKU → city → units: the inventory module
 * owns stock; one row per SKU, decision 076) and
 * reserves per store (the store default where none is set), and whether an earlier feed sent it. Keyset paging:
 * one page in memory at a time. 500 a page: with 1,000 (and 20 cities) a page outlived V8's young generation and
 * the old one grew by about 60 MB per 100,000 SKUs until a full collection; with 500 it stays flat (bench part
 * `kaspi-feed`, decision 071).
 */
export async function* markedSkus(
  db: DbOrTrx,
  defaultReserve: ReadonlyMap<string, number>,
  stockOfSkus: (skuIds: number[]) => Promise<ReadonlyMap<number, ReadonlyMap<number, number>>>,
  pageSize = 500,
): AsyncGenerator<FeedSku> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('kaspi_sku')
      .innerJoin('sku', 'sku.id', 'kaspi_sku.sku_id')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .innerJoin('brand', 'brand.id', 'product.brand_id')
      .leftJoin('kaspi_feed_sent', 'kaspi_feed_sent.external_id', 'sku.external_id')
      .select([
        'sku.id',
        'sku.external_id',
        'sku.size',
        'sku.price',
        'product.price as product_price',
        'product.name',
        'product.is_active',
        'brand.name as brand',
        'kaspi_feed_sent.external_id as sent_id',
      ])
      .where('sku.id', '>', after)
      .orderBy('sku.id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const stockOf = await stockOfSkus(ids);
    const reserves = await db
      .selectFrom('kaspi_reserve')
      .select(['sku_id', 'store_id', 'units'])
      .where(inValues(db, sql.ref('sku_id'), ids, 'integer'))
      .execute();
    const reserveOf = new Map<number, Map<string, number>>();
    for (const x of reserves) {
      const m = reserveOf.get(x.sku_id) ?? new Map(defaultReserve);
      m.set(x.store_id, x.units);
      reserveOf.set(x.sku_id, m);
    }
    for (const r of rows)
      yield {
        externalId: r.external_id,
        productName: r.name,
        size: r.size,
        brand: r.brand,
        price: r.price ?? r.product_price,
        active: r.is_active === 1,
        stock: stockOf.get(r.id) ?? new Map(),
        reserve: reserveOf.get(r.id) ?? defaultReserve,
        wasSent: r.sent_id !== null,
      };
    after = ids[ids.length - 1]!;
  }
}
