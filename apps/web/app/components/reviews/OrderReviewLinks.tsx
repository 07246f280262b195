import { Link, useLocation } from 'react-router';
import type { MyReview, Order } from '@kiim/contract';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import type { ReviewedProduct } from './ReviewForm.tsx';
import { REVIEWED_PARAM, reviewHref } from './review-url.ts';

/** The distinct products of orders' lines, in order of appearance (what a review modal can be opened for). */
export function reviewableProducts(orders: readonly Pick<Order, 'status' | 'lines'>[]): ReviewedProduct[] {
  const seen = new Map<string, ReviewedProduct>();
  for (const o of orders)
    if (o.status === 'completed')
      for (const l of o.lines)
        if (!seen.has(l.productSlug))
          seen.set(l.productSlug, { slug: l.productSlug, name: l.name, image: l.image });
  return [...seen.values()];
}

/**
 * «Оцените покупки» of a completed order (issue 10): each product of the order with «Оставить отзыв» (opens the
 * review modal over this page) or, once reviewed, the review's stars and status. Nothing for other orders.
 */
export function OrderReviewLinks({
  order,
  reviews,
}: {
  order: Pick<Order, 'status' | 'lines'>;
  reviews: ReadonlyMap<string, MyReview>;
}) {
  const t = useFeedbackText();
  const location = useLocation();
  const products = reviewableProducts([order]);
  if (products.length === 0) return null;
  return (
    <div className="order-reviews">
      <h3>{t.reviewForm.rateTitle}</h3>
      <ul>
        {products.map((p) => {
          const review = reviews.get(p.slug);
          return (
            <li key={p.slug} data-testid="order-review" data-product={p.slug}>
              {p.image && <img src={p.image} width={36} height={48} alt="" loading="lazy" />}
              <Link to={`/product/${p.slug}`}>{p.name}</Link>
              {review ? (
                <span className={`status feedback-status--${review.status}`}>
                  {t.reviewForm.yourReview}: {'★'.repeat(review.rating)} · {t.status[review.status]}
                </span>
              ) : (
                <Link to={reviewHref(location, p.slug)} className="button button--small" preventScrollReset>
                  {t.reviewForm.write}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The customer's reviews keyed by product slug. */
export const reviewsBySlug = (reviews: readonly MyReview[]) =>
  new Map(reviews.map((r) => [r.product.slug, r]));

/** «Спасибо за отзыв» on the page the review modal was sent from (`?reviewed=<slug>`). */
export function ReviewSentNote() {
  const t = useFeedbackText();
  const location = useLocation();
  if (!new URLSearchParams(location.search).get(REVIEWED_PARAM)) return null;
  return (
    <p className="notice" role="status" data-testid="review-sent">
      {t.reviewForm.sent}
    </p>
  );
}
