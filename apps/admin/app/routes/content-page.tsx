import { useEffect, useState } from 'react';
import { Link, useFetcher, useLoaderData } from 'react-router';
import { apiMessages } from '@kiim/contract/forms';
import {
  AdminContentPageBody,
  ApiError,
  type AdminContentPage,
  type ContentLocale,
  type ContentPart,
} from '@kiim/contract';
import type { Route } from './+types/content-page';
import { adminApi, screenData } from '../lib/api.ts';
import { errorsOf, formObject, submit } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { Field, FormAlert } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

const BLOCK_NAME: Record<string, string> = {
  'delivery-cities': 'Города и цены доставки',
  'delivery-terms': 'Сроки доставки',
  'payment-methods': 'Способы оплаты',
  stores: 'Магазины и пункты выдачи',
  'seller-details': 'Реквизиты продавца',
};

/** The language tabs of the editor: the URL's `?lang=` chooses (Russian without it). */
const LANGUAGES: readonly { locale: ContentLocale; name: string }[] = [
  { locale: 'ru', name: 'Русский' },
  { locale: 'kk', name: 'Қазақша' },
];

/** The editor's language from its URL: `kk` for `?lang=kk`, else `ru`. */
const localeOf = (url: string): ContentLocale =>
  new URL(url).searchParams.get('lang') === 'kk' ? 'kk' : 'ru';

/** A page's text in one language; null when that language is not written yet (404). */
async function pageIn(slug: string, locale: ContentLocale): Promise<AdminContentPage | null> {
  try {
    return (await screenData<{ page: AdminContentPage }>(`/content/pages/${slug}?locale=${locale}`)).page;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/**
 * One page's source in the language of the URL (permission content.edit), with the Russian text beside it (the
 * Kazakh version may start as a copy of it). A page written in neither language is the screen's 404.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const locale = localeOf(request.url);
  const [page, russian] = await Promise.all([
    pageIn(params.slug, locale),
    locale === 'ru' ? null : pageIn(params.slug, 'ru'),
  ]);
  if (!page && !russian) throw new Response('Страница не найдена', { status: 404 });
  return { locale, page, russian: locale === 'ru' ? page : russian };
}

/**
 * Saves the page in the URL's language (creates the Kazakh version when it is new; published when the box is
 * ticked); the API checks blocks and placeholders of the text and audits the change.
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const locale = localeOf(request.url);
  const values = formObject(await request.formData()) as Record<string, string>;
  return submit(AdminContentPageBody, { ...values, published: values.published === 'on' }, (b) =>
    adminApi<{ page: AdminContentPage }>('PUT', `/content/pages/${params.slug}?locale=${locale}`, b),
  );
}

/** The Markdown rendered by the API as the storefront will show it (data blocks named in place). */
function Preview({ body }: { body: string }) {
  const [parts, setParts] = useState<ContentPart[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      adminApi<{ parts: ContentPart[] }>('POST', '/content/preview', { body })
        .then((r) => {
          setParts(r.parts);
          setProblem(null);
        })
        .catch((e: unknown) =>
          setProblem(Object.values(apiMessages(e))[0] ?? 'Не удалось показать предпросмотр'),
        );
    }, 300);
    return () => clearTimeout(timer);
  }, [body]);
  if (problem) return <p className="form-alert">{problem}</p>;
  return (
    <div className="preview" aria-label="Предпросмотр">
      {parts?.map((p, i) =>
        p.kind === 'html' ? (
          <div key={i} dangerouslySetInnerHTML={{ __html: p.html }} />
        ) : (
          <p key={i} className="notice">
            [{BLOCK_NAME[p.block] ?? p.block}]
          </p>
        ),
      )}
    </div>
  );
}

/** The page's screen: the language tabs and the editor of the chosen language. */
export default function ContentPageEditor() {
  const { locale, page, russian } = useLoaderData<typeof clientLoader>();
  const slug = (page ?? russian)!.slug;
  return (
    <>
      <p>
        <Link to="/content">← Все страницы</Link>
      </p>
      <h1>{(page ?? russian)!.title}</h1>
      <nav className="tabs" aria-label="Язык страницы">
        {LANGUAGES.map((l) => (
          <Link
            key={l.locale}
            to={l.locale === 'ru' ? `/content/${slug}` : `/content/${slug}?lang=${l.locale}`}
            aria-current={l.locale === locale ? 'page' : undefined}
            className={l.locale === locale ? 'active' : undefined}
            lang={l.locale}
          >
            {l.name}
          </Link>
        ))}
      </nav>
      <Editor key={`${slug}/${locale}`} slug={slug} locale={locale} page={page} russian={russian} />
    </>
  );
}

/**
 * The editor of one language. A language not written yet starts empty, with an offer to copy the Russian text as
 * a start; saving creates it (published when the box is ticked).
 */
function Editor({
  slug,
  locale,
  page,
  russian,
}: {
  slug: string;
  locale: ContentLocale;
  page: AdminContentPage | null;
  russian: AdminContentPage | null;
}) {
  const fetcher = useFetcher<typeof clientAction>();
  const [fields, setFields] = useState({
    title: page?.title ?? '',
    description: page?.description ?? '',
    body: page?.body ?? '',
  });
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  const errors = errorsOf(fetcher.data);
  const saved = fetcher.data?.ok ? fetcher.data.data.page : null;
  const stored = saved ?? page;
  const kazakh = locale === 'kk';
  return (
    <>
      <p className="hint">
        Адрес: <a href={`/info/${slug}${kazakh ? '?lang=kk' : ''}`}>/info/{slug}</a>
        {stored ? (
          <> · изменена {formatDateTime(stored.updatedAt)}</>
        ) : (
          ' · казахской версии ещё нет: покупатели с казахским языком видят русский текст'
        )}
      </p>
      {!stored && russian && (
        <p>
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              setFields({ title: russian.title, description: russian.description, body: russian.body })
            }
          >
            Скопировать русский текст для перевода
          </button>
        </p>
      )}
      <div className="editor-grid">
        <fetcher.Form method="post" className="panel" lang={locale}>
          <Field
            label="Заголовок"
            name="title"
            value={fields.title}
            onChange={set('title')}
            error={errors.title}
          />
          <Field
            label="Описание (для поисковиков и списка страниц)"
            name="description"
            value={fields.description}
            onChange={set('description')}
            error={errors.description}
          />
          <div className="field">
            <label htmlFor="page-body">Текст (Markdown)</label>
            <textarea
              id="page-body"
              name="body"
              rows={20}
              value={fields.body}
              onChange={set('body')}
              aria-invalid={errors.body ? true : undefined}
            />
            {errors.body && (
              <p className="field-error" role="alert">
                {errors.body}
              </p>
            )}
          </div>
          <label className="check">
            <input type="checkbox" name="published" defaultChecked={page?.published ?? true} /> Опубликована
          </label>
          <FormAlert message={errors._form} />
          {saved && (
            <p className="notice" role="status">
              Сохранено. Покупатели уже видят новый текст.
            </p>
          )}
          <button className="button" type="submit" disabled={fetcher.state !== 'idle'}>
            {stored ? 'Сохранить' : 'Создать казахскую версию'}
          </button>
        </fetcher.Form>
        <section className="panel">
          <h2>Предпросмотр</h2>
          <Preview body={fields.body} />
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
