import type { ShippingConfig } from '#app/config.ts';
import type { DbOrTrx } from '#app/db/database.ts';
import { packagingOfSkus } from '#app/modules/catalog/catalog.packaging.ts';
import { createCdekCarrier } from './shipping.cdek.ts';
import { createCdekShipments } from './shipping.cdek.shipments.ts';
import type { ShipmentCarrier } from './shipping.shipment.ts';
import { parcelOf } from './shipping.parcel.ts';
import {
  CarrierUnavailableError,
  type Carrier,
  type CarrierPoint,
  type CarrierQuote,
  type Parcel,
  type Route,
} from './shipping.carrier.ts';
import { CARRIER_UNAVAILABLE } from './shipping.messages.ts';
import type { CarrierCache } from './shipping.quotes.ts';

/** A carrier point as checkout offers it: the point, and the price and period of the cheapest tariff to it. */
export interface OfferedPoint extends CarrierPoint {
  carrier: string;
  tariffCode: number;
  /** Tenge. */
  price: number;
  periodMinDays: number;
  periodMaxDays: number;
}

/** What checkout offers for a carrier city: points (spec §4 method 1) and door delivery (method 2), or a reason. */
export type CarrierOffer =
  | { available: true; carrier: string; points: OfferedPoint[]; door: CarrierQuote | null }
  | { available: false; carrier: string; message: typeof CARRIER_UNAVAILABLE };

const cheapest = (quotes: CarrierQuote[], kind: CarrierQuote['kind']) =>
  quotes
    .filter((q) => q.kind === kind)
    .sort((a, b) => a.price - b.price || a.periodMaxDays - b.periodMaxDays)[0];

/**
 * The carrier's offer for a parcel on a route (issue 34 item 2): every point that takes the parcel with the
 * cheapest tariff of its kind (lockers only within their weight limit), and the cheapest door tariff. Any
 * carrier failure becomes `available: false` with the plain message, so checkout keeps the shop's own methods.
 * @throws only what is not a carrier failure (a bug).
 */
export async function carrierOffer(
  cache: CarrierCache,
  carrier: Carrier,
  route: Route,
  parcel: Parcel,
): Promise<CarrierOffer> {
  try {
    const [quotes, points] = await Promise.all([
      cache.quotes(carrier, route, parcel),
      cache.points(carrier, route.toCode),
    ]);
    const toPoint = cheapest(quotes, 'point');
    const toLocker = cheapest(quotes, 'locker');
    const offered = points.flatMap((p): OfferedPoint[] => {
      const q = p.kind === 'locker' ? toLocker : toPoint;
      if (!q || p.maxWeightG < parcel.weightG) return [];
      const { tariffCode, price, periodMinDays, periodMaxDays } = q;
      return [{ ...p, carrier: carrier.code, tariffCode, price, periodMinDays, periodMaxDays }];
    });
    const door = cheapest(quotes, 'door') ?? null;
    if (offered.length === 0 && !door)
      return { available: false, carrier: carrier.code, message: CARRIER_UNAVAILABLE };
    return { available: true, carrier: carrier.code, points: offered, door };
  } catch (e) {
    if (e instanceof CarrierUnavailableError)
      return { available: false, carrier: carrier.code, message: CARRIER_UNAVAILABLE };
    throw e;
  }
}

/**
 * What an order charges for carrier delivery: the price the shopper was shown, or less if the carrier's price
 * fell since — never more (issue 34 item 2). Tenge.
 */
export function deliveryCharge(quotedPrice: number, currentPrice: number | null): number {
  return currentPrice === null ? quotedPrice : Math.min(quotedPrice, currentPrice);
}

/**
 * The parcel of cart or order lines from the catalogue's packaging data (issue 34 item 5). Lines of unknown
 * SKUs are left out. @throws Error when no line remains (nothing to send).
 */
export async function parcelForLines(
  db: DbOrTrx,
  lines: readonly { skuId: number; quantity: number }[],
): Promise<Parcel> {
  const packaging = new Map(
    (
      await packagingOfSkus(
        db,
        lines.map((l) => l.skuId),
      )
    ).map((p) => [p.skuId, p]),
  );
  return parcelOf(
    lines.flatMap((l) => {
      const p = packaging.get(l.skuId);
      return p ? [{ sku: p.sku, category: p.category, kind: p.kind, quantity: l.quantity }] : [];
    }),
  );
}

/** The CDEK options of the configuration, or null when `CDEK_MODE=off` or the simulator's URL is not known yet. */
function cdekOptions(c: ShippingConfig['cdek'], fetchImpl?: typeof fetch) {
  if (c.mode === 'off' || !c.apiUrl) return null;
  return {
    apiUrl: c.apiUrl,
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    timeoutMs: c.timeoutMs,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  };
}

/** The configured carrier (CDEK), or null when `CDEK_MODE=off` or the simulator's URL is not known yet. */
export function carrierFromConfig(c: ShippingConfig['cdek'], fetchImpl?: typeof fetch): Carrier | null {
  const o = cdekOptions(c, fetchImpl);
  return o && createCdekCarrier(o);
}

/** The configured carrier's parcels (CDEK orders, decision 068), or null as {@link carrierFromConfig}. */
export function shipmentsFromConfig(
  c: ShippingConfig['cdek'],
  fetchImpl?: typeof fetch,
): ShipmentCarrier | null {
  const o = cdekOptions(c, fetchImpl);
  return o && createCdekShipments(o);
}
