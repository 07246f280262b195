import { useEffect, useState } from 'react';
import { Link, useFetcher, useLoaderData } from 'react-router';
import { apiMessages } from '@kiim/contract/forms';
import { AdminContentPageBody, type AdminContentPage, type ContentPart } from '@kiim/contract';
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

/** One page's source (permission content.edit). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return (await screenData<{ page: AdminContentPage }>(`/content/pages/${params.slug}`)).page;
}

/** Saves the page (published when the box is ticked); the API checks blocks and placeholders of the text. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const values = formObject(await request.formData()) as Record<string, string>;
  return submit(AdminContentPageBody, { ...values, published: values.published === 'on' }, (b) =>
    adminApi<{ page: AdminContentPage }>('PUT', `/content/pages/${params.slug}`, b),
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

export default function ContentPageEditor() {
  const page = useLoaderData<typeof clientLoader>();
  const fetcher = useFetcher<typeof clientAction>();
  const [body, setBody] = useState(page.body);
  const errors = errorsOf(fetcher.data);
  const saved = fetcher.data?.ok ? fetcher.data.data.page : null;
  return (
    <>
      <p>
        <Link to="/content">← Все страницы</Link>
      </p>
      <h1>{page.title}</h1>
      <p className="hint">
        Адрес: <a href={`/info/${page.slug}`}>/info/{page.slug}</a> · изменена{' '}
        {formatDateTime(saved?.updatedAt ?? page.updatedAt)}
      </p>
      <div className="editor-grid">
        <fetcher.Form method="post" className="panel">
          <Field label="Заголовок" name="title" defaultValue={page.title} error={errors.title} />
          <Field
            label="Описание (для поисковиков и списка страниц)"
            name="description"
            defaultValue={page.description}
            error={errors.description}
          />
          <div className="field">
            <label htmlFor="page-body">Текст (Markdown)</label>
            <textarea
              id="page-body"
              name="body"
              rows={20}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={errors.body ? true : undefined}
            />
            {errors.body && (
              <p className="field-error" role="alert">
                {errors.body}
              </p>
            )}
          </div>
          <label className="check">
            <input type="checkbox" name="published" defaultChecked={page.published} /> Опубликована
          </label>
          <FormAlert message={errors._form} />
          {saved && (
            <p className="notice" role="status">
              Сохранено. Покупатели уже видят новый текст.
            </p>
          )}
          <button className="button" type="submit" disabled={fetcher.state !== 'idle'}>
            Сохранить
          </button>
        </fetcher.Form>
        <section className="panel">
          <h2>Предпросмотр</h2>
          <Preview body={body} />
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
