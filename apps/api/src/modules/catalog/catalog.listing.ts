import {
  ErrorCode,
  ProductCard,
  ProductList,
  dataOf,
  type Category,
  type ListFacets,
  type ProductListQuery,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { cachedAnswer, cachedReply, jsonAnswer } from './catalog.cache.ts';
import * as listing from './catalog.listing.repository.ts';
import * as repo from './catalog.repository.ts';
import { toCategory, toProductCard } from './catalog.mapper.ts';
import { catalogModel, loadDictionaries, type CatalogModel, type Dictionaries } from './catalog.model.ts';
import { queryModel } from './catalog.model.query.ts';
import { searchTermGroups } from './catalog.search.ts';
import { resolveQuery } from './search.rules.ts';
import { requireCity, scopeOf } from './catalog.service.ts';
import { stockLevels } from '#app/modules/inventory/inventory.rules.ts';
import { ownBuffer } from '#app/lib/own-buffer.ts';

// Product lists (spec §4 sorts and stock states, §9 page sizes): one category or gender, the shopper's filters
// and search text, facet counts for the filters, and the page of cards with stock for the city.

const ProductListAnswer = dataOf(ProductList);

/** Categories, brands and colours of the catalogue, for turning filter slugs into ids and names (cached). */
const dictionaries = (db: DbOrTrx) => cachedAnswer(db, 'dictionaries', () => loadDictionaries(db));

/**
 * The page's category (`query.category`) and the filter of the query: filter slugs become ids and names
 * (unknown ones match nothing); `termGroups` are the search text's term groups (a text without a searchable
 * word finds nothing rather than everything).
 * @throws AppError 404 «Категория не найдена» for an unknown `category`.
 */
function filterOf(dict: Dictionaries, query: ProductListQuery, termGroups: string[][] | undefined) {
  let category: Category | null = null;
  if (query.category !== undefined) {
    const row = dict.categoryBySlug.get(query.category);
    if (!row) throw notFound(ErrorCode.notFound, 'Категория не найдена');
    category = toCategory(row);
  }
  const pick = <T>(slugs: readonly string[] | undefined, find: (slug: string) => T[]) =>
    slugs && slugs.flatMap(find);
  const filterCategories = pick(query.categorySlug, (s) =>
    dict.categoryBySlug.has(s) ? [dict.categoryBySlug.get(s)!.id] : [],
  );
  const filter: listing.ProductFilter = {
    categoryIds:
      category && filterCategories
        ? filterCategories.filter((id) => id === category!.id)
        : category
          ? [category.id]
          : filterCategories,
    gender: query.gender,
    brandIds: pick(query.brand, (s) => (dict.brandBySlug.has(s) ? [dict.brandBySlug.get(s)!.id] : [])),
    colourNames: pick(query.colour, (s) => dict.colours.filter((c) => c.slug === s).map((c) => c.name)),
    sizes: query.size,
    priceMin: query.priceMin,
    priceMax: query.priceMax,
    discount: query.discount,
    inStock: query.inStock,
  };
  if (termGroups !== undefined) filter.termGroups = termGroups.length ? termGroups : [[]];
  return { category, filter };
}

type FacetRows = Awaited<ReturnType<typeof listing.facetCounts>>;

/** Russian alphabetical order, one collator for every list (as `localeCompare(…, 'ru')`, without making one per call). */
const russian = new Intl.Collator('ru');

/** Each brand's and colour's place in Russian alphabetical order, and each colour's filter slug. */
interface Places {
  brand: Map<number, number>;
  colour: Map<string, { place: number; slug: string }>;
}

const placesByDictionaries = new WeakMap<Dictionaries, Places>();

/**
 * The Russian alphabetical places of the dictionaries' brands and colours (every brand; every colour of an active
 * product, which are the only ones facets count), made once per dictionaries: a facet sorts by place instead of
 * collating names on every request (issue 14).
 */
function placesOf(dict: Dictionaries): Places {
  let places = placesByDictionaries.get(dict);
  if (!places) {
    const brands = [...dict.brands.values()].sort((a, b) => russian.compare(a.name, b.name));
    const colours = [...dict.colours].sort((a, b) => russian.compare(a.name, b.name));
    places = {
      brand: new Map(brands.map((b, place) => [b.id, place])),
      colour: new Map(colours.map((c, place) => [c.name, { place, slug: c.slug }])),
    };
    placesByDictionaries.set(dict, places);
  }
  return places;
}

/** Facet counts → the list's facets, each in display order (categories by gender and position; names in Russian order). */
function toFacets(
  dict: Dictionaries,
  counts: { total: number; discount: number; inStock: number },
  byCategory: FacetRows,
  byBrand: FacetRows,
  byColour: FacetRows,
  sizes: ListFacets['sizes'],
  price: ListFacets['price'],
): ListFacets {
  const places = placesOf(dict);
  return {
    categories: byCategory
      .flatMap((f) => {
        const c = dict.categories.get(Number(f.key));
        return c
          ? [{ slug: c.slug, name: c.name, count: f.count, order: c.gender * 1000 + c.sort_order }]
          : [];
      })
      .sort((a, b) => a.order - b.order)
      .map(({ order: _order, ...rest }) => rest),
    brands: byBrand
      .flatMap((f) => {
        const b = dict.brands.get(Number(f.key));
        return b ? [{ slug: b.slug, name: b.name, count: f.count, place: places.brand.get(b.id)! }] : [];
      })
      .sort((a, b) => a.place - b.place)
      .map(({ place: _place, ...rest }) => rest),
    sizes,
    colours: byColour
      .map((f) => ({ ...places.colour.get(f.key)!, name: f.key, hex: f.hex, count: f.count }))
      .sort((a, b) => a.place - b.place)
      .map(({ place: _place, ...rest }) => rest),
    price,
    discountCount: counts.discount,
    inStockCount: counts.inStock,
  };
}

/**
 * One page of active products (spec §4 sorts, §9 page sizes) as cards with stock for `query.cityId`, with the
 * total and the facet counts of the filters (see ProductListQuery for every parameter). Unknown brand, colour
 * and category filter slugs match nothing; prices are whole tenge. `pageCount` is 0 when nothing matches; a page
 * past the end is empty.
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Категория не найдена» for an unknown
 *   `category`.
 */
export async function listProductsSql(db: DbOrTrx, query: ProductListQuery): Promise<ProductList> {
  const city = await requireCity(db, query.cityId);
  const dict = await dictionaries(db);
  const groups = query.q === undefined ? undefined : await searchTermGroups(db, query.q);
  const { category, filter } = filterOf(dict, query, groups);
  const scope = scopeOf(city);
  // The category facet never leaves out the page's own category (only the shopper's `categorySlug`).
  const categoryFacetFilter = category ? { ...filter, categoryIds: [category.id] } : filter;
  const [counts, rows, byCategory, byBrand, byColour, sizes, price] = await Promise.all([
    listing.countProducts(db, filter, scope),
    listing.listProductPage(db, filter, scope, query.sort, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    category ? Promise.resolve(null) : listing.facetCounts(db, 'category', categoryFacetFilter, scope),
    listing.facetCounts(db, 'brand', filter, scope),
    listing.facetCounts(db, 'colour', filter, scope),
    listing.sizeFacet(db, filter, scope),
    listing.priceRange(db, filter, scope),
  ]);
  const images = await repo.firstImages(
    db,
    rows.map((r) => r.id),
  );
  const visible = city.visible_for_customers === 1;
  const ownCategory = category ? [{ key: String(category.id), hex: '', count: counts.total }] : [];
  return {
    items: rows.map((r) => toProductCard(r, dict.brands.get(r.brand_id)!, images.get(r.id), r, visible)),
    total: counts.total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(counts.total / query.pageSize),
    category,
    facets: toFacets(dict, counts, byCategory ?? ownCategory, byBrand, byColour, sizes, price),
  };
}

/** Most search texts whose term groups are kept per model (a full map is emptied and filled again). */
const MAX_KEPT_QUERIES = 10_000;

const keptQueries = new WeakMap<CatalogModel, Map<string, string[][]>>();

/**
 * The term groups of a search text against the model's vocabulary ({@link resolveQuery}: typos, layout, word
 * beginnings — the costly part of a search), kept per model and text: the vocabulary changes only with a new
 * model, and every filter, sort, page and city of one text reuses them (issue 14).
 */
function termGroupsOf(m: CatalogModel, q: string): string[][] {
  let kept = keptQueries.get(m);
  if (!kept) keptQueries.set(m, (kept = new Map()));
  let groups = kept.get(q);
  if (!groups) {
    if (kept.size >= MAX_KEPT_QUERIES) kept.clear();
    kept.set(q, (groups = resolveQuery(q, m.vocabulary)));
  }
  return groups;
}

/** Card heads of each model by product position (see {@link cardHead}), made on first use. */
const cardHeads = new WeakMap<CatalogModel, (Buffer | undefined)[]>();

/**
 * Product i's card as UTF-8 JSON without its stock fields and closing brace (`{"id":…,"arrivalDate":"…"`), checked
 * against the contract and kept per model: a product's fields only change with a new model, its stock with every
 * order, so an answer splices the kept heads with {@link stockTail} instead of mapping, checking and serialising
 * each card per request (issue 14).
 */
function cardHead(m: CatalogModel, i: number): Buffer {
  let heads = cardHeads.get(m);
  if (!heads) cardHeads.set(m, (heads = new Array<Buffer | undefined>(m.n)));
  let head = heads[i];
  if (!head) {
    const row = m.rows[i]!;
    const brand = m.dict.brands.get(row.brand_id)!;
    const none = { regional: 0, global: 0 };
    const card = ProductCard.parse(toProductCard(row, brand, m.images[i], none, true));
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
 * The answer of {@link listProductsSql} as UTF-8 JSON (`{"data": ProductList}`), answered from the in-memory read
 * model brought up to the current catalogue version (docs/decisions/018): one version read (and the changes since
 * the model's version), then filters, facets and the sort on arrays; the cards are spliced from kept JSON
 * ({@link cardHead}, {@link stockTail}).
 * @throws what {@link listProductsSql} throws.
 */
export async function listProductsModelJson(
  db: DbOrTrx,
  query: ProductListQuery,
  knownVersion?: number,
): Promise<Buffer> {
  const m = await catalogModel(db, knownVersion);
  const city = m.cities.get(query.cityId);
  if (!city) throw notFound(ErrorCode.cityNotFound, 'Город не найден');
  const groups = query.q === undefined ? undefined : termGroupsOf(m, query.q);
  const { category, filter } = filterOf(m.dict, query, groups);
  const scope = scopeOf(city);
  const offset = (query.page - 1) * query.pageSize;
  const a = queryModel(m, filter, scope, query.sort, { offset, limit: query.pageSize }, !category);
  const regional = scope.regionalCityId === null ? null : m.regional.get(scope.regionalCityId)!;
  const visible = city.visible_for_customers === 1;
  const ownCategory = category ? [{ key: String(category.id), hex: '', count: a.counts.total }] : [];
  const rest: Omit<ProductList, 'items'> = {
    total: a.counts.total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(a.counts.total / query.pageSize),
    category,
    facets: toFacets(
      m.dict,
      a.counts,
      category ? ownCategory : a.byCategory,
      a.byBrand,
      a.byColour,
      a.sizes,
      a.price,
    ),
  };
  const parts: Buffer[] = [ITEMS_OPEN];
  a.page.forEach((i, k) => {
    if (k > 0) parts.push(COMMA);
    parts.push(cardHead(m, i), stockTail(stockLevels(regional ? regional[i]! : 0, m.global[i]!, visible)));
  });
  parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}}`));
  return ownBuffer(parts);
}

/**
 * The answer of `GET /api/catalog/products` as UTF-8 JSON (`{"data": ProductList}`), checked against the
 * contract once and cached per catalogue version (docs/decisions/008): repeated lists cost one version read.
 * @throws what {@link listProductsSql} throws (errors are never cached).
 */
export async function listProductsJson(db: DbOrTrx, query: ProductListQuery): Promise<Buffer> {
  const key = `list:${JSON.stringify(query)}`;
  if (db.isTransaction)
    return cachedAnswer(db, key, async () =>
      jsonAnswer(ProductListAnswer, { data: await listProductsSql(db, query) }),
    );
  // One version read serves the cache lookup and the read model.
  const version = await repo.catalogVersion(db);
  return cachedReply(db, key, () => listProductsModelJson(db, query, version), version);
}
