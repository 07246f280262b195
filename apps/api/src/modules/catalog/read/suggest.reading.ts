import type { DbOrTrx } from '#app/db/database.ts';
import { isExactForm, termsOf } from '../search.rules.ts';
import type { CatalogModel } from './model.ts';
import { modelSay } from './texts.ts';

// How a suggestion reads the catalogue for a text (docs/decisions/056, 072): the products having a term of every
// group of the text, the best few for the shopper's city, and the categories and brands whose names match — in one
// walk over the postings of the text's terms, counted in arrays made once per model. What a text finds does not
// depend on the city (suggest.ts keeps it per text); the city only ranks it.

/** A category or brand with the terms of its Russian and Kazakh names, and its place in the catalogue's order. */
export interface Named {
  id: number;
  slug: string;
  name: string;
  /** Place by the catalogue's order, then the name (Russian collation): the tie-break among equal hits. */
  rank: number;
  terms: Set<string>;
}

/** A model's names: its visible categories with products and its visible brands with products. */
export interface Names {
  categories: Named[];
  brands: Named[];
}

const namedOf = new WeakMap<CatalogModel, Promise<Names>>();

/** Ranks `named` by `order`, then name (made once per model: the comparison by collation is the slow part). */
function ranked(named: (Omit<Named, 'rank'> & { order: number })[]): Named[] {
  return named
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'ru'))
    .map(({ order: _order, ...n }, rank) => ({ ...n, rank }));
}

/**
 * The categories and brands of model `m` with their name terms (Kazakh names read with the model's Kazakh texts),
 * made once per model. @throws what the database throws (then made again at the next call).
 */
export function namesOf(db: DbOrTrx, m: CatalogModel): Promise<Names> {
  let named = namedOf.get(m);
  if (!named) {
    named = modelSay(db, m, 'kk').then((kk) => {
      const termsOfBoth = (name: string) => new Set([...termsOf(name), ...termsOf(kk(name))]);
      const categories = [...m.dict.categories.values()]
        .filter((c) => c.is_hidden !== 1 && (m.byCategory.get(c.id)?.length ?? 0) > 0)
        .map((c) => ({
          id: c.id,
          slug: c.slug,
          name: c.name,
          order: c.sort_order,
          terms: termsOfBoth(c.name),
        }));
      const brands = [...m.dict.brands.values()]
        .filter((b) => b.is_hidden !== 1 && b.product_count > 0)
        .map((b) => ({ id: b.id, slug: b.slug, name: b.name, order: 0, terms: new Set(termsOf(b.name)) }));
      return { categories: ranked(categories), brands: ranked(brands) };
    });
    namedOf.set(m, named);
    named.catch(() => namedOf.delete(m));
  }
  return named;
}

/** Whether a name has a term of every group (exact forms aside: names keep only terms). */
const nameMatches = (terms: Set<string>, groups: readonly (readonly string[])[]) =>
  groups.every((g) => g.some((term) => !isExactForm(term) && terms.has(term)));

/** The names matching every group, most hits first (then their rank), at most `limit`. */
function pickNames(named: Named[], groups: string[][], hits: Int32Array, limit: number): Named[] {
  const hitsOf = (id: number) => hits[id] ?? 0;
  return named
    .filter((n) => nameMatches(n.terms, groups))
    .sort((a, b) => hitsOf(b.id) - hitsOf(a.id) || a.rank - b.rank)
    .slice(0, limit);
}

/**
 * Per model: the arrays a reading counts in, made once and reused — a reading runs synchronously from start to
 * end, so two never share them. By product position: `at`, the reading that last touched it (an entry of `matched`
 * and `score` counts only when `at` is the current reading's `epoch`: nothing is cleared between readings);
 * `matched`, the groups of the text it has a term of; `score`, its matched terms' weights. By category and brand
 * id: hits among the products found (cleared per reading: a few hundred entries).
 */
interface Scratch {
  epoch: number;
  at: Int32Array;
  matched: Int32Array;
  score: Int32Array;
  categoryHits: Int32Array;
  brandHits: Int32Array;
}
const scratchOf = new WeakMap<CatalogModel, Scratch>();

/** The scratch arrays of model `m`, moved to a new reading. */
function nextReading(m: CatalogModel): Scratch {
  let s = scratchOf.get(m);
  if (!s) {
    s = {
      epoch: 0,
      at: new Int32Array(m.n),
      matched: new Int32Array(m.n),
      score: new Int32Array(m.n),
      categoryHits: new Int32Array(m.maxCategoryId + 1),
      brandHits: new Int32Array(m.maxBrandId + 1),
    };
    scratchOf.set(m, s);
  }
  if (++s.epoch === 2 ** 31 - 1) {
    s.at.fill(0);
    s.epoch = 1;
  }
  s.categoryHits.fill(0);
  s.brandHits.fill(0);
  return s;
}

/** The postings of each distinct term of `terms` (terms no product has are left out). */
function postingsOf(m: CatalogModel, terms: Iterable<string>) {
  const out: { positions: Int32Array; weights: Int8Array }[] = [];
  for (const term of new Set(terms)) {
    const list = m.terms.get(term);
    if (list) out.push(list);
  }
  return out;
}

/** What a text's reading gives in a city: its best products' positions, best first, and the matching names. */
export interface Reading {
  top: number[];
  /** Per product of `top`: whether it has units in the city (of a size asked for, when sizes were). */
  inCity: boolean[];
  categories: Named[];
  brands: Named[];
}

/**
 * What a text's reading finds whatever the city and the stock (issue 35 item 3): every product found (`positions`,
 * in the order met) with its relevance (`relevance`, the weights of its matched terms), and the matching names.
 * Depends only on the model and the text, so one reading serves every city and language of the text.
 */
export interface Found {
  positions: Int32Array;
  relevance: Int32Array;
  categories: Named[];
  brands: Named[];
}

/**
 * Sizes a text named («джинсы 28», issue 35 item 3): `want`, a bitset of `m.sizeWords` words of the size positions;
 * `inCity`, the city's sizes with units per product (`m.sizeBitsInCity`; null: a city hiding its stock).
 */
export interface SizesAsked {
  want: Int32Array;
  inCity: Int32Array | null;
}

/** Whether product i has one of the sizes `want` in the bitsets `bits` (`words` 32-bit words per product). */
function hasSize(bits: Int32Array, words: number, i: number, want: Int32Array): boolean {
  for (let k = 0; k < words; k++) if ((bits[i * words + k]! & want[k]!) !== 0) return true;
  return false;
}

/** Most categories and brands a reading gives. */
export interface NameLimits {
  categories: number;
  brands: number;
}

const NOTHING: Found = {
  positions: new Int32Array(0),
  relevance: new Int32Array(0),
  categories: [],
  brands: [],
};

/**
 * Finds the products of a text's term groups (search.rules.ts `resolveQuery`) in one walk over the postings of its
 * terms, counted in the model's scratch arrays: the products having a term of every group (and one of the sizes
 * `want`, a bitset of size positions, when the text named sizes) with their relevance, and the categories and
 * brands whose names match, most hits among the products found first. Nothing of the city or the stock is read:
 * the result may be kept per text and ranked in each city ({@link rankInCity}). Costs the length of the postings
 * walked (≈ 0.1 ms for 17,000).
 */
export function findText(
  m: CatalogModel,
  names: Names,
  groups: string[][],
  nameLimits: NameLimits,
  want?: Int32Array,
): Found {
  if (groups.length === 0 || groups.some((g) => g.length === 0)) return NOTHING;
  const words = m.sizeWords;
  const { epoch, at, matched, score, categoryHits, brandHits } = nextReading(m);
  const first = postingsOf(m, groups[0]!);
  let most = 0;
  for (const { positions } of first) {
    most += positions.length;
    for (let k = 0; k < positions.length; k++) {
      const i = positions[k]!;
      if (at[i] === epoch) continue;
      at[i] = epoch;
      matched[i] = 1;
      score[i] = 0;
    }
  }
  // Every product found has a term of the first group: only those were touched, and only they count on.
  for (let g = 1; g < groups.length; g++)
    for (const { positions } of postingsOf(m, groups[g]!))
      for (let k = 0; k < positions.length; k++) {
        const i = positions[k]!;
        if (at[i] === epoch && matched[i] === g) matched[i] = g + 1;
      }
  for (const { positions, weights } of postingsOf(m, groups.flat()))
    for (let k = 0; k < positions.length; k++)
      if (at[positions[k]!] === epoch) score[positions[k]!]! += weights[k]!;
  const positions = new Int32Array(most);
  const relevance = new Int32Array(most);
  let n = 0;
  const found = groups.length;
  for (const list of first)
    for (let k = 0; k < list.positions.length; k++) {
      const i = list.positions[k]!;
      if (matched[i] !== found) continue;
      matched[i] = found + 1; // counted once, whichever of the group's terms it is met by again
      if (want && !hasSize(m.sizeBits, words, i, want)) continue;
      categoryHits[m.category[i]!]!++;
      brandHits[m.brand[i]!]!++;
      positions[n] = i;
      relevance[n++] = score[i]!;
    }
  return {
    positions: positions.slice(0, n),
    relevance: relevance.slice(0, n),
    categories: pickNames(names.categories, groups, categoryHits, nameLimits.categories),
    brands: pickNames(names.brands, groups, brandHits, nameLimits.brands),
  };
}

/**
 * The best `limit` products of a text's `found` in a city, by {@link isBetter} (kept in order as they come: no list,
 * no sort), with whether each has units there, and the names found.
 * @param units the city's units per product position (null: a city hiding its stock counts none).
 * @param sizes sizes the text named: «in the city» means that size has units there (without: the product has units
 * there); the products found already have one of them.
 */
export function rankInCity(
  m: CatalogModel,
  found: Found,
  units: Int32Array | null,
  limit: number,
  sizes?: SizesAsked,
): Reading {
  const words = m.sizeWords;
  // In the city: a size asked for with units there, else any units there.
  const local = sizes
    ? (i: number) => sizes.inCity !== null && hasSize(sizes.inCity, words, i, sizes.want)
    : (i: number) => (units?.[i] ?? 0) > 0;
  const top: number[] = [];
  const scores: number[] = [];
  const { positions, relevance } = found;
  for (let k = 0; k < positions.length; k++) {
    const i = positions[k]!;
    const s = (relevance[k]! << 2) | (local(i) ? 0 : m.global[i]! > 0 ? 1 : 2);
    if (top.length === limit && !isBetter(s, i, scores[limit - 1]!, top[limit - 1]!)) continue;
    let place = top.length;
    while (place > 0 && isBetter(s, i, scores[place - 1]!, top[place - 1]!)) place--;
    top.splice(place, 0, i);
    scores.splice(place, 0, s);
    if (top.length > limit) {
      top.pop();
      scores.pop();
    }
  }
  return {
    top,
    inCity: scores.map((s) => (s & 3) === 0),
    categories: found.categories,
    brands: found.brands,
  };
}

/**
 * Whether product position `a` of score `sa` comes before `b` of score `sb` among the suggestions in a city
 * (decision 062): sold out everywhere last, then relevance, then with units in the city before another city's
 * stock, then id (positions are in id order). A score: the relevance shifted by 2 bits, the stock class in the low
 * two (0 units in the city, 1 another city's stock, 2 sold out everywhere).
 */
function isBetter(sa: number, a: number, sb: number, b: number): boolean {
  const classA = sa & 3;
  const classB = sb & 3;
  if ((classA === 2) !== (classB === 2)) return classB === 2;
  if (sa >> 2 !== sb >> 2) return sa >> 2 > sb >> 2;
  if (classA !== classB) return classA < classB;
  return a < b;
}
