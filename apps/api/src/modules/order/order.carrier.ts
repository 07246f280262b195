import { DeliveryMethod, type AdminOrderAction, type AdminShipment, type OrderCarrier } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { deliverOrderNotices } from './order.notify.ts';
import {
  requestShipment,
  resendShipment,
  type ShipmentChange,
} from '#app/modules/shipping/shipping.fulfilment.ts';
import { carrierChoiceOf, shipmentRequestFor } from '#app/modules/shipping/shipping.request.ts';
import { adminShipmentOf } from '#app/modules/shipping/shipping.orders.ts';
import { queueOrderSale } from './order.fiscal.ts';
import { moveOrder, type OrderDeps } from './order.lifecycle.ts';
import * as adminRepo from './order.admin.repository.ts';
import * as repo from './order.repository.ts';
import { orderChanged } from './order.service.ts';
import type { OrderRow } from './order.table.ts';

// Orders delivered by carrier after they are placed (issue 34 items 3–4, decisions 068–069): staff send a packed
// order (its parcel is recorded in the action's transaction and registered by the shipment job), and the parcel's
// verified states move the order — at the point or with the carrier's courier, delivered, returned — with the
// shopper's usual notices.

/** States in which staff may (re)send the parcel: not sent yet, or refused by the carrier. */
const SENDABLE: readonly (OrderCarrier['state'] | undefined)[] = [null, undefined, 'invalid'];

/**
 * The staff actions of a carrier order: once packed, «ship» instead of handing it over themselves; the carrier
 * completes it (no handover or completion here); cancelling only before the carrier took the parcel.
 */
export function carrierActions(
  actions: readonly AdminOrderAction[],
  carrier: OrderCarrier,
): AdminOrderAction[] {
  const sendable = SENDABLE.includes(carrier.state);
  const own: readonly AdminOrderAction[] = ['ready_for_pickup', 'handed_to_courier', 'handover', 'complete'];
  const out = actions.filter((a) => !own.includes(a) && (a !== 'cancel' || sendable));
  const packed = actions.includes('ready_for_pickup') || actions.includes('handed_to_courier');
  return packed && sendable ? [...out.filter((a) => a !== 'cancel'), 'ship', 'cancel'] : out;
}

/**
 * Staff send a packed carrier order (`ship`): its parcel — tariff, point or door, the lines taken, what the carrier
 * collects on delivery for cash or card on delivery — is recorded under the order's version, audited as
 * `order.shipped`; the shipment job registers it. A parcel the carrier refused is sent again the same way.
 * @throws AppError 409 4016 stale version; 409 4015 not a carrier order or the carrier is off.
 */
export async function shipOrder(
  deps: OrderDeps,
  row: OrderRow,
  version: number,
  actor: Actor,
): Promise<void> {
  const choice = await carrierChoiceOf(deps.db, row.id);
  if (!choice || !deps.shipping || !deps.sender)
    throw new AppError(
      409,
      4015,
      'Этот заказ не отправляется транспортной компанией или она сейчас отключена',
    );
  const [lines, parties] = await Promise.all([
    repo.findOrderLines(deps.db, [row.id]),
    adminRepo.selectOrderParties(deps.db, row.id),
  ]);
  const address = [
    row.delivery_street,
    row.delivery_building && `д. ${row.delivery_building}`,
    row.delivery_flat && `кв. ${row.delivery_flat}`,
  ];
  const request = await shipmentRequestFor(
    deps.db,
    choice,
    {
      number: row.number,
      lines: lines.map((l) => ({
        skuId: l.sku_id,
        sku: l.external_id,
        name: l.product_name,
        price: Number(l.price),
        qty: l.qty - l.refused_qty,
      })),
      deliveryAmount: Number(row.delivery_amount),
      cityName: parties.city_name,
      collectOnDelivery: row.payment_id === 1 || row.payment_id === 2,
      recipient: {
        name:
          row.delivery_contact_name ??
          ([parties.name, parties.surname].filter(Boolean).join(' ') || 'Покупатель'),
        phone: `+${row.delivery_contact_phone ?? parties.mobile}`,
        ...(row.email ? { email: row.email } : {}),
      },
      addressLine: row.delivery_street ? address.filter(Boolean).join(', ') : null,
    },
    deps.sender,
  );
  const nowIso = actor.at.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await adminRepo.claimVersion(trx, row.id, version, nowIso))) throw orderChanged();
    const p = { orderId: row.id, orderNumber: row.number, carrier: choice.carrier, request, now: actor.at };
    if (!(await requestShipment(trx, p))) await resendShipment(trx, p);
    await audit(trx, actor, 'order.shipped', { type: 'order', id: row.number }, null, {
      carrier: choice.carrier,
      tariffCode: choice.tariff_code,
      pointCode: choice.point_code,
    });
  });
}

/** The order's parcel as staff see it, or null before it is sent. */
export const staffShipment = (db: DbOrTrx, orderId: string): Promise<AdminShipment | null> =>
  adminShipmentOf(db, orderId);

/** Moves the order on to `to` as the carrier (a no-op when the order's life does not allow it). */
async function move(
  trx: DbOrTrx,
  deps: OrderDeps,
  orderId: string,
  to: Parameters<typeof moveOrder>[3],
  why: string,
  nowIso: string,
) {
  const order = await repo.findOrderById(trx, orderId);
  return order ? moveOrder(trx, deps, order, to, 'carrier', why, nowIso) : null;
}

/**
 * Turns the shipment job's changes into the orders' life (issue 34 item 4): at the point → ready for pickup, with
 * the carrier's courier → handed to courier (the shopper's usual SMS/e-mail), delivered → completed (for cash or
 * card on delivery its sale receipt, the type the shopper chose), returned to the shop → cancelled (stock back,
 * online money returned). Each change in its own transaction; notices sent after commit.
 */
export async function applyShipmentChanges(
  deps: OrderDeps,
  changes: readonly ShipmentChange[],
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  for (const c of changes) {
    const notices = await deps.db.transaction().execute(async (trx) => {
      const order = await repo.findOrderById(trx, c.orderId);
      if (!order) return [];
      const handing =
        order.delivery_method_id === DeliveryMethod.pickup ? 'ready_for_pickup' : 'handed_to_courier';
      const written = [];
      if (c.to === 'at_pickup_point' || c.to === 'out_for_delivery' || c.to === 'delivered')
        written.push(await move(trx, deps, c.orderId, handing, 'СДЭК: посылка у получателя', nowIso));
      if (c.to === 'delivered') {
        written.push(await move(trx, deps, c.orderId, 'completed', 'СДЭК: доставлен', nowIso));
        if (order.payment_id === 1 || order.payment_id === 2)
          await queueOrderSale(
            trx,
            deps.fiscal,
            c.orderId,
            { type: order.payment_id === 1 ? 'cash' : 'card' },
            nowIso,
          );
      }
      if (c.to === 'returned')
        written.push(
          await move(trx, deps, c.orderId, 'cancelled', 'СДЭК: посылка вернулась в магазин', nowIso),
        );
      return written.filter((n) => n !== null);
    });
    for (const n of notices) deps.notifier.sendInBackground(() => deliverOrderNotices(deps, n));
  }
}
