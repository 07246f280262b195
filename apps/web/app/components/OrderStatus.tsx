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

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status status--${status}`}>{ORDER_STATUS_LABEL[status]}</span>;
}
