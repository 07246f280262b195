import { Link, useLocation } from 'react-router';
import type { PublicReview, ReviewPage, ReviewPhoto } from '@kiim/contract';
import { fillIn } from '@kiim/contract/text';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { signInHref } from '../sign-in/sign-in-url.ts';
import { Pagination } from '../Pagination.tsx';
import { Stars } from './Stars.tsx';
import { feedbackHref, type FeedbackView } from './feedback-url.ts';
import { useFeedbackForm } from './feedback-reply.ts';
import { useFeedbackDate } from './feedback-dates.tsx';

/**
 * A page of the product's published reviews (issue 10): the order switch (newest / most useful), each review with
 * its stars, author, date, «Покупка подтверждена» for a review from a completed order, the fit, the text (escaped
 * by React, line breaks kept), its photos and «Отзыв полезен»; the pages under them.
 */
export function ReviewList({
  page,
  view,
  signedIn,
}: {
  page: ReviewPage;
  view: FeedbackView;
  signedIn: boolean;
}) {
  const t = useFeedbackText();
  const { pathname } = useLocation();
  if (page.total === 0) return <p className="muted">{t.reviews.none}</p>;
  return (
    <>
      <nav className="review-sort" aria-label={t.reviews.sortLabel}>
        {(
          [
            ['newest', t.reviews.sortNewest],
            ['useful', t.reviews.sortUseful],
          ] as const
        ).map(([sort, label]) =>
          sort === page.sort ? (
            <span key={sort} aria-current="true">
              {label}
            </span>
          ) : (
            <Link
              key={sort}
              to={feedbackHref(pathname, view, { reviewsSort: sort, reviewsPage: 1 }, 'reviews')}
            >
              {label}
            </Link>
          ),
        )}
      </nav>
      <ul className="review-list">
        {page.items.map((r) => (
          <ReviewItem key={r.id} review={r} signedIn={signedIn} />
        ))}
      </ul>
      <Pagination
        page={page.page}
        pageCount={page.pageCount}
        href={(p) => feedbackHref(pathname, view, { reviewsPage: p }, 'reviews')}
      />
    </>
  );
}

function ReviewItem({ review: r, signedIn }: { review: PublicReview; signedIn: boolean }) {
  const dateText = useFeedbackDate();
  const t = useFeedbackText();
  return (
    <li className="review" id={`review-${r.id}`} data-testid="review">
      <p className="review__head">
        <Stars rating={r.rating} />
        <strong data-ugc>{r.authorName}</strong>
        <span className="muted">{dateText(r.publishedAt)}</span>
        {r.verifiedPurchase && <span className="review__verified">{t.reviews.verified}</span>}
      </p>
      {r.fit && <p className="review__fit muted">{t.fit[r.fit]}</p>}
      {r.photos.length > 0 && <ReviewPhotos photos={r.photos} />}
      <p className="feedback-text" data-ugc>
        {r.text}
      </p>
      <HelpfulButton review={r} signedIn={signedIn} />
    </li>
  );
}

/**
 * A review's photos (issue 35 item 5): thumbnails, each a link to its 960 px picture — the browser's own viewer
 * zooms it, with or without JavaScript.
 */
function ReviewPhotos({ photos }: { photos: ReviewPhoto[] }) {
  const t = useFeedbackText();
  return (
    <ul className="review__photos" data-testid="review-photos">
      {photos.map((p, i) => (
        <li key={p.id}>
          <a
            href={p.zoomSrc}
            target="_blank"
            rel="noopener"
            aria-label={fillIn(t.reviews.photoOf, { n: i + 1 })}
          >
            <img src={p.src} srcSet={p.srcSet} sizes="96px" width={96} height={96} alt="" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * «Отзыв полезен» with its count: a signed-in customer's vote goes to the page's action (once per customer, the API
 * keeps it); a visitor's opens the sign-in dialog.
 */
function HelpfulButton({ review, signedIn }: { review: PublicReview; signedIn: boolean }) {
  const t = useFeedbackText();
  const location = useLocation();
  const key = `helpful-${review.id}`;
  const { fetcher, reply, busy } = useFeedbackForm(key);
  const count = reply?.ok && reply.helpfulCount !== undefined ? reply.helpfulCount : review.helpfulCount;
  const label = `${t.reviews.helpful} · ${count}`;
  if (!signedIn)
    return (
      <Link
        to={signInHref(location, `${location.pathname}#review-${review.id}`)}
        className="review__helpful"
        title={t.reviews.signInToVote}
        preventScrollReset
      >
        {label}
      </Link>
    );
  return (
    <fetcher.Form method="post" className="review__vote" preventScrollReset>
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="form" value={key} />
      <input type="hidden" name="reviewId" value={review.id} />
      <button type="submit" className="review__helpful" disabled={busy || reply?.ok}>
        {label}
      </button>
      {reply?.ok && (
        <span className="muted" role="status">
          {t.reviews.helpfulThanks}
        </span>
      )}
      {reply && !reply.ok && (
        <span className="field-error" role="alert">
          {reply.errors._form}
        </span>
      )}
    </fetcher.Form>
  );
}
