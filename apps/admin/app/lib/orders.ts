import type { AdminOrderAction, OrderStatus } from '@kiim/contract';

// Russian names of what the order screens show (spec §4: statuses, delivery and payment methods).

export const STATUS_NAME: Record<OrderStatus, string> = {
  new: 'Новый',
  awaiting_payment: 'Ждёт оплаты',
  paid: 'Оплачен',
  ready_for_pickup: 'Готов к выдаче',
  handed_to_courier: 'Передан курьеру',
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

/** A refund's state as staff see it (decision 035). */
export const REFUND_STATE_NAME: Record<string, string> = {
  owed: 'ожидает отправки',
  sending: 'отправлен, ответ ePay не получен',
  paid: 'возвращён',
  failed: 'ePay отказал',
};

/** Where a refund came from (decision 035): sent by the shop, or made in ePay's cabinet. */
export const REFUND_SOURCE_NAME: Record<string, string> = {
  shop: 'магазин',
  cabinet: 'кабинет ePay',
};

/** Who changed the status (order history). */
export const ACTOR_NAME: Record<string, string> = {
  customer: 'покупатель',
  system: 'магазин (время оплаты истекло)',
  payment: 'ePay',
  backoffice: 'сотрудник',
  kaspi: 'Kaspi',
  carrier: 'СДЭК',
};

/** Buttons of the order's steps. */
export const ACTION_LABEL: Record<Exclude<AdminOrderAction, 'handover' | 'cancel'>, string> = {
  confirm: 'Подтвердить',
  pick: 'Собран',
  ready_for_pickup: 'Готов к выдаче (SMS покупателю)',
  handed_to_courier: 'Передан курьеру',
  complete: 'Выдан полностью',
  ship: 'Передать в СДЭК',
};

/** The line under a step's button: what it does (the two final buttons tell the full handover from a refusal). */
export const ACTION_HINT: Partial<Record<AdminOrderAction, string>> = {
  ship: 'Заказ собран: магазин оформит посылку в СДЭК. Трек-номер и этикетка появятся здесь, когда СДЭК примет посылку.',
  complete: 'Покупатель забрал все товары заказа и заплатил за них. Заказ станет выполненным.',
  handover:
    'Покупатель отказался от части товаров при примерке: отметьте, от скольких штук, — их вернут на склад, ' +
    'а сумма к оплате уменьшится.',
};

/** An order's step as its badge shows it: the status, or inside new/paid the staff's steps. */
export type OrderStage = OrderStatus | 'confirmed' | 'picked' | 'completed_partly';

/** What a badge says for each step. */
export const STAGE_NAME: Record<OrderStage, string> = {
  ...STATUS_NAME,
  confirmed: 'Подтверждён',
  picked: 'Собран',
  completed_partly: 'Выдан с отказом от части',
};

/**
 * The step an order is at (spec §4 statuses, order.status.ts): new → (paid) → «Подтверждён» → «Собран» → «Готов к
 * выдаче» / «Передан курьеру» → «Выполнен» («Выдан с отказом от части» when some units were refused) or «Отменён».
 * `confirmedAt`/`pickedAt` are the staff's steps inside new and paid; `refusedAmount` (tenge) when known.
 */
export function orderStage(o: {
  status: OrderStatus;
  confirmedAt: string | null;
  pickedAt: string | null;
  refusedAmount?: number;
}): OrderStage {
  if (o.status === 'new' || o.status === 'paid') {
    if (o.pickedAt) return 'picked';
    if (o.confirmedAt) return 'confirmed';
  }
  if (o.status === 'completed' && (o.refusedAmount ?? 0) > 0) return 'completed_partly';
  return o.status;
}
