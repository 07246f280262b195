import type { FastifyInstance } from 'fastify';
import type { OrderStatus } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import type { SmsProvider } from '#app/modules/sms/sms.provider.ts';
import { requestReturn, type PaymentDeps } from '#app/modules/payment/payment.service.ts';
import { pickupPointsByIds } from '#app/modules/catalog/catalog.service.ts';
import { customerMobile } from '#app/modules/customer/customer.service.ts';
import * as inventory from '#app/modules/inventory/inventory.service.ts';
import * as repo from './order.repository.ts';
import { canTransition, statusSms, type StatusActor } from './order.status.ts';
import type { OrderRow } from './order.table.ts';

/** What the order flows (its card-payment flow included) need from the app. */
export interface OrderDeps extends PaymentDeps {
  sms: SmsProvider;
  /** Public origin of the shop (ePay's postLink and the shopper's way back). */
  publicUrl: string;
  /** Minutes an unpaid card-online order holds its stock. */
  paymentWindowMinutes: number;
}

/** The deps of the order flows from the Fastify app. */
export const orderDeps = (app: FastifyInstance): OrderDeps => ({
  db: app.db,
  sms: app.sms,
  log: app.log,
  payments: app.payments,
  publicUrl: app.config.publicUrl.replace(/\/+$/, ''),
  paymentWindowMinutes: app.config.payments.paymentWindowMinutes,
});

/**
 * Puts the units of a cancelled order back where they came from (each line's source city) through the
 * inventory module. Run in the transaction that cancels the order.
 */
async function releaseStock(trx: DbOrTrx, orderId: string, nowIso: string): Promise<void> {
  const lines = await repo.findOrderLines(trx, [orderId]);
  await inventory.releaseStock(
    trx,
    lines.map((l) => ({ skuId: l.sku_id, cityId: l.source_city_id, qty: l.qty })),
    nowIso,
  );
}

/**
 * Moves an order to `to` inside the caller's transaction, if the rules allow it for `actor` (order.status.ts)
 * and the order is still in the status it was read in (a conditional UPDATE: of two racing changes exactly
 * one wins). Appends the history entry; a cancellation puts the order's units back into stock and asks for money
 * taken by card back (the payment module returns it; the payment job retries).
 * @returns true when this call changed the order; false when the move is not allowed or another change won.
 */
export async function moveOrder(
  trx: DbOrTrx,
  order: Pick<OrderRow, 'id' | 'status' | 'delivery_method_id'>,
  to: OrderStatus,
  actor: StatusActor,
  reason: string | null,
  nowIso: string,
): Promise<boolean> {
  const from = order.status as OrderStatus;
  if (!canTransition(from, to, actor, order.delivery_method_id)) return false;
  if (!(await repo.updateOrderStatus(trx, order.id, from, to, nowIso))) return false;
  await repo.insertStatusHistory(trx, {
    id: newId(),
    order_id: order.id,
    from_status: from,
    to_status: to,
    actor,
    reason,
    created_at: nowIso,
    updated_at: nowIso,
  });
  if (to === 'cancelled') {
    await releaseStock(trx, order.id, nowIso);
    await requestReturn(trx, order.id, nowIso);
  }
  return true;
}

/** Records the first status of a new order (in its creating transaction). */
export async function recordInitialStatus(
  trx: DbOrTrx,
  orderId: string,
  status: OrderStatus,
  nowIso: string,
) {
  await repo.insertStatusHistory(trx, {
    id: newId(),
    order_id: orderId,
    from_status: null,
    to_status: status,
    actor: 'customer',
    reason: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
}

/** An SMS to the order's customer (after commit); a provider failure is logged, never thrown. */
export async function smsCustomer(
  deps: Pick<OrderDeps, 'db' | 'sms' | 'log'>,
  order: Pick<OrderRow, 'number' | 'customer_id'>,
  text: string,
): Promise<void> {
  try {
    const mobile = await customerMobile(deps.db, order.customer_id);
    if (mobile) await deps.sms.send(mobile, text);
  } catch (err) {
    deps.log.error({ err, orderNumber: order.number, provider: deps.sms.name }, 'order SMS failed');
  }
}

/** Tells the shopper by SMS that their order changed (after commit), when that status has a message. */
export async function notifyStatus(
  deps: Pick<OrderDeps, 'db' | 'sms' | 'log'>,
  order: Pick<OrderRow, 'number' | 'customer_id' | 'pickup_point_id'>,
  to: OrderStatus,
  actor: StatusActor,
): Promise<void> {
  const point =
    order.pickup_point_id === null
      ? undefined
      : (await pickupPointsByIds(deps.db, [order.pickup_point_id])).get(order.pickup_point_id);
  const text = statusSms(order.number, to, actor, point?.title ?? null);
  if (text) await smsCustomer(deps, order, text);
}
