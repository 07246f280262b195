import type { ShippingConfig } from '#app/config.ts';
import type { DbOrTrx } from '#app/db/database.ts';
import type { Carrier } from './shipping.carrier.ts';
import { CARRIER_UNAVAILABLE } from './shipping.messages.ts';
import { createCarrierCache, type CarrierCache } from './shipping.quotes.ts';
import { selectCdekCodes } from './shipping.repository.ts';
import { carrierFromConfig, carrierOffer, parcelForLines, type CarrierOffer } from './shipping.service.ts';

/** The configured carrier and its caches, as the app holds them (null when `CDEK_MODE=off`). */
export interface ShippingDeps {
  carrier: Carrier;
  cache: CarrierCache;
}

/** The app's carrier and caches from configuration (quotes kept `CDEK_QUOTE_TTL_SECONDS`); null when off. */
export function shippingDeps(c: ShippingConfig['cdek'], fetchImpl?: typeof fetch): ShippingDeps | null {
  const carrier = carrierFromConfig(c, fetchImpl);
  return carrier && { carrier, cache: createCarrierCache({ quoteTtlMs: c.quoteTtlSeconds * 1000 }) };
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

/**
 * The carrier's offer for sending `units` to the carrier city `toCode` (issue 34 item 2): origin = the warehouse
 * city holding the stock ({@link originCity}), parcel from the SKUs' packaging data, prices in tenge and periods
 * in working days from the cached quote. Every carrier failure, and a route with no warehouse the carrier serves,
 * is `available: false` with the plain message, so checkout keeps the shop's own methods.
 */
export async function offerForUnits(
  db: DbOrTrx,
  deps: ShippingDeps,
  toCode: number,
  units: readonly SourcedUnits[],
): Promise<CarrierOffer> {
  const codes = await selectCdekCodes(
    db,
    units.map((u) => u.sourceCityId),
  );
  const origin = originCity(units, codes);
  if (origin === null) return { available: false, carrier: deps.carrier.code, message: CARRIER_UNAVAILABLE };
  const parcel = await parcelForLines(
    db,
    units.map((u) => ({ skuId: u.skuId, quantity: u.qty })),
  );
  return carrierOffer(deps.cache, deps.carrier, { fromCode: codes.get(origin)!, toCode }, parcel);
}
