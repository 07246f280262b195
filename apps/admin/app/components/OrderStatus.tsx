import { STAGE_NAME, orderStage } from '../lib/orders.ts';

/**
 * An order's status badge: the step it is at (lib/orders.ts orderStage — «Подтверждён», «Собран», «Готов к
 * выдаче»…), coloured by its status (admin.css `.status-*`), the step in `data-stage` for tests.
 */
export function OrderStatus({ order, testId }: { order: Parameters<typeof orderStage>[0]; testId?: string }) {
  const stage = orderStage(order);
  return (
    <span className={`status status-${order.status}`} data-stage={stage} data-testid={testId}>
      {STAGE_NAME[stage]}
    </span>
  );
}
