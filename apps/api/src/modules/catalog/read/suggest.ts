import { ErrorCode, SUGGEST_LIMIT, Suggestions, dataOf, type SuggestedProduct } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { cachedAnswer, jsonAnswer } from '../catalog.cache.ts';
import { toImage } from '../catalog.mapper.ts';
import * as repo from '../catalog.repository.ts';
import { isExactForm, resolveQuery, termsOf } from '../search.rules.ts';
import { asIs, langKey, type CatalogueLang, type Say } from '../catalog.texts.ts';
import { catalogModel, type CatalogModel } from './model.ts';
import { modelSay } from './texts.ts';

// Search suggestions while typing (issue 35 item 3, docs/decisions/056): products, categories and brands for the text
// typed so far, answered from the in-memory read model with the catalogue search's own query understanding
// (search.rules.ts: word beginnings, typos, the wrong layout, Latin ⇄ Cyrillic, Kazakh names) — no SQL but the
// catalogue version read.

/** A category or brand with the terms of its Russian and Kazakh names. */
interface Named {
  id: number;
  slug: string;
  name: string;
  order: number;
  terms: Set<string>;
}

/** Per model: its visible categories with products and its visible brands with products, with their name terms. */
const namedOf = new WeakMap<CatalogModel, Promise<{ categories: Named[]; brands: Named[] }>>();

/** The categories and brands of model `m` with their terms (Kazakh names read with the model's Kazakh texts). */
function namesOf(db: DbOrTrx, m: CatalogModel): Promise<{ categories: Named[]; brands: Named[] }> {
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
      return { categories, brands };
    });
    namedOf.set(m, named);
    named.catch(() => namedOf.delete(m));
  }
  return named;
}

/** Whether a name has a term of every group (exact forms aside: names keep only terms). */
const nameMatches = (terms: Set<string>, groups: readonly (readonly string[])[]) =>
  groups.every((g) => g.some((term) => !isExactForm(term) && terms.has(term)));

/**
 * The names matching every group, most products among the search's hits first (then the catalogue's order, then
 * the name), at most `limit`.
 */
function pickNames(named: Named[], groups: string[][], hitsOf: Map<number, number>, limit: number) {
  return named
    .filter((n) => nameMatches(n.terms, groups))
    .sort(
      (a, b) =>
        (hitsOf.get(b.id) ?? 0) - (hitsOf.get(a.id) ?? 0) ||
        a.order - b.order ||
        a.name.localeCompare(b.name, 'ru'),
    )
    .slice(0, limit);
}

/** A text's city-independent reading: its hits by relevance, and hits per category and brand id. */
interface Reading {
  groups: string[][];
  /** Positions of the products having a term of every group: score descending, then id ascending. */
  hits: Int32Array;
  /** Each hit's score (the same order). */
  scores: Int32Array;
  byCategory: Map<number, number>;
  byBrand: Map<number, number>;
}

/** Most texts whose reading is kept per model (a full map is emptied and filled again). */
const MAX_READINGS = 5_000;
const readings = new WeakMap<CatalogModel, Map<string, Reading>>();

/**
 * The products having a term of every group of `q`, by the search page's relevance (the sum of their matched terms'
 * weights), then id; kept per model and text (every city and language of a text reuses it).
 */
function readingOf(m: CatalogModel, q: string): Reading {
  let kept = readings.get(m);
  if (!kept) readings.set(m, (kept = new Map()));
  let r = kept.get(q);
  if (r) return r;
  const groups = resolveQuery(q, m.vocabulary);
  const seen = new Int32Array(m.n);
  for (let g = 0; g < groups.length; g++)
    for (const term of new Set(groups[g])) {
      const positions = m.terms.get(term)?.positions;
      if (positions) for (const i of positions) if (seen[i] === g) seen[i] = g + 1;
    }
  const score = new Int32Array(m.n);
  for (const term of new Set(groups.flat())) {
    const list = m.terms.get(term);
    if (list) list.positions.forEach((i, k) => (score[i]! += list.weights[k]!));
  }
  const found: number[] = [];
  const byCategory = new Map<number, number>();
  const byBrand = new Map<number, number>();
  for (let i = 0; groups.length > 0 && i < m.n; i++) {
    if (seen[i] !== groups.length) continue;
    found.push(i);
    byCategory.set(m.category[i]!, (byCategory.get(m.category[i]!) ?? 0) + 1);
    byBrand.set(m.brand[i]!, (byBrand.get(m.brand[i]!) ?? 0) + 1);
  }
  found.sort((a, b) => score[b]! - score[a]! || m.rows[a]!.id - m.rows[b]!.id);
  const hits = Int32Array.from(found);
  r = { groups, hits, scores: hits.map((i) => score[i]!), byCategory, byBrand };
  if (kept.size >= MAX_READINGS) kept.clear();
  kept.set(q, r);
  return r;
}

/**
 * The best `limit` hits for a city: sold out everywhere last (decision 062), then by relevance, then with units in
 * the city first, then id (spec: relevance, then stock in the shopper's city). Walks the hits score tier by score
 * tier, stopping once `limit` are chosen; sold-out ones only fill what is left.
 */
function topForCity(r: Reading, global: Int32Array, units: Int32Array | null, limit: number): number[] {
  const out: number[] = [];
  const inCity = (i: number) => (units?.[i] ?? 0) > 0;
  for (let from = 0; from < r.hits.length && out.length < limit;) {
    let to = from;
    while (to < r.hits.length && r.scores[to] === r.scores[from]) to++;
    const tier = Array.from(r.hits.subarray(from, to));
    for (const i of tier) if (out.length < limit && inCity(i)) out.push(i);
    for (const i of tier) if (out.length < limit && !inCity(i) && global[i]! > 0) out.push(i);
    from = to;
  }
  for (const i of r.hits) if (out.length < limit && global[i]! <= 0) out.push(i);
  return out;
}

/** Suggestions for `q` (lower case, spaces collapsed) in city `cityId` and language `lang` (null: Russian). */
async function suggestModel(
  db: DbOrTrx,
  q: string,
  cityId: number,
  lang: CatalogueLang | null,
  version: number,
) {
  const m = await catalogModel(db, version);
  const city = m.cities.get(cityId);
  if (!city) throw notFound(ErrorCode.cityNotFound, 'Город не найден');
  const say: Say = lang ? await modelSay(db, m, lang) : asIs;
  const units = city.visible_for_customers === 1 ? (m.regional.get(city.id) ?? null) : null;
  const reading = readingOf(m, q);
  const { groups, byCategory, byBrand } = reading;
  const top = topForCity(reading, m.global, units, SUGGEST_LIMIT.products);
  const products: SuggestedProduct[] = top.map((i) => {
    const row = m.rows[i]!;
    const image = m.images[i];
    return {
      id: row.id,
      slug: row.slug,
      name: say(row.name),
      brandName: m.dict.brands.get(row.brand_id)?.name ?? '',
      price: row.price,
      priceFrom: row.max_price > row.price,
      image: image ? toImage(image, say) : null,
      inStock: (units?.[i] ?? 0) > 0,
    };
  });
  const names = await namesOf(db, m);
  const found = groups.length > 0 && groups.every((g) => g.length > 0);
  const categories = found ? pickNames(names.categories, groups, byCategory, SUGGEST_LIMIT.categories) : [];
  const brands = found ? pickNames(names.brands, groups, byBrand, SUGGEST_LIMIT.brands) : [];
  return jsonAnswer(dataOf(Suggestions), {
    data: {
      products,
      categories: categories.map((c) => ({ slug: c.slug, name: say(c.name) })),
      brands: brands.map((b) => ({ slug: b.slug, name: b.name })),
    },
  });
}

/**
 * The answer of `GET /api/catalog/suggest` as UTF-8 JSON `{"data": Suggestions}` (issue 35 item 3): up to 6 products
 * (lowest price in whole tenge, first picture, whether in stock in the city), 3 categories and 3 brands for the text
 * typed so far, read as the catalogue search reads it. Cached per text (lower case, spaces collapsed), city, language
 * and catalogue version in the catalogue's bounded LRU (catalog.cache.ts; kept from the first ask: the prefixes
 * shoppers type repeat), the text's city-independent reading kept per model besides.
 * @param q the trimmed text, 1–100 characters (validated by the route).
 * @throws AppError 404 `cityNotFound` for an unknown city.
 */
export async function suggestJson(
  db: DbOrTrx,
  q: string,
  cityId: number,
  lang: CatalogueLang | null = null,
): Promise<Buffer> {
  const text = q.toLowerCase().replace(/\s+/g, ' ').trim();
  const version = await repo.catalogVersion(db);
  return cachedAnswer(
    db,
    `${langKey(lang)}suggest:${cityId}:${text}`,
    () => suggestModel(db, text, cityId, lang, version),
    version,
  );
}
