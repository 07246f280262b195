import { LIST_VIEWS, PAGE_SIZE, SORTS, type ListView, type Sort } from '@kiim/contract/enums';

// The state of a product list lives in its URL (spec §4 sorts and views, §9 page sizes): filters, sort, view,
// page size and page. This reads it leniently — a hand-edited or outdated value falls back to its default
// rather than failing the page — and writes it back in one canonical form.

/** Everything a list page shows, as read from its URL. */
export interface ListState {
  sort: Sort;
  view: ListView;
  page: number;
  /** 60 by default, 120 for the shopper who asks (spec §9). */
  pageSize: number;
  brand: string[];
  size: string[];
  colour: string[];
  categorySlug: string[];
  priceMin?: number;
  priceMax?: number;
  discount: boolean;
  inStock: boolean;
  q?: string;
  gender?: number;
}

const SLUG = /^[a-z0-9-]{1,100}$/;
const many = (params: URLSearchParams, key: string, ok: (v: string) => boolean) =>
  [
    ...new Set(
      params
        .getAll(key)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(ok),
    ),
  ].sort();
const price = (v: string | null) => {
  const n = Number(v);
  return v !== null && v !== '' && Number.isInteger(n) && n >= 0 && n <= 100_000_000 ? n : undefined;
};

/** The list state of a URL's query string (unknown or bad values → defaults; price bounds in order). */
export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort') ?? '';
  const view = params.get('view') ?? '';
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  let priceMin = price(params.get('priceMin'));
  let priceMax = price(params.get('priceMax'));
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  const gender = params.get('gender');
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  return {
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : 'default',
    view: (LIST_VIEWS as readonly string[]).includes(view) ? (view as ListView) : 'grid',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    pageSize: pageSize === PAGE_SIZE.shopper ? PAGE_SIZE.shopper : PAGE_SIZE.default,
    brand: many(params, 'brand', (v) => SLUG.test(v)),
    size: many(params, 'size', (v) => v.length > 0 && v.length <= 20),
    colour: many(params, 'colour', (v) => SLUG.test(v)),
    categorySlug: many(params, 'categorySlug', (v) => SLUG.test(v)),
    priceMin,
    priceMax,
    discount: params.get('discount') === '1',
    inStock: params.get('inStock') === '1',
    q: q || undefined,
    gender: gender === '0' || gender === '1' ? Number(gender) : undefined,
  };
}

/**
 * The URL of a list page in its canonical form (defaults left out, lists repeated as `brand=a&brand=b`, as an
 * HTML form sends them), with `changes` applied. Any change but the page's own goes back to page 1.
 */
export function listHref(path: string, state: ListState, changes: Partial<ListState> = {}): string {
  const s = { ...state, ...changes };
  if (!('page' in changes)) s.page = 1;
  const q = new URLSearchParams();
  if (s.q) q.set('q', s.q);
  if (s.gender !== undefined) q.set('gender', String(s.gender));
  for (const v of s.categorySlug) q.append('categorySlug', v);
  for (const v of s.brand) q.append('brand', v);
  for (const v of s.size) q.append('size', v);
  for (const v of s.colour) q.append('colour', v);
  if (s.priceMin !== undefined) q.set('priceMin', String(s.priceMin));
  if (s.priceMax !== undefined) q.set('priceMax', String(s.priceMax));
  if (s.discount) q.set('discount', '1');
  if (s.inStock) q.set('inStock', '1');
  if (s.sort !== 'default') q.set('sort', s.sort);
  if (s.view !== 'grid') q.set('view', s.view);
  if (s.pageSize !== PAGE_SIZE.default) q.set('pageSize', String(s.pageSize));
  if (s.page > 1) q.set('page', String(s.page));
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

/** True when any filter (not sort, view or page) is set. */
export const hasFilters = (s: ListState) =>
  s.brand.length > 0 ||
  s.size.length > 0 ||
  s.colour.length > 0 ||
  s.categorySlug.length > 0 ||
  s.priceMin !== undefined ||
  s.priceMax !== undefined ||
  s.discount ||
  s.inStock;
