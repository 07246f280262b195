import { useEffect, useRef } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { SORTS } from '@kiim/contract/enums';
import type { Translate } from '@kiim/contract/text';
import { formatPrice } from '@kiim/contract/format';
import type { ProductList } from '@kiim/contract';
import { hasFilters, listHref, readListState, type ListState } from '../lib/list-url.ts';
import { ProductGrid } from './ProductCard.tsx';
import { Pagination } from './Pagination.tsx';
import { ListingFilters } from './ListingFilters.tsx';
import { useT } from '../lib/text.ts';
import { useAdoptBeforeHydration } from '../lib/hydration.ts';

type Facets = ProductList['facets'];

/** The chips of the filters set, each a link that removes it. */
function activeFilters(
  path: string,
  state: ListState,
  f: Facets,
  cityName: string,
  t: Translate,
): { label: string; href: string }[] {
  const without = (key: 'categorySlug' | 'brand' | 'size' | 'colour', s: string) =>
    listHref(path, state, { [key]: state[key].filter((x) => x !== s) });
  const nameOf = (items: readonly { slug: string; name: string }[], s: string) =>
    items.find((i) => i.slug === s)?.name ?? s;
  const priced = state.priceMin !== undefined || state.priceMax !== undefined;
  const range = [
    state.priceMin !== undefined ? t('listing.priceFrom', { price: formatPrice(state.priceMin) }) : '',
    state.priceMax !== undefined ? t('listing.priceTo', { price: formatPrice(state.priceMax) }) : '',
  ];
  const price = t('listing.price', { range: range.filter(Boolean).join(' ') });
  return [
    ...state.categorySlug.map((s) => ({ label: nameOf(f.categories, s), href: without('categorySlug', s) })),
    ...state.brand.map((s) => ({ label: nameOf(f.brands, s), href: without('brand', s) })),
    ...state.size.map((s) => ({ label: t('common.sizeValue', { size: s }), href: without('size', s) })),
    ...state.colour.map((s) => ({ label: nameOf(f.colours, s), href: without('colour', s) })),
    ...(priced
      ? [{ label: price, href: listHref(path, state, { priceMin: undefined, priceMax: undefined }) }]
      : []),
    ...(state.discount
      ? [{ label: t('listing.discount'), href: listHref(path, state, { discount: false }) }]
      : []),
    ...(state.inStock
      ? [
          {
            label: t('listing.inStockIn', { city: cityName }),
            href: listHref(path, state, { inStock: false }),
          },
        ]
      : []),
  ];
}

/**
 * The listing's GET form: uncontrolled controls (they work before hydration) brought in line with the URL when
 * it changes by a link, back or forward, without remounting them (a remount would lose the keyboard focus);
 * `apply` goes to the form's state in canonical URL form (defaults and empty fields left out, page 1). A filter
 * ticked or a sort chosen before the page's scripts ran is applied at hydration (lib/hydration.ts), as its change
 * would have been: the form then differs from the URL in more than a typed price (prices apply on Enter).
 */
function useListingForm(path: string, state: ListState) {
  const navigate = useNavigate();
  const stateKey = listHref(path, state);
  const apply = (el: HTMLFormElement) => navigate(formHref(path, el), { preventScrollReset: true });
  const form = useAdoptBeforeHydration<HTMLFormElement>((el) => {
    const shown = readListState(formParams(el));
    const { priceMin, priceMax } = state;
    if (listHref(path, { ...shown, priceMin, priceMax }) !== stateKey) apply(el);
  });
  // The controls follow the URL (after the navigation above, too: it was made from them) — when it changes, not at
  // mount: then they show either the server's page (the URL already) or what the shopper did before hydration,
  // which the navigation above is applying. Set back to the old URL at mount, a filter ticked before hydration was
  // unticked while that navigation ran, and a sort chosen meanwhile went without it (seen in CI under load).
  const syncedKey = useRef(stateKey);
  useEffect(() => {
    const el = form.current;
    if (!el || syncedKey.current === stateKey) return;
    syncedKey.current = stateKey;
    const lists: Record<string, string[]> = {
      brand: state.brand,
      size: state.size,
      colour: state.colour,
      categorySlug: state.categorySlug,
    };
    for (const input of el.querySelectorAll('input')) {
      if (input.type === 'checkbox' && lists[input.name])
        input.checked = lists[input.name]!.includes(input.value);
      else if (input.name === 'discount') input.checked = state.discount;
      else if (input.name === 'inStock') input.checked = state.inStock;
      else if (input.name === 'priceMin')
        input.value = state.priceMin === undefined ? '' : String(state.priceMin);
      else if (input.name === 'priceMax')
        input.value = state.priceMax === undefined ? '' : String(state.priceMax);
    }
    const sort = el.querySelector('select[name="sort"]') as HTMLSelectElement | null;
    if (sort) sort.value = state.sort;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stateKey stands for the whole state.
  }, [stateKey]);
  return { form, apply };
}

/** The listing form's fields as a query string (what the browser would send). */
function formParams(el: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(el)) if (typeof v === 'string') params.append(k, v);
  return params;
}

/** The canonical address of the state the listing form shows, on page 1. */
const formHref = (path: string, el: HTMLFormElement) => listHref(path, readListState(formParams(el)));

/**
 * A product list page's body (category, search, brand lists; spec §4): toolbar with sort, view (grid or `hor`)
 * and page size, the filters with their counts, chips of the filters set, the cards and pagination. Every state
 * is in the URL: the controls are one GET form (auto-submitted on change with JavaScript, a «Показать» button
 * without it) and plain links, so each state is server-rendered, shareable and survives reload and back.
 */
export function ProductListing({
  path,
  state,
  list,
  cityName,
  showCategories = false,
  empty,
  banner = false,
}: {
  path: string;
  state: ListState;
  list: ProductList;
  cityName: string;
  /** Offer the category filter (search and brand lists). */
  showCategories?: boolean;
  /** What to say when nothing matches and no filter is set. */
  empty: React.ReactNode;
  /** A banner above the list is the page's largest picture: the cards' pictures yield to it (issue 14). */
  banner?: boolean;
}) {
  const { form, apply } = useListingForm(path, state);
  const t = useT();
  const chips = activeFilters(path, state, list.facets, cityName, t);
  const reset = listHref(path, {
    ...state,
    brand: [],
    size: [],
    colour: [],
    categorySlug: [],
    priceMin: undefined,
    priceMax: undefined,
    discount: false,
    inStock: false,
  });
  return (
    <div className="listing">
      <Form
        method="get"
        action={path}
        className="listing__form"
        ref={form}
        preventScrollReset
        onChange={(e) => {
          // Prices are typed: they apply on Enter or «Показать», the other controls at once.
          if ((e.target as EventTarget as HTMLInputElement).type !== 'number') apply(e.currentTarget);
        }}
        onSubmit={(e) => {
          e.preventDefault();
          apply(e.currentTarget);
        }}
      >
        {state.q && <input type="hidden" name="q" value={state.q} />}
        {state.gender !== undefined && <input type="hidden" name="gender" value={state.gender} />}
        {state.view !== 'grid' && <input type="hidden" name="view" value={state.view} />}
        {state.pageSize !== 60 && <input type="hidden" name="pageSize" value={state.pageSize} />}
        <ListingToolbar path={path} state={state} activeCount={chips.length} />
        <ListingFilters
          state={state}
          facets={list.facets}
          cityName={cityName}
          showCategories={showCategories}
          reset={hasFilters(state) ? reset : undefined}
        />
      </Form>
      <div className="listing__results">
        <ActiveFilters chips={chips} />
        <ListingResults
          path={path}
          state={state}
          list={list}
          reset={hasFilters(state) ? reset : undefined}
          empty={empty}
          banner={banner}
        />
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          href={(p) => listHref(path, state, { page: p })}
        />
      </div>
    </div>
  );
}

/** Filters toggle (phones), sort, view and page size. */
function ListingToolbar({
  path,
  state,
  activeCount,
}: {
  path: string;
  state: ListState;
  activeCount: number;
}) {
  const t = useT();
  return (
    <div className="toolbar">
      <input
        type="checkbox"
        id="filters-toggle"
        className="filters-toggle visually-hidden"
        aria-label={t('listing.showFilters')}
      />
      <label htmlFor="filters-toggle" className="button toolbar__filters">
        {t('listing.filters')}
        {activeCount > 0 ? ` (${activeCount})` : ''}
      </label>
      <label className="toolbar__sort">
        <span className="visually-hidden">{t('listing.sorting')}</span>
        <select name="sort" defaultValue={state.sort} aria-label={t('listing.sorting')}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`listing.sort.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <span className="toolbar__views" role="group" aria-label={t('listing.viewLabel')}>
        {(['grid', 'hor'] as const).map((v) => (
          <Link
            key={v}
            to={listHref(path, state, { view: v, page: state.page })}
            aria-current={state.view === v ? 'true' : undefined}
            className="toolbar__view"
            data-view={v}
            preventScrollReset
          >
            {t(`listing.view.${v}`)}
          </Link>
        ))}
      </span>
      <span className="toolbar__size" role="group" aria-label={t('listing.perPage')}>
        {[60, 120].map((n) => (
          <Link
            key={n}
            to={listHref(path, state, { pageSize: n })}
            aria-current={state.pageSize === n ? 'true' : undefined}
            preventScrollReset
          >
            {t('listing.perPageN', { count: n })}
          </Link>
        ))}
      </span>
    </div>
  );
}

/** Chips of the filters set, each removing its filter. */
function ActiveFilters({ chips }: { chips: { label: string; href: string }[] }) {
  const t = useT();
  if (chips.length === 0) return null;
  return (
    <ul className="active-filters" aria-label={t('listing.chosen')}>
      {chips.map((c) => (
        <li key={c.href + c.label}>
          <Link
            to={c.href}
            className="chip"
            aria-label={t('listing.removeFilter', { label: c.label })}
            preventScrollReset
          >
            {c.label} <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The cards, or why there are none: nothing matches the filters, a page past the end, or `empty`. */
function ListingResults({
  path,
  state,
  list,
  reset,
  empty,
  banner,
}: {
  path: string;
  state: ListState;
  list: ProductList;
  reset?: string;
  empty: React.ReactNode;
  banner: boolean;
}) {
  const t = useT();
  if (list.items.length > 0)
    return (
      <>
        {/* The cards' names are h3: this heading keeps the page's outline h1 → h2 → h3 (axe heading-order). */}
        <h2 className="visually-hidden">{t('common.goods')}</h2>
        <ProductGrid products={list.items} eagerCount={2} view={state.view} banner={banner} />
      </>
    );
  if (reset) {
    return (
      <div className="empty">
        <p>{t('listing.nothing')}</p>
        <Link to={reset} className="button">
          {t('listing.reset')}
        </Link>
      </div>
    );
  }
  if (list.page > 1 && list.total > 0) {
    return (
      <div className="empty">
        <p>{t('listing.noPage')}</p>
        <Link to={listHref(path, state, { page: 1 })} className="button">
          {t('listing.firstPage')}
        </Link>
      </div>
    );
  }
  return <div className="empty">{empty}</div>;
}
