import { AppError } from '#app/lib/errors.ts';

/**
 * What the shop needs from a carrier (issue 34, docs/decisions/045): its cities, its pickup points and a price
 * with a period for a parcel on a route. CDEK is the first carrier (shipping.cdek.ts); Kazpost or another fits
 * by implementing the same interface. Money in whole tenge, weight in grams, sizes in whole centimetres,
 * periods in working days.
 */

/** One parcel as carriers price it. */
export interface Parcel {
  weightG: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/** A city the carrier serves, with its own code. */
export interface CarrierCity {
  code: number;
  name: string;
  region: string;
}

/** A carrier's pickup point or parcel locker, with the fields of the shop's own pickup points. */
export interface CarrierPoint {
  code: string;
  kind: 'pickup_point' | 'locker';
  title: string;
  address: string;
  openingHours: string;
  longitude: number;
  latitude: number;
  /** Heaviest parcel accepted, grams. */
  maxWeightG: number;
}

/** How the parcel reaches the shopper: to a point (spec §4 method 1) or to the door (method 2). */
export type DeliveryKind = 'point' | 'door' | 'locker';

/** A price and period the carrier quoted for one tariff. */
export interface CarrierQuote {
  tariffCode: number;
  tariffName: string;
  kind: DeliveryKind;
  /** Tenge, as the carrier will bill it. */
  price: number;
  periodMinDays: number;
  periodMaxDays: number;
}

/** A route: carrier city codes of the warehouse holding the stock and of the shopper. */
export interface Route {
  fromCode: number;
  toCode: number;
}

/** The carrier could not answer (down, slow, malformed, refused): checkout offers the shop's own methods only. */
export class CarrierUnavailableError extends Error {
  constructor(
    readonly carrier: string,
    readonly reason: string,
  ) {
    super(`${carrier} unavailable: ${reason}`);
    this.name = 'CarrierUnavailableError';
  }
}

/**
 * Runs a carrier call and answers its failure as 503 with `message` for the person waiting (`code`: the API's
 * error code for it); any other error passes through.
 * @throws AppError 503 when the carrier cannot answer.
 */
export async function orCarrierDown<T>(call: Promise<T>, code: number, message: string): Promise<T> {
  try {
    return await call;
  } catch (e) {
    if (!(e instanceof CarrierUnavailableError)) throw e;
    throw new AppError(503, code, message);
  }
}

/** A carrier. Every method throws {@link CarrierUnavailableError} and nothing else when the carrier fails. */
export interface Carrier {
  /** Short code stored with the choice on an order (`cdek`). */
  readonly code: string;
  /** Cities whose Russian or Kazakh name starts with `prefix` (at most 50). */
  suggestCities(prefix: string): Promise<CarrierCity[]>;
  /** Pickup points and lockers in a city. An empty list is a valid answer. */
  points(cityCode: number): Promise<CarrierPoint[]>;
  /** Every tariff available for the route and parcel, cheapest first. */
  quote(route: Route, parcel: Parcel): Promise<CarrierQuote[]>;
}
