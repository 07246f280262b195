import type { DbOrTrx } from '#app/db/database.ts';
import { slugify } from '#app/lib/slug.ts';
import { skusInStockByCity } from '#app/modules/inventory/inventory.service.ts';
import * as model from './catalog.model.repository.ts';
import * as repo from './catalog.repository.ts';
import { isExactForm } from './search.rules.ts';
import type { CardRow } from './catalog.model.repository.ts';
import type { BrandRow, CategoryRow, CityRow, ProductImageRow } from './catalog.table.ts';

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
  /** Distinct search terms without the exact word forms (the vocabulary a query is read against). */
  vocabulary: string[];
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

/** Whole discount percent as SQL computes it (integer division, rounded down). */
export const discountPercent = (price: number, original: number) =>
  Math.floor(((original - price) * 100) / original);

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

/** Positions sorted by `key` ascending, ties by position (= id order). */
function orderBy(n: number, key: (i: number) => number | string): Int32Array {
  const keys = Array.from({ length: n }, (_, i) => key(i));
  const out = Int32Array.from({ length: n }, (_, i) => i);
  out.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
  return out;
}

/** The product arrays and the sort orders of the active products (`rows` in id order). */
function productArrays(rows: CardRow[]) {
  const n = rows.length;
  const hexes = [...new Set(rows.map((r) => r.colour_hex))].sort();
  const hexIndex = new Map(hexes.map((h, i) => [h, i]));
  const colourNames = [...new Set(rows.map((r) => r.colour_name))];
  const colourIndex = new Map(colourNames.map((c, i) => [c, i]));
  const arrival = rows.map((r) => r.arrival_date);
  const categories = new Map<number, number[]>();
  rows.forEach((r, i) => categories.set(r.category_id, [...(categories.get(r.category_id) ?? []), i]));
  const descArrival = orderBy(n, (i) => arrival[i]!).reverse();
  return {
    n,
    all: Int32Array.from({ length: n }, (_, i) => i),
    rows,
    index: new Map(rows.map((r, i) => [r.id, i])),
    hexes,
    hexRank: Int32Array.from(rows, (r) => hexIndex.get(r.colour_hex)!),
    maxCategoryId: rows.reduce((x, r) => Math.max(x, r.category_id), 0),
    maxBrandId: rows.reduce((x, r) => Math.max(x, r.brand_id), 0),
    category: Int32Array.from(rows, (r) => r.category_id),
    gender: Int32Array.from(rows, (r) => r.gender),
    brand: Int32Array.from(rows, (r) => r.brand_id),
    colour: Int32Array.from(rows, (r) => colourIndex.get(r.colour_name)!),
    colourNames,
    price: Int32Array.from(rows, (r) => r.price),
    originalPrice: Int32Array.from(rows, (r) => r.original_price),
    global: Int32Array.from(rows, (r) => Number(r.stock_global)),
    byCategory: new Map([...categories].map(([k, v]) => [k, Int32Array.from(v)])),
    orders: {
      'price-asc': orderBy(n, (i) => rows[i]!.price),
      'price-desc': orderBy(n, (i) => -rows[i]!.price),
      // Arrival descending, ties by id ascending: reverse the ascending order within each equal date.
      'new-arrivals': stableTies(descArrival, (i) => arrival[i]!),
      'discount-desc': orderBy(n, (i) => -discountPercent(rows[i]!.price, rows[i]!.original_price)),
    },
  };
}

/** An order whose runs of equal keys are put back in position order (id ascending). */
function stableTies(order: Int32Array, key: (i: number) => string): Int32Array {
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && key(order[end]!) === key(order[start]!)) end++;
    order.subarray(start, end).sort();
    start = end;
  }
  return order;
}

/** A growing list of 32-bit integers (doubling its array), for arrays built from rows read in ranges. */
class Int32List {
  private a = new Int32Array(256);
  length = 0;
  push(v: number) {
    if (this.length === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.length++] = v;
  }
  /** The values pushed, in an array of their own length. */
  done(): Int32Array {
    return this.a.slice(0, this.length);
  }
}

/**
 * SKU arrays of the active products from `skuCount[i + 1]` (SKUs of product i, summed here into `skuStart`) and each
 * SKU's id, size (position in `sizes`) and order, grouped by product position, by id within a product.
 */
function skuArrays(
  n: number,
  skuCount: Int32Array,
  skuId: Int32Array,
  skuSize: Int32Array,
  skuOrder: Int32Array,
  sizes: string[],
) {
  const skuStart = skuCount;
  for (let i = 0; i < n; i++) skuStart[i + 1]! += skuStart[i]!;
  const sizeWords = Math.max(1, Math.ceil(sizes.length / 32));
  const sizeBits = new Int32Array(n * sizeWords);
  for (let i = 0; i < n; i++) setSizeBits(sizeBits, sizeWords, i, skuStart, skuSize);
  return {
    skuStart,
    skuId,
    skuSize,
    skuOrder,
    sizes,
    sizeIndex: new Map(sizes.map((size, k) => [size, k])),
    sizeWords,
    sizeBits,
    ...sizeScales(n, sizes.length, skuStart, skuSize, skuOrder),
  };
}

/** Sets product i's bits in `bits` from its SKUs (those with `flags[k]` set, or all without `flags`); clears the rest. */
function setSizeBits(
  bits: Int32Array,
  words: number,
  i: number,
  skuStart: Int32Array,
  skuSize: Int32Array,
  flags?: Uint8Array,
) {
  bits.fill(0, i * words, (i + 1) * words);
  for (let k = skuStart[i]!; k < skuStart[i + 1]!; k++)
    if (!flags || flags[k]) bits[i * words + (skuSize[k]! >> 5)]! |= 1 << (skuSize[k]! & 31);
}

const NO_ORDER = 2 ** 31 - 1;

/** The size scale of each product and each scale's size orders (see {@link CatalogModel.scaleOrder}). */
function sizeScales(
  n: number,
  sizeCount: number,
  skuStart: Int32Array,
  skuSize: Int32Array,
  skuOrder: Int32Array,
) {
  const scales = new Map<string, number>();
  const orders: Int32Array[] = [];
  const sizeScale = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const order = new Int32Array(sizeCount).fill(NO_ORDER);
    for (let k = skuStart[i]!; k < skuStart[i + 1]!; k++)
      order[skuSize[k]!] = Math.min(order[skuSize[k]!]!, skuOrder[k]!);
    const key = order.join(',');
    let scale = scales.get(key);
    if (scale === undefined) {
      scales.set(key, (scale = orders.length));
      orders.push(order);
    }
    sizeScale[i] = scale;
  }
  const scaleOrder = new Int32Array(orders.length * sizeCount);
  orders.forEach((o, scale) => scaleOrder.set(o, scale * sizeCount));
  return { sizeScale, scaleOrder };
}

/** Brings product i's sizes with units per city (`sizeBitsInCity`) in line with `skuInCity`. */
function refreshCitySizes(m: CatalogModel, i: number) {
  for (const [city, bits] of m.sizeBitsInCity)
    setSizeBits(bits, m.sizeWords, i, m.skuStart, m.skuSize, m.skuInCity.get(city)!);
}

/** Products per read while loading (ranges of product ids, read by each table's `product_id` index). */
const LOAD_CHUNK = 2_000;

const MIN_ID = -(2 ** 31);
const MAX_ID = 2 ** 31 - 1;

/**
 * Ranges of product ids of `chunk` active products each (`rows` in id order); the first starts at the lowest
 * and the last ends at the highest id an integer column holds, so together they cover every row of a table (the
 * vocabulary is of every search term, as the SQL path's).
 */
function loadRanges(rows: CardRow[], chunk: number): model.IdRange[] {
  const out: model.IdRange[] = [];
  for (let from = 0; from < rows.length; from += chunk) {
    const last = Math.min(from + chunk, rows.length) - 1;
    out.push({
      min: from === 0 ? MIN_ID : rows[from]!.id,
      max: last === rows.length - 1 ? MAX_ID : rows[last]!.id,
    });
  }
  return out.length ? out : [{ min: MIN_ID, max: MAX_ID }];
}

/**
 * The SKU arrays, search terms, vocabulary and first pictures of the active products, read range by range of
 * product ids, each range's rows written into growing typed arrays before the next is read: the load holds one
 * range's rows at a time, not the tables' (issue 14: ≈ 40 MB of short-lived rows on the large catalogue grew the
 * V8 heap). Rows come in product id order, so products' SKUs arrive in position order, by SKU id within one.
 */
async function rangedArrays(db: DbOrTrx, p: ReturnType<typeof productArrays>, chunk: number) {
  const skuCount = new Int32Array(p.n + 1);
  const skuId = new Int32List();
  const skuSize = new Int32List();
  const skuOrder = new Int32List();
  const sizeIndex = new Map<string, number>();
  const lists = new Map<string, { positions: Int32List; weights: Int32List }>();
  const allTerms = new Set<string>();
  const images: (ProductImageRow | undefined)[] = new Array(p.n);
  for (const ids of loadRanges(p.rows, chunk)) {
    for (const r of await model.skuSizes(db, ids)) {
      const i = p.index.get(r.product_id);
      if (i === undefined) continue;
      let size = sizeIndex.get(r.size);
      if (size === undefined) sizeIndex.set(r.size, (size = sizeIndex.size));
      skuCount[i + 1]!++;
      skuId.push(r.id);
      skuSize.push(size);
      skuOrder.push(r.size_order);
    }
    // (term, product) is the table's key: each product is at most once in a term's list.
    for (const r of await model.searchTerms(db, ids)) {
      allTerms.add(r.term);
      const i = p.index.get(r.product_id);
      if (i === undefined) continue;
      let list = lists.get(r.term);
      if (!list) lists.set(r.term, (list = { positions: new Int32List(), weights: new Int32List() }));
      list.positions.push(i);
      list.weights.push(Number(r.weight));
    }
    for (const img of await model.productImages(db, ids)) {
      const i = p.index.get(img.product_id);
      if (i !== undefined && !images[i]) images[i] = img;
    }
  }
  return {
    ...skuArrays(p.n, skuCount, skuId.done(), skuSize.done(), skuOrder.done(), [...sizeIndex.keys()]),
    vocabulary: [...allTerms].filter((t) => !isExactForm(t)).sort(),
    terms: new Map(
      [...lists].map(([t, l]) => [
        t,
        { positions: l.positions.done(), weights: Int8Array.from(l.weights.done()) },
      ]),
    ),
    images,
  };
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
    repo.listCities(db),
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
      .then((fresh) => (st.model = fresh))
      .finally(() => (st.refreshing = undefined));
    await st.refreshing;
  }
  return state.model;
}
