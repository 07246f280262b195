import { Link, useSearchParams } from 'react-router';

/**
 * Links to the previous and next page of a paged list, with «Страница N из M»; nothing when there is one page.
 * `page` and `pageCount` are 1-based; `link(n)` gives the address of page n — by default the current address with
 * its `page` set, so the list's filters in the URL are kept.
 * `newestFirst` names the directions «← Новее» / «Старее →» (lists sorted by time), else «← Назад» / «Дальше →».
 */
export function Pager({
  label,
  page,
  pageCount,
  link,
  newestFirst = false,
}: {
  label: string;
  page: number;
  pageCount: number;
  link?: (n: number) => string;
  newestFirst?: boolean;
}) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const to = (n: number) => {
    if (link) return link(n);
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next}`;
  };
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 && <Link to={to(page - 1)}>{newestFirst ? '← Новее' : '← Назад'}</Link>}
      <span>
        Страница {page} из {pageCount}
      </span>
      {page < pageCount && <Link to={to(page + 1)}>{newestFirst ? 'Старее →' : 'Дальше →'}</Link>}
    </nav>
  );
}
