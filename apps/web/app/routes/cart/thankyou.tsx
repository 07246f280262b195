import { Link, redirect } from 'react-router';
import { formatDate, formatPrice } from '@kiim/contract/format';
import type { Route } from './+types/thankyou';
import { apiFor } from '../../lib/api.server.ts';
import { LAST_ORDER_COOKIE, readCookie } from '../../lib/cookies.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Спасибо за заказ — Kiim' }, { name: 'robots', content: 'noindex' }];

/**
 * Thank-you page (spec §2): only right after an order was created (the short-lived order cookie set by
 * checkout, and the order must be the customer's), otherwise sent to /. Shows createdOrderNumber,
 * createdOrderAmount, createdOrderImages and createdOrderAt (spec §3).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const number = readCookie(request, LAST_ORDER_COOKIE);
  const api = apiFor(request, context);
  if (!number || !api.token) throw redirect('/');
  const order = await api.order(number).catch(() => null);
  if (!order) throw redirect('/');
  return {
    createdOrderNumber: order.number,
    createdOrderAmount: order.amount,
    createdOrderImages: order.images,
    createdOrderAt: order.createdAt,
    pickupPoint: order.pickupPoint,
  };
}

export default function ThankYou({ loaderData: o }: Route.ComponentProps) {
  return (
    <section className="message-page thankyou">
      <h1>Спасибо за заказ!</h1>
      <p className="thankyou__number">
        Заказ № <strong data-testid="order-number">{o.createdOrderNumber}</strong> от {formatDate(o.createdOrderAt)}
      </p>
      <p>
        Сумма заказа: <strong data-testid="order-amount">{formatPrice(o.createdOrderAmount)}</strong>
      </p>
      {o.createdOrderImages.length > 0 && (
        <ul className="thumbs">
          {o.createdOrderImages.map((src) => (
            <li key={src}>
              <img src={src} width={96} height={128} alt="" />
            </li>
          ))}
        </ul>
      )}
      {o.pickupPoint && (
        <p className="muted">
          Пункт самовывоза: {o.pickupPoint.title}, {o.pickupPoint.addressStreetNumber}. Мы пришлём SMS, когда заказ будет готов к выдаче.
        </p>
      )}
      <div className="actions">
        <Link className="button button--primary" to="/personal/orders/pending">
          Мои заказы
        </Link>
        <Link className="button" to="/">
          Продолжить покупки
        </Link>
      </div>
    </section>
  );
}
