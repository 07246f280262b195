import { z } from 'zod';
import { Tenge } from './common.schema.ts';

/**
 * A parcel's state at the carrier as the shop follows it (issue 34 item 4, decision 068): `registering` until the
 * carrier validated it; `invalid`, `delivered`, `returned` and `cancelled` are final.
 */
export const SHIPMENT_STATES = [
  'registering',
  'invalid',
  'registered',
  'handed_to_carrier',
  'in_transit',
  'at_pickup_point',
  'out_for_delivery',
  'delivered',
  'not_delivered',
  'returned',
  'cancelled',
] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/**
 * The shopper's carrier choice in `POST /api/order/create` (issue 34 item 2, decision 069): for pickup (method 1)
 * the carrier point's `code` from `availablePickupPointList[].carrier`, for door delivery (method 2) `code` null
 * with the courier address in `delivery`; `tariffCode` and `quoteToken` as the split cart gave them. The token is
 * the shop's signed quote: the order charges its price or less, never more.
 */
export const CarrierChoice = z
  .object({
    code: z.string().trim().min(1).max(64).nullable(),
    tariffCode: z.number().int().positive().max(100_000),
    quoteToken: z.string().min(10).max(600),
  })
  .strict();
export type CarrierChoice = z.infer<typeof CarrierChoice>;

/** One state a parcel reached, with the carrier's own words and when (ISO 8601 UTC). */
export const ShipmentStateChange = z.object({
  state: z.enum(SHIPMENT_STATES),
  name: z.string(),
  city: z.string(),
  at: z.string(),
});
export type ShipmentStateChange = z.infer<typeof ShipmentStateChange>;

/**
 * An order sent by carrier, as its owner sees it (issue 34 items 2 and 4): the carrier, the delivery kind and
 * tariff, the delivery price charged (tenge) and period (working days); once staff send it, the parcel's
 * `trackNumber`, `state` and `states` (oldest first); before that `state` is null.
 */
export const OrderCarrier = z.object({
  carrier: z.string(),
  kind: z.enum(['pickup_point', 'locker', 'door']),
  tariffCode: z.number().int(),
  pointCode: z.string().nullable(),
  price: Tenge,
  periodMinDays: z.number().int().nonnegative(),
  periodMaxDays: z.number().int().nonnegative(),
  trackNumber: z.string().nullable(),
  state: z.enum(SHIPMENT_STATES).nullable(),
  states: z.array(ShipmentStateChange),
});
export type OrderCarrier = z.infer<typeof OrderCarrier>;

/**
 * A parcel as staff follow it on the order page (issue 34 items 3 and 6): its state and track number, CDEK's
 * reasons when it refused the parcel (Russian), the last failure to reach CDEK with the attempts so far, and
 * whether a label can be printed (`GET /api/admin/orders/{number}/shipment/label`).
 */
export const AdminShipment = z.object({
  state: z.enum(SHIPMENT_STATES),
  trackNumber: z.string().nullable(),
  problems: z.array(z.object({ code: z.string(), message: z.string() })),
  lastError: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  labelAvailable: z.boolean(),
});
export type AdminShipment = z.infer<typeof AdminShipment>;

/**
 * Query of `GET /api/city/search` (issue 34 item 1, decision 073): the start of a city's name in Russian or
 * Kazakh, 2–40 characters after trimming.
 */
export const CitySearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .regex(/^[\p{L}][\p{L} .'’-]*$/u, 'Название города: буквы, пробел, дефис'),
});
export type CitySearchQuery = z.infer<typeof CitySearchQuery>;

/**
 * A city found by name: a city the shop already has (`cityId` set: choose it like any city) or one only the carrier
 * knows (`cityId` null, `cdekCode` set: choose it with `POST /api/city/carrier`).
 */
export const CityOption = z.object({
  cityId: z.number().int().nullable(),
  cdekCode: z.number().int().nullable(),
  name: z.string(),
  /** The carrier's region (область), empty for the shop's own cities. */
  region: z.string(),
});
export type CityOption = z.infer<typeof CityOption>;

/** Answer of `GET /api/city/search`: the shop's cities first; `message` says politely when the carrier is down. */
export const CitySearchAnswer = z.object({
  cities: z.array(CityOption),
  carrierAvailable: z.boolean(),
  message: z.string().nullable(),
});
export type CitySearchAnswer = z.infer<typeof CitySearchAnswer>;

/** Body of `POST /api/city/carrier`: the carrier's city code and the name it was found by (re-checked). */
export const CarrierCityChoice = z.strictObject({
  cdekCode: z.number().int().positive().max(2_147_483_647),
  name: z.string().trim().min(1).max(100),
});
export type CarrierCityChoice = z.infer<typeof CarrierCityChoice>;
