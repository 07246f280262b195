import { Link } from 'react-router';
import { formatDate, formatPrice, formatTime } from '@kiim/contract/format';
import type { Route } from './+types/orders';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { OrderStatusBadge } from '../../components/OrderStatus.tsx';
import {
  OrderReviewLinks,
  ReviewSentNote,
  reviewableProducts,
  reviewsBySlug,
} from '../../components/reviews/OrderReviewLinks.tsx';
import { ReviewDialog } from '../../components/reviews/ReviewDialog.tsx';
import { useLocale, useT } from '../../lib/text.ts';
import { pageTexts } from '../../lib/lang.server.ts';

/**
 * Orders of the customer (spec §2): /personal/orders/pending lists orders not yet completed or cancelled,
 * /personal/orders/completed the finished ones, each completed one with «Оцените покупки» and the review modal
 * (`?review=<slug>`, issue 10). Newest first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = new URL(request.url).pathname.toLowerCase().endsWith('/completed') ? 'completed' : 'pending';
  const api = apiFor(request, context);
  // Completed orders offer a review of their products (issue 10): the customer's reviews tell which are done.
  const [{ items }, reviews] = await Promise.all([
    api.orders(state),
    state === 'completed' ? api.myReviews().then((r) => r.items) : [],
  ]);
  return { state, orders: items, reviews, texts: pageTexts(request, ['pay', 'orderStatus']) };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { state, orders } = loaderData;
  const reviews = reviewsBySlug(loaderData.reviews);
  const locale = useLocale();
  return (
    <section>
      <h1>{state === 'pending' ? t('personal.pending') : t('personal.completed')}</h1>
      <ReviewSentNote />
      {orders.length === 0 ? (
        <p className="muted">{state === 'pending' ? t('personal.noPending') : t('personal.noCompleted')}</p>
      ) : (
        <ul className="orders">
          {orders.map((o) => (
            <li key={o.id} className="order-card" data-testid="order-card">
              <div className="order-card__head">
                <Link to={`/personal/orders/details/${o.number}`}>
                  {t('personal.order', { number: o.number })}
                </Link>
                <OrderStatusBadge status={o.status} />
              </div>
              <p className="muted">
                {t('personal.orderLine', {
                  date: formatDate(o.createdAt, o.timeZone, locale),
                  count: o.lines.reduce((s, l) => s + l.qty, 0),
                })}{' '}
                <strong>{formatPrice(o.amount)}</strong>
              </p>
              {o.status === 'awaiting_payment' && o.payment?.expiresAt && (
                <p className="order-card__pay">
                  {o.payment.status === 'failed' ? `${t('personal.failedShort')} ` : ''}
                  {t('personal.payUntil', { time: formatTime(o.payment.expiresAt, o.timeZone) })}{' '}
                  <Link to={`/personal/orders/details/${o.number}`}>{t('personal.goPay')}</Link>
                </p>
              )}
              <ul className="thumbs">
                {o.images.map((src) => (
                  <li key={src}>
                    <img src={src} width={60} height={80} alt="" loading="lazy" />
                  </li>
                ))}
              </ul>
              <OrderReviewLinks order={o} reviews={reviews} />
            </li>
          ))}
        </ul>
      )}
      <ReviewDialog products={reviewableProducts(orders)} />
    </section>
  );
}
