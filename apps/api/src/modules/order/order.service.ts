import {
  ErrorCode,
  FINISHED_ORDER_STATUSES,
  OrderErrorCode,
  PaymentMethod,
  deliveryDates,
  formatPrice,
  type Order,
  type OrderDraft,
  type OrderStatus,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import {
  cityDeliveryOptions,
  claimCart,
  loadCartLines,
  removeCartLines,
} from '#app/modules/cart/cart.service.ts';
import { checkCheckoutChoice, deliveryPrice } from '#app/modules/cart/checkout.policy.ts';
import { toPickupPoint } from '#app/modules/catalog/catalog.mapper.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import { openPayment, paymentsOfOrders } from '#app/modules/payment/payment.service.ts';
import { returnOrderMoney } from './card-payment/card-payment.apply.ts';
import { chargeOrderHold, settleBeforeCancel } from './card-payment/card-payment.settle.ts';
import { allocate, type PlannedLine } from '#app/modules/inventory/inventory.allocate.ts';
import * as inventory from '#app/modules/inventory/inventory.service.ts';
import {
  moveOrder,
  notifyStatus,
  recordInitialStatus,
  smsCustomer,
  type OrderDeps,
} from './order.lifecycle.ts';
import { toOrder, toOrderPayment } from './order.mapper.ts';
import * as repo from './order.repository.ts';
import {
  checkDeliveryFields,
  draftFingerprint,
  formatOrderNumber,
  insufficientStock,
} from './order.rules.ts';
import { CUSTOMER_CANCELLABLE, canTransition, initialStatus } from './order.status.ts';
import type { OrderLineRow, OrderRow } from './order.table.ts';

export type { OrderDeps } from './order.lifecycle.ts';

/** `30 минут`, `21 минуту`, `2 минуты`: minutes in Russian with the right plural. */
const minutes = (n: number) => {
  const form = new Intl.PluralRules('ru').select(n);
  return `${n} ${form === 'one' ? 'минуту' : form === 'few' ? 'минуты' : 'минут'}`;
};

const orderNotFound = () => notFound(ErrorCode.orderNotFound, 'Заказ не найден');

/** Russian names of statuses in error messages. */
const STATUS_NAME: Record<OrderStatus, string> = {
  new: 'принят',
  awaiting_payment: 'ожидает оплаты',
  paid: 'оплачен',
  ready_for_pickup: 'готов к выдаче',
  handed_to_courier: 'передан курьеру',
  completed: 'выполнен',
  cancelled: 'отменён',
};

/**
 * The answer for an order that already exists under the draft's idempotency key: the same order when
 * the draft is the same (a retry), else 409.
 * @throws AppError 409 `OrderErrorCode.idempotencyKeyReused` for a different draft under the key.
 */
async function replay(
  db: DbOrTrx,
  customerId: string,
  existing: OrderRow,
  fingerprint: string,
): Promise<Order> {
  if (existing.request_hash !== fingerprint) {
    throw new AppError(
      409,
      OrderErrorCode.idempotencyKeyReused,
      'Этот заказ уже оформлен с другими данными. Обновите страницу и оформите заказ заново',
    );
  }
  return getOrder(db, customerId, existing.number);
}

/** Step 1 (no writes): the city's checkout options and the checks that need them. */
async function checkCheckoutOptions(db: DbOrTrx, draft: OrderDraft) {
  const delivery = checkDeliveryFields(draft);
  const options = await cityDeliveryOptions(db, draft.regionId);
  checkCheckoutChoice(options, { ...delivery, paymentId: draft.paymentId });
  const deliveryAmount = deliveryPrice(options, delivery.deliveryMethodId);
  const timeZone = (await repo.findCityTimeZones(db, [draft.regionId])).get(draft.regionId) ?? 'Asia/Almaty';
  return { delivery, deliveryAmount, timeZone };
}

/**
 * Step 3 (in the transaction, stock rows locked): takes the planned units, one conditional UPDATE
 * (`quantity >= n`) per SKU and city — lines sharing a SKU and city are summed first — in (SKU, city) order.
 * Under the lock every update succeeds; the condition still guards stock from ever going below zero.
 * @throws AppError 409 insufficientStock (the caller's transaction rolls back).
 */
async function reserveStock(trx: DbOrTrx, planned: readonly PlannedLine[], nowIso: string): Promise<void> {
  const short = await inventory.reserveStock(
    trx,
    planned.map((p) => ({ skuId: p.line.skuId, cityId: p.sourceCityId, qty: p.qty })),
    nowIso,
  );
  if (short.length) {
    throw insufficientStock(
      short.map((s) => {
        const line = planned.find((p) => p.line.skuId === s.skuId)!.line;
        return { externalId: line.externalId, requested: line.qty, available: s.available };
      }),
    );
  }
}

/**
 * Places an order (spec §7 `POST /api/order/create`) for the signed-in customer, in ONE transaction:
 * 1. claims the cart (locks its row; an anonymous cart is attached to the customer);
 * 2. takes its lines in stock in `regionId` — and, with `includeOtherCityItems`, what other visible cities hold
 *    (inventory.allocate.ts); lines not ordered stay in the cart;
 * 3. locks the stock rows of those SKUs, plans where every unit comes from and reserves it;
 * 4. numbers the order from the `order_number` counter and writes it with its lines (snapshots with database
 *    prices, never the client's), its first status (new; awaiting_payment with a payment window and an open
 *    ePay payment for card online), delivery dates in the city's zone;
 * 5. removes the ordered lines from the cart.
 * After commit a confirmation SMS is sent; its failure is logged and never fails the order.
 *
 * Idempotent per (customer, `idempotencyKey`): a retry with the same draft answers the same order; parallel
 * requests with one key make one order (the losers re-read it).
 * @returns the order as `getOrder` answers it; amounts in tenge (`amount` = items + delivery: 0 for pickup,
 *   the city's courier price for courier).
 * @throws AppError 400 field errors (`pickupPointId`, `delivery.street`, `delivery.building`,
 *   `delivery.contactName`, `delivery.contactPhone`, `delivery.regionId`); 404 cityNotFound; 404 cartNotFound
 *   (unknown or another customer's cart); 422 paymentMethodNotOffered, deliveryMethodNotOffered (courier where
 *   there is none, any method in a hidden city), emptyCart (no line at all, or only products no longer sold);
 *   409 insufficientStock (`details.lines: [{externalId, requested, available}]`, nothing written); 409
 *   `OrderErrorCode.idempotencyKeyReused` for a different draft under a used key.
 */
export async function createOrder(
  deps: OrderDeps,
  customer: CustomerRow,
  draft: OrderDraft,
  now: Date,
): Promise<Order> {
  const { db } = deps;
  const fingerprint = draftFingerprint(draft);
  const before = await repo.findOrderByIdempotencyKey(db, customer.id, draft.idempotencyKey);
  if (before) return replay(db, customer.id, before, fingerprint);

  const { delivery, deliveryAmount, timeZone } = await checkCheckoutOptions(db, draft);
  const nowIso = now.toISOString();

  let placed: { order: OrderRow } | { replayOf: OrderRow };
  try {
    placed = await db.transaction().execute(async (trx) => {
      // Step 1: the cart, locked; the key re-checked under the lock (a parallel twin may just have won).
      await claimCart(trx, draft.cartUuid, customer.id, nowIso);
      const twin = await repo.findOrderByIdempotencyKey(trx, customer.id, draft.idempotencyKey);
      if (twin) return { replayOf: twin };

      // Steps 2–3: what is ordered, from where, reserved under lock.
      const cartLines = await loadCartLines(trx, draft.cartUuid, draft.regionId);
      const candidates = cartLines.filter(
        (l) => l.inStock || (draft.includeOtherCityItems && l.productActive && l.visibleQuantity > 0),
      );
      const stock = await inventory.lockStock(
        trx,
        candidates.map((l) => l.skuId),
      );
      const plan = allocate(cartLines, stock, draft.regionId, draft.includeOtherCityItems);
      if (plan.short.length) throw insufficientStock(plan.short);
      if (plan.planned.length === 0) {
        // Lines still sold whose stock ran out (typically taken by a parallel order since the shopper saw
        // them): 409 like any other shortage. Nothing sellable at all: 422.
        const soldOut = cartLines.filter((l) => l.productActive);
        if (soldOut.length) {
          throw insufficientStock(
            soldOut.map((l) => ({ externalId: l.externalId, requested: l.qty, available: 0 })),
          );
        }
        throw new AppError(
          422,
          ErrorCode.emptyCart,
          'В корзине нет товаров, которые можно заказать в выбранном городе',
        );
      }
      await reserveStock(trx, plan.planned, nowIso);

      // Step 4: the order.
      const number = formatOrderNumber(await repo.nextOrderNumber(trx));
      const orderId = newId();
      const lineRows: OrderLineRow[] = plan.planned.map((p, i) => ({
        id: newId(),
        order_id: orderId,
        sku_id: p.line.skuId,
        external_id: p.line.externalId,
        product_slug: p.line.slug,
        product_name: p.line.name,
        size: p.line.size,
        colour_name: p.line.colourName,
        image: p.line.image?.src ?? null,
        qty: p.qty,
        price: p.line.price,
        original_price: p.line.originalPrice,
        amount: p.line.price * p.qty,
        source_city_id: p.sourceCityId,
        position: i + 1,
        created_at: nowIso,
        updated_at: nowIso,
      }));
      const itemsAmount = lineRows.reduce((sum, l) => sum + l.amount, 0);
      const status = initialStatus(draft.paymentId);
      const dates = deliveryDates(
        delivery.deliveryMethodId,
        now,
        timeZone,
        lineRows.some((l) => l.source_city_id !== draft.regionId),
      );
      const address = delivery.address;
      const order: OrderRow = {
        id: orderId,
        number,
        customer_id: customer.id,
        city_id: draft.regionId,
        status,
        delivery_method_id: delivery.deliveryMethodId,
        payment_id: draft.paymentId,
        pickup_point_id: delivery.pickupPointId,
        customer_comment: draft.customerComment?.trim() || null,
        email: draft.email?.trim() || null,
        delivery_not_to_customer: delivery.deliveryNotToCustomer ? 1 : 0,
        delivery_contact_name: delivery.contactName,
        delivery_contact_phone: delivery.contactPhone,
        delivery_region_id: address ? draft.regionId : null,
        delivery_street: address?.street ?? null,
        delivery_building: address?.building ?? null,
        delivery_entrance_number: address?.entranceNumber ?? null,
        delivery_floor: address?.floor ?? null,
        delivery_flat: address?.flat ?? null,
        items_amount: itemsAmount,
        delivery_amount: deliveryAmount,
        total_amount: itemsAmount + deliveryAmount,
        idempotency_key: draft.idempotencyKey,
        request_hash: fingerprint,
        payment_expires_at:
          status === 'awaiting_payment'
            ? new Date(now.getTime() + deps.paymentWindowMinutes * 60_000).toISOString()
            : null,
        delivery_date_from: dates.from,
        delivery_date_to: dates.to,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await repo.insertOrder(trx, order, lineRows);
      await recordInitialStatus(trx, orderId, status, nowIso);
      if (draft.paymentId === PaymentMethod.cardOnline) {
        await openPayment(trx, { orderId, invoiceId: number, amount: order.total_amount }, nowIso);
      }

      // Step 5: the cart keeps only what was not ordered.
      await removeCartLines(
        trx,
        draft.cartUuid,
        plan.ordered.map((l) => l.skuId),
      );
      return { order };
    });
  } catch (err) {
    // A parallel request with the same key committed first (unique (customer_id, idempotency_key), or its
    // lines/stock are already gone): answer its order.
    const winner = await repo.findOrderByIdempotencyKey(db, customer.id, draft.idempotencyKey);
    if (winner) return replay(db, customer.id, winner, fingerprint);
    throw err;
  }
  if ('replayOf' in placed) return replay(db, customer.id, placed.replayOf, fingerprint);

  const { order } = placed;
  const payLater =
    order.status === 'awaiting_payment'
      ? ` Оплатите его картой в течение ${minutes(deps.paymentWindowMinutes)}.`
      : '';
  await smsCustomer(
    deps,
    order,
    `Kiim: заказ № ${order.number} принят, сумма ${formatPrice(Number(order.total_amount))}.${payLater || ' Спасибо!'}`,
  );
  return getOrder(db, customer.id, order.number);
}

/** Rows → contract orders, with lines, pickup points, histories, payments and time zones in one query each. */
async function assemble(db: DbOrTrx, rows: readonly OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [lines, history, payments, zones] = await Promise.all([
    repo.findOrderLines(db, ids),
    repo.findStatusHistory(db, ids),
    paymentsOfOrders(db, ids),
    repo.findCityTimeZones(
      db,
      rows.map((r) => r.city_id),
    ),
  ]);
  const pointIds = [...new Set(rows.flatMap((r) => (r.pickup_point_id === null ? [] : [r.pickup_point_id])))];
  const points = new Map((await repo.findPickupPoints(db, pointIds)).map((p) => [p.id, toPickupPoint(p)]));
  const group = <T extends { order_id: string }>(items: readonly T[]) => {
    const by = new Map<string, T[]>();
    for (const i of items) by.set(i.order_id, [...(by.get(i.order_id) ?? []), i]);
    return by;
  };
  const linesByOrder = group(lines);
  const historyByOrder = group(history);
  return rows.map((r) => {
    const payment = payments.get(r.id);
    return toOrder(
      r,
      linesByOrder.get(r.id) ?? [],
      r.pickup_point_id === null ? null : (points.get(r.pickup_point_id) ?? null),
      {
        timeZone: zones.get(r.city_id) ?? 'Asia/Almaty',
        history: historyByOrder.get(r.id) ?? [],
        payment: payment ? toOrderPayment(payment, r) : null,
      },
    );
  });
}

/**
 * One order of the customer by number (`GET /api/order/details/:number`).
 * @throws AppError 404 orderNotFound for an unknown number or another customer's order (never revealed).
 */
export async function getOrder(db: DbOrTrx, customerId: string, number: string): Promise<Order> {
  const row = await repo.findCustomerOrderByNumber(db, customerId, number);
  if (!row) throw orderNotFound();
  const [order] = await assemble(db, [row]);
  return order!;
}

/**
 * The customer's orders, newest first (`GET /api/order/list`, spec §2 /personal/orders/…): `pending` =
 * status neither completed nor cancelled; `completed` = completed or cancelled.
 */
export async function listOrders(
  db: DbOrTrx,
  customerId: string,
  state: 'pending' | 'completed',
): Promise<Order[]> {
  const rows = await repo.findCustomerOrders(db, customerId, FINISHED_ORDER_STATUSES, state === 'completed');
  return assemble(db, rows);
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
 * @returns the order as it is now.
 * @throws AppError 404 orderNotFound; 409 4014 orderNotCancellable (handed over, completed, already cancelled,
 *   or changed meanwhile).
 */
export async function cancelOrderByCustomer(
  deps: OrderDeps,
  customer: CustomerRow,
  number: string,
  now: Date,
): Promise<Order> {
  const found = await repo.findCustomerOrderByNumber(deps.db, customer.id, number);
  if (!found) throw orderNotFound();
  if (!CUSTOMER_CANCELLABLE.includes(found.status as OrderStatus))
    throw notCancellable(found.status as OrderStatus);
  if (found.status === 'awaiting_payment') await settleBeforeCancel(deps, found, 'return', now);
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const current = (await repo.findOrderById(trx, found.id))!;
    return (await moveOrder(trx, current, 'cancelled', 'customer', 'Отменён покупателем', now.toISOString()))
      ? current
      : null;
  });
  if (!cancelled) {
    const current = (await repo.findOrderById(deps.db, found.id))!;
    throw notCancellable(current.status as OrderStatus);
  }
  await returnOrderMoney(deps, found.id, now);
  return getOrder(deps.db, customer.id, number);
}

/**
 * `POST /api/backoffice/orders/:number/status` (the shop's staff or ERP): moves the order along its life
 * (order.status.ts: ready for pickup / handed to courier → completed, or cancelled; never `paid`, which only a
 * verified payment sets). Handing over charges a held payment first (two-stage terminal); cancelling returns
 * the stock and the money. The shopper gets an SMS for ready/handed/cancelled.
 * @returns the order as its owner sees it.
 * @throws AppError 404 orderNotFound; 409 4015 statusTransitionNotAllowed (not allowed from the current
 *   status or for the order's delivery method, or changed meanwhile); 502 4020 when ePay refuses the charge.
 */
export async function changeStatusByBackoffice(
  deps: OrderDeps,
  number: string,
  to: OrderStatus,
  reason: string | undefined,
  now: Date,
): Promise<Order> {
  const found = await repo.findOrderByNumber(deps.db, number);
  if (!found) throw orderNotFound();
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
    const current = (await repo.findOrderById(trx, found.id))!;
    return moveOrder(trx, current, to, 'backoffice', reason?.trim() || null, now.toISOString());
  });
  if (!moved) throw refuse((await repo.findOrderById(deps.db, found.id))!.status);
  if (to === 'cancelled') await returnOrderMoney(deps, found.id, now);
  await notifyStatus(deps, found, to, 'backoffice');
  return getOrder(deps.db, found.customer_id, number);
}
