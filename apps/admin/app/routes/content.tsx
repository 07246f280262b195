import { Link, useLoaderData } from 'react-router';
import type { AdminContentPage } from '@kiim/contract';
import { screenData } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { ScreenError } from '../components/ScreenError.tsx';

/** The information pages (permission content.edit), published or not. */
export async function clientLoader() {
  return (await screenData<{ items: AdminContentPage[] }>('/content/pages')).items;
}

export default function ContentPages() {
  const pages = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1>Страницы</h1>
      <p className="hint">Информационные страницы магазина. Сохранённый текст сразу виден покупателям.</p>
      <ul className="cards">
        {pages.map((p) => (
          <li key={p.slug}>
            <Link to={`/content/${p.slug}`}>
              <strong>{p.title}</strong>
              <span>
                /info/{p.slug} · {p.published ? 'опубликована' : 'скрыта'} · изменена{' '}
                {formatDateTime(p.updatedAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
