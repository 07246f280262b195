import { Link } from 'react-router';

/**
 * Links to the previous and next page of a paged list, with «Страница N из M»; nothing when there is one page.
 * `page` and `pageCount` are 1-based; `link(n)` gives the address of page n (the list's filters kept in the URL).
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
  link: (n: number) => string;
  newestFirst?: boolean;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 && <Link to={link(page - 1)}>{newestFirst ? '← Новее' : '← Назад'}</Link>}
      <span>
        Страница {page} из {pageCount}
      </span>
      {page < pageCount && <Link to={link(page + 1)}>{newestFirst ? 'Старее →' : 'Дальше →'}</Link>}
    </nav>
  );
}
