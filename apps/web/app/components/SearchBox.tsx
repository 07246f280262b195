import { Form, useSearchParams, useLocation } from 'react-router';
import { useT } from '../lib/text.ts';

/**
 * The header's search box: a GET form to `/search?q=…` (works without JavaScript), with the current query kept
 * while on the results page.
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const t = useT();
  const current = pathname === '/search' ? (params.get('q') ?? '') : '';
  return (
    <Form method="get" action="/search" role="search" className="search-box" key={current}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('header.search')}
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        defaultValue={current}
        placeholder={t('header.searchPlaceholder')}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="search-box__button" aria-label={t('header.find')}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path
            d="M10.5 4a6.5 6.5 0 1 0 4 11.6l4.4 4.4 1.4-1.4-4.4-4.4A6.5 6.5 0 0 0 10.5 4Zm0 2a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Z"
            fill="currentColor"
          />
        </svg>
      </button>
    </Form>
  );
}
