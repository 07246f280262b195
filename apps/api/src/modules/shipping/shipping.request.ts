import type { DbOrTrx } from '#app/db/database.ts';
import { packagingOfSkus } from '#app/modules/catalog/catalog.packaging.ts';
import { parcelForLines } from './shipping.service.ts';
import * as repo from './shipping.repository.ts';
import { unitParcel } from './shipping.parcel.ts';
import type { ShipmentContact, ShipmentRequest } from './shipping.shipment.ts';
import type { OrderCarrierRow } from './shipping.table.ts';

// What the shop asks the carrier to carry for one order (issue 34 item 3, decision 068): built from the order's
// stored carrier choice, its lines and the SKUs' packaging, when staff send the order.

/** The order as the parcel needs it. Tenge. */
export interface ShippedOrder {
  number: string;
  /** Lines the parcel holds (units the shopper takes), with the unit price charged. */
  lines: { skuId: number; sku: string; name: string; price: number; qty: number }[];
  deliveryAmount: number;
  /** Cash or card on delivery: the carrier collects the goods and the delivery charge (CDEK's COD). */
  collectOnDelivery: boolean;
  recipient: ShipmentContact;
  /** The shopper's city name (shown to staff). */
  cityName?: string;
  /** Door delivery: the address line (street, building, flat); null for a point. */
  addressLine: string | null;
}

/** The shop as the parcel's sender: the seller's company and phone (SELLER_*), E.164. */
export const senderOf = (seller: { companyName: string; phone: string; email: string }): ShipmentContact => ({
  name: seller.companyName,
  phone: seller.phone.replace(/[^\d+]/g, ''),
  email: seller.email,
});

/** The stored carrier choice of an order, or undefined. */
export const carrierChoiceOf = (db: DbOrTrx, orderId: string): Promise<OrderCarrierRow | undefined> =>
  repo.orderCarrierOf(db, orderId);

/**
 * The registration of the order's parcel: tariff, point or door address, the warehouse's carrier city (and its
 * shipment point), the parcel's size from the SKUs' packaging, every line with its declared value, and what the
 * carrier collects on delivery (goods and delivery charge) for cash or card on delivery.
 */
export async function shipmentRequestFor(
  db: DbOrTrx,
  choice: OrderCarrierRow,
  order: ShippedOrder,
  sender: ShipmentContact,
): Promise<ShipmentRequest> {
  const lines = order.lines.filter((l) => l.qty > 0);
  const units = lines.map((l) => ({ skuId: l.skuId, quantity: l.qty }));
  const [parcel, packaging, shipmentPoint] = await Promise.all([
    parcelForLines(db, units),
    packagingOfSkus(
      db,
      lines.map((l) => l.skuId),
    ),
    repo.shipmentPointOf(db, choice.from_city_id),
  ]);
  const weightOf = (skuId: number) => {
    const p = packaging.find((x) => x.skuId === skuId);
    return p ? unitParcel(p).weightG : 500;
  };
  return {
    orderNumber: order.number,
    tariffCode: choice.tariff_code,
    pointCode: choice.point_code,
    address: choice.point_code ? null : { cityCode: choice.to_code, line: order.addressLine ?? '' },
    ...(order.cityName ? { toCityName: order.cityName } : {}),
    fromCityCode: choice.from_code,
    shipmentPoint,
    sender,
    recipient: order.recipient,
    parcel,
    items: lines.map((l) => ({
      ...{ name: l.name, sku: l.sku, unitPrice: l.price, weightG: weightOf(l.skuId), quantity: l.qty },
      unitCollect: order.collectOnDelivery ? l.price : 0,
    })),
    deliveryCollect: order.collectOnDelivery ? order.deliveryAmount : 0,
  };
}
