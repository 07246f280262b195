import type { AdminOrder } from '@kiim/contract';
import { formatDateTime } from '../lib/format.ts';
import { ACTOR_NAME, STATUS_NAME } from '../lib/orders.ts';

/** The order page's «История»: each status entered, when, by whom, and why when a reason was given. */
export function OrderHistory({ order }: { order: Pick<AdminOrder, 'history'> }) {
  return (
    <section className="panel">
      <h2>История</h2>
      <ol className="history">
        {order.history.map((h, i) => (
          <li key={i}>
            {formatDateTime(h.at)} — {STATUS_NAME[h.status]} ({ACTOR_NAME[h.actor] ?? h.actor})
            {h.reason && <span className="hint"> · {h.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
