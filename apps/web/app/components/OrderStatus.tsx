import type { OrderStatus } from '@kiim/contract';
import { useT } from '../lib/text.ts';

/** An order's status as a coloured badge with its name in the page's language (catalogue `orderStatus`). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span className={`status status--${status}`} data-testid="order-status">
      {t(`orderStatus.${status}`)}
    </span>
  );
}
