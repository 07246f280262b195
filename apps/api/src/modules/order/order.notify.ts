import type { FastifyInstance } from 'fastify';
import type { PickupPoint } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { catalogueTranslator, pickupPointsByIds } from '#app/modules/catalog/catalog.service.ts';
import { customerContact, type CustomerContact } from '#app/modules/customer/customer.service.ts';
import {
  recordOrderNotice,
  type OrderNotice,
  type WrittenNotices,
} from '#app/modules/notification/notification.service.ts';
import { paymentOfOrder } from '#app/modules/payment/payment.service.ts';
import type { PaymentRow } from '#app/modules/payment/payment.table.ts';
import { orderDeps, type OrderDeps } from './order.deps.ts';
import * as repo from './order.repository.ts';
import type { StatusActor } from './order.status.ts';
import type { OrderLineRow, OrderRow } from './order.table.ts';

// Order notifications (issue 13): every order event worth telling the customer is written to the notification
// outbox in the transaction of the change, as a snapshot of the order; SMS go out right after commit, emails by
// the notification worker.

/** What recording an event needs from the order flows' deps. */
export type NoticeDeps = Pick<OrderDeps, 'publicUrl' | 'paymentWindowMinutes' | 'notifier'>;

/** An order event the customer hears about. */
export type OrderEvent = OrderNotice['event'];

/** No notices written (the event was recorded before, or nobody to tell). */
export const NO_NOTICES: WrittenNotices = { sms: [], email: [] };

/** What a notice tells about an order: the order row as it is now, its lines, pickup point and card payment. */
export interface NoticeFacts {
  order: OrderRow;
  lines: readonly Pick<OrderLineRow, 'product_name' | 'size' | 'colour_name' | 'qty' | 'price' | 'amount'>[];
  point: PickupPoint | undefined;
  /** Read for a cancellation only (the refund it announces). */
  payment: PaymentRow | undefined;
}

/**
 * The notice of an order's event from its facts, the catalogue texts (product and colour names stored in Russian
 * with the lines, the pickup point) translated by `t` into the customer's language.
 */
function noticeOf(
  deps: NoticeDeps,
  { order, lines, point, payment }: NoticeFacts,
  event: OrderEvent,
  actor: StatusActor,
  customerName: string | null,
  t: (text: string) => string,
): OrderNotice {
  const moneyTaken = payment && (payment.status === 'authorized' || payment.status === 'charged');
  return {
    event,
    number: order.number,
    customerName,
    // Kaspi's cancellation and the carrier's moves read to the buyer as the shop's (the notices know neither).
    actor: actor === 'kaspi' || actor === 'carrier' ? 'backoffice' : actor,
    payWithinMinutes: order.status === 'awaiting_payment' ? deps.paymentWindowMinutes : null,
    lines: lines.map((l) => ({
      name: t(l.product_name),
      size: l.size,
      colourName: t(l.colour_name),
      qty: l.qty,
      price: Number(l.price),
      amount: Number(l.amount),
    })),
    itemsAmount: Number(order.items_amount),
    deliveryAmount: Number(order.delivery_amount),
    totalAmount: Number(order.total_amount),
    deliveryMethodId: order.delivery_method_id,
    paymentId: order.payment_id,
    pickupPoint: point
      ? {
          title: t(point.title),
          address: [point.addressCity, point.addressStreetNumber, point.buildingName]
            .filter((part): part is string => Boolean(part))
            .map(t)
            .join(', '),
          openingHours: t(point.openingHours),
        }
      : null,
    deliveryAddress:
      order.delivery_street && order.delivery_building
        ? {
            street: order.delivery_street,
            building: order.delivery_building,
            entrance: order.delivery_entrance_number,
            floor: order.delivery_floor,
            flat: order.delivery_flat,
          }
        : null,
    refundAmount: moneyTaken ? Number(payment.amount) : null,
    url: `${deps.publicUrl}/personal/orders/details/${order.number}`,
  };
}

/**
 * Writes the notices of an event to the outbox in the caller's transaction: an SMS to the customer's mobile and an
 * email to the address given at checkout (else the profile's), in the customer's language. Once per (order,
 * event, channel). `claimSms`: the SMS row is written already claimed, for {@link deliverOrderNotices} to send right
 * after commit without claiming it (see `recordOrderNotice`).
 */
async function writeNotices(
  trx: DbOrTrx,
  deps: NoticeDeps,
  facts: NoticeFacts,
  contact: CustomerContact,
  event: OrderEvent,
  actor: StatusActor,
  nowIso: string,
  claimSms = false,
  receipt?: { id: string; url: string; total: number },
): Promise<WrittenNotices> {
  const t = await catalogueTranslator(trx, contact.language);
  const notice = noticeOf(deps, facts, event, actor, contact.name, t);
  return recordOrderNotice(
    trx,
    receipt ? { ...notice, receipt: { url: receipt.url, total: receipt.total } } : notice,
    {
      orderId: facts.order.id,
      mobile: contact.mobile,
      email: facts.order.email ?? contact.email,
      language: contact.language,
    },
    {
      emailEnabled: deps.notifier.emailEnabled,
      nowIso,
      claimSms,
      leaseMs: deps.notifier.deps.leaseMs,
      // A receipt's link goes once per receipt, by email when the order has one, else by SMS (issue 32).
      ...(receipt && { dedupeKey: receipt.id, emailElseSms: true }),
    },
  );
}

/**
 * Records an order event for the customer in the notification outbox, in the transaction of the change, with the
 * order as it is now in `trx` (lines, point with hours, refund) — see {@link writeNotices}. A Kaspi Магазин order's
 * cancellation is not written: every one goes through Kaspi (staff cancel there, or Kaspi does), and Kaspi tells
 * its buyer itself — ours made it twice (docs/decisions/071).
 * @returns the ids written, to deliver after commit with {@link deliverOrderNotices}.
 */
export async function recordOrderEvent(
  trx: DbOrTrx,
  deps: NoticeDeps,
  orderId: string,
  event: OrderEvent,
  actor: StatusActor,
  nowIso: string,
): Promise<WrittenNotices> {
  const order = (await repo.findOrderById(trx, orderId))!;
  if (event === 'cancelled' && order.channel === 'kaspi') return NO_NOTICES;
  const contact = await customerContact(trx, order.customer_id);
  if (!contact) return NO_NOTICES;
  const lines = await repo.findOrderLines(trx, [orderId]);
  const point =
    order.pickup_point_id === null
      ? undefined
      : (await pickupPointsByIds(trx, [order.pickup_point_id])).get(order.pickup_point_id);
  const payment = event === 'cancelled' ? await paymentOfOrder(trx, orderId) : undefined;
  return writeNotices(trx, deps, { order, lines, point, payment }, contact, event, actor, nowIso);
}

/**
 * Records the link of a fiscal receipt just issued for the order (issue 32) in the notification outbox, in the
 * transaction that marks the receipt done: event `receipt` (sale) or `return_receipt`, once per receipt, by email
 * when the order has an address (and emails are on), else by SMS; nothing for a customer without contacts. The
 * worker sends it and is woken by the caller after commit.
 */
export async function recordReceiptNotice(
  trx: DbOrTrx,
  deps: NoticeDeps,
  receipt: { id: string; orderId: string; operation: 'sale' | 'return'; total: number; ticketUrl: string },
  nowIso: string,
): Promise<WrittenNotices> {
  const order = await repo.findOrderById(trx, receipt.orderId);
  const contact = order && (await customerContact(trx, order.customer_id));
  if (!order || !contact) return NO_NOTICES;
  const event = receipt.operation === 'sale' ? 'receipt' : 'return_receipt';
  // The receipt's SMS and e-mail show no lines (the receipt has them): none are read.
  return writeNotices(
    trx,
    deps,
    { order, lines: [], point: undefined, payment: undefined },
    contact,
    event,
    'system',
    nowIso,
    false,
    { id: receipt.id, url: receipt.ticketUrl, total: receipt.total },
  );
}

/**
 * The fiscal worker's hook (issue 32): a receipt just issued writes its notice in the same transaction
 * ({@link recordReceiptNotice}); after commit the notification worker is woken to send it.
 */
export const receiptNoticeHook =
  (app: FastifyInstance) =>
  async (
    trx: DbOrTrx,
    receipt: Parameters<typeof recordReceiptNotice>[2],
  ): Promise<(() => void) | undefined> => {
    const deps = orderDeps(app);
    const written = await recordReceiptNotice(trx, deps, receipt, app.clock.now().toISOString());
    return written.sms.length || written.email.length ? () => deps.notifier.wake() : undefined;
  };

/**
 * Records the «order accepted» notices of an order its creating transaction has just written, from what that
 * transaction holds — the order, its lines and pickup point as written, the customer who places it — without
 * reading them back (see {@link writeNotices}). The SMS row is written already claimed (issue 14: claiming it after
 * commit cost one more write and disk flush); `order.create.ts` sends it in the background, the answer does not wait.
 * @returns the ids written, to deliver after commit with {@link deliverOrderNotices}.
 */
export function recordOrderAccepted(
  trx: DbOrTrx,
  deps: NoticeDeps,
  facts: Omit<NoticeFacts, 'payment'>,
  customer: CustomerContact,
  nowIso: string,
): Promise<WrittenNotices> {
  return writeNotices(
    trx,
    deps,
    { ...facts, payment: undefined },
    customer,
    'accepted',
    'customer',
    nowIso,
    true,
  );
}

/**
 * After commit: sends the event's SMS now (rows written already claimed go straight to sending) and wakes the worker
 * for the email. Status changes await it before answering; order creation runs it in the background (decision 023).
 * A failure never fails the order: the row stays in the outbox and the worker retries it.
 */
export async function deliverOrderNotices(
  deps: Pick<OrderDeps, 'notifier' | 'log'>,
  written: WrittenNotices,
): Promise<void> {
  try {
    const claimed = new Set(written.claimed?.rows.map((r) => r.id));
    if (written.claimed) await deps.notifier.deliverClaimed(written.claimed);
    const rest = written.sms.filter((id) => !claimed.has(id));
    if (rest.length) await deps.notifier.deliver(rest);
  } catch (err) {
    deps.log.error({ err }, 'order SMS delivery failed: left to the notification worker');
  }
  if (written.email.length) deps.notifier.wake();
}
