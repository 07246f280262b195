import {
  AdminOrderErrorCode,
  ErrorCode,
  ORDER_CHANGED_MESSAGE,
  FINISHED_ORDER_STATUSES,
  OrderErrorCode,
  type Order,
  type OrderCarrier,
  type OrderReceipt,
  type OrderStatus,
  type PickupPoint,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { cityTimeZones, pickupPointsByIds } from '#app/modules/catalog/catalog.service.ts';
import { shopperSay } from '#app/modules/catalog/read/index.ts';
import type { CatalogueLang, Say } from '#app/modules/catalog/catalog.texts.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import { paymentsOfOrders } from '#app/modules/payment/payment.service.ts';
import { refundsOwedOfOrders } from '#app/modules/payment/refund.service.ts';
import type { PaymentRow } from '#app/modules/payment/payment.table.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { shopperReceipts } from '#app/modules/fiscal/fiscal.service.ts';
import { carrierViews } from '#app/modules/shipping/shipping.orders.ts';
import { returnOrderMoney } from './card-payment/card-payment.apply.ts';
import { chargeOrderHold, settleBeforeCancel } from './card-payment/card-payment.settle.ts';
import { moveOrder, type OrderDeps } from './order.lifecycle.ts';
import { deliverOrderNotices } from './order.notify.ts';
import { toOrder, toOrderPayment } from './order.mapper.ts';
import * as repo from './order.repository.ts';
import { claimVersion } from './order.admin.repository.ts';
import { CUSTOMER_CANCELLABLE, canTransition } from './order.status.ts';
import type { OrderLineRow, OrderRow, OrderStatusHistoryRow } from './order.table.ts';

// Orders after they are placed (order.create.ts places them): the customer's orders and one order, the
// customer's cancellation and the moves staff or the ERP make.

const orderNotFound = () => notFound(ErrorCode.orderNotFound, 'Заказ не найден');

/** 409 4016: someone changed the order since the member opened it (decision 019). */
export const orderChanged = () => new AppError(409, AdminOrderErrorCode.orderChanged, ORDER_CHANGED_MESSAGE);

/** Russian names of statuses in error messages. */
export const STATUS_NAME: Record<OrderStatus, string> = {
  new: 'принят',
  awaiting_payment: 'ожидает оплаты',
  paid: 'оплачен',
  ready_for_pickup: 'готов к выдаче',
  handed_to_courier: 'передан курьеру',
  completed: 'выполнен',
  cancelled: 'отменён',
};

/**
 * Rows → contract orders, with lines, pickup points, histories, payments and time zones in one query each; product
 * names and pickup points in `lang` (null: Russian; docs/decisions/046).
 */
export async function assemble(
  db: DbOrTrx,
  rows: readonly OrderRow[],
  lang: CatalogueLang | null = null,
): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [lines, history, payments, owed, zones, receipts] = await Promise.all([
    repo.findOrderLines(db, ids),
    repo.findStatusHistory(db, ids),
    paymentsOfOrders(db, ids),
    refundsOwedOfOrders(db, ids),
    cityTimeZones(
      db,
      rows.map((r) => r.city_id),
    ),
    shopperReceipts(db, ids),
  ]);
  const carriers = await carrierViews(
    db,
    rows.map((r) => ({ id: r.id, cityId: r.city_id })),
  );
  const pointIds = [...new Set(rows.flatMap((r) => (r.pickup_point_id === null ? [] : [r.pickup_point_id])))];
  const [points, say] = await Promise.all([pickupPointsByIds(db, pointIds, lang), shopperSay(db, lang)]);
  const group = <T extends { order_id: string }>(items: readonly T[]) => {
    const by = new Map<string, T[]>();
    for (const i of items) by.set(i.order_id, [...(by.get(i.order_id) ?? []), i]);
    return by;
  };
  const linesByOrder = group(lines);
  const historyByOrder = group(history);
  return rows.map((r) =>
    orderOf(r, {
      say,
      lines: linesByOrder.get(r.id) ?? [],
      pickupPoint:
        r.pickup_point_id === null
          ? (carriers.get(r.id)?.pickupPoint ?? null)
          : (points.get(r.pickup_point_id) ?? null),
      carrier: carriers.get(r.id)?.carrier ?? null,
      timeZone: zones.get(r.city_id) ?? 'Asia/Almaty',
      history: historyByOrder.get(r.id) ?? [],
      payment: payments.get(r.id),
      refundOwed: owed.get(r.id) ?? 0,
      receipts: receipts.get(r.id) ?? [],
    }),
  );
}

/** What an order is shown with besides its row (lines in position order, history in any order). */
export interface OrderParts {
  /** The shopper's language for the lines' texts (Russian as ordered when absent). */
  say?: Say;
  lines: readonly OrderLineRow[];
  pickupPoint: PickupPoint | null;
  /** The IANA time zone of the order's city. */
  timeZone: string;
  history: readonly OrderStatusHistoryRow[];
  payment: PaymentRow | undefined;
  /** Tenge owed back on the payment and not paid out yet (decision 035); 0 when none. */
  refundOwed?: number;
  /** The order's fiscal receipts as the shopper sees them (issue 32); none when left out (a new order). */
  receipts?: OrderReceipt[];
  /** Delivery by carrier and its tracking (issue 34); null or absent when none. */
  carrier?: OrderCarrier | null;
}

/** An order as its owner sees it, from its row and parts (order.mapper.ts). */
export function orderOf(row: OrderRow, parts: OrderParts): Order {
  return toOrder(row, parts.lines, parts.pickupPoint, {
    say: parts.say,
    timeZone: parts.timeZone,
    history: parts.history,
    payment: parts.payment ? toOrderPayment(parts.payment, row, parts.refundOwed ?? 0) : null,
    receipts: parts.receipts ?? [],
    carrier: parts.carrier ?? null,
  });
}

/**
 * One order of the customer by number (`GET /api/order/details/:number`), texts in `lang` (null: Russian).
 * @throws AppError 404 orderNotFound for an unknown number or another customer's order (never revealed).
 */
export async function getOrder(
  db: DbOrTrx,
  customerId: string,
  number: string,
  lang: CatalogueLang | null = null,
): Promise<Order> {
  const row = await repo.findCustomerOrderByNumber(db, customerId, number);
  if (!row) throw orderNotFound();
  const [order] = await assemble(db, [row], lang);
  return order!;
}

/**
 * The customer's orders, newest first (`GET /api/order/list`, spec §2 /personal/orders/…): `pending` =
 * status neither completed nor cancelled; `completed` = completed or cancelled. Texts in `lang` (null: Russian).
 */
export async function listOrders(
  db: DbOrTrx,
  customerId: string,
  state: 'pending' | 'completed',
  lang: CatalogueLang | null = null,
): Promise<Order[]> {
  const rows = await repo.findCustomerOrders(db, customerId, FINISHED_ORDER_STATUSES, state === 'completed');
  return assemble(db, rows, lang);
}

const notCancellable = (status: OrderStatus) =>
  new AppError(
    409,
    OrderErrorCode.orderNotCancellable,
    status === 'cancelled'
      ? 'Заказ уже отменён'
      : `Заказ ${STATUS_NAME[status]}, отменить его на сайте уже нельзя. Позвоните нам, и мы поможем`,
  );

/**
 * `POST /api/order/cancel`: the customer cancels their order while nothing was handed over (new, awaiting
 * payment, paid). An order awaiting payment is first checked with ePay (a payment made meanwhile is applied,
 * then returned). The order's units go back to stock in the same transaction; money taken is returned
 * (refund, or a released hold) right after — retried by the payment job if ePay does not answer.
 * @returns the order as it is now, texts in `lang` (null: Russian).
 * @throws AppError 404 orderNotFound; 409 4014 orderNotCancellable (handed over, completed, already cancelled,
 *   or changed meanwhile).
 */
export async function cancelOrderByCustomer(
  deps: OrderDeps,
  customer: CustomerRow,
  number: string,
  now: Date,
  lang: CatalogueLang | null = null,
): Promise<Order> {
  const found = await repo.findCustomerOrderByNumber(deps.db, customer.id, number);
  if (!found) throw orderNotFound();
  if (!CUSTOMER_CANCELLABLE.includes(found.status as OrderStatus))
    throw notCancellable(found.status as OrderStatus);
  if (found.status === 'awaiting_payment') await settleBeforeCancel(deps, found, 'return', now);
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const current = (await repo.findOrderById(trx, found.id))!;
    return moveOrder(trx, deps, current, 'cancelled', 'customer', 'Отменён покупателем', now.toISOString());
  });
  if (!cancelled) {
    const current = (await repo.findOrderById(deps.db, found.id))!;
    throw notCancellable(current.status as OrderStatus);
  }
  await returnOrderMoney(deps, found.id, now);
  await deliverOrderNotices(deps, cancelled);
  return getOrder(deps.db, customer.id, number, lang);
}

/**
 * `POST /api/backoffice/orders/:number/status` (the ERP, by an API key): moves the order along its life
 * (order.status.ts: ready for pickup / handed to courier → completed, or cancelled; never `paid`, which only a
 * verified payment sets). Handing over charges a held payment first (two-stage terminal); cancelling returns
 * the stock and the money. The shopper gets an SMS for ready/handed/cancelled. The change is audited for `actor`
 * (who, from where, when: the actor's time is the change's time) in its transaction.
 * @returns the order as its owner sees it.
 * @param expectedVersion the order's version the member saw (back office, decision 019); absent for the ERP.
 * @throws AppError 404 orderNotFound; 409 4015 statusTransitionNotAllowed (not allowed from the current
 *   status or for the order's delivery method, or changed meanwhile); 409 4016 orderChanged when the order is no
 *   longer at `expectedVersion`; 502 4020 when ePay refuses the charge.
 */
export async function changeStatusByBackoffice(
  deps: OrderDeps,
  number: string,
  to: OrderStatus,
  reason: string | undefined,
  actor: Actor,
  expectedVersion?: number,
): Promise<Order> {
  const now = actor.at;
  const found = await repo.findOrderByNumber(deps.db, number);
  if (!found) throw orderNotFound();
  if (expectedVersion !== undefined && found.version !== expectedVersion) throw orderChanged();
  const refuse = (status: string) =>
    new AppError(
      409,
      OrderErrorCode.statusTransitionNotAllowed,
      `Нельзя перевести заказ из статуса «${STATUS_NAME[status as OrderStatus]}» в «${STATUS_NAME[to]}»`,
    );
  if (!canTransition(found.status as OrderStatus, to, 'backoffice', found.delivery_method_id))
    throw refuse(found.status);
  if (to === 'ready_for_pickup' || to === 'handed_to_courier') await chargeOrderHold(deps, found.id, now);
  if (to === 'cancelled' && found.status === 'awaiting_payment')
    await settleBeforeCancel(deps, found, 'return', now);
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (
      expectedVersion !== undefined &&
      !(await claimVersion(trx, found.id, expectedVersion, now.toISOString()))
    )
      throw orderChanged();
    const current = (await repo.findOrderById(trx, found.id))!;
    const note = reason?.trim() || null;
    const written = await moveOrder(trx, deps, current, to, 'backoffice', note, now.toISOString(), {
      type: actor.type,
      id: actor.id,
    });
    if (!written) return null;
    const entity = { type: 'order', id: number };
    await audit(
      trx,
      actor,
      'order.status_changed',
      entity,
      { status: current.status },
      { status: to, reason: note },
    );
    return written;
  });
  if (!moved) throw refuse((await repo.findOrderById(deps.db, found.id))!.status);
  if (to === 'cancelled') await returnOrderMoney(deps, found.id, now);
  await deliverOrderNotices(deps, moved);
  return getOrder(deps.db, found.customer_id, number);
}

/**
 * The customer's newest completed order (status `completed`; a cancelled one does not count) holding the
 * product in any size, or undefined: what allows a review of it (issue 10).
 */
export function completedOrderWithProduct(
  db: DbOrTrx,
  customerId: string,
  productId: number,
): Promise<{ id: string; number: string } | undefined> {
  return repo.findCompletedOrderWithProduct(db, customerId, productId);
}

/** Order numbers by order id (moderators see which order proves a review). */
export function orderNumbers(db: DbOrTrx, orderIds: readonly string[]): Promise<Map<string, string>> {
  return repo.findOrderNumbers(db, orderIds);
}
