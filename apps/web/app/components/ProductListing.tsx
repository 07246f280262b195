import { useEffect, useRef } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { SORTS, type ListView, type Sort } from '@kiim/contract/enums';
import { formatPrice } from '@kiim/contract/format';
import type { ProductList } from '@kiim/contract';
import { hasFilters, listHref, readListState, type ListState } from '../lib/list-url.ts';
import { ProductGrid } from './ProductCard.tsx';
import { Pagination } from './Pagination.tsx';

/** Russian names of the sorts of spec §4. */
export const SORT_LABELS: Record<Sort, string> = {
  default: 'Рекомендуемые',
  'price-asc': 'Сначала дешевле',
  'price-desc': 'Сначала дороже',
  'regional-availability': 'Больше в наличии в вашем городе',
  'new-arrivals': 'Новинки',
  'discount-desc': 'По размеру скидки',
};

const VIEW_LABELS: Record<ListView, string> = { grid: 'Плиткой', hor: 'Списком' };

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
}: {
  path: string;
  state: ListState;
  list: ProductList;
  cityName: string;
  /** Offer the category filter (search and brand lists). */
  showCategories?: boolean;
  /** What to say when nothing matches and no filter is set. */
  empty: React.ReactNode;
}) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const stateKey = listHref(path, state);
  // The controls are uncontrolled (they work before hydration); when the URL changes by a link, back or
  // forward, bring them in line with it without remounting them (a remount would lose the keyboard focus).
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const lists: Record<string, string[]> = { brand: state.brand, size: state.size, colour: state.colour, categorySlug: state.categorySlug };
    for (const input of el.querySelectorAll('input')) {
      if (input.type === 'checkbox' && lists[input.name]) input.checked = lists[input.name]!.includes(input.value);
      else if (input.name === 'discount') input.checked = state.discount;
      else if (input.name === 'inStock') input.checked = state.inStock;
      else if (input.name === 'priceMin') input.value = state.priceMin === undefined ? '' : String(state.priceMin);
      else if (input.name === 'priceMax') input.value = state.priceMax === undefined ? '' : String(state.priceMax);
    }
    const sort = el.querySelector('select[name="sort"]') as HTMLSelectElement | null;
    if (sort) sort.value = state.sort;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stateKey stands for the whole state.
  }, [stateKey]);
  /** Goes to the form's state in canonical URL form (defaults and empty fields left out, page 1). */
  const apply = (el: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(el)) if (typeof v === 'string') params.append(k, v);
    navigate(listHref(path, readListState(params)), { preventScrollReset: true });
  };
  const f = list.facets;
  const filtered = hasFilters(state);
  const activeCount = state.brand.length + state.size.length + state.colour.length + state.categorySlug.length + (state.priceMin !== undefined || state.priceMax !== undefined ? 1 : 0) + (state.discount ? 1 : 0) + (state.inStock ? 1 : 0);
  const chips: { label: string; href: string }[] = [
    ...state.categorySlug.map((s) => ({ label: f.categories.find((c) => c.slug === s)?.name ?? s, href: listHref(path, state, { categorySlug: state.categorySlug.filter((x) => x !== s) }) })),
    ...state.brand.map((s) => ({ label: f.brands.find((b) => b.slug === s)?.name ?? s, href: listHref(path, state, { brand: state.brand.filter((x) => x !== s) }) })),
    ...state.size.map((s) => ({ label: `Размер ${s}`, href: listHref(path, state, { size: state.size.filter((x) => x !== s) }) })),
    ...state.colour.map((s) => ({ label: f.colours.find((c) => c.slug === s)?.name ?? s, href: listHref(path, state, { colour: state.colour.filter((x) => x !== s) }) })),
    ...(state.priceMin !== undefined || state.priceMax !== undefined
      ? [{ label: `Цена ${state.priceMin !== undefined ? `от ${formatPrice(state.priceMin)} ` : ''}${state.priceMax !== undefined ? `до ${formatPrice(state.priceMax)}` : ''}`.trim(), href: listHref(path, state, { priceMin: undefined, priceMax: undefined }) }]
      : []),
    ...(state.discount ? [{ label: 'Со скидкой', href: listHref(path, state, { discount: false }) }] : []),
    ...(state.inStock ? [{ label: `В наличии: ${cityName}`, href: listHref(path, state, { inStock: false }) }] : []),
  ];
  const reset = listHref(path, { ...state, brand: [], size: [], colour: [], categorySlug: [], priceMin: undefined, priceMax: undefined, discount: false, inStock: false });

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
        <div className="toolbar">
          <input type="checkbox" id="filters-toggle" className="filters-toggle visually-hidden" />
          <label htmlFor="filters-toggle" className="button toolbar__filters">
            Фильтры{activeCount > 0 ? ` (${activeCount})` : ''}
          </label>
          <label className="toolbar__sort">
            <span className="visually-hidden">Сортировка</span>
            <select name="sort" defaultValue={state.sort} aria-label="Сортировка">
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <span className="toolbar__views" role="group" aria-label="Вид списка">
            {(['grid', 'hor'] as const).map((v) => (
              <Link key={v} to={listHref(path, state, { view: v, page: state.page })} aria-current={state.view === v ? 'true' : undefined} className="toolbar__view" data-view={v} preventScrollReset>
                {VIEW_LABELS[v]}
              </Link>
            ))}
          </span>
          <span className="toolbar__size" role="group" aria-label="Товаров на странице">
            {[60, 120].map((n) => (
              <Link key={n} to={listHref(path, state, { pageSize: n })} aria-current={state.pageSize === n ? 'true' : undefined} preventScrollReset>
                по {n}
              </Link>
            ))}
          </span>
        </div>
        <aside className="filters" aria-label="Фильтры">
          {showCategories && f.categories.length > 0 && (
            <fieldset className="filter">
              <legend>Категория</legend>
              {f.categories.map((c) => (
                <label key={c.slug} className="check">
                  <input type="checkbox" name="categorySlug" value={c.slug} defaultChecked={state.categorySlug.includes(c.slug)} />
                  <span>{c.name}</span> <span className="muted">{c.count}</span>
                </label>
              ))}
            </fieldset>
          )}
          <fieldset className="filter">
            <legend>Наличие и цена</legend>
            <label className="check">
              <input type="checkbox" name="inStock" value="1" defaultChecked={state.inStock} />
              <span>В наличии: {cityName}</span> <span className="muted">{f.inStockCount}</span>
            </label>
            <label className="check">
              <input type="checkbox" name="discount" value="1" defaultChecked={state.discount} />
              <span>Со скидкой</span> <span className="muted">{f.discountCount}</span>
            </label>
            <div className="filter__price">
              <label>
                <span className="visually-hidden">Цена от, ₸</span>
                <input type="number" name="priceMin" min={0} step={1} inputMode="numeric" placeholder={f.price ? `от ${f.price.min}` : 'от'} defaultValue={state.priceMin} aria-label="Цена от, тенге" />
              </label>
              <span aria-hidden="true">—</span>
              <label>
                <span className="visually-hidden">Цена до, ₸</span>
                <input type="number" name="priceMax" min={0} step={1} inputMode="numeric" placeholder={f.price ? `до ${f.price.max}` : 'до'} defaultValue={state.priceMax} aria-label="Цена до, тенге" />
              </label>
            </div>
          </fieldset>
          {f.brands.length > 0 && (
            <fieldset className="filter filter--scroll">
              <legend>Бренд</legend>
              {f.brands.map((b) => (
                <label key={b.slug} className="check">
                  <input type="checkbox" name="brand" value={b.slug} defaultChecked={state.brand.includes(b.slug)} />
                  <span>{b.name}</span> <span className="muted">{b.count}</span>
                </label>
              ))}
            </fieldset>
          )}
          {f.sizes.length > 0 && (
            <fieldset className="filter">
              <legend>Размер</legend>
              <div className="chips-grid">
                {f.sizes.map((s) => (
                  <label key={s.size} className="size-chip" title={`Товаров: ${s.count}`}>
                    <input type="checkbox" name="size" value={s.size} defaultChecked={state.size.includes(s.size)} />
                    <span>{s.size}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {f.colours.length > 0 && (
            <fieldset className="filter filter--scroll">
              <legend>Цвет</legend>
              {f.colours.map((c) => (
                <label key={c.slug} className="check">
                  <input type="checkbox" name="colour" value={c.slug} defaultChecked={state.colour.includes(c.slug)} />
                  <span className="dot" style={{ background: c.hex }} aria-hidden="true" />
                  <span>{c.name}</span> <span className="muted">{c.count}</span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="filters__actions">
            <button type="submit" className="button button--primary">
              Показать
            </button>
            {filtered && (
              <Link to={reset} className="button button--link">
                Сбросить фильтры
              </Link>
            )}
          </div>
        </aside>
      </Form>
      <div className="listing__results">
        {chips.length > 0 && (
          <ul className="active-filters" aria-label="Выбранные фильтры">
            {chips.map((c) => (
              <li key={c.href + c.label}>
                <Link to={c.href} className="chip" aria-label={`Убрать фильтр: ${c.label}`} preventScrollReset>
                  {c.label} <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {list.items.length > 0 ? (
          <ProductGrid products={list.items} eagerCount={2} view={state.view} />
        ) : filtered ? (
          <div className="empty">
            <p>По выбранным фильтрам ничего не нашлось.</p>
            <Link to={reset} className="button">
              Сбросить фильтры
            </Link>
          </div>
        ) : list.page > 1 && list.total > 0 ? (
          <div className="empty">
            <p>Такой страницы в списке нет.</p>
            <Link to={listHref(path, state, { page: 1 })} className="button">
              К первой странице
            </Link>
          </div>
        ) : (
          <div className="empty">{empty}</div>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} href={(p) => listHref(path, state, { page: p })} />
      </div>
    </div>
  );
}
