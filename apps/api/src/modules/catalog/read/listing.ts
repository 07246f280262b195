import { ErrorCode, ProductCard, type ProductList, type ProductListQuery } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { ownBuffer } from '#app/lib/own-buffer.ts';
import { stockLevels } from '#app/modules/inventory/inventory.rules.ts';
import { cachedReply } from '../catalog.cache.ts';
import { scopeOf, toProductCard } from '../catalog.mapper.ts';
import * as repo from '../catalog.repository.ts';
import { asIs, langKey, type CatalogueLang, type Say } from '../catalog.texts.ts';
import { filterOf, modelSizeWords, withSizesOfText, toFacets } from './listing.filter.ts';
import { catalogModel, type CatalogModel } from './model.ts';
import { queryModel } from './model.query.ts';
import { modelSay } from './texts.ts';
import { termGroupsOf } from './term-groups.ts';

// Product lists (spec §4 sorts and stock states, §9 page sizes) answered from the in-memory read model — the one
// listing engine in production (docs/decisions/039): one category or gender, the shopper's filters and search text,
// facet counts for the filters, and the page of cards with stock for the city.

/** The query with the sizes its text names as a size filter ({@link withSizesOfText}), with the model's words. */
function sizedQuery(m: CatalogModel, query: ProductListQuery) {
  return withSizesOfText(modelSizeWords(m), query);
}

/** Card heads of each model by product position (see {@link cardHead}), made on first use: Russian, and per language. */
const cardHeads = new WeakMap<CatalogModel, (Buffer | undefined)[]>();
const langHeads = new WeakMap<CatalogModel, Map<CatalogueLang, (Buffer | undefined)[]>>();

/** The kept heads of model `m` in `lang` (null: Russian). */
function headsOf(m: CatalogModel, lang: CatalogueLang | null): (Buffer | undefined)[] {
  if (!lang) {
    let heads = cardHeads.get(m);
    if (!heads) cardHeads.set(m, (heads = new Array<Buffer | undefined>(m.n)));
    return heads;
  }
  let byLang = langHeads.get(m);
  if (!byLang) langHeads.set(m, (byLang = new Map()));
  let heads = byLang.get(lang);
  if (!heads) byLang.set(lang, (heads = new Array<Buffer | undefined>(m.n)));
  return heads;
}

/**
 * Product i's card as UTF-8 JSON without its stock fields and closing brace (`{"id":…,"arrivalDate":"…"`), checked
 * against the contract and kept per model: a product's fields only change with a new model, its stock with every
 * order, so an answer splices the kept heads with {@link stockTail} instead of mapping, checking and serialising
 * each card per request (issue 14). Kept per language: `say` puts the texts of `lang` in (docs/decisions/046).
 */
function cardHead(m: CatalogModel, i: number, lang: CatalogueLang | null, say: Say): Buffer {
  const heads = headsOf(m, lang);
  let head = heads[i];
  if (!head) {
    const row = m.rows[i]!;
    const brand = m.dict.brands.get(row.brand_id)!;
    const none = { regional: 0, global: 0 };
    const card = ProductCard.parse(toProductCard(row, brand, m.images[i], none, true, false, say));
    const { regionalStockAmount: _r, globalStockAmount: _g, stockState: _s, ...fields } = card;
    heads[i] = head = ownBuffer(JSON.stringify(fields).slice(0, -1));
  }
  return head;
}

/** The stock fields closing a card, `,"regionalStockAmount":…,"stockState":…}`, one kept per combination of levels. */
const stockTails = new Map<string, Buffer>();

/** The end of a card with these stock levels ({@link stockLevels} of its units in the city, spec §3–4). */
function stockTail(levels: ReturnType<typeof stockLevels>): Buffer {
  const key = `${levels.regionalStockAmount} ${levels.globalStockAmount} ${levels.stockState}`;
  let tail = stockTails.get(key);
  if (!tail) stockTails.set(key, (tail = ownBuffer(`,${JSON.stringify(levels).slice(1)}`)));
  return tail;
}

const ITEMS_OPEN = Buffer.from('{"data":{"items":[');
const COMMA = Buffer.from(',');

/**
 * One page of active products (spec §4 sorts, §9 page sizes) as UTF-8 JSON `{"data": ProductList}`: cards with stock
 * for `query.cityId`, the total and the facet counts of the filters (see ProductListQuery). Answered from the read
 * model brought up to the current catalogue version (docs/decisions/018): one version read (and the changes since
 * the model's version), then filters, facets and the sort on arrays; the cards are spliced from kept JSON
 * ({@link cardHead}, {@link stockTail}). Unknown brand, colour and category filter slugs match nothing; prices are
 * whole tenge; `pageCount` is 0 when nothing matches; a page past the end is empty. Names of the cards, the category
 * and the category and colour facets in `lang` (null: Russian; docs/decisions/046).
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Категория не найдена» for an unknown
 *   `category`.
 */
export async function listProductsModelJson(
  db: DbOrTrx,
  asked: ProductListQuery,
  knownVersion?: number,
  lang: CatalogueLang | null = null,
): Promise<Buffer> {
  const m = await catalogModel(db, knownVersion);
  const say = lang ? await modelSay(db, m, lang) : asIs;
  const city = m.cities.get(asked.cityId);
  if (!city) throw notFound(ErrorCode.cityNotFound, 'Город не найден');
  const sized = sizedQuery(m, asked);
  const query = sized.query;
  const groups = sized.text === undefined ? undefined : termGroupsOf(m, sized.text);
  const { category, filter } = filterOf(m.dict, query, groups);
  const scope = scopeOf(city);
  const offset = (query.page - 1) * query.pageSize;
  const a = queryModel(m, filter, scope, query.sort, { offset, limit: query.pageSize }, !category);
  const regional = scope.regionalCityId === null ? null : m.regional.get(scope.regionalCityId)!;
  const visible = city.visible_for_customers === 1;
  const ownCategory = category ? [{ key: String(category.id), hex: '', count: a.counts.total }] : [];
  const facets = toFacets(
    m.dict,
    a.counts,
    category ? ownCategory : a.byCategory,
    a.byBrand,
    a.byColour,
    a.sizes,
    a.price,
  );
  const rest: Omit<ProductList, 'items'> = {
    total: a.counts.total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(a.counts.total / query.pageSize),
    category: category && say !== asIs ? { ...category, name: say(category.name) } : category,
    facets:
      say === asIs
        ? facets
        : {
            ...facets,
            categories: facets.categories.map((f) => ({ ...f, name: say(f.name) })),
            colours: facets.colours.map((f) => ({ ...f, name: say(f.name) })),
          },
    ...(sized.taken ? { sizesFromText: sized.taken } : {}),
  };
  const parts: Buffer[] = [ITEMS_OPEN];
  a.page.forEach((i, k) => {
    if (k > 0) parts.push(COMMA);
    parts.push(
      cardHead(m, i, lang, say),
      stockTail(stockLevels(regional ? regional[i]! : 0, m.global[i]!, visible)),
    );
  });
  parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}}`));
  return ownBuffer(parts);
}

/**
 * The answer of `GET /api/catalog/products` as UTF-8 JSON (`{"data": ProductList}`), cached per catalogue version
 * (docs/decisions/008) and language: repeated lists cost one version read. Not for use inside a transaction (the
 * model is read at the committed catalogue version).
 * @param lang the shopper's catalogue language (null: Russian; docs/decisions/046).
 * @throws what {@link listProductsModelJson} throws (errors are never cached).
 */
export async function listProductsJson(
  db: DbOrTrx,
  query: ProductListQuery,
  lang: CatalogueLang | null = null,
): Promise<Buffer> {
  // One version read serves the cache lookup and the read model.
  const version = await repo.catalogVersion(db);
  return cachedReply(
    db,
    `${langKey(lang)}list:${JSON.stringify(query)}`,
    () => listProductsModelJson(db, query, version, lang),
    version,
  );
}
