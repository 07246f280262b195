import { formatPhone, type AdminOrder } from '@kiim/contract';
import { formatDateTime } from '../lib/format.ts';

/** The picking list, printed from the order page (print styles show only it). */
export function PickingList({ order }: { order: AdminOrder }) {
  return (
    <section className="picking-list" aria-label="Лист сборки">
      <h2>
        Лист сборки · заказ № {order.number} · {formatDateTime(order.createdAt)}
      </h2>
      <p>
        {order.cityName}, {order.pickupPoint ? `пункт «${order.pickupPoint.title}»` : 'курьер'} ·{' '}
        {order.customer.name ?? ''} {formatPhone(order.customer.mobile)}
      </p>
      <ol>
        {order.lines.map((l) => (
          <li key={l.id}>
            ☐ {l.externalId} — {l.name}, {l.colourName}, размер {l.size} — {l.qty} шт.
          </li>
        ))}
      </ol>
      {order.staffNote && <p>Заметка: {order.staffNote}</p>}
    </section>
  );
}
