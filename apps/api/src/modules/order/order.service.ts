import type { FastifyBaseLogger } from 'fastify';
import {
  DeliveryMethod,
  ErrorCode,
  FINISHED_ORDER_STATUSES,
  OrderErrorCode,
  formatPrice,
  type Order,
  type OrderDraft,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError, badRequest, notFound } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { cityDeliveryOptions, loadCartLines, removeCartLines } from '#app/modules/cart/cart.service.ts';
import { toPickupPoint } from '#app/modules/catalog/catalog.mapper.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import type { SmsProvider } from '#app/modules/sms/sms.provider.ts';
import { toOrder } from './order.mapper.ts';
import * as repo from './order.repository.ts';
import {
  checkDeliveryFields,
  draftFingerprint,
  formatOrderNumber,
  insufficientStock,
  type ShortLine,
} from './order.rules.ts';
import type { OrderLineRow, OrderRow } from './order.table.ts';

/** What the order service needs from the app. */
export interface OrderDeps {
  db: Db;
  sms: SmsProvider;
  log: FastifyBaseLogger;
}

const orderNotFound = () => notFound(ErrorCode.orderNotFound, 'Заказ не найден');

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
  if (!options.paymentMethods.some((p) => p.id === draft.paymentId)) {
    throw new AppError(
      422,
      ErrorCode.paymentMethodNotOffered,
      'Этот способ оплаты пока недоступен. Выберите оплату при получении',
    );
  }
  if (!options.deliveryMethods.some((m) => m.id === delivery.deliveryMethodId)) {
    throw new AppError(
      422,
      ErrorCode.deliveryMethodNotOffered,
      delivery.deliveryMethodId === DeliveryMethod.courier
        ? 'В этом городе нет курьерской доставки. Выберите самовывоз'
        : 'В этом городе нет пунктов самовывоза',
    );
  }
  if (
    delivery.deliveryMethodId === DeliveryMethod.pickup &&
    !options.pickupPoints.some((p) => p.id === delivery.pickupPointId)
  ) {
    throw badRequest({ pickupPointId: ['Выберите пункт самовывоза в этом городе'] });
  }
  const deliveryAmount = delivery.deliveryMethodId === DeliveryMethod.courier ? options.city.courierPrice : 0;
  return { delivery, deliveryAmount };
}

/**
 * Step 3 (in the transaction): reserves every line in the order's city, lowest SKU id first (one lock
 * order for all orders, so PostgreSQL never deadlocks), with a conditional UPDATE per line.
 * @throws AppError 409 insufficientStock listing every short line (the caller's transaction rolls back).
 */
async function reserveStock(
  trx: DbOrTrx,
  cityId: number,
  lines: readonly { skuId: number; externalId: string; qty: number }[],
  nowIso: string,
): Promise<void> {
  const short: ShortLine[] = [];
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    if (!(await repo.takeStock(trx, line.skuId, cityId, line.qty, nowIso))) {
      short.push({
        externalId: line.externalId,
        requested: line.qty,
        available: await repo.stockQuantity(trx, line.skuId, cityId),
      });
    }
  }
  if (short.length) throw insufficientStock(short);
}

/**
 * Places an order (spec §7 `POST /api/order/create`) for the signed-in customer, in ONE transaction:
 * claims the cart (locks it; an anonymous cart is attached to the customer), takes its lines in stock in
 * `regionId` (lines not available there stay in the cart), reserves their stock, numbers the order from
 * the `order_number` counter, writes the order and its lines (snapshots with database prices, never the
 * client's) and removes the ordered lines from the cart. After commit a confirmation SMS is sent; its
 * failure is logged and never fails the order.
 *
 * Idempotent per (customer, `idempotencyKey`): a retry with the same draft answers the same order; two
 * parallel requests with one key make one order (the loser of the race re-reads it).
 * @returns the order as `getOrder` answers it; amounts in tenge (`amount` = items + delivery, delivery 0
 *   for pickup, the city's courier price for courier).
 * @throws AppError 400 field errors (`pickupPointId`, `delivery.street`, `delivery.building`,
 *   `delivery.contactName`, `delivery.contactPhone`, `delivery.regionId`); 404 cityNotFound; 404
 *   cartNotFound (unknown or another customer's cart); 422 paymentMethodNotOffered (card online until
 *   ePay), deliveryMethodNotOffered (courier where there is none, any method in a hidden city),
 *   emptyCart (no line at all, or only products no longer sold); 409 insufficientStock
 *   (`details.lines: [{externalId, requested, available}]`, nothing written) for lines short of stock —
 *   also when every line of the cart is sold out in the city (`available` 0); 409
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

  const { delivery, deliveryAmount } = await checkCheckoutOptions(db, draft);
  const nowIso = now.toISOString();

  let placed: { number: string; amount: number } | { replayOf: OrderRow };
  try {
    placed = await db.transaction().execute(async (trx) => {
      // Step 2: the cart, locked; the key re-checked under the lock (a parallel twin may just have won).
      if (!(await repo.claimCart(trx, draft.cartUuid, customer.id, nowIso))) {
        throw notFound(ErrorCode.cartNotFound, 'Корзина не найдена');
      }
      const twin = await repo.findOrderByIdempotencyKey(trx, customer.id, draft.idempotencyKey);
      if (twin) return { replayOf: twin };
      const cartLines = await loadCartLines(trx, draft.cartUuid, draft.regionId);
      const lines = cartLines.filter((l) => l.inStock);
      if (lines.length === 0) {
        // Lines still sold here whose stock ran out (typically taken by a parallel order since the
        // shopper saw them): 409 like any other shortage. Nothing sellable at all: 422.
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

      // Step 3: stock.
      await reserveStock(trx, draft.regionId, lines, nowIso);

      // Step 4: the order.
      const number = formatOrderNumber(await repo.nextOrderNumber(trx));
      const orderId = newId();
      const lineRows: OrderLineRow[] = lines.map((l) => ({
        id: newId(),
        order_id: orderId,
        sku_id: l.skuId,
        external_id: l.externalId,
        product_slug: l.slug,
        product_name: l.name,
        size: l.size,
        colour_name: l.colourName,
        image: l.image?.src ?? null,
        qty: l.qty,
        price: l.price,
        original_price: l.originalPrice,
        amount: l.price * l.qty,
        source_city_id: draft.regionId,
        created_at: nowIso,
        updated_at: nowIso,
      }));
      const itemsAmount = lineRows.reduce((sum, l) => sum + l.amount, 0);
      const address = delivery.address;
      await repo.insertOrder(
        trx,
        {
          id: orderId,
          number,
          customer_id: customer.id,
          city_id: draft.regionId,
          status: 'new',
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
          created_at: nowIso,
          updated_at: nowIso,
        },
        lineRows,
      );

      // Step 5: the cart keeps only what was not ordered.
      await removeCartLines(
        trx,
        draft.cartUuid,
        lines.map((l) => l.skuId),
      );
      return { number, amount: itemsAmount + deliveryAmount };
    });
  } catch (err) {
    // A parallel request with the same key committed first (unique (customer_id, idempotency_key), or its
    // lines/stock are already gone): answer its order.
    const winner = await repo.findOrderByIdempotencyKey(db, customer.id, draft.idempotencyKey);
    if (winner) return replay(db, customer.id, winner, fingerprint);
    throw err;
  }
  if ('replayOf' in placed) return replay(db, customer.id, placed.replayOf, fingerprint);

  await sendConfirmation(deps, customer.mobile, placed.number, placed.amount);
  return getOrder(db, customer.id, placed.number);
}

/** SMS «заказ принят» after commit; a provider failure is logged, never thrown. */
async function sendConfirmation(
  deps: OrderDeps,
  mobile: string,
  number: string,
  amount: number,
): Promise<void> {
  try {
    await deps.sms.send(mobile, `Kiim: заказ № ${number} принят, сумма ${formatPrice(amount)}. Спасибо!`);
  } catch (err) {
    deps.log.error({ err, orderNumber: number, provider: deps.sms.name }, 'order confirmation SMS failed');
  }
}

/** Rows → contract orders, with lines and pickup points read in one query each (no N+1). */
async function assemble(db: DbOrTrx, rows: readonly OrderRow[]): Promise<Order[]> {
  const lines = await repo.findOrderLines(
    db,
    rows.map((r) => r.id),
  );
  const pointIds = [...new Set(rows.flatMap((r) => (r.pickup_point_id === null ? [] : [r.pickup_point_id])))];
  const points = new Map((await repo.findPickupPoints(db, pointIds)).map((p) => [p.id, toPickupPoint(p)]));
  const linesByOrder = new Map<string, OrderLineRow[]>();
  for (const l of lines) linesByOrder.set(l.order_id, [...(linesByOrder.get(l.order_id) ?? []), l]);
  return rows.map((r) =>
    toOrder(
      r,
      linesByOrder.get(r.id) ?? [],
      r.pickup_point_id === null ? null : (points.get(r.pickup_point_id) ?? null),
    ),
  );
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
