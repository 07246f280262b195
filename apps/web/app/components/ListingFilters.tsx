import { Link } from 'react-router';
import type { ProductList } from '@kiim/contract';
import type { ListState } from '../lib/list-url.ts';
import { useT } from '../lib/text.ts';

type Facets = ProductList['facets'];

/** A filter of checkboxes with counts (categories, brands, colours). */
function CheckFilter({
  legend,
  name,
  options,
  checked,
  scroll,
}: {
  legend: string;
  name: string;
  options: readonly { slug: string; name: string; count: number; hex?: string }[];
  checked: readonly string[];
  scroll?: boolean;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className={`filter${scroll ? ' filter--scroll' : ''}`}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.slug} className="check">
          <input type="checkbox" name={name} value={o.slug} defaultChecked={checked.includes(o.slug)} />
          {o.hex && <span className="dot" style={{ background: o.hex }} aria-hidden="true" />}
          <span>{o.name}</span> <span className="muted">{o.count}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** One end of the price range, in whole tenge; the placeholder shows the list's own bound. */
function PriceInput({
  name,
  label,
  value,
  bound,
}: {
  name: string;
  label: 'min' | 'max';
  value?: number;
  bound?: number;
}) {
  const t = useT();
  const word = t(`listing.${label}`);
  const full = t(label === 'min' ? 'listing.minLabel' : 'listing.maxLabel');
  return (
    <label>
      <span className="visually-hidden">{full}</span>
      <input
        type="number"
        name={name}
        min={0}
        step={1}
        inputMode="numeric"
        placeholder={bound === undefined ? word : `${word} ${bound}`}
        defaultValue={value}
        aria-label={full}
      />
    </label>
  );
}

/** Stock in the city, discount and price range. */
function StockAndPriceFilter({
  state,
  facets: f,
  cityName,
}: {
  state: ListState;
  facets: Facets;
  cityName: string;
}) {
  const t = useT();
  return (
    <fieldset className="filter">
      <legend>{t('listing.stockAndPrice')}</legend>
      <label className="check">
        <input type="checkbox" name="inStock" value="1" defaultChecked={state.inStock} />
        <span>{t('listing.inStockIn', { city: cityName })}</span>{' '}
        <span className="muted">{f.inStockCount}</span>
      </label>
      <label className="check">
        <input type="checkbox" name="discount" value="1" defaultChecked={state.discount} />
        <span>{t('listing.discount')}</span> <span className="muted">{f.discountCount}</span>
      </label>
      <div className="filter__price">
        <PriceInput name="priceMin" label="min" value={state.priceMin} bound={f.price?.min} />
        <span aria-hidden="true">—</span>
        <PriceInput name="priceMax" label="max" value={state.priceMax} bound={f.price?.max} />
      </div>
    </fieldset>
  );
}

/**
 * The product list's filters (spec §4) with their counts — category, stock in the city, discount, price, brand,
 * size, colour — as controls of the listing's GET form; «Показать» (without JavaScript) and, when any filter is
 * set, «Сбросить фильтры» (`reset`).
 */
export function ListingFilters({
  state,
  facets: f,
  cityName,
  showCategories,
  reset,
}: {
  state: ListState;
  facets: Facets;
  cityName: string;
  showCategories: boolean;
  reset?: string;
}) {
  const t = useT();
  return (
    <aside className="filters" aria-label={t('listing.filters')}>
      {showCategories && (
        <CheckFilter
          legend={t('listing.category')}
          name="categorySlug"
          options={f.categories}
          checked={state.categorySlug}
        />
      )}
      <StockAndPriceFilter state={state} facets={f} cityName={cityName} />
      <CheckFilter legend={t('listing.brand')} name="brand" options={f.brands} checked={state.brand} scroll />
      {f.sizes.length > 0 && (
        <fieldset className="filter">
          <legend>{t('common.size')}</legend>
          <div className="chips-grid">
            {f.sizes.map((s) => (
              <label key={s.size} className="size-chip" title={t('listing.sizeCount', { count: s.count })}>
                <input
                  type="checkbox"
                  name="size"
                  value={s.size}
                  defaultChecked={state.size.includes(s.size)}
                />
                <span>{s.size}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <CheckFilter
        legend={t('listing.colour')}
        name="colour"
        options={f.colours}
        checked={state.colour}
        scroll
      />
      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          {t('listing.show')}
        </button>
        {reset && (
          <Link to={reset} className="button button--link">
            {t('listing.reset')}
          </Link>
        )}
      </div>
    </aside>
  );
}
