import type { FastifyInstance } from 'fastify';
import type { OrderStatus } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import type { SmsProvider } from '#app/modules/sms/sms.provider.ts';
import type { Notifier, WrittenNotices } from '#app/modules/notification/notification.service.ts';
import { requestReturn, type PaymentDeps } from '#app/modules/payment/payment.service.ts';
import { kaspiRefunds, type KaspiDeps } from '#app/modules/kaspi/kaspi.service.ts';
import * as inventory from '#app/modules/inventory/inventory.service.ts';
import type { StockActor } from '#app/modules/inventory/inventory.levels.ts';
import { NO_NOTICES, recordOrderEvent, type NoticeDeps, type OrderEvent } from './order.notify.ts';
import * as repo from './order.repository.ts';
import { orderStockNote } from './order.rules.ts';
import { canTransition, type StatusActor } from './order.status.ts';
import type { OrderRow, OrderStatusHistoryRow } from './order.table.ts';

/** What the order flows (its card-payment flow included) need from the app. */
export interface OrderDeps extends PaymentDeps {
  sms: SmsProvider;
  /** Public origin of the shop (ePay's postLink and the shopper's way back). */
  publicUrl: string;
  /** Minutes an unpaid card-online order holds its stock. */
  paymentWindowMinutes: number;
  /** Order notifications: the outbox's delivery (issue 13). */
  notifier: Notifier;
  /** Kaspi Pay (payment 4), or null when KASPI_PAY_MODE is off. */
  kaspi?: KaspiDeps | null;
}

/** The deps of the order flows from the Fastify app. */
export const orderDeps = (app: FastifyInstance): OrderDeps => ({
  db: app.db,
  sms: app.sms,
  log: app.log,
  payments: app.payments,
  publicUrl: app.config.publicUrl.replace(/\/+$/, ''),
  paymentWindowMinutes: app.config.payments.paymentWindowMinutes,
  notifier: app.notifier,
  kaspi: app.kaspi,
  gateways: app.kaspi ? { kaspi: kaspiRefunds(app.kaspi) } : {},
});

/** The statuses the customer is told about, as outbox events (`completed` is not). */
const EVENT_OF: Partial<Record<OrderStatus, OrderEvent>> = {
  paid: 'paid',
  ready_for_pickup: 'ready_for_pickup',
  handed_to_courier: 'handed_to_courier',
  cancelled: 'cancelled',
};

/** The shop itself as the actor of a stock movement (the shopper's own steps, the payment job). */
export const SHOP_STOCK_ACTOR: StockActor = { type: 'system', id: null };

/**
 * Puts the units of a cancelled order back where they came from (each line's source city) through the
 * inventory module, with their stock movement rows (`order_cancelled`, «№ …: <reason>»). Run in the
 * transaction that cancels the order.
 */
async function releaseStock(
  trx: DbOrTrx,
  order: Pick<OrderRow, 'id' | 'number'>,
  reason: string | null,
  stockActor: StockActor,
  nowIso: string,
): Promise<void> {
  const lines = await repo.findOrderLines(trx, [order.id]);
  await inventory.releaseStock(
    trx,
    lines.map((l) => ({ skuId: l.sku_id, cityId: l.source_city_id, qty: l.qty })),
    nowIso,
    { reason: 'order_cancelled', actor: stockActor, note: orderStockNote(order.number, reason) },
  );
}

/**
 * Moves an order to `to` inside the caller's transaction, if the rules allow it for `actor` (order.status.ts)
 * and the order is still in the status it was read in (a conditional UPDATE: of two racing changes exactly
 * one wins). Appends the history entry; a cancellation puts the order's units back into stock and asks for money
 * taken by card back (the payment module returns it; the payment job retries). The customer's notifications of
 * the new status are written to the outbox in the same transaction (order.notify.ts).
 * @param stockActor who the stock movements of a cancellation name: the staff member or API key that cancelled,
 *   else the shop itself (the shopper's cancellation, the payment job).
 * @returns the notifications written (deliver them after commit) when this call changed the order; null when
 *   the move is not allowed or another change won.
 */
export async function moveOrder(
  trx: DbOrTrx,
  deps: NoticeDeps,
  order: Pick<OrderRow, 'id' | 'number' | 'status' | 'delivery_method_id'>,
  to: OrderStatus,
  actor: StatusActor,
  reason: string | null,
  nowIso: string,
  stockActor: StockActor = SHOP_STOCK_ACTOR,
): Promise<WrittenNotices | null> {
  const from = order.status as OrderStatus;
  if (!canTransition(from, to, actor, order.delivery_method_id)) return null;
  if (!(await repo.updateOrderStatus(trx, order.id, from, to, nowIso))) return null;
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
    await releaseStock(trx, order, reason, stockActor, nowIso);
    await requestReturn(trx, order.id, nowIso);
  }
  const event = EVENT_OF[to];
  return event ? recordOrderEvent(trx, deps, order.id, event, actor, nowIso) : NO_NOTICES;
}

/** Records the first status of a new order (in its creating transaction). @returns the history row written. */
export async function recordInitialStatus(
  trx: DbOrTrx,
  orderId: string,
  status: OrderStatus,
  nowIso: string,
): Promise<OrderStatusHistoryRow> {
  const row: OrderStatusHistoryRow = {
    id: newId(),
    order_id: orderId,
    from_status: null,
    to_status: status,
    actor: 'customer',
    reason: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  await repo.insertStatusHistory(trx, row);
  return row;
}
