import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Form, useSearchParams, useLocation } from 'react-router';
import { useT } from '../lib/text.ts';

/** The suggestions' code, fetched on the field's first focus (issue 35 item 3: every page's script stays small). */
const SearchSuggest = lazy(() => import('./SearchSuggest.tsx'));

/**
 * The header's search box: a GET form to `/search?q=…` (works without JavaScript), with the current query kept
 * while on the results page. A WAI-ARIA combobox: from its first focus it shows suggestions while typing
 * (SearchSuggest.tsx, loaded then; issue 35 item 3).
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  // A shopper who focused the field before the page hydrated (its onFocus not yet attached) still gets suggestions:
  // the text typed so far is asked for as soon as the code is there.
  useEffect(() => {
    if (document.activeElement === input.current) setFocused(true);
  }, []);
  const current = pathname === '/search' ? (params.get('q') ?? '') : '';
  return (
    <Form method="get" action="/search" role="search" className="search-box" key={current}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('header.search')}
      </label>
      <input
        ref={input}
        id="site-search"
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        aria-controls="site-search-list"
        defaultValue={current}
        placeholder={t('header.searchPlaceholder')}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        onFocus={() => setFocused(true)}
        onInput={() => setFocused(true)}
      />
      <button type="submit" className="search-box__button" aria-label={t('header.find')}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path
            d="M10.5 4a6.5 6.5 0 1 0 4 11.6l4.4 4.4 1.4-1.4-4.4-4.4A6.5 6.5 0 0 0 10.5 4Zm0 2a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Z"
            fill="currentColor"
          />
        </svg>
      </button>
      {focused ? (
        <Suspense fallback={<ul id="site-search-list" role="listbox" hidden />}>
          <SearchSuggest input={input} />
        </Suspense>
      ) : (
        <ul id="site-search-list" role="listbox" hidden />
      )}
    </Form>
  );
}
