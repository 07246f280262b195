import type { DbOrTrx } from '#app/db/database.ts';
import { slugify } from '#app/lib/slug.ts';
import { skusInStockByCity } from '#app/modules/inventory/inventory.service.ts';
import * as model from './model.repository.ts';
import * as repo from '../catalog.repository.ts';
import { LOAD_CHUNK, productArrays, rangedArrays, setSizeBits } from './model.arrays.ts';
import type { CardRow } from './model.repository.ts';
import type { Vocabulary } from '../search.vocabulary.ts';
import type { BrandRow, CategoryRow, CityRow, ProductImageRow } from '../catalog.table.ts';

// The catalogue's in-memory read model (docs/decisions/018-catalogue-read-model.md): active products, their
// SKUs' sizes, prices, stock per city (the summary of decision 008 and which SKUs have units where), search
// terms, first pictures and the dictionaries, in compact arrays indexed by product position (products in id
// order). It is never the source of truth: every read first reads `catalog_version` and brings the model up to
// it — stock changes product by product from the change log `catalog_change`, any other catalogue change (or a
// gap in the log) by loading it again — so a stock state is never older than the last commit, on one process or
// many on one database.

/** The dictionaries of the catalogue: filter slugs to ids and names. */
export interface Dictionaries {
  categories: Map<number, CategoryRow>;
  categoryBySlug: Map<string, CategoryRow>;
  brands: Map<number, BrandRow & { product_count: number }>;
  brandBySlug: Map<string, BrandRow & { product_count: number }>;
  colours: { name: string; hex: string; slug: string }[];
}

export interface CatalogModel {
  /** The catalogue version the model is at least as new as. */
  version: number;
  dict: Dictionaries;
  cities: Map<number, CityRow>;
  /** Distinct search terms without the exact word forms (the vocabulary a query is read against), sorted. */
  vocabulary: string[];
  /** The vocabulary's index: prefixes by binary search, terms by length (search.vocabulary.ts, decision 072). */
  words: Vocabulary;
  n: number;
  /** Positions 0 … n - 1. */
  all: Int32Array;
  rows: CardRow[];
  /** Product id → position. */
  index: Map<number, number>;
  category: Int32Array;
  gender: Int32Array;
  brand: Int32Array;
  /** Position in `colourNames`. */
  colour: Int32Array;
  colourNames: string[];
  /** Position of each product's colour hex in `hexes` (sorted), for the least hex of a colour facet. */
  hexRank: Int32Array;
  hexes: string[];
  maxCategoryId: number;
  maxBrandId: number;
  price: Int32Array;
  originalPrice: Int32Array;
  /** Units over visible cities (`product.stock_global`). */
  global: Int32Array;
  /** City id → units of each product there (`product_stock`). */
  regional: Map<number, Int32Array>;
  /** SKUs of product i are `skuStart[i] … skuStart[i + 1] - 1`: their size label (position in `sizes`) and order. */
  skuStart: Int32Array;
  skuId: Int32Array;
  skuSize: Int32Array;
  skuOrder: Int32Array;
  sizes: string[];
  sizeIndex: Map<string, number>;
  /** City id → 1 for each SKU position with units there. */
  skuInCity: Map<number, Uint8Array>;
  /**
   * Sizes as bitsets, `sizeWords` 32-bit words per product (signed, so every word stays a small integer for V8) (bit s of product i: word `i * sizeWords + (s >> 5)`,
   * bit `s & 31`): `sizeBits` the sizes it has, `sizeBitsInCity` per city the sizes with units there (kept with
   * `skuInCity`). The size filter and facet test and walk these instead of every SKU (issue 14).
   */
  sizeWords: number;
  sizeBits: Int32Array;
  sizeBitsInCity: Map<number, Int32Array>;
  /**
   * Each product's size scale — products whose sizes have the same `size_order` share one — and per scale the order
   * of each size in it (`scaleOrder[scale * sizes.length + s]`, 2³¹ − 1 when the scale lacks it): the size facet's
   * order is the lowest order a size has among the products counted (as the SQL path's `min(size_order)`).
   */
  sizeScale: Int32Array;
  scaleOrder: Int32Array;
  /** Term → product positions and the term's weight for each (name and brand 3, category 2, colour 1). */
  terms: Map<string, { positions: Int32Array; weights: Int8Array }>;
  /** Each product's place in each of the `orders` (new arrivals: newest first, ties by id). */
  ranks: Record<keyof CatalogModel['orders'], Int32Array>;
  /** Category id → product positions. */
  byCategory: Map<number, Int32Array>;
  images: (ProductImageRow | undefined)[];
  /** Product positions in the order of the sorts that do not depend on a city (ties by id). */
  orders: {
    'price-asc': Int32Array;
    'price-desc': Int32Array;
    'new-arrivals': Int32Array;
    'discount-desc': Int32Array;
  };
}

/** Categories (with brands' product counts) and colours of the catalogue, as lookup maps. */
export async function loadDictionaries(db: DbOrTrx): Promise<Dictionaries> {
  const [categories, brands, colours] = await Promise.all([
    repo.listCategories(db),
    repo.listBrandsWithCounts(db),
    repo.listColours(db),
  ]);
  return {
    categories: new Map(categories.map((c) => [c.id, c])),
    categoryBySlug: new Map(categories.map((c) => [c.slug, c])),
    brands: new Map(brands.map((b) => [b.id, b])),
    brandBySlug: new Map(brands.map((b) => [b.slug, b])),
    colours: colours.map((c) => ({ ...c, slug: slugify(c.name) })),
  };
}

/** Brings product i's sizes with units per city (`sizeBitsInCity`) in line with `skuInCity`. */
function refreshCitySizes(m: CatalogModel, i: number) {
  for (const [city, bits] of m.sizeBitsInCity)
    setSizeBits(bits, m.sizeWords, i, m.skuStart, m.skuSize, m.skuInCity.get(city)!);
}

/**
 * Loads the whole model at `version` (read before any of its rows, so later changes are applied on top). The
 * large reads go one after another and in parts — SKUs, search terms, pictures and the stock summary by ranges of
 * product ids, SKUs with units city by city (all by index) — so the process never holds a whole table's rows at
 * once (issue 14: memory of the large catalogue). `chunk`: active products per range (tests load in small ranges).
 */
export async function loadModel(db: DbOrTrx, version: number, chunk = LOAD_CHUNK): Promise<CatalogModel> {
  const [dict, cities, products] = await Promise.all([
    loadDictionaries(db),
    repo.listCities(db, true),
    model.activeProducts(db),
  ]);
  const p = productArrays(products);
  const r = await rangedArrays(db, p, chunk);
  const m: CatalogModel = {
    version,
    dict,
    cities: new Map(cities.map((c) => [c.id, c])),
    ...p,
    ...r,
    regional: new Map(cities.map((c) => [c.id, new Int32Array(p.n)])),
    skuInCity: new Map(cities.map((c) => [c.id, new Uint8Array(r.skuId.length)])),
    sizeBitsInCity: new Map(cities.map((c) => [c.id, new Int32Array(p.n * r.sizeWords)])),
    ranks: {
      'price-asc': rankOf(p.orders['price-asc']),
      'price-desc': rankOf(p.orders['price-desc']),
      'new-arrivals': rankOf(p.orders['new-arrivals']),
      'discount-desc': rankOf(p.orders['discount-desc']),
    },
  };
  for (let from = 0; from < p.n; from += chunk) {
    const ids = { min: p.rows[from]!.id, max: p.rows[Math.min(from + chunk, p.n) - 1]!.id };
    applyStock(m, await model.productStock(db, undefined, ids), []);
  }
  const bySku = skuPosition(m);
  for (const c of cities) applyStock(m, [], await skusInStockByCity(db, undefined, c.id), bySku);
  for (let i = 0; i < p.n; i++) refreshCitySizes(m, i);
  return m;
}

/** The inverse of an order: each position's place in it. */
function rankOf(order: Int32Array): Int32Array {
  const rank = new Int32Array(order.length);
  order.forEach((i, place) => (rank[i] = place));
  return rank;
}

const skuPosition = (m: CatalogModel) => {
  const bySku = new Map<number, number>();
  m.skuId.forEach((id, k) => bySku.set(id, k));
  return bySku;
};

/**
 * Writes units per product and city and SKUs with units into the model (rows of the products concerned);
 * `bySku` (SKU id → position) is made when not given.
 */
function applyStock(
  m: CatalogModel,
  stock: { product_id: number; city_id: number; quantity: number }[],
  skuStock: { sku_id: number; city_id: number }[],
  bySku = skuStock.length ? skuPosition(m) : undefined,
) {
  for (const r of stock) {
    const i = m.index.get(r.product_id);
    const city = m.regional.get(r.city_id);
    if (i !== undefined && city) city[i] = Number(r.quantity);
  }
  for (const r of skuStock) {
    const k = bySku!.get(r.sku_id);
    const city = m.skuInCity.get(r.city_id);
    if (k !== undefined && city) city[k] = 1;
  }
}

/** Brings the stock of some products up to date: their units per city, global units and SKUs with units. */
async function reloadStock(db: DbOrTrx, m: CatalogModel, productIds: number[]) {
  const [stock, global, skuStock] = await Promise.all([
    model.productStock(db, productIds),
    model.globalStock(db, productIds),
    skusInStockByCity(db, productIds),
  ]);
  for (const id of productIds) {
    const i = m.index.get(id);
    if (i === undefined) continue;
    for (const units of m.regional.values()) units[i] = 0;
    for (const flags of m.skuInCity.values()) flags.fill(0, m.skuStart[i], m.skuStart[i + 1]);
  }
  for (const g of global) {
    const i = m.index.get(g.id);
    if (i !== undefined) m.global[i] = Number(g.stock_global);
  }
  applyStock(m, stock, skuStock);
  for (const id of productIds) {
    const i = m.index.get(id);
    if (i !== undefined) refreshCitySizes(m, i);
  }
}

/** Most products a refresh reloads one by one; more changed products load the whole model. */
const MAX_INCREMENTAL = 2_000;

/**
 * The model brought from `m.version` to `version`: stock changes applied product by product when the change log
 * holds every version in between and only stock changes; otherwise (or without a model) loaded whole.
 */
async function refreshed(db: DbOrTrx, m: CatalogModel | undefined, version: number): Promise<CatalogModel> {
  if (!m || version < m.version) return loadModel(db, version);
  const changes = await model.catalogChanges(db, m.version, version);
  const versions = new Set(changes.map((c) => Number(c.version)));
  const products = new Set(changes.map((c) => c.product_id));
  if (versions.size !== version - m.version || products.has(null) || products.size > MAX_INCREMENTAL)
    return loadModel(db, version);
  await reloadStock(db, m, [...products] as number[]);
  m.version = version;
  return m;
}

/** Work to start on every model loaded whole, before its first reader needs it (see {@link onModelLoaded}). */
const whenLoaded: ((db: DbOrTrx, m: CatalogModel) => Promise<unknown>)[] = [];

/**
 * Registers `prepare` to run in the background on every model loaded whole (at the first read and after each
 * catalogue change that is not stock alone): what a reader would otherwise make on its first request, made before
 * it (decision 075: the suggestions' names and texts). Its errors are dropped: the reader makes it again.
 */
export function onModelLoaded(prepare: (db: DbOrTrx, m: CatalogModel) => Promise<unknown>): void {
  whenLoaded.push(prepare);
}

/** Starts the registered preparations of a model just loaded, after the current request's own work. */
function prepareLoaded(db: DbOrTrx, m: CatalogModel) {
  setImmediate(() => {
    for (const prepare of whenLoaded) prepare(db, m).catch(() => undefined);
  });
}

interface State {
  model?: CatalogModel;
  refreshing?: Promise<CatalogModel>;
}

const states = new WeakMap<object, State>();

/**
 * The read model at least as new as the catalogue version read now (one primary-key read when it is current).
 * One refresh runs at a time per database; concurrent readers wait for it. Not for use inside a transaction.
 * @param knownVersion the catalogue version the caller has just read (saves reading it again).
 * @throws what the database throws.
 */
export async function catalogModel(db: DbOrTrx, knownVersion?: number): Promise<CatalogModel> {
  let state = states.get(db);
  if (!state) states.set(db, (state = {}));
  const version = knownVersion ?? (await repo.catalogVersion(db));
  while (!state.model || state.model.version < version) {
    const st = state;
    st.refreshing ??= repo
      .catalogVersion(db)
      .then((now) => refreshed(db, st.model, now))
      .then((fresh) => {
        if (fresh !== st.model) prepareLoaded(db, fresh);
        return (st.model = fresh);
      })
      .finally(() => (st.refreshing = undefined));
    await st.refreshing;
  }
  return state.model;
}
