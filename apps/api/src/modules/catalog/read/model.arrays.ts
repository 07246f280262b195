import type { DbOrTrx } from '#app/db/database.ts';
import { isExactForm } from '../search.rules.ts';
import { vocabularyOf } from '../search.vocabulary.ts';
import type { ProductImageRow } from '../catalog.table.ts';
import * as model from './model.repository.ts';
import type { CardRow } from './model.repository.ts';

// The arrays of the in-memory read model (model.ts) made from the catalogue's rows: product arrays and sort orders,
// SKU arrays, size bitsets and scales, search terms and first pictures, read range by range of product ids.

/** Whole discount percent as SQL computes it (integer division, rounded down). */
const discountPercent = (price: number, original: number) =>
  Math.floor(((original - price) * 100) / original);

/** Positions sorted by `key` ascending, ties by position (= id order). */
function orderBy(n: number, key: (i: number) => number | string): Int32Array {
  const keys = Array.from({ length: n }, (_, i) => key(i));
  const out = Int32Array.from({ length: n }, (_, i) => i);
  out.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
  return out;
}

/** The product arrays and the sort orders of the active products (`rows` in id order). */
export function productArrays(rows: CardRow[]) {
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
export function skuArrays(
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
export function setSizeBits(
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

/** The stored terms without the exact forms, sorted, and their index for reading queries (decision 072). */
function vocabularies(terms: string[]) {
  const words = vocabularyOf(terms);
  return { vocabulary: words.sorted as string[], words };
}

/** Products per read while loading (ranges of product ids, read by each table's `product_id` index). */
export const LOAD_CHUNK = 2_000;

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
export async function rangedArrays(db: DbOrTrx, p: ReturnType<typeof productArrays>, chunk: number) {
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
    ...vocabularies([...allTerms].filter((t) => !isExactForm(t))),
    terms: new Map(
      [...lists].map(([t, l]) => [
        t,
        { positions: l.positions.done(), weights: Int8Array.from(l.weights.done()) },
      ]),
    ),
    images,
  };
}
