import type { AdminShipment, OrderCarrier, PickupPoint } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import type { CheckedCarrier } from './shipping.choice.ts';
import * as repo from './shipping.repository.ts';
import { stateOfCode, type ShipmentState } from './shipping.status.ts';
import type { ShipmentRow } from './shipping.table.ts';

// Orders sent by carrier as the order module stores and shows them (issue 34 items 2 and 4, decision 069).

/**
 * Writes the order's checked carrier choice, in the order's transaction (one per order); `cityName` is the
 * shopper's city as the point was shown in.
 */
export function recordCarrierChoice(
  trx: DbOrTrx,
  orderId: string,
  c: CheckedCarrier,
  cityName: string,
  nowIso: string,
): Promise<void> {
  const p = c.point;
  return repo.insertOrderCarrier(trx, {
    ...{ order_id: orderId, carrier: c.carrier, kind: c.kind, tariff_code: c.tariffCode },
    ...{ point_code: p?.code ?? null, point_title: p?.title ?? null, point_city: p ? cityName : null },
    ...{ point_address: p?.address ?? null, point_hours: p?.openingHours ?? null },
    ...{ point_longitude: p?.longitude ?? null, point_latitude: p?.latitude ?? null },
    ...{ from_city_id: c.originCityId, from_code: c.fromCode, to_code: c.toCode },
    ...{ quoted_price: c.quotedPrice, price: c.price },
    ...{ period_min_days: c.periodMinDays, period_max_days: c.periodMaxDays, created_at: nowIso },
  });
}

/** An order's carrier delivery as its owner sees it, and its carrier point shown as the pickup point. */
export interface OrderCarrierView {
  carrier: OrderCarrier;
  /** The carrier point (`id` 0, `carrier` set) for pickup and lockers; null for the door. */
  pickupPoint: PickupPoint | null;
}

/**
 * The carrier delivery of orders (`cityOf`: each order's city id) with their parcels' tracking: three queries
 * whatever the number of orders. Orders without a carrier choice are absent.
 */
export async function carrierViews(
  db: DbOrTrx,
  orders: readonly { id: string; cityId: number }[],
): Promise<Map<string, OrderCarrierView>> {
  const ids = orders.map((o) => o.id);
  const [choices, shipments] = await Promise.all([
    repo.orderCarriers(db, ids),
    repo.shipmentsOfOrders(db, ids),
  ]);
  if (choices.length === 0) return new Map();
  const statuses = await repo.statusesOfShipments(
    db,
    shipments.map((s) => s.id),
  );
  const cityOf = new Map(orders.map((o) => [o.id, o.cityId]));
  const out = new Map<string, OrderCarrierView>();
  for (const c of choices) {
    const shipment = shipments.find((s) => s.order_id === c.order_id);
    const states = shipment
      ? statuses
          .filter((s) => s.shipment_id === shipment.id)
          .map((s) => ({ state: stateOfCode(s.code), name: s.name, city: s.city, at: s.at }))
      : [];
    const carrier: OrderCarrier = {
      ...{ carrier: c.carrier, kind: c.kind, tariffCode: c.tariff_code, pointCode: c.point_code },
      ...{ price: Number(c.price), periodMinDays: c.period_min_days, periodMaxDays: c.period_max_days },
      trackNumber: shipment?.track_number ?? null,
      state: (shipment?.state as ShipmentState | undefined) ?? null,
      states,
    };
    const pickupPoint: PickupPoint | null =
      c.point_code === null
        ? null
        : {
            ...{
              id: 0,
              regionId: cityOf.get(c.order_id) ?? 0,
              title: c.point_title ?? '',
              buildingName: null,
            },
            ...{ addressCity: c.point_city ?? '', addressStreetNumber: c.point_address ?? '' },
            ...{ addressEntranceNumber: null, addressFloor: null, addressApartmentNumber: null },
            ...{ addressComment: null, openingHours: c.point_hours ?? '' },
            ...{ longitude: Number(c.point_longitude ?? 0), latitude: Number(c.point_latitude ?? 0) },
            carrier: {
              ...{
                carrier: c.carrier,
                code: c.point_code,
                tariffCode: c.tariff_code,
                price: Number(c.price),
              },
              kind: c.kind === 'locker' ? 'locker' : 'pickup_point',
              ...{ periodMinDays: c.period_min_days, periodMaxDays: c.period_max_days },
            },
          };
    out.set(c.order_id, { carrier, pickupPoint });
  }
  return out;
}

/** Whether the carrier can print the parcel's label: it accepted the parcel (not refused, not still registering). */
export const labelAvailableOf = (row: Pick<ShipmentRow, 'carrier_id' | 'state'>): boolean =>
  row.carrier_id !== null && row.state !== 'invalid' && row.state !== 'registering';

/** An order's parcel as staff follow it (issue 34 items 3 and 6), or null before staff send it. */
export async function adminShipmentOf(db: DbOrTrx, orderId: string): Promise<AdminShipment | null> {
  const [row] = await repo.shipmentsOfOrders(db, [orderId]);
  if (!row) return null;
  return {
    state: row.state as ShipmentState,
    trackNumber: row.track_number,
    problems: row.problems ? (JSON.parse(row.problems) as AdminShipment['problems']) : [],
    lastError: row.last_error,
    attempts: row.attempts,
    labelAvailable: labelAvailableOf(row),
  };
}
