import { ErrorCode, SUGGEST_LIMIT, Suggestions, dataOf, type SuggestedProduct } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { cachedReply, jsonAnswer } from '../catalog.cache.ts';
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

/**
 * Products having a term of every group, best first: the sum of their matched terms' weights (as the search page's
 * relevance), then units in the city, then newest id. Returns positions, at most `limit`, and the hits per
 * category and brand id.
 */
function rankProducts(m: CatalogModel, groups: string[][], units: Int32Array | null, limit: number) {
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
  const better = (a: number, b: number) =>
    score[a]! - score[b]! ||
    Number((units?.[a] ?? 0) > 0) - Number((units?.[b] ?? 0) > 0) ||
    m.rows[a]!.id - m.rows[b]!.id;
  const top: number[] = [];
  const byCategory = new Map<number, number>();
  const byBrand = new Map<number, number>();
  for (let i = 0; i < m.n; i++) {
    if (groups.length === 0 || seen[i] !== groups.length) continue;
    byCategory.set(m.category[i]!, (byCategory.get(m.category[i]!) ?? 0) + 1);
    byBrand.set(m.brand[i]!, (byBrand.get(m.brand[i]!) ?? 0) + 1);
    if (top.length === limit && better(i, top[limit - 1]!) <= 0) continue;
    let k = top.length;
    while (k > 0 && better(i, top[k - 1]!) > 0) k--;
    top.splice(k, 0, i);
    if (top.length > limit) top.pop();
  }
  return { top, byCategory, byBrand };
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
  const groups = resolveQuery(q, m.vocabulary);
  const units = city.visible_for_customers === 1 ? (m.regional.get(city.id) ?? null) : null;
  const { top, byCategory, byBrand } = rankProducts(m, groups, units, SUGGEST_LIMIT.products);
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
 * and catalogue version in the catalogue's bounded LRU (kept from the second ask, catalog.cache.ts).
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
  return cachedReply(
    db,
    `${langKey(lang)}suggest:${cityId}:${text}`,
    () => suggestModel(db, text, cityId, lang, version),
    version,
  );
}
