import { ErrorCode, SUGGEST_LIMIT, SuggestedProduct } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { ownBuffer } from '#app/lib/own-buffer.ts';
import { cachedAnswer } from '../catalog.cache.ts';
import { toImage } from '../catalog.mapper.ts';
import * as repo from '../catalog.repository.ts';
import { asIs, langKey, type CatalogueLang, type Say } from '../catalog.texts.ts';
import { catalogModel, onModelLoaded, type CatalogModel } from './model.ts';
import { modelSizeWords, sizesOfText } from './listing.filter.ts';
import { findText, namesOf, rankInCity, type Found, type Names, type SizesAsked } from './suggest.reading.ts';
import { termGroupsOf } from './term-groups.ts';
import { modelSay } from './texts.ts';

// Search suggestions while typing (issue 35 item 3, docs/decisions/056): products, categories and brands for the text
// typed so far, answered from the in-memory read model with the catalogue search's own query understanding
// (search.rules.ts: word beginnings, typos, the wrong layout, Latin ⇄ Cyrillic, Kazakh names) — no SQL but the
// catalogue version read. Cheap from the first request (docs/decisions/072): the text read against the model's
// vocabulary index, its products found, ranked and counted in one walk (suggest.reading.ts), each product's JSON
// made once per model and language.

/** Per model and language (null: Russian): each product position's suggestion JSON up to its stock, made on first use. */
const headsOf = new WeakMap<CatalogModel, Map<CatalogueLang | null, (Buffer | undefined)[]>>();

/**
 * Product i as a suggestion, UTF-8 JSON without its city's stock and closing brace (`{"id":…,"image":…`), checked
 * against the contract once and kept per model and language: its fields change only with a new model, its stock
 * with every order, so an answer splices the kept heads with `"inStock":…}` (as the listing's cards, issue 14).
 */
function productHead(m: CatalogModel, i: number, lang: CatalogueLang | null, say: Say): Buffer {
  let byLang = headsOf.get(m);
  if (!byLang) headsOf.set(m, (byLang = new Map()));
  let heads = byLang.get(lang);
  if (!heads) byLang.set(lang, (heads = new Array<Buffer | undefined>(m.n)));
  let head = heads[i];
  if (!head) {
    const row = m.rows[i]!;
    const image = m.images[i];
    const { inStock: _stock, ...fields } = SuggestedProduct.parse({
      id: row.id,
      slug: row.slug,
      name: say(row.name),
      brandName: m.dict.brands.get(row.brand_id)?.name ?? '',
      price: row.price,
      priceFrom: row.max_price > row.price,
      image: image ? toImage(image, say) : null,
      inStock: false,
    });
    heads[i] = head = ownBuffer(`${JSON.stringify(fields).slice(0, -1)},"inStock":`);
  }
  return head;
}

// What every first suggestion of a model needs, made in the background as soon as the model is loaded (decision
// 075): the categories' and brands' names with their Kazakh terms (a read of the Kazakh texts and a collation sort,
// which the first 50 typing shoppers used to wait for together) and the size words.
onModelLoaded(async (db, m) => {
  modelSizeWords(m);
  await namesOf(db, m);
});

const OPEN = Buffer.from('{"data":{"products":[');
const COMMA = Buffer.from(',');
const IN_STOCK = Buffer.from('true}');
const NOT_IN_STOCK = Buffer.from('false}');

/** Most texts whose products found are kept per model, and most product positions they hold together (8 MB). */
const MAX_FOUND_TEXTS = 5_000;
const MAX_FOUND_POSITIONS = 1_000_000;

/** Per model: the products found per text (city and stock aside), oldest use first, and their positions in all. */
const foundOf = new WeakMap<CatalogModel, { texts: Map<string, Found>; positions: number }>();

/**
 * What text `q` (lower case, spaces collapsed) finds in model `m` whatever the city ({@link findText}), kept per
 * model and text in a bounded LRU: the shopper's city only ranks what was found (the bench's 19 cities asked the
 * same text made 19 walks over its postings). Nothing in it depends on the stock, so stock changes, which keep the
 * model, keep it true.
 */
function foundFor(m: CatalogModel, names: Names, q: string, groups: string[][], want?: Int32Array): Found {
  let kept = foundOf.get(m);
  if (!kept) foundOf.set(m, (kept = { texts: new Map(), positions: 0 }));
  let found = kept.texts.get(q);
  if (found) {
    kept.texts.delete(q); // used again: moved to the newest end
    kept.texts.set(q, found);
    return found;
  }
  const limits = { categories: SUGGEST_LIMIT.categories, brands: SUGGEST_LIMIT.brands };
  found = findText(m, names, groups, limits, want);
  kept.texts.set(q, found);
  kept.positions += found.positions.length;
  for (const [text, old] of kept.texts) {
    if (kept.texts.size <= MAX_FOUND_TEXTS && kept.positions <= MAX_FOUND_POSITIONS) break;
    if (old === found) break; // the newest stays, however large
    kept.texts.delete(text);
    kept.positions -= old.positions.length;
  }
  return found;
}

/** The sizes a text named as the reading's filter, with the city's sizes in stock (`cityId` null: none shown). */
function sizesAsked(m: CatalogModel, sizes: string[], cityId: number | null): SizesAsked {
  const want = new Int32Array(m.sizeWords);
  for (const size of sizes) {
    const s = m.sizeIndex.get(size);
    if (s !== undefined) want[s >> 5]! |= 1 << (s & 31);
  }
  return { want, inCity: cityId === null ? null : (m.sizeBitsInCity.get(cityId) ?? null) };
}

/** Suggestions for `q` (lower case, spaces collapsed) in city `cityId` and language `lang` (null: Russian). */
async function suggestModel(
  db: DbOrTrx,
  q: string,
  cityId: number,
  lang: CatalogueLang | null,
  version: number,
): Promise<Buffer> {
  const m = await catalogModel(db, version);
  const city = m.cities.get(cityId);
  if (!city) throw notFound(ErrorCode.cityNotFound, 'Город не найден');
  const say: Say = lang ? await modelSay(db, m, lang) : asIs;
  const names = await namesOf(db, m);
  const shown = city.visible_for_customers === 1;
  const units = shown ? (m.regional.get(city.id) ?? null) : null;
  const { text, sizes } = sizesOfText(modelSizeWords(m), q);
  const asked = sizes.length > 0 ? sizesAsked(m, sizes, shown ? city.id : null) : undefined;
  const found = foundFor(m, names, q, termGroupsOf(m, text), asked?.want);
  const reading = rankInCity(m, found, units, SUGGEST_LIMIT.products, asked);
  const { top, inCity, categories, brands } = reading;
  const parts: Buffer[] = [OPEN];
  top.forEach((i, k) => {
    if (k > 0) parts.push(COMMA);
    parts.push(productHead(m, i, lang, say), inCity[k] ? IN_STOCK : NOT_IN_STOCK);
  });
  const rest = {
    categories: categories.map((c) => ({ slug: c.slug, name: say(c.name) })),
    brands: brands.map((b) => ({ slug: b.slug, name: b.name })),
  };
  parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}}`));
  return ownBuffer(parts);
}

/**
 * The answer of `GET /api/catalog/suggest` as UTF-8 JSON `{"data": Suggestions}` (issue 35 item 3): up to 6 products
 * (lowest price in whole tenge, first picture, whether in stock in the city), 3 categories and 3 brands for the text
 * typed so far, read as the catalogue search reads it. Cached per text (lower case, spaces collapsed), city, language
 * and catalogue version in the catalogue's bounded LRU (catalog.cache.ts; kept from the first ask: the prefixes
 * shoppers type repeat). A size named in the text («джинсы 28», «платье m»; decision 075) is read as the search page
 * reads it: only products having it are suggested, «in stock» meaning that size has units in the city. An answer
 * not kept is made from the read model: the text's products found in one walk over its terms' postings (decision
 * 072), kept per model and text for every city, then ranked in the shopper's city; the text's term groups are kept
 * per model too (shared with the search page).
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
