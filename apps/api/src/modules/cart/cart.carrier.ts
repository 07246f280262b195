import {
  DELIVERY_METHOD_NAMES,
  DeliveryMethod,
  type CarrierDelivery,
  type DeliveryMethodOption,
  type PaymentMethodOption,
  type PickupPoint,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { allocate } from '#app/modules/inventory/inventory.allocate.ts';
import { visibleStock } from '#app/modules/inventory/inventory.service.ts';
import {
  offerForUnits,
  quoteToken,
  type QuotedOption,
  type ShippingDeps,
  type SourcedUnits,
} from '#app/modules/shipping/shipping.checkout.ts';
import type { OfferedPoint } from '#app/modules/shipping/shipping.service.ts';
import type { CatalogueLang } from '#app/modules/catalog/catalog.texts.ts';
import type { CartCity, CartLine } from './cart.mapper.ts';
import { offeredPaymentMethods, paymentMethodRules } from './checkout.policy.ts';

/** What the split cart shows for a carrier city: its points, door delivery, and the methods they make. */
export interface CarrierCheckout {
  pickupPoints: PickupPoint[];
  deliveryMethods: DeliveryMethodOption[];
  paymentMethods: PaymentMethodOption[];
  carrierDelivery: CarrierDelivery;
}

/**
 * Whether checkout in `city` offers the carrier (issue 34 item 2, decisions 065 and 070): a city visible to shoppers,
 * with a CDEK code, while a carrier is configured — one the shop does not serve itself (no pickup point, no courier),
 * or one where staff switched «also in this city» on.
 */
export const isCarrierCity = (city: CartCity, deps: ShippingDeps | null): deps is ShippingDeps =>
  deps !== null &&
  city.visibleForCustomers &&
  city.cdekCode != null &&
  ((!city.hasPickupPoints && !city.courierAvailable) || city.carrierInOwnCity === true);

/** Delivery methods of the shop and the carrier together: each method once, at the lower «from» price. */
export function mergeMethods(
  own: readonly DeliveryMethodOption[],
  carrier: readonly DeliveryMethodOption[],
): DeliveryMethodOption[] {
  const byId = new Map<number, DeliveryMethodOption>();
  for (const m of [...own, ...carrier]) {
    const seen = byId.get(m.id);
    if (!seen || m.price < seen.price) byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Whether the city is also served by the shop itself (its carrier offer is added to its own methods). */
export const servedByShop = (city: CartCity): boolean => city.hasPickupPoints || city.courierAvailable;

/** A carrier point on the shop's pickup-point list (`id` 0: chosen by `carrier.code`), with its signed quote. */
function toListedPoint(p: OfferedPoint, city: CartCity, token: string): PickupPoint {
  return {
    id: 0,
    regionId: city.id,
    title: p.title,
    buildingName: null,
    addressCity: city.name ?? '',
    addressStreetNumber: p.address,
    addressEntranceNumber: null,
    addressFloor: null,
    addressApartmentNumber: null,
    addressComment: null,
    openingHours: p.openingHours,
    longitude: p.longitude,
    latitude: p.latitude,
    carrier: {
      carrier: p.carrier,
      code: p.code,
      kind: p.kind,
      tariffCode: p.tariffCode,
      price: p.price,
      periodMinDays: p.periodMinDays,
      periodMaxDays: p.periodMaxDays,
      quoteToken: token,
    },
  };
}

/**
 * The units an order from `lines` in `cityId` would take, as inventory allocates them (the city's own stock, then
 * other visible cities'): the parcel a carrier would carry.
 */
export async function carrierUnits(
  db: DbOrTrx,
  cityId: number,
  lines: readonly CartLine[],
): Promise<SourcedUnits[]> {
  const stock = await visibleStock(
    db,
    lines.map((l) => l.skuId),
  );
  return allocate(lines, stock, cityId, true).planned.map((p) => ({
    skuId: p.line.skuId,
    sourceCityId: p.sourceCityId,
    qty: p.qty,
  }));
}

/**
 * The carrier's part of the split cart for a carrier city ({@link isCarrierCity}; issue 34 item 2): the lines an
 * order would take (in the city or, mostly, from other cities' stock, as allocation plans them) quoted from the
 * warehouse city holding them; method 1 (pickup) at the cheapest point's price when the carrier has points,
 * method 2 (courier) at the door price when it delivers to the door; the payment methods those allow. With the
 * carrier failing: no method, `available: false` and the plain message in the shopper's language.
 * @returns null when no line can be sent (nothing in stock anywhere).
 */
export async function carrierCheckout(
  db: DbOrTrx,
  deps: ShippingDeps,
  city: CartCity & { cdekCode?: number | null },
  lines: readonly CartLine[],
  kaspiOn: boolean,
  lang: CatalogueLang | null,
): Promise<CarrierCheckout | null> {
  const units = await carrierUnits(db, city.id, lines);
  if (units.length === 0 || city.cdekCode == null) return null;
  const { offer, route } = await offerForUnits(db, deps, city.cdekCode, units);
  if (!offer.available) {
    const message = lang === 'kk' ? offer.message.kk : offer.message.ru;
    return {
      pickupPoints: [],
      deliveryMethods: [],
      paymentMethods: [],
      carrierDelivery: { carrier: offer.carrier, available: false, message, door: null },
    };
  }
  if (!route) return null; // an offer is only made for a route
  const methods: DeliveryMethodOption[] = [];
  if (offer.points.length > 0) {
    const price = Math.min(...offer.points.map((p) => p.price));
    methods.push({ id: DeliveryMethod.pickup, name: DELIVERY_METHOD_NAMES[DeliveryMethod.pickup], price });
  }
  if (offer.door) {
    const price = offer.door.price;
    methods.push({ id: DeliveryMethod.courier, name: DELIVERY_METHOD_NAMES[DeliveryMethod.courier], price });
  }
  const { door } = offer;
  const now = Date.now();
  const tokens = new Map<string, string>();
  const sign = (o: QuotedOption) => {
    const key = `${o.kind}:${o.tariffCode}`;
    if (!tokens.has(key)) tokens.set(key, quoteToken(deps, city.id, route, o, now));
    return tokens.get(key)!;
  };
  const pointKind = (p: OfferedPoint): QuotedOption['kind'] => (p.kind === 'locker' ? 'locker' : 'point');
  return {
    pickupPoints: offer.points.map((p) => toListedPoint(p, city, sign({ ...p, kind: pointKind(p) }))),
    deliveryMethods: methods,
    paymentMethods: offeredPaymentMethods(methods, paymentMethodRules(kaspiOn)),
    carrierDelivery: {
      carrier: offer.carrier,
      available: true,
      message: null,
      door: door && {
        carrier: offer.carrier,
        tariffCode: door.tariffCode,
        tariffName: door.tariffName,
        price: door.price,
        periodMinDays: door.periodMinDays,
        periodMaxDays: door.periodMaxDays,
        quoteToken: sign({ ...door, kind: 'door' }),
      },
    },
  };
}
