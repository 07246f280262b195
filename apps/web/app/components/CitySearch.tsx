import { useEffect, useId, useRef, useState } from 'react';
import { Form, useFetcher } from 'react-router';
import type { CitySearchAnswer } from '@kiim/contract';
import { useT } from '../lib/text.ts';

/** Milliseconds the field waits after the last key before searching. */
const DEBOUNCE_MS = 250;

/** What `GET /city?q=` answers (routes/city.tsx): the query, the API's answer (null: not asked or failed). */
export interface CitySearchData {
  q: string;
  answer: CitySearchAnswer | null;
  tooShort: boolean;
}

/** The value of a result's button, read by the `/city` action: a shop city by id or a carrier city by code. */
export const choiceValue = (o: CitySearchAnswer['cities'][number]): string =>
  o.cityId !== null ? `city:${o.cityId}` : `cdek:${o.cdekCode}:${o.name}`;

/**
 * «Другой город» (issue 34 item 1, decision 073): a search over the shop's and the carrier's cities by the start
 * of a Russian or Kazakh name. Without JavaScript it is a GET form to `/city?q=`, a page listing the results;
 * with it the results come in place, {@link DEBOUNCE_MS} ms after the last key (each new search cancels the one
 * before, through the fetcher), and the count or a note is read out by screen readers. Each result is a submit
 * button posting to `/city`, reachable with Tab.
 */
export function CitySearch({ returnTo, initial }: { returnTo: string; initial?: CitySearchData }) {
  const t = useT();
  const fetcher = useFetcher<CitySearchData>();
  const [q, setQ] = useState(initial?.q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [inputId, hintId, statusId] = [useId(), useId(), useId()];
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string, wait: number) => {
    clearTimeout(timer.current);
    const trimmed = value.trim();
    if (trimmed.length < 2) return;
    const url = `/city?${new URLSearchParams({ q: trimmed.slice(0, 40), returnTo })}`;
    timer.current = setTimeout(() => fetcher.load(url), wait);
  };
  const result = q.trim().length >= 2 ? (fetcher.data ?? initial) : undefined;
  const cities = result?.answer?.cities ?? [];
  const status = statusText(t, fetcher.state === 'loading', result);

  return (
    <div className="city-search" data-testid="city-search">
      <form
        method="get"
        action="/city"
        role="search"
        className="city-search__form"
        onSubmit={(e) => {
          e.preventDefault();
          search(q, 0);
        }}
      >
        <label htmlFor={inputId} className="city-search__label">
          {t('header.otherCity')}
        </label>
        <p id={hintId} className="muted city-search__hint">
          {t('header.otherCityHint')}
        </p>
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="city-search__row">
          <input
            id={inputId}
            type="search"
            name="q"
            value={q}
            minLength={2}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${hintId} ${statusId}`}
            data-testid="city-search-input"
            onChange={(e) => {
              setQ(e.target.value);
              search(e.target.value, DEBOUNCE_MS);
            }}
          />
          <button type="submit" className="button">
            {t('header.citySearch')}
          </button>
        </div>
      </form>
      <p id={statusId} className="muted city-search__status" role="status" data-testid="city-search-status">
        {status}
      </p>
      <CityResults cities={cities} returnTo={returnTo} />
    </div>
  );
}

/** The line read out after a search: searching, too short, how many were found, and the carrier's note. */
function statusText(
  t: ReturnType<typeof useT>,
  loading: boolean,
  result: CitySearchData | undefined,
): string {
  if (loading) return t('header.citySearching');
  if (!result) return '';
  if (result.tooShort) return t('header.cityTooShort');
  const cities = result.answer?.cities ?? [];
  const found =
    cities.length > 0 ? t('header.cityResults', { count: cities.length }) : t('header.cityNoResults');
  return [found, result.answer?.message ?? ''].filter(Boolean).join(' ');
}

/** The results as submit buttons of one `POST /city` form; a carrier city shows its region and «доставка СДЭК». */
function CityResults({ cities, returnTo }: { cities: CitySearchAnswer['cities']; returnTo: string }) {
  const t = useT();
  if (cities.length === 0) return null;
  return (
    <Form method="post" action="/city" preventScrollReset>
      <input type="hidden" name="returnTo" value={returnTo} />
      <ul className="city-chooser__list city-search__results" aria-label={t('header.otherCity')}>
        {cities.map((c) => (
          <li key={choiceValue(c)}>
            <button
              type="submit"
              name="choice"
              value={choiceValue(c)}
              className="city-chooser__city city-search__city"
              data-testid="city-search-result"
            >
              <span>{c.name}</span>
              {c.cityId === null && (
                <span className="muted city-search__region">
                  {[c.region, t('header.cityByCarrier')].filter(Boolean).join(' · ')}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </Form>
  );
}
