import { Link } from 'react-router';
import { formatDate, formatPrice } from '@kiim/contract/format';
import type { Route } from './+types/order-details';
import { apiFor, notFoundOnApi404 } from '../../lib/api.server.ts';
import { OrderStatusBadge } from '../../components/OrderStatus.tsx';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Заказ № ${data.order.number} — Kiim` : 'Kiim' }];

/** One order of the customer (spec §2: /personal/orders/details/{id}, id = order number). Another's → 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const order = await apiFor(request, context).order(params.id).catch(notFoundOnApi404);
  return { order };
}

export default function OrderDetails({ loaderData: { order } }: Route.ComponentProps) {
  return (
    <section>
      <Link to="/personal/orders/pending">← Все заказы</Link>
      <h1>
        Заказ № {order.number} <OrderStatusBadge status={order.status} />
      </h1>
      <p className="muted">от {formatDate(order.createdAt)}</p>
      {order.pickupPoint && (
        <p>
          Самовывоз: {order.pickupPoint.title}, {order.pickupPoint.addressCity}, {order.pickupPoint.addressStreetNumber}. {order.pickupPoint.openingHours}
        </p>
      )}
      <ul className="cart-lines">
        {order.lines.map((l) => (
          <li key={l.externalId} className="cart-line">
            <Link to={`/product/${l.productSlug}`} className="cart-line__media">
              {l.image && <img src={l.image} width={96} height={128} alt={l.name} loading="lazy" />}
            </Link>
            <div className="cart-line__body">
              <Link to={`/product/${l.productSlug}`}>{l.name}</Link>
              <span className="muted">
                Размер {l.size} · {l.colourName} · {l.qty} шт.
              </span>
            </div>
            <div className="cart-line__price">{formatPrice(l.amount)}</div>
          </li>
        ))}
      </ul>
      <dl className="details">
        <div>
          <dt>Товары</dt>
          <dd>{formatPrice(order.itemsAmount)}</dd>
        </div>
        <div>
          <dt>Доставка</dt>
          <dd>{order.deliveryAmount ? formatPrice(order.deliveryAmount) : 'бесплатно'}</dd>
        </div>
        <div>
          <dt>Итого</dt>
          <dd>
            <strong>{formatPrice(order.amount)}</strong>
          </dd>
        </div>
      </dl>
    </section>
  );
}
