import { Link, redirect } from 'react-router';
import type { ModerationStatus, MyQuestion, MyReview } from '@kiim/contract';
import { formatDate } from '@kiim/contract/format';
import { fillIn } from '@kiim/contract/text';
import type { Route } from './+types/content';
import { apiFor } from '../../lib/api.server.ts';
import { feedbackIn, useFeedbackText } from '../../lib/feedback-text.ts';
import { useLocale } from '../../lib/text.ts';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { Pagination } from '../../components/Pagination.tsx';
import { Stars } from '../../components/reviews/Stars.tsx';
import { Answers } from '../../components/reviews/QuestionList.tsx';

export const meta: Route.MetaFunction = ({ data, matches }) => [
  {
    title: `${data?.type === 'questions' ? feedbackIn(matches).personal.questionsTitle : feedbackIn(matches).personal.reviewsTitle} — Kiim`,
  },
  { name: 'robots', content: 'noindex' },
];

/**
 * The customer's own reviews or questions (spec §2 `/personal/content/{type}`): type `reviews` or `questions`, any
 * other type sends to /personal (spec §2); a visitor is sent to / by the account area's guard. Reviews all at once
 * (one per product at most), questions by pages of 10 (`?page=`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  if (params.type === 'reviews') return { type: 'reviews' as const, reviews: (await api.myReviews()).items };
  if (params.type === 'questions') {
    const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get('page')) || 1));
    return { type: 'questions' as const, questions: await api.myQuestions({ page }) };
  }
  throw redirect('/personal');
}

export const shouldRevalidate = keepDataUnderDialogs;

export default function PersonalContent({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useFeedbackText();
  if (loaderData.type === 'reviews') return <MyReviews reviews={loaderData.reviews} />;
  const { questions } = loaderData;
  return (
    <section>
      <h1>{t.personal.questionsTitle}</h1>
      {questions.items.length === 0 ? (
        <p className="muted">{t.personal.noQuestions}</p>
      ) : (
        <ul className="my-feedback">
          {questions.items.map((q) => (
            <MyItem
              key={q.id}
              item={q}
              date={fillIn(t.personal.asked, { date: formatDate(q.createdAt, 'Asia/Almaty', locale) })}
            >
              <p className="feedback-text" data-ugc>
                {q.text}
              </p>
              <Answers answers={q.answers} />
            </MyItem>
          ))}
        </ul>
      )}
      <Pagination
        page={questions.page}
        pageCount={questions.pageCount}
        href={(p) => `/personal/content/questions?page=${p}`}
      />
    </section>
  );
}

function MyReviews({ reviews }: { reviews: MyReview[] }) {
  const locale = useLocale();
  const t = useFeedbackText();
  return (
    <section>
      <h1>{t.personal.reviewsTitle}</h1>
      {reviews.length === 0 ? (
        <p className="muted">
          {t.personal.noReviews} <Link to="/personal/orders/completed">{t.personal.toOrders}</Link>
        </p>
      ) : (
        <ul className="my-feedback">
          {reviews.map((r) => (
            <MyItem
              key={r.id}
              item={r}
              date={fillIn(t.personal.written, { date: formatDate(r.createdAt, 'Asia/Almaty', locale) })}
            >
              <p className="review__rating">
                <Stars rating={r.rating} /> {t.stars[r.rating - 1]}
                {r.fit && <span className="muted"> · {t.fit[r.fit]}</span>}
              </p>
              <p className="feedback-text" data-ugc>
                {r.text}
              </p>
            </MyItem>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One of the customer's reviews or questions: its product, date, status with what it means, and the reason of a rejection. */
function MyItem({
  item,
  date,
  children,
}: {
  item: MyReview | MyQuestion;
  date: string;
  children: React.ReactNode;
}) {
  const t = useFeedbackText();
  const { product } = item;
  return (
    <li className="my-feedback__item" data-testid="my-feedback" data-status={item.status}>
      <div className="my-feedback__product">
        {product.image && <img src={product.image} width={48} height={64} alt="" loading="lazy" />}
        {product.slug ? (
          <Link to={`/product/${product.slug}`}>{product.name}</Link>
        ) : (
          <span>{product.name}</span>
        )}
      </div>
      <p className="muted">
        {date} · <StatusBadge status={item.status} />
      </p>
      {children}
      <p className="muted">{t.statusNote[item.status]}</p>
      {item.status === 'rejected' && item.rejectionReason && (
        <p className="alert" data-testid="rejection-reason">
          {t.personal.reason}: {item.rejectionReason}
        </p>
      )}
    </li>
  );
}

function StatusBadge({ status }: { status: ModerationStatus }) {
  const t = useFeedbackText();
  return <span className={`status feedback-status--${status}`}>{t.status[status]}</span>;
}
