import type { ListFacets, Sort } from '@kiim/contract';
import { compareSizes } from './size.order.ts';
import type { CatalogModel } from './model.ts';
import type { ProductFilter, StockScope } from '../catalog.listing.repository.ts';

// Product lists answered from the in-memory read model (docs/decisions/018, 039): filters, disjunctive facet counts
// and the six sorts on typed arrays. Each product gets a mask of the facet filters it fails; a product is listed with
// mask 0 and counted in a facet when it fails at most that facet's own filter. The property test (model.test.ts)
// holds it to the SQL oracle (listing.oracle.testing.ts).

const CATEGORY = 1;
const BRAND = 2;
const COLOUR = 4;
const SIZE = 8;
const PRICE = 16;

/** What the listing needs: counts, facet rows (as the SQL path gives them) and the page's product positions. */
export interface ModelAnswer {
  counts: { total: number; discount: number; inStock: number };
  byCategory: { key: string; hex: string; count: number }[];
  byBrand: { key: string; hex: string; count: number }[];
  byColour: { key: string; hex: string; count: number }[];
  sizes: ListFacets['sizes'];
  price: ListFacets['price'];
  page: number[];
}

/**
 * Arrays of one product each that a query fills and reads: queries on a model run synchronously, one at a time, so
 * one set per model serves them all instead of allocating (and collecting) them per request (issue 14).
 */
interface Scratch {
  mask: Int8Array;
  seen: Int32Array;
  score: Int32Array;
}

const scratches = new WeakMap<CatalogModel, Scratch>();

function scratchOf(m: CatalogModel): Scratch {
  let s = scratches.get(m);
  if (!s) {
    s = { mask: new Int8Array(m.n), seen: new Int32Array(m.n), score: new Int32Array(m.n) };
    scratches.set(m, s);
  }
  return s;
}

/** Positions of products having a term of every group, ascending (null: no search). */
function searchHits(m: CatalogModel, groups: readonly (readonly string[])[] | undefined): Int32Array | null {
  if (!groups) return null;
  // seen[i] = how many groups in a row product i has matched (index loops: one typed-array shape for V8).
  const seen = scratchOf(m).seen.fill(0);
  for (let g = 0; g < groups.length; g++)
    for (const term of new Set(groups[g])) {
      const positions = m.terms.get(term)?.positions;
      if (!positions) continue;
      for (let k = 0; k < positions.length; k++) if (seen[positions[k]!] === g) seen[positions[k]!] = g + 1;
    }
  let count = 0;
  for (let i = 0; i < m.n; i++) if (seen[i] === groups.length) count++;
  const hits = new Int32Array(count);
  for (let i = 0, k = 0; i < m.n; i++) if (seen[i] === groups.length) hits[k++] = i;
  return hits;
}

/** Each product's relevance to a search: the sum of the weights of its terms among the groups' terms. */
function relevance(m: CatalogModel, groups: readonly (readonly string[])[]): Int32Array {
  const score = scratchOf(m).score.fill(0);
  for (const term of new Set(groups.flat())) {
    const list = m.terms.get(term);
    if (list) for (let k = 0; k < list.positions.length; k++) score[list.positions[k]!]! += list.weights[k]!;
  }
  return score;
}

/**
 * The size bitsets a size filter or facet reads: the sizes each product has, or under `inStock` those with units in
 * the city (null when the city shows no stock: no size is in stock there).
 */
function sizeBitsOf(m: CatalogModel, f: ProductFilter, scope: StockScope): Int32Array | null {
  if (!f.inStock) return m.sizeBits;
  return scope.regionalCityId === null ? null : m.sizeBitsInCity.get(scope.regionalCityId)!;
}

/** Whether product i has one of the sizes `want` (a bitset of `m.sizeWords` words) in `bits`. */
function hasSize(m: CatalogModel, i: number, want: Int32Array, bits: Int32Array | null): boolean {
  if (bits === null) return false;
  const w = m.sizeWords;
  for (let k = 0; k < w; k++) if ((bits[i * w + k]! & want[k]!) !== 0) return true;
  return false;
}

/**
 * Positions worth looking at, ascending: those of the filtered categories (unless their facet is counted), else
 * all; of a search only its hits (`hits`: a search filter is not a facet, so no other product counts anywhere).
 */
function candidates(
  m: CatalogModel,
  f: ProductFilter,
  categoryFacet: boolean,
  hits: Int32Array | null,
): Int32Array {
  const byCategory = !f.categoryIds || categoryFacet ? null : new Set(f.categoryIds);
  if (hits) return byCategory ? hits.filter((i) => byCategory.has(m.category[i]!)) : hits;
  if (!byCategory) return m.all;
  const lists = [...byCategory].map((c) => m.byCategory.get(c) ?? new Int32Array(0));
  return lists.length === 1 ? lists[0]! : Int32Array.from(lists.flatMap((l) => [...l])).sort();
}

/** A lookup by id (0 … max) of the ids given: 1 for each of them (ids above `max` match no product). */
function lookup(max: number, ids: readonly number[]): Uint8Array {
  const out = new Uint8Array(max + 1);
  for (const id of ids) if (id <= max) out[id] = 1;
  return out;
}

/**
 * Per product (the model's scratch mask): -1 when a filter that is not a facet fails (or not a candidate), else the
 * mask of failed facet filters.
 */
function masks(m: CatalogModel, f: ProductFilter, scope: StockScope, cand: Int32Array): Int8Array {
  const out = scratchOf(m).mask.fill(-1);
  const cats = f.categoryIds && lookup(m.maxCategoryId, f.categoryIds);
  const brands = f.brandIds && lookup(m.maxBrandId, f.brandIds);
  const colours = f.colourNames && new Uint8Array(m.colourNames.length);
  f.colourNames?.forEach((c) => m.colourNames.includes(c) && (colours![m.colourNames.indexOf(c)] = 1));
  const sizes = f.sizes && new Int32Array(m.sizeWords);
  f.sizes?.forEach((s) => {
    const k = m.sizeIndex.get(s);
    if (k !== undefined) sizes![k >> 5]! |= 1 << (k & 31);
  });
  const sizeBits = sizeBitsOf(m, f, scope);
  const products = f.productIds && new Set(f.productIds);
  const regional = scope.regionalCityId === null ? null : m.regional.get(scope.regionalCityId)!;
  const { gender, price, originalPrice, category, brand, colour } = m;
  const priceMin = f.priceMin ?? -Infinity;
  const priceMax = f.priceMax ?? Infinity;
  for (let c = 0; c < cand.length; c++) {
    const i = cand[c]!;
    if (f.gender !== undefined && gender[i] !== f.gender) continue;
    if (products && !products.has(m.rows[i]!.id)) continue;
    if (f.discount && !(originalPrice[i]! > price[i]!)) continue;
    if (f.inStock && !(regional && regional[i]! > 0)) continue;
    let mask = 0;
    if (cats && cats[category[i]!] !== 1) mask |= CATEGORY;
    if (brands && brands[brand[i]!] !== 1) mask |= BRAND;
    if (colours && !colours[colour[i]!]) mask |= COLOUR;
    if (price[i]! < priceMin || price[i]! > priceMax) mask |= PRICE;
    if (sizes && !hasSize(m, i, sizes, sizeBits)) mask |= SIZE;
    out[i] = mask;
  }
  return out;
}

/**
 * Size labels of the products failing at most the size filter (only sizes with units in the city under `inStock`),
 * each with its number of products, in size order ({@link compareSizes}; labels it cannot rank by the lowest order
 * the size has among the products counted).
 */
function sizeFacet(
  m: CatalogModel,
  mask: Int8Array,
  cand: Int32Array,
  f: ProductFilter,
  scope: StockScope,
): ListFacets['sizes'] {
  const bits = sizeBitsOf(m, f, scope);
  if (bits === null) return [];
  const { sizeWords: w, sizeScale, scaleOrder } = m;
  const S = m.sizes.length;
  const count = new Int32Array(S);
  const order = new Int32Array(S).fill(2 ** 31 - 1);
  for (let c = 0; c < cand.length; c++) {
    const i = cand[c]!;
    const k0 = mask[i]!;
    if (k0 < 0 || (k0 & ~SIZE) !== 0) continue;
    const orders = sizeScale[i]! * S;
    for (let word = 0; word < w; word++) {
      let b = bits[i * w + word]!;
      while (b !== 0) {
        const low = b & -b;
        const s = (word << 5) + 31 - Math.clz32(low);
        count[s]!++;
        if (scaleOrder[orders + s]! < order[s]!) order[s] = scaleOrder[orders + s]!;
        b ^= low;
      }
    }
  }
  return m.sizes
    .map((size, s) => ({ size, count: count[s]!, o: order[s]! }))
    .filter((x) => x.count > 0)
    .sort((a, b) => compareSizes(a.size, a.o, b.size, b.o))
    .map(({ size, count }) => ({ size, count }));
}

/**
 * The first `want` listed products (mask 0) among the candidates in the order of `cmp` (a total order), kept sorted
 * while scanning (no full sort).
 */
function topOf(
  cand: Int32Array,
  mask: Int8Array,
  want: number,
  cmp: (a: number, b: number) => number,
): number[] {
  const top: number[] = [];
  for (let c = 0; c < cand.length; c++) {
    const i = cand[c]!;
    if (mask[i] !== 0 || (top.length >= want && cmp(i, top[top.length - 1]!) >= 0)) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(top[mid]!, i) < 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, i);
    if (top.length > want) top.pop();
  }
  return top;
}

/**
 * The positions of the listed products (mask 0; `listed` of them) from `offset`, at most `limit`, in the order of
 * `sort` (spec §4). The sorts by relevance and by regional units keep the best among the candidates; the others
 * follow a precomputed order (the default one by stock class first): they walk it until the page is full when that
 * is expected to be shorter than scanning the candidates (many listed products), else keep the best candidates.
 */
function pageOf(
  m: CatalogModel,
  mask: Int8Array,
  cand: Int32Array,
  listed: number,
  sort: Sort,
  regional: Int32Array | null,
  page: { offset: number; limit: number },
  terms?: readonly (readonly string[])[],
): number[] {
  const want = page.offset + page.limit;
  if (listed === 0 || page.offset >= listed) return [];
  const arrival = m.ranks['new-arrivals'];
  const stockClass = (i: number) => (regional !== null && regional[i]! > 0 ? 0 : m.global[i]! > 0 ? 1 : 2);
  let cmp: (a: number, b: number) => number;
  if (sort === 'default' && terms?.length) {
    // Search (issue 35 item 3, decision 062): sold out everywhere last, then matched terms' weight, then in the
    // shopper's city before another city's stock, then newest (as the SQL path).
    const score = relevance(m, terms);
    const soldOut = (i: number) => (stockClass(i) === 2 ? 1 : 0);
    cmp = (a, b) =>
      soldOut(a) - soldOut(b) ||
      score[b]! - score[a]! ||
      stockClass(a) - stockClass(b) ||
      arrival[a]! - arrival[b]!;
  } else if (sort === 'regional-availability') {
    const r = regional ?? new Int32Array(m.n);
    cmp = (a, b) => r[b]! - r[a]! || m.global[b]! - m.global[a]! || a - b;
  } else {
    const key = sort === 'default' ? 'new-arrivals' : sort;
    const classOf = sort === 'default' ? stockClass : () => 0;
    if (want * m.n < cand.length * listed) return walk(m.orders[key], mask, classOf, want).slice(page.offset);
    const rank = m.ranks[key];
    cmp = (a, b) => classOf(a) - classOf(b) || rank[a]! - rank[b]!;
  }
  return topOf(cand, mask, want, cmp).slice(page.offset);
}

/**
 * The first `want` listed products (mask 0) in `order`, those of class 0 first, then 1, then 2 (`classOf`), in one
 * walk that stops once class 0 has `want`.
 */
function walk(order: Int32Array, mask: Int8Array, classOf: (i: number) => number, want: number): number[] {
  const picked: number[][] = [[], [], []];
  for (let a = 0; a < order.length && picked[0]!.length < want; a++) {
    const i = order[a]!;
    if (mask[i] !== 0) continue;
    const bucket = picked[classOf(i)]!;
    if (bucket.length < want) bucket.push(i);
  }
  return picked.flat().slice(0, want);
}

/** Counts, price range and facet counts in one pass over the candidates (dense counters by id / position). */
function tally(m: CatalogModel, mask: Int8Array, cand: Int32Array, regional: Int32Array | null) {
  const counts = { total: 0, discount: 0, inStock: 0 };
  const byCategory = new Int32Array(m.maxCategoryId + 1);
  const byBrand = new Int32Array(m.maxBrandId + 1);
  const byColour = new Int32Array(m.colourNames.length);
  const hex = new Int32Array(m.colourNames.length).fill(2 ** 31 - 1);
  let min = Infinity;
  let max = -Infinity;
  const { price, originalPrice, category, brand, colour, hexRank } = m;
  for (let c = 0; c < cand.length; c++) {
    const i = cand[c]!;
    const k = mask[i]!;
    if (k < 0) continue;
    if ((k & ~PRICE) === 0) {
      if (price[i]! < min) min = price[i]!;
      if (price[i]! > max) max = price[i]!;
    }
    if ((k & ~CATEGORY) === 0) byCategory[category[i]!]!++;
    if ((k & ~BRAND) === 0) byBrand[brand[i]!]!++;
    if ((k & ~COLOUR) === 0) {
      const col = colour[i]!;
      byColour[col]!++;
      if (hexRank[i]! < hex[col]!) hex[col] = hexRank[i]!;
    }
    if (k !== 0) continue;
    counts.total++;
    if (originalPrice[i]! > price[i]!) counts.discount++;
    if (regional && regional[i]! > 0) counts.inStock++;
  }
  const rows = (n: Int32Array, key: (k: number) => string, hexOf: (k: number) => string = () => '') =>
    [...n].flatMap((count, k) => (count > 0 ? [{ key: key(k), hex: hexOf(k), count }] : []));
  return {
    counts,
    byCategory: rows(byCategory, String),
    byBrand: rows(byBrand, String),
    byColour: rows(
      byColour,
      (c) => m.colourNames[c]!,
      (c) => m.hexes[hex[c]!]!,
    ),
    price: min === Infinity ? null : { min, max },
  };
}

/**
 * One list from the model: the counts, facet rows (the category facet only when `categoryFacet`), the size
 * facet, the price range and the positions of one page. Synchronous: the model cannot change meanwhile.
 */
export function queryModel(
  m: CatalogModel,
  f: ProductFilter,
  scope: StockScope,
  sort: Sort,
  page: { offset: number; limit: number },
  categoryFacet: boolean,
): ModelAnswer {
  const cand = candidates(m, f, categoryFacet, searchHits(m, f.termGroups));
  const mask = masks(m, f, scope, cand);
  const regional = scope.regionalCityId === null ? null : m.regional.get(scope.regionalCityId)!;
  const t = tally(m, mask, cand, regional);
  return {
    ...t,
    byCategory: categoryFacet ? t.byCategory : [],
    sizes: sizeFacet(m, mask, cand, f, scope),
    page: pageOf(m, mask, cand, t.counts.total, sort, regional, page, f.termGroups),
  };
}
