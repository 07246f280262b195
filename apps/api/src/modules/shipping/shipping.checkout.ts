import type { ShippingConfig } from '#app/config.ts';
import type { DbOrTrx } from '#app/db/database.ts';
import type { Carrier, Parcel, Route } from './shipping.carrier.ts';
import { CARRIER_UNAVAILABLE } from './shipping.messages.ts';
import { classKey, parcelClass } from './shipping.parcel.ts';
import { createCarrierCache, type CarrierCache } from './shipping.quotes.ts';
import { signQuote, type SignedQuote } from './shipping.quote-token.ts';
import { selectCdekCodes } from './shipping.repository.ts';
import type { ShipmentCarrier } from './shipping.shipment.ts';
import {
  carrierFromConfig,
  carrierOffer,
  parcelForLines,
  shipmentsFromConfig,
  type CarrierOffer,
} from './shipping.service.ts';

/** The configured carrier and its caches, as the app holds them (null when `CDEK_MODE=off`). */
export interface ShippingDeps {
  carrier: Carrier;
  /** The same carrier's parcels: registration, tracking, labels (decision 068). */
  shipments: ShipmentCarrier;
  cache: CarrierCache;
  /** Keys the signed quotes (decision 069): the server's `OTP_SECRET`. */
  quoteSecret: string;
  /** How long a signed quote is honoured, seconds (`CDEK_QUOTE_TTL_SECONDS`). */
  quoteTtlSeconds: number;
}

/**
 * The app's carrier and caches from configuration (quotes kept `CDEK_QUOTE_TTL_SECONDS`, signed with
 * `quoteSecret`); null when off.
 */
export function shippingDeps(
  c: ShippingConfig['cdek'],
  quoteSecret: string,
  fetchImpl?: typeof fetch,
): ShippingDeps | null {
  const carrier = carrierFromConfig(c, fetchImpl);
  const shipments = shipmentsFromConfig(c, fetchImpl);
  if (!carrier || !shipments) return null;
  const cache = createCarrierCache({ quoteTtlMs: c.quoteTtlSeconds * 1000 });
  return { carrier, shipments, cache, quoteSecret, quoteTtlSeconds: c.quoteTtlSeconds };
}

/** Units of one SKU an order would take from one warehouse city (inventory's allocation). */
export interface SourcedUnits {
  skuId: number;
  sourceCityId: number;
  qty: number;
}

/**
 * The warehouse a carrier parcel leaves from (issue 34 item 2, ADR 065): of the cities the units come from, the
 * one with a CDEK code sending the most units (then the lowest city id). Null when none has a code.
 */
export function originCity(
  units: readonly SourcedUnits[],
  codes: ReadonlyMap<number, number>,
): number | null {
  const byCity = new Map<number, number>();
  for (const u of units) {
    if (codes.has(u.sourceCityId)) byCity.set(u.sourceCityId, (byCity.get(u.sourceCityId) ?? 0) + u.qty);
  }
  const best = [...byCity].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  return best ? best[0] : null;
}

/** Where a parcel of some units goes from and as what: the part of a quote that must not change before the order. */
export interface ParcelRoute {
  originCityId: number;
  route: Route;
  parcel: Parcel;
  /** Route and parcel class in one string: a signed quote holds only for the same key. */
  parcelKey: string;
}

/**
 * The route and parcel of `units` sent to the carrier city `toCode`, from the database alone (no carrier call):
 * origin per {@link originCity}, parcel from the SKUs' packaging data. Null when no source city has a code.
 */
export async function parcelRoute(
  db: DbOrTrx,
  toCode: number,
  units: readonly SourcedUnits[],
): Promise<ParcelRoute | null> {
  const codes = await selectCdekCodes(
    db,
    units.map((u) => u.sourceCityId),
  );
  const originCityId = originCity(units, codes);
  if (originCityId === null) return null;
  const parcel = await parcelForLines(
    db,
    units.map((u) => ({ skuId: u.skuId, quantity: u.qty })),
  );
  const route = { fromCode: codes.get(originCityId)!, toCode };
  const parcelKey = `${route.fromCode}:${toCode}:${classKey(parcelClass(parcel))}`;
  return { originCityId, route, parcel, parcelKey };
}

/**
 * The carrier's offer for sending `units` to the carrier city `toCode` (issue 34 item 2): origin = the warehouse
 * city holding the stock, parcel from the SKUs' packaging data, prices in tenge and periods in working days from
 * the cached quote. Every carrier failure, and a route with no warehouse the carrier serves, is
 * `available: false` with the plain message, so checkout keeps the shop's own methods.
 * @returns the offer and, when there is a warehouse, its route.
 */
export async function offerForUnits(
  db: DbOrTrx,
  deps: ShippingDeps,
  toCode: number,
  units: readonly SourcedUnits[],
): Promise<{ offer: CarrierOffer; route: ParcelRoute | null }> {
  const route = await parcelRoute(db, toCode, units);
  if (!route) {
    return { offer: { available: false, carrier: deps.carrier.code, message: CARRIER_UNAVAILABLE }, route };
  }
  return { offer: await carrierOffer(deps.cache, deps.carrier, route.route, route.parcel), route };
}

/** One option the shopper is shown, to be signed. */
export type QuotedOption = Pick<
  SignedQuote,
  'kind' | 'tariffCode' | 'price' | 'periodMinDays' | 'periodMaxDays'
>;

/** The signed quote of one option shown for `cityId` on `route` (decision 069), valid `quoteTtlSeconds`. */
export function quoteToken(
  deps: ShippingDeps,
  cityId: number,
  route: ParcelRoute,
  o: QuotedOption,
  nowMs: number,
): string {
  const expiresAt = Math.floor(nowMs / 1000) + deps.quoteTtlSeconds;
  return signQuote(deps.quoteSecret, {
    ...{ carrier: deps.carrier.code, cityId, kind: o.kind, tariffCode: o.tariffCode, price: o.price },
    ...{
      periodMinDays: o.periodMinDays,
      periodMaxDays: o.periodMaxDays,
      parcelKey: route.parcelKey,
      expiresAt,
    },
  });
}
