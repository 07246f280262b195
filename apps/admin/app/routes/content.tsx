import { Link, useLoaderData } from 'react-router';
import type { AdminContentListItem, AdminContentVersion } from '@kiim/contract';
import { screenData } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { ScreenError } from '../components/ScreenError.tsx';

/** The information pages (permission content.edit), published or not, with the state of each language. */
export async function clientLoader() {
  return (await screenData<{ items: AdminContentListItem[] }>('/content/pages')).items;
}

/** «Русский: опубликована» / «Қазақша: нет»: one language of a page and its state. */
function Language({ name, version }: { name: string; version: AdminContentVersion }) {
  const state = version === null ? 'нет' : version.published ? 'опубликована' : 'скрыта';
  return (
    <span className={version === null ? 'lang-state missing' : 'lang-state'}>
      {name}: {state}
    </span>
  );
}

/** The list of pages; each links to its Russian and its Kazakh text (`?lang=kk`). */
export default function ContentPages() {
  const pages = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1>Страницы</h1>
      <p className="hint">
        Информационные страницы магазина на русском и казахском. Сохранённый текст сразу виден покупателям.
      </p>
      <ul className="cards content-pages">
        {pages.map((p) => (
          <li key={p.slug}>
            <Link to={`/content/${p.slug}`}>
              <strong>{p.title}</strong>
              <span>
                /info/{p.slug} · изменена {formatDateTime(p.updatedAt)}
              </span>
            </Link>
            <p className="languages">
              <Link to={`/content/${p.slug}`}>
                <Language name="Русский" version={p.languages.ru} />
              </Link>
              <Link to={`/content/${p.slug}?lang=kk`}>
                <Language name="Қазақша" version={p.languages.kk} />
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
