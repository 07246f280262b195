import type { CarrierChoice, CarrierDelivery, CarrierPointInfo, PickupPoint } from '@kiim/contract';
import { carrierDeliveryDates, type DeliveryDates } from '@kiim/contract/checkout';
import { DeliveryMethod } from '@kiim/contract/enums';
import type { Translate } from '@kiim/contract/text';

// The carrier's part of checkout (issue 34, decision 065/069) as the form carries it, read the same way in the
// browser and on the server (lib/checkout-form.ts): a carrier point is a pickup-point radio whose value holds the
// point's code, tariff and the shop's signed quote; door delivery is one hidden field with its tariff and quote.
// No extra call is needed to place the order, and the form works without JavaScript.

/** The prefix of a carrier point's radio value (the shop's own points have a number). */
const POINT_PREFIX = 'carrier:';

/** The radio value of a carrier point: `carrier:<tariff>:<code, URI-encoded>:<quote token>`. */
export const carrierPointValue = (c: CarrierPointInfo): string =>
  `${POINT_PREFIX}${c.tariffCode}:${encodeURIComponent(c.code)}:${c.quoteToken ?? ''}`;

/** The hidden field's value of door delivery: `<tariff>:<quote token>`. */
export const carrierDoorValue = (door: NonNullable<CarrierDelivery['door']>): string =>
  `${door.tariffCode}:${door.quoteToken}`;

const tariffOf = (s: string | undefined) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The carrier choice of the order (`CarrierChoice`: point code or null for the door, tariff, quote token) from the
 * checkout form: for pickup (method 1) a carrier point's radio value, for courier (method 2) the door field.
 * @returns null when the form chose none (the shop's own point or courier); malformed values are null too and the
 * API then refuses the order (the form is outside input).
 */
export function carrierChoiceOf(form: FormData, deliveryMethodId: number): CarrierChoice | null {
  if (deliveryMethodId === DeliveryMethod.courier) {
    const door = form.get('carrierDoor');
    if (typeof door !== 'string') return null;
    const at = door.indexOf(':');
    const tariffCode = tariffOf(door.slice(0, at));
    return at > 0 && tariffCode ? { code: null, tariffCode, quoteToken: door.slice(at + 1) } : null;
  }
  const point = form.get('pickupPointId');
  return typeof point === 'string' ? carrierPointOf(point) : null;
}

/** A point code from the form, or null when it is not valid URI encoding (a tampered value). */
function decodeCode(code: string): string | null {
  try {
    return decodeURIComponent(code);
  } catch {
    return null;
  }
}

/** A carrier point's radio value read back (see {@link carrierPointValue}); null for anything else. */
export function carrierPointOf(value: string | undefined): CarrierChoice | null {
  if (!value?.startsWith(POINT_PREFIX)) return null;
  const [tariff, code, ...token] = value.slice(POINT_PREFIX.length).split(':');
  const tariffCode = tariffOf(tariff);
  const decoded = decodeCode(code ?? '');
  return tariffCode && decoded ? { code: decoded, tariffCode, quoteToken: token.join(':') } : null;
}

/**
 * The split cart's pickup points with a distinct id for each carrier point (−1, −2…: the API gives them all `id` 0),
 * so that the list, the scheme's pins and the map can tell them apart. Own points keep their ids.
 */
export const withPointKeys = (points: readonly PickupPoint[]): PickupPoint[] =>
  points.map((p, i) => (p.carrier ? { ...p, id: -(i + 1) } : p));

/** What the chosen carrier option costs (tenge) and takes (working days), or null when none is chosen. */
export interface CarrierPick {
  price: number;
  periodMinDays: number;
  periodMaxDays: number;
}

/**
 * The offer the shopper picked: the point of `choice.code` on the list, or the door; null when the choice names
 * nothing on the current offer (the shop's own delivery, or a point gone since).
 */
export function pickedCarrierOption(
  choice: Pick<CarrierChoice, 'code'> | null,
  points: readonly PickupPoint[],
  delivery: CarrierDelivery | undefined,
): CarrierPick | null {
  if (!choice || !delivery) return null;
  if (choice.code === null) return delivery.door;
  return points.find((p) => p.carrier?.code === choice.code)?.carrier ?? null;
}

/** The carrier's period in words: «2–4 рабочих дня», «3 рабочих дня» (Kazakh: «2–4 жұмыс күні»). */
export const carrierPeriod = (t: Translate, minDays: number, maxDays: number): string =>
  minDays >= maxDays
    ? t('carrier.periodOne', { count: maxDays })
    : t('carrier.period', { min: minDays, max: maxDays });

/** The carrier's delivery dates for a period, from `now` in the city's zone (contract delivery.dates.ts). */
export const carrierDates = (now: string, timeZone: string, o: CarrierPick): DeliveryDates =>
  carrierDeliveryDates(new Date(now), timeZone, o.periodMinDays, o.periodMaxDays);

/**
 * The carrier's cheapest price and widest period over its points and, when given, its door (the pickup method's
 * line at checkout; the cart's note): shortest min, longest max; null with no offer at all.
 */
export function pointsPeriod(
  points: readonly PickupPoint[],
  door: CarrierDelivery['door'] = null,
): CarrierPick | null {
  const offers: CarrierPick[] = points.flatMap((p) => (p.carrier ? [p.carrier] : []));
  if (door) offers.push(door);
  if (offers.length === 0) return null;
  return {
    price: Math.min(...offers.map((o) => o.price)),
    periodMinDays: Math.min(...offers.map((o) => o.periodMinDays)),
    periodMaxDays: Math.max(...offers.map((o) => o.periodMaxDays)),
  };
}
