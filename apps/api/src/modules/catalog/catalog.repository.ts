import { PostgresAdapter, type CompiledQuery } from 'kysely';
import { prepareOnPostgres, valueReaderNow, type DbOrTrx } from '#app/db/database.ts';
import { listOrNone } from './catalog.listing.repository.ts';
import { EXACT_FORM } from './search.rules.ts';
import type {
  BannerRow,
  BrandRow,
  CategoryRow,
  CityRow,
  PickupPointRow,
  ProductImageRow,
  ProductRow,
} from './catalog.table.ts';

// Catalogue queries other than product lists (catalog.listing.repository.ts): cities, pickup points,
// categories, brands, the product page's pictures and colours (its product and sizes: catalog.page.repository.ts),
// banners, the search index and the catalogue version. Every function takes a database handle or a transaction first.

/** The version query, compiled once per database handle (it runs before every cached answer). */
const versionQueries = new WeakMap<DbOrTrx, CompiledQuery<{ value: number }>>();

function versionQuery(db: DbOrTrx): CompiledQuery<{ value: number }> {
  let query = versionQueries.get(db);
  if (!query) {
    query = db.selectFrom('counter').select('value').where('name', '=', 'catalog_version').compile();
    versionQueries.set(db, query);
    if (db.getExecutor().adapter instanceof PostgresAdapter) prepareOnPostgres(query.sql);
  }
  return query;
}

/**
 * The current catalogue version, read at once when that can be done synchronously (SQLite, its connection idle:
 * `valueReaderNow`), else undefined — then {@link catalogVersion} reads it.
 */
export function catalogVersionNow(db: DbOrTrx): number | undefined {
  const read = valueReaderNow(db);
  if (!read) return undefined;
  const value = read(versionQuery(db));
  return value === undefined ? undefined : Number(value ?? 0);
}

/** The version read through Kysely (PostgreSQL, or SQLite while its connection is held). */
async function readVersion(db: DbOrTrx): Promise<number> {
  const { rows } = await db.executeQuery(versionQuery(db));
  return Number(rows[0]?.value ?? 0);
}

/** The version read under way on a database handle, and the one that callers arrived since will share. */
interface SharedVersionReads {
  running: Promise<number> | null;
  next: Promise<number> | null;
}
const sharedReads = new WeakMap<DbOrTrx, SharedVersionReads>();

/**
 * The version for a caller outside a transaction, read by a query that STARTS after the caller asked — so it sees
 * every change committed before the call, as a read of its own would (decision 008's invariant) — but shared: with
 * no read under way one starts at once; while one runs (it began before this caller, so it may not serve it), every
 * caller that arrives waits for the one read that starts when it ends. Under load (PostgreSQL, 50 concurrent
 * catalogue reads over a pool of 10 connections) that is a round trip per batch instead of one per request. A failed
 * read fails its own callers only.
 */
function sharedVersion(db: DbOrTrx): Promise<number> {
  let reads = sharedReads.get(db);
  if (!reads) sharedReads.set(db, (reads = { running: null, next: null }));
  const state = reads;
  const start = () => {
    const read = readVersion(db);
    state.running = read;
    const clear = () => {
      if (state.running === read) state.running = null;
    };
    read.then(clear, clear);
    return read;
  };
  if (!state.running) return start();
  if (!state.next) {
    const settled = state.running.then(
      () => undefined,
      () => undefined,
    );
    state.next = settled.then(() => {
      state.next = null;
      return start();
    });
  }
  return state.next;
}

/**
 * The current catalogue version (bumped by triggers on every catalogue change; 0 before the migration): at once on an
 * idle SQLite connection; in a transaction, read in it; otherwise by a read shared with the callers of the same moment
 * ({@link sharedVersion}: never older than the call).
 */
export async function catalogVersion(db: DbOrTrx): Promise<number> {
  const now = catalogVersionNow(db);
  if (now !== undefined) return now;
  return db.isTransaction ? readVersion(db) : sharedVersion(db);
}

/** Cities in display order: the shop's own, `withCarrierFound` also carrier-found ones (decision 073). */
export function listCities(db: DbOrTrx, withCarrierFound = false): Promise<CityRow[]> {
  const q = db.selectFrom('city').selectAll().orderBy('sort_order').orderBy('id');
  return (withCarrierFound ? q : q.where('carrier_found', '=', 0)).execute();
}

/** One city by id, or undefined. */
export function findCity(db: DbOrTrx, id: number): Promise<CityRow | undefined> {
  return db.selectFrom('city').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Pickup points by id (unknown ids are absent). */
export function findPickupPointsByIds(db: DbOrTrx, ids: readonly number[]): Promise<PickupPointRow[]> {
  return db.selectFrom('pickup_point').selectAll().where('id', 'in', listOrNone(ids, 0)).execute();
}

/** IANA time zones of cities by id (unknown ids are absent). */
export async function findCityTimeZones(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('city')
    .select(['id', 'time_zone'])
    .where('id', 'in', listOrNone([...new Set(ids)], 0))
    .execute();
  return new Map(rows.map((r) => [r.id, r.time_zone]));
}

/** Pickup points of a city, by id. */
export function listPickupPoints(db: DbOrTrx, cityId: number): Promise<PickupPointRow[]> {
  return db.selectFrom('pickup_point').selectAll().where('city_id', '=', cityId).orderBy('id').execute();
}

/** Every pickup point, by city and id. */
export function listAllPickupPoints(db: DbOrTrx): Promise<PickupPointRow[]> {
  return db.selectFrom('pickup_point').selectAll().orderBy('city_id').orderBy('id').execute();
}

/** Categories, optionally of one gender, ordered by gender, `sort_order`, id. */
export function listCategories(db: DbOrTrx, gender?: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('category')
    .selectAll()
    .$if(gender !== undefined, (qb) => qb.where('gender', '=', gender!))
    .orderBy('gender')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** One category by id, or undefined. */
export function findCategory(db: DbOrTrx, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('category').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The first image (lowest position, then lowest id) of each given product, keyed by product id, in one
 * query. Products without images are absent from the map.
 */
export async function firstImages(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<Map<number, ProductImageRow>> {
  const result = new Map<number, ProductImageRow>();
  if (productIds.length === 0) return result;
  const rows = await db
    .selectFrom('product_image as pi')
    .selectAll('pi')
    .where('pi.product_id', 'in', productIds)
    .where((eb) =>
      eb(
        'pi.position',
        '=',
        eb
          .selectFrom('product_image as first')
          .select((e) => e.fn.min('first.position').as('position'))
          .whereRef('first.product_id', '=', 'pi.product_id'),
      ),
    )
    .orderBy('pi.product_id')
    .orderBy('pi.id')
    .execute();
  for (const r of rows) if (!result.has(r.product_id)) result.set(r.product_id, r);
  return result;
}

/** Brands by id, in one query, keyed by id. */
export async function brandsByIds(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, BrandRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('brand')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((b) => [b.id, b]));
}

/** All images of a product by position (then id). */
export function listProductImages(db: DbOrTrx, productId: number): Promise<ProductImageRow[]> {
  return db
    .selectFrom('product_image')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Active products of one model (colour siblings, including the product itself), by id. */
export function listColourSiblings(
  db: DbOrTrx,
  modelCode: string,
): Promise<Pick<ProductRow, 'id' | 'slug' | 'colour_name' | 'colour_hex'>[]> {
  return db
    .selectFrom('product')
    .select(['id', 'slug', 'colour_name', 'colour_hex'])
    .where('model_code', '=', modelCode)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
}

/** Every brand by name, with its number of active products. */
export async function listBrandsWithCounts(db: DbOrTrx): Promise<(BrandRow & { product_count: number })[]> {
  const rows = await db
    .selectFrom('brand as b')
    .leftJoin('product as p', (join) => join.onRef('p.brand_id', '=', 'b.id').on('p.is_active', '=', 1))
    .selectAll('b')
    .select((eb) => eb.fn.count<number>('p.id').as('product_count'))
    .groupBy(['b.id', 'b.slug', 'b.name', 'b.country', 'b.description', 'b.created_at', 'b.updated_at'])
    .orderBy('b.name')
    .execute();
  return rows.map((r) => ({ ...r, product_count: Number(r.product_count) }));
}

/** Active products per category id. */
export async function productCountsByCategory(db: DbOrTrx): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('product')
    .select(['category_id', (eb) => eb.fn.countAll().as('n')])
    .where('is_active', '=', 1)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

/** Every colour name of active products with one of its hex codes, by name. */
export async function listColours(db: DbOrTrx): Promise<{ name: string; hex: string }[]> {
  const rows = await db
    .selectFrom('product')
    .select(['colour_name as name', (eb) => eb.fn.min('colour_hex').as('hex')])
    .where('is_active', '=', 1)
    .groupBy('colour_name')
    .orderBy('colour_name')
    .execute();
  return rows.map((r) => ({ name: r.name, hex: String(r.hex) }));
}

/**
 * Active banners of these slots shown at `nowIso` (`starts_at` ≤ now < `ends_at`, open bounds allowed), by
 * slot, position and id.
 */
export function listBanners(db: DbOrTrx, slots: readonly string[], nowIso: string): Promise<BannerRow[]> {
  return db
    .selectFrom('banner')
    .selectAll()
    .where('slot', 'in', listOrNone(slots, ''))
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', nowIso)]))
    .orderBy('slot')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** What the search index is built from: products with their brand, category and colour names. */
export function productsForSearchIndex(
  db: DbOrTrx,
  productIds?: readonly number[],
): Promise<{ id: number; name: string; brand_name: string; category_name: string; colour_name: string }[]> {
  return db
    .selectFrom('product as p')
    .innerJoin('brand as b', 'b.id', 'p.brand_id')
    .innerJoin('category as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.name', 'b.name as brand_name', 'c.name as category_name', 'p.colour_name'])
    .$if(productIds !== undefined, (qb) => qb.where('p.id', 'in', listOrNone(productIds!, 0)))
    .orderBy('p.id')
    .execute();
}

/** Replaces the search terms of these products with `rows` (in INSERTs of at most 500 rows). */
export async function replaceSearchTerms(
  db: DbOrTrx,
  productIds: readonly number[],
  rows: readonly { term: string; product_id: number; weight: number }[],
): Promise<void> {
  for (let i = 0; i < productIds.length; i += 500)
    await db
      .deleteFrom('product_search_term')
      .where('product_id', 'in', productIds.slice(i, i + 500))
      .execute();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('product_search_term')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Every distinct stored search term, without the exact word forms (search.rules.ts `exactFormsOf`). */
export async function searchVocabulary(db: DbOrTrx): Promise<string[]> {
  const rows = await db
    .selectFrom('product_search_term')
    .select('term')
    .distinct()
    .where('term', 'not like', `${EXACT_FORM}%`)
    .orderBy('term')
    .execute();
  return rows.map((r) => r.term);
}

/**
 * True when the search index must be built: no product has search terms yet (a catalogue seeded before search
 * existed), or none has exact word forms (an index built before they were stored, issue 14).
 */
export async function isSearchIndexOutdated(db: DbOrTrx): Promise<boolean> {
  const exact = await db
    .selectFrom('product_search_term')
    .select('product_id')
    .where('term', 'like', `${EXACT_FORM}%`)
    .limit(1)
    .executeTakeFirst();
  return exact === undefined;
}

/** Slug and last change (ISO 8601) of every active product, by id (the sitemap). */
export function listActiveProductSlugs(db: DbOrTrx): Promise<{ slug: string; updated_at: string }[]> {
  return db
    .selectFrom('product')
    .select(['slug', 'updated_at'])
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
}

/** Products by id, sold or not (names of what reviews and questions are about), in one query. */
export function findProductsByIds(db: DbOrTrx, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** SKUs by id with their product's name and slug (other modules' lists: dashboard, picking). */
export function findSkuRefs(db: DbOrTrx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .select(['sku.id', 'sku.external_id', 'sku.size', 'product.name', 'product.slug'])
    .where('sku.id', 'in', [...new Set(ids)])
    .execute();
}

/** The catalogue texts of a language as Russian text → translation (issue 13). */
export async function catalogueTexts(db: DbOrTrx, lang: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('catalogue_text')
    .select(['source', 'text'])
    .where('lang', '=', lang)
    .execute();
  return new Map(rows.map((r) => [r.source, r.text]));
}

/** Writes catalogue texts (a new translation replaces the old one of the same Russian text and language). */
export async function saveCatalogueTexts(
  db: DbOrTrx,
  rows: readonly { lang: string; source: string; text: string; updated_at: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('catalogue_text')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['lang', 'source']).doUpdateSet((eb) => ({
          text: eb.ref('excluded.text'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
