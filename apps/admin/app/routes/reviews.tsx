import { Pager } from '../components/Pager.tsx';
import { Link, useFetcher, useLoaderData, useSearchParams } from 'react-router';
import {
  AnswerBody,
  RejectBody,
  type ModeratedQuestion,
  type ModeratedReview,
  type ModerationStatus,
} from '@kiim/contract';
import type { Route } from './+types/reviews';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt, errorsOf, formObject, submit } from '../lib/form.ts';
import { formatDateTime } from '../lib/format.ts';
import { Field, FormAlert } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

type Kind = 'reviews' | 'questions';
interface Queue<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}
const STATUS_NAME: Record<ModerationStatus, string> = {
  pending: 'Ждут проверки',
  published: 'Опубликованы',
  rejected: 'Отклонены',
};
const FIT_NAME: Record<string, string> = {
  small: 'маломерит',
  true_to_size: 'в размер',
  large: 'большемерит',
};

const kindOf = (p: URLSearchParams): Kind => (p.get('type') === 'questions' ? 'questions' : 'reviews');
const statusOf = (p: URLSearchParams): ModerationStatus =>
  (['published', 'rejected'] as const).find((s) => s === p.get('status')) ?? 'pending';

/**
 * The moderation queue of reviews or of questions (permission reviews.moderate), by status; type, status and page
 * live in the address (`?type=questions&status=pending&page=2`).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const p = new URL(request.url).searchParams;
  const kind = kindOf(p);
  const q = new URLSearchParams({ status: statusOf(p), page: p.get('page') ?? '1' });
  const queue = await screenData<Queue<ModeratedReview | ModeratedQuestion>>(`/${kind}?${q}`);
  return { kind, queue };
}

/** Publish, reject with a reason, or answer a question — by `intent`, for the item `id` of `kind`. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, kind, ...values } = formObject(await request.formData()) as Record<string, string>;
  const path = `/${kind === 'questions' ? 'questions' : 'reviews'}/${id}`;
  switch (intent) {
    case 'reject':
      return submit(RejectBody, values, (b) => adminApi('POST', `${path}/reject`, b));
    case 'answer':
      return submit(AnswerBody, values, (b) => adminApi('POST', `${path}/answer`, b));
    default:
      return attempt(() => adminApi('POST', `${path}/publish`));
  }
}

/** A review's photos (decision 067): thumbnails opening the 960 px picture, moderated with the text. */
function Photos({ photos }: { photos: ModeratedReview['photos'] }) {
  return (
    <ul className="feedback-photos" aria-label="Фото покупателя">
      {photos.map((p, i) => (
        <li key={p.id}>
          <a href={p.zoomSrc} target="_blank" rel="noreferrer" aria-label={`Фото ${i + 1}, открыть крупно`}>
            <img src={p.src} width={96} height={96} alt="" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** One review or question with its product, author, text and the moderator's controls. */
function Item({ kind, item }: { kind: Kind; item: ModeratedReview | ModeratedQuestion }) {
  const fetcher = useFetcher<typeof clientAction>();
  const errors = errorsOf(fetcher.data);
  const review = 'rating' in item ? item : null;
  const question = 'answers' in item ? item : null;
  const hidden = (
    <>
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="kind" value={kind} />
    </>
  );
  return (
    <li className="panel feedback" data-id={item.id}>
      <p className="hint">
        <a href={`/product/${item.product.slug}`} target="_blank" rel="noreferrer">
          {item.product.name}, {item.product.colourName}
        </a>{' '}
        · {item.authorName} · {formatDateTime(item.createdAt)}
        {review?.orderNumber && <> · заказ № {review.orderNumber}</>}
      </p>
      {review && (
        <p>
          <strong aria-label={`Оценка ${review.rating} из 5`}>{'★'.repeat(review.rating)}</strong>
          {review.fit && <span className="hint"> · {FIT_NAME[review.fit] ?? review.fit}</span>}
        </p>
      )}
      <p className="feedback-text">{item.text}</p>
      {review && review.photos.length > 0 && <Photos photos={review.photos} />}
      {question?.answers.map((a, i) => (
        <p key={i} className="notice">
          {a.authorName}: {a.text}
        </p>
      ))}
      {item.rejectionReason && <p className="hint">Причина отказа: {item.rejectionReason}</p>}
      <FormAlert message={errors._form} />
      <div className="row-actions">
        {item.status !== 'published' && (
          <fetcher.Form method="post">
            {hidden}
            <button className="button" name="intent" value="publish" disabled={fetcher.state !== 'idle'}>
              Опубликовать
            </button>
          </fetcher.Form>
        )}
        {item.status !== 'rejected' && (
          <fetcher.Form method="post" className="inline-form">
            {hidden}
            <Field label="Причина отказа (её увидит автор)" name="reason" error={errors.reason} />
            <button
              className="button danger"
              name="intent"
              value="reject"
              disabled={fetcher.state !== 'idle'}
            >
              Отклонить
            </button>
          </fetcher.Form>
        )}
        {question && item.status !== 'rejected' && (
          <fetcher.Form method="post" className="inline-form">
            {hidden}
            <Field label="Ответ магазина" name="text" error={errors.text} />
            <button
              className="button secondary"
              name="intent"
              value="answer"
              disabled={fetcher.state !== 'idle'}
            >
              Ответить
            </button>
          </fetcher.Form>
        )}
      </div>
    </li>
  );
}

export default function Reviews() {
  const { kind, queue } = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  const status = statusOf(params);
  const link = (over: Record<string, string>) => `?${new URLSearchParams({ type: kind, status, ...over })}`;
  return (
    <>
      <h1>Отзывы и вопросы</h1>
      <nav className="tabs" aria-label="Что проверять">
        <Link
          to={link({ type: 'reviews', page: '1' })}
          aria-current={kind === 'reviews' ? 'page' : undefined}
        >
          Отзывы
        </Link>
        <Link
          to={link({ type: 'questions', page: '1' })}
          aria-current={kind === 'questions' ? 'page' : undefined}
        >
          Вопросы
        </Link>
      </nav>
      <nav className="tabs" aria-label="Статус">
        {(Object.keys(STATUS_NAME) as ModerationStatus[]).map((s) => (
          <Link key={s} to={link({ status: s, page: '1' })} aria-current={s === status ? 'page' : undefined}>
            {STATUS_NAME[s]}
          </Link>
        ))}
      </nav>
      <p className="hint">Всего: {queue.total}</p>
      {queue.items.length === 0 ? (
        <p className="empty">Здесь пока пусто.</p>
      ) : (
        <ul className="feedback-list">
          {queue.items.map((item) => (
            <Item key={item.id} kind={kind} item={item} />
          ))}
        </ul>
      )}
      <Pager
        label="Страницы"
        page={queue.page}
        pageCount={queue.pageCount}
        link={(n) => link({ page: String(n) })}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
