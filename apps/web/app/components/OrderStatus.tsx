import type { OrderStatus } from '@kiim/contract';

/** Russian names of order statuses, as shoppers see them. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  new: 'Принят',
  awaiting_payment: 'Ожидает оплаты',
  paid: 'Оплачен',
  ready_for_pickup: 'Готов к выдаче',
  handed_to_courier: 'Передан курьеру',
  completed: 'Выполнен',
  cancelled: 'Отменён',
};

/** An order's status as a coloured badge with its Russian name. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`status status--${status}`} data-testid="order-status">
      {ORDER_STATUS_LABEL[status]}
    </span>
  );
}
