import { Link } from 'react-router';
import { useT } from '../lib/text.ts';

/**
 * Pagination (spec §2) of a list: previous and next links, the first and last pages, and the pages around the
 * current one («…» between). `href(page)` gives each page's URL; the current page is marked `aria-current`.
 */
export function Pagination({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  const pages = new Set(
    [1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) items.push('gap');
    items.push(p);
  });
  return (
    <nav className="pagination" aria-label={t('ui.pages')}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" aria-label={t('ui.prevPage')}>
          ‹
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__off">
          ‹
        </span>
      )}
      {items.map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className="pagination__current">
            {p}
          </span>
        ) : (
          <Link key={p} to={href(p)} aria-label={t('ui.page', { page: p })}>
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" aria-label={t('ui.nextPage')}>
          ›
        </Link>
      ) : (
        <span aria-hidden="true" className="pagination__off">
          ›
        </span>
      )}
    </nav>
  );
}
