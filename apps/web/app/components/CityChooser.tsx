import { useEffect, useId, useRef } from 'react';
import { Form, useLocation } from 'react-router';
import type { City } from '@kiim/contract';
import { useT } from '../lib/text.ts';
import { CitySearch } from './CitySearch.tsx';

/**
 * The city chooser of the header (spec §2, §3): a disclosure (`<details>`, works without JavaScript) naming
 * the current city, opening a list of the cities visible to customers. Each city is a submit button of a
 * form posting to `/city`, which stores the cookies `city_id`, `stock_api_region_id`, `region_name` and
 * comes back here: stock labels and the cart split follow the new city. Below the list, «Другой город» finds any
 * city CDEK serves by name (CitySearch.tsx, decision 073); a city chosen that way is listed first while current.
 * With JavaScript it also closes on Escape, on a click outside and after a choice.
 */
export function CityChooser({ cities, current }: { cities: City[]; current: City | null }) {
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  const listId = useId();
  const t = useT();
  const own = cities.filter((c) => c.visibleForCustomers);
  const visible = current && !own.some((c) => c.id === current.id) ? [current, ...own] : own;
  const returnTo = location.pathname + location.search;

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => {
      details.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && details.open) {
        close();
        details.querySelector('summary')?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (details.open && !details.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);

  // A new page (after a choice, or any navigation) starts with the list closed; the list opened before the
  // page's scripts ran stays open (issue 14: scripts after the main picture, lib/deferred-scripts.tsx).
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  return (
    <details className="city-chooser" ref={ref} data-testid="city-chooser">
      <summary
        className="city"
        aria-label={t('header.cityIs', { city: current?.name ?? t('header.cityUnset') })}
      >
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24">
          <path
            fill="currentColor"
            d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
          />
        </svg>
        <span data-testid="current-city">{current?.name ?? t('header.chooseCity')}</span>
      </summary>
      <div className="city-chooser__panel">
        <p className="city-chooser__title" id={listId}>
          {t('header.chooseCity')}
        </p>
        <p className="muted city-chooser__hint">{t('header.cityHint')}</p>
        <CityList cities={visible} current={current} returnTo={returnTo} labelledBy={listId} />
        <CitySearch returnTo={returnTo} />
      </div>
    </details>
  );
}

/**
 * The shop's cities as submit buttons of one `POST /city` form (the chooser's list, and the `/city` page's): `current`
 * is marked `aria-current`; the form comes back to `returnTo`.
 */
export function CityList({
  cities,
  current,
  returnTo,
  labelledBy,
}: {
  cities: City[];
  current: City | null;
  returnTo: string;
  labelledBy: string;
}) {
  return (
    <Form method="post" action="/city" preventScrollReset>
      <input type="hidden" name="returnTo" value={returnTo} />
      <ul className="city-chooser__list" aria-labelledby={labelledBy}>
        {cities.map((city) => (
          <li key={city.id}>
            <button
              type="submit"
              name="cityId"
              value={city.id}
              aria-current={city.id === current?.id ? 'true' : undefined}
              className="city-chooser__city"
            >
              {city.name}
            </button>
          </li>
        ))}
      </ul>
    </Form>
  );
}
