import { ErrorCode, type Category, type ListFacets, type ProductListQuery } from '@kiim/contract';
import { notFound } from '#app/lib/errors.ts';
import type { ProductFilter } from '../catalog.listing.repository.ts';
import { toCategory } from '../catalog.mapper.ts';
import type { CatalogModel, Dictionaries } from './model.ts';
import { sizesInQuery } from '../search.rules.ts';

// What the listing's two engines share (the model in production, the SQL oracle in tests, docs/decisions/039): the
// query's slugs turned into a filter, and facet counts turned into the answer's facets in display order.

/**
 * The page's category (`query.category`) and the filter of the query: filter slugs become ids and names
 * (unknown ones match nothing); `termGroups` are the search text's term groups (a text without a searchable
 * word finds nothing rather than everything).
 * @throws AppError 404 «Категория не найдена» for an unknown `category`.
 */
export function filterOf(dict: Dictionaries, query: ProductListQuery, termGroups: string[][] | undefined) {
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
  const filter: ProductFilter = {
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

/** Counts per facet value (a category or brand id, or a colour name with its least hex), as both engines give them. */
export type FacetRows = { key: string; hex: string; count: number }[];

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
export function toFacets(
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

/** A catalogue's size labels by lower-case label, and its search vocabulary as a set. */
export interface SizeWords {
  sizeOf: Map<string, string>;
  vocabulary: ReadonlySet<string>;
}

/** The {@link SizeWords} of a catalogue's size labels and search vocabulary. */
export const sizeWords = (sizes: readonly string[], vocabulary: readonly string[]): SizeWords => ({
  sizeOf: new Map(sizes.map((s) => [s.toLowerCase(), s])),
  vocabulary: new Set(vocabulary),
});

/** Per model: its size words. */
const sizeWordsOf = new WeakMap<CatalogModel, SizeWords>();

/**
 * The {@link SizeWords} of model `m`, made once per model (the search page and the suggestions share them; the
 * vocabulary's set is the model's own, not copied).
 */
export function modelSizeWords(m: CatalogModel): SizeWords {
  let words = sizeWordsOf.get(m);
  if (!words)
    sizeWordsOf.set(
      m,
      (words = { sizeOf: new Map(m.sizes.map((s) => [s.toLowerCase(), s])), vocabulary: m.words.set }),
    );
  return words;
}

/**
 * The query with the sizes its text names taken out as a size filter («джинсы 28» → «джинсы», size W28; issue 35
 * item 3), added to the shopper's own size filter, and the text left to search (undefined: search no words —
 * no text, or a text that was only sizes); `taken` (ProductList's `sizesFromText`) when sizes were taken. Jeans' waist sizes are labelled «W28»: a two-digit word reads as that
 * when the catalogue has no such plain size.
 */
export function withSizesOfText(
  words: SizeWords,
  query: ProductListQuery,
): { query: ProductListQuery; text?: string; taken?: { q: string; sizes: string[] } } {
  if (query.q === undefined) return { query };
  const { text, sizes } = sizesOfText(words, query.q);
  if (sizes.length === 0) return { query, text };
  return {
    query: { ...query, size: [...new Set([...(query.size ?? []), ...sizes])] },
    text: text || undefined,
    taken: { q: text, sizes },
  };
}

/**
 * The size labels a search text names and the text without them («джинсы 28» → W28 and «джинсы»; the search page's
 * and the suggestions' one reading, issue 35 item 3): a two-digit word reads as a jeans waist «W28» when the
 * catalogue has no such plain size. No size named: the text as given and no sizes.
 */
export function sizesOfText(words: SizeWords, q: string): { text: string; sizes: string[] } {
  const sizeOf = (w: string) =>
    words.sizeOf.get(w) ?? (/^\d{2}$/.test(w) ? words.sizeOf.get(`w${w}`) : undefined);
  return sizesInQuery(q, sizeOf, words.vocabulary);
}
