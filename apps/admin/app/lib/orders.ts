import type { AdminOrderAction, OrderStatus } from '@kiim/contract';

// Russian names of what the order screens show (spec §4: statuses, delivery and payment methods).

export const STATUS_NAME: Record<OrderStatus, string> = {
  new: 'Новый',
  awaiting_payment: 'Ждёт оплаты',
  paid: 'Оплачен',
  ready_for_pickup: 'Готов к выдаче',
  handed_to_courier: 'У курьера',
  completed: 'Выполнен',
  cancelled: 'Отменён',
};

/** spec §4: delivery 1 pickup, 2 local courier. */
export const DELIVERY_NAME: Record<number, string> = { 1: 'Самовывоз', 2: 'Курьер' };
/** spec §4: payment 1 cash on delivery, 2 card on delivery, 3 card online. */
export const PAYMENT_NAME: Record<number, string> = {
  1: 'Наличными при получении',
  2: 'Картой при получении',
  3: 'Картой онлайн',
};

/** ePay payment states as staff read them. */
export const PAYMENT_STATE_NAME: Record<string, string> = {
  pending: 'ожидает оплаты',
  authorized: 'деньги заблокированы',
  charged: 'оплачен',
  failed: 'оплата не прошла',
  cancelled: 'блокировка снята',
  refunded: 'деньги возвращены',
};

/** Who changed the status (order history). */
export const ACTOR_NAME: Record<string, string> = {
  customer: 'покупатель',
  system: 'магазин (время оплаты истекло)',
  payment: 'ePay',
  backoffice: 'сотрудник',
};

/** Buttons of the order's steps. */
export const ACTION_LABEL: Record<Exclude<AdminOrderAction, 'handover' | 'cancel'>, string> = {
  confirm: 'Подтвердить',
  pick: 'Собран',
  ready_for_pickup: 'Готов к выдаче (SMS покупателю)',
  handed_to_courier: 'Передан курьеру',
  complete: 'Выполнен без отказа',
};
