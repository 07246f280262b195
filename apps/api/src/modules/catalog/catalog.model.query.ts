import type { ListFacets, Sort } from '@kiim/contract';
import type { CatalogModel } from './catalog.model.ts';
import type { ProductFilter, StockScope } from './catalog.listing.repository.ts';

// Product lists answered from the in-memory read model (docs/decisions/018): the same filters, disjunctive facet
// counts and six sorts as the SQL of catalog.listing.repository.ts, on typed arrays. Each product gets a mask of
// the facet filters it fails; a product is listed with mask 0 and counted in a facet when it fails at most that
// facet's own filter. Tests hold both paths to the same answers (catalog.model.test.ts).

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

/** Positions of products having a term of every group (null: no search). */
function searchHits(m: CatalogModel, groups: readonly (readonly string[])[] | undefined): Uint8Array | null {
  if (!groups) return null;
  const hits = new Uint8Array(m.n);
  const seen = new Int32Array(m.n);
  groups.forEach((group, g) => {
    for (const term of new Set(group))
      for (const i of m.terms.get(term) ?? []) if (seen[i] === g) seen[i] = g + 1;
  });
  for (let i = 0; i < m.n; i++) if (seen[i] === groups.length) hits[i] = 1;
  return hits;
}

/** Whether product i has a SKU of one of `sizes` (with units in `city` when given; none when `city` is null). */
function hasSize(
  m: CatalogModel,
  i: number,
  sizes: Uint8Array,
  city: Uint8Array | null | undefined,
): boolean {
  if (city === null) return false;
  for (let k = m.skuStart[i]!; k < m.skuStart[i + 1]!; k++)
    if (sizes[m.skuSize[k]!] && (!city || city[k])) return true;
  return false;
}

/** Per product: -1 when a filter that is not a facet fails, else the mask of failed facet filters. */
function masks(m: CatalogModel, f: ProductFilter, scope: StockScope): Int8Array {
  const out = new Int8Array(m.n).fill(-1);
  const cats = f.categoryIds && new Set(f.categoryIds);
  const brands = f.brandIds && new Set(f.brandIds);
  const colours = f.colourNames && new Uint8Array(m.colourNames.length);
  f.colourNames?.forEach((c) => m.colourNames.includes(c) && (colours![m.colourNames.indexOf(c)] = 1));
  const sizes = f.sizes && new Uint8Array(m.sizes.length);
  f.sizes?.forEach((s) => m.sizeIndex.has(s) && (sizes![m.sizeIndex.get(s)!] = 1));
  const products = f.productIds && new Set(f.productIds);
  const hits = searchHits(m, f.termGroups);
  const regional = scope.regionalCityId === null ? null : m.regional.get(scope.regionalCityId)!;
  const skuCity = f.inStock
    ? scope.regionalCityId === null
      ? null
      : m.skuInCity.get(scope.regionalCityId)!
    : undefined;
  for (let i = 0; i < m.n; i++) {
    if (f.gender !== undefined && m.gender[i] !== f.gender) continue;
    if (products && !products.has(m.rows[i]!.id)) continue;
    if (f.discount && !(m.originalPrice[i]! > m.price[i]!)) continue;
    if (f.inStock && !(regional && regional[i]! > 0)) continue;
    if (hits && !hits[i]) continue;
    let mask = 0;
    if (cats && !cats.has(m.category[i]!)) mask |= CATEGORY;
    if (brands && !brands.has(m.brand[i]!)) mask |= BRAND;
    if (colours && !colours[m.colour[i]!]) mask |= COLOUR;
    if (f.priceMin !== undefined && m.price[i]! < f.priceMin) mask |= PRICE;
    if (f.priceMax !== undefined && m.price[i]! > f.priceMax) mask |= PRICE;
    if (sizes && !hasSize(m, i, sizes, skuCity)) mask |= SIZE;
    out[i] = mask;
  }
  return out;
}

/** Counts of a facet over the products failing at most its own filter, keyed as the SQL path keys them. */
function facet(m: CatalogModel, mask: Int8Array, bit: number, key: (i: number) => number) {
  const counts = new Map<number, number>();
  for (let i = 0; i < m.n; i++)
    if (mask[i]! >= 0 && (mask[i]! & ~bit) === 0) counts.set(key(i), (counts.get(key(i)) ?? 0) + 1);
  return counts;
}

/** Size labels of the products failing at most the size filter (only SKUs with units in the city under `inStock`). */
function sizeFacet(
  m: CatalogModel,
  mask: Int8Array,
  f: ProductFilter,
  scope: StockScope,
): ListFacets['sizes'] {
  if (f.inStock && scope.regionalCityId === null) return [];
  const city = f.inStock ? m.skuInCity.get(scope.regionalCityId!)! : undefined;
  const count = new Int32Array(m.sizes.length);
  const order = new Int32Array(m.sizes.length).fill(2 ** 31 - 1);
  const stamp = new Int32Array(m.sizes.length).fill(-1);
  for (let i = 0; i < m.n; i++) {
    if (mask[i]! < 0 || (mask[i]! & ~SIZE) !== 0) continue;
    for (let k = m.skuStart[i]!; k < m.skuStart[i + 1]!; k++) {
      if (city && !city[k]) continue;
      const s = m.skuSize[k]!;
      if (stamp[s] !== i) {
        stamp[s] = i;
        count[s]!++;
      }
      if (m.skuOrder[k]! < order[s]!) order[s] = m.skuOrder[k]!;
    }
  }
  return m.sizes
    .map((size, s) => ({ size, count: count[s]!, o: order[s]! }))
    .filter((x) => x.count > 0)
    .sort((a, b) => a.o - b.o || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0))
    .map(({ size, count }) => ({ size, count }));
}

/** Stock class of the default sort: 0 in the city, 1 elsewhere in visible cities, 2 nowhere. */
const stockClass = (m: CatalogModel, regional: Int32Array | null, i: number) =>
  regional && regional[i]! > 0 ? 0 : m.global[i]! > 0 ? 1 : 2;

/** The positions of the listed products (mask 0) from `offset`, at most `limit`, in the order of `sort` (spec §4). */
function pageOf(
  m: CatalogModel,
  mask: Int8Array,
  sort: Sort,
  regional: Int32Array | null,
  offset: number,
  limit: number,
): number[] {
  const want = offset + limit;
  let picked: number[] = [];
  if (sort === 'default') {
    const classes: number[][] = [[], [], []];
    for (const i of m.orders['new-arrivals']) if (mask[i] === 0) classes[stockClass(m, regional, i)]!.push(i);
    picked = classes.flat();
  } else if (sort === 'regional-availability') {
    for (let i = 0; i < m.n; i++) if (mask[i] === 0) picked.push(i);
    const r = regional ?? new Int32Array(m.n);
    picked.sort((a, b) => r[b]! - r[a]! || m.global[b]! - m.global[a]! || a - b);
  } else {
    for (const i of m.orders[sort]) if (mask[i] === 0 && picked.push(i) >= want) break;
  }
  return picked.slice(offset, want);
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
  const mask = masks(m, f, scope);
  const regional = scope.regionalCityId === null ? null : m.regional.get(scope.regionalCityId)!;
  const counts = { total: 0, discount: 0, inStock: 0 };
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < m.n; i++) {
    if (mask[i]! < 0) continue;
    if ((mask[i]! & ~PRICE) === 0) {
      min = Math.min(min, m.price[i]!);
      max = Math.max(max, m.price[i]!);
    }
    if (mask[i] !== 0) continue;
    counts.total++;
    if (m.originalPrice[i]! > m.price[i]!) counts.discount++;
    if (regional && regional[i]! > 0) counts.inStock++;
  }
  const rows = (
    counts: Map<number, number>,
    key: (k: number) => string,
    hex: (k: number) => string = () => '',
  ) => [...counts].map(([k, count]) => ({ key: key(k), hex: hex(k), count }));
  const colourHex = minHex(m, mask);
  return {
    counts,
    byCategory: categoryFacet
      ? rows(
          facet(m, mask, CATEGORY, (i) => m.category[i]!),
          String,
        )
      : [],
    byBrand: rows(
      facet(m, mask, BRAND, (i) => m.brand[i]!),
      String,
    ),
    byColour: rows(
      facet(m, mask, COLOUR, (i) => m.colour[i]!),
      (c) => m.colourNames[c]!,
      (c) => colourHex[c]!,
    ),
    sizes: sizeFacet(m, mask, f, scope),
    price: min === Infinity ? null : { min, max },
    page: pageOf(m, mask, sort, regional, page.offset, page.limit),
  };
}

/** The least hex of each colour name over the products its facet counts (as SQL's min(colour_hex)). */
function minHex(m: CatalogModel, mask: Int8Array): string[] {
  const hex: string[] = [];
  for (let i = 0; i < m.n; i++) {
    if (mask[i]! < 0 || (mask[i]! & ~COLOUR) !== 0) continue;
    const c = m.colour[i]!;
    const h = m.rows[i]!.colour_hex;
    if (hex[c] === undefined || h < hex[c]!) hex[c] = h;
  }
  return hex;
}
