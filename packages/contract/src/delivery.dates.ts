import { DeliveryMethod } from './enums.ts';
import { formatDay, formatDayRange } from './format.ts';

// When an order can be received (spec §4 delivery times): the dates checkout, the product page and the delivery
// page show. Apart from checkout.rules.ts so that pages without checkout load none of its validation.

/** Orders placed before this local hour are ready at a pickup point the same day. */
export const PICKUP_SAME_DAY_UNTIL_HOUR = 16;
/** Courier orders placed before this local hour may come the same day (else from the next day). */
export const COURIER_SAME_DAY_UNTIL_HOUR = 12;
/** Days a line brought from another city's warehouse takes (spec §3 delivery information: 3–5 days). */
export const OTHER_CITY_DAYS = { from: 3, to: 5 } as const;

/** Delivery (or pickup) dates as local calendar days `YYYY-MM-DD` in the city's time zone; `from` ≤ `to`. */
export interface DeliveryDates {
  from: string;
  to: string;
}

/** The date-and-hour format of each time zone, made once (making one costs more than a whole order's SQL). */
const localFormats = new Map<string, Intl.DateTimeFormat>();
function localFormat(timeZone: string): Intl.DateTimeFormat {
  let f = localFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, f);
  }
  return f;
}

/** Local calendar date and hour of an instant in a time zone. */
function localParts(now: Date, timeZone: string): { y: number; m: number; d: number; hour: number } {
  const parts = localFormat(timeZone).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), hour: get('hour') };
}

/** `YYYY-MM-DD` of a local date plus `days`. */
function addDays(p: { y: number; m: number; d: number }, days: number): string {
  return new Date(Date.UTC(p.y, p.m - 1, p.d + days)).toISOString().slice(0, 10);
}

/**
 * When the order can be received (shown at checkout, stored on the order):
 * - pickup: the same day when placed before 16:00 local time, else the next day;
 * - courier: within the city's delivery days `courierDays` counted from today when placed before 12:00, else from
 *   tomorrow — the last of them and the day before (1 day: today–tomorrow, else tomorrow–the day after; 3 days:
 *   in 2–3 days; 0: the same day);
 * - with any line brought from another city: 3–5 days from today, whatever the method.
 * @param timeZone IANA zone of the order's city (e.g. `Asia/Almaty`).
 * @param courierDays the city's courier delivery days (`city.delivery_days`, set in the back office; default 1).
 */
export function deliveryDates(
  deliveryMethodId: number,
  now: Date,
  timeZone: string,
  fromOtherCity = false,
  courierDays = 1,
): DeliveryDates {
  const local = localParts(now, timeZone);
  if (fromOtherCity)
    return { from: addDays(local, OTHER_CITY_DAYS.from), to: addDays(local, OTHER_CITY_DAYS.to) };
  if (deliveryMethodId === DeliveryMethod.courier) {
    const start = local.hour < COURIER_SAME_DAY_UNTIL_HOUR ? 0 : 1;
    const days = Math.max(0, Math.floor(courierDays));
    return { from: addDays(local, start + Math.max(days - 1, 0)), to: addDays(local, start + days) };
  }
  const day = addDays(local, local.hour < PICKUP_SAME_DAY_UNTIL_HOUR ? 0 : 1);
  return { from: day, to: day };
}

/** `YYYY-MM-DD` of a local date plus `days` working days (Monday to Friday). */
function addWorkingDays(p: { y: number; m: number; d: number }, days: number): string {
  const day = new Date(Date.UTC(p.y, p.m - 1, p.d));
  for (let left = days; left > 0;) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/**
 * When a carrier parcel can be received (issue 34, decision 069): the shop hands it to the carrier the next working
 * day, then the carrier's period in working days (`minDays`–`maxDays`, from its calculator) — local days in the
 * shopper's city's zone.
 */
export function carrierDeliveryDates(
  now: Date,
  timeZone: string,
  minDays: number,
  maxDays: number,
): DeliveryDates {
  const local = localParts(now, timeZone);
  return {
    from: addWorkingDays(local, 1 + minDays),
    to: addWorkingDays(local, 1 + Math.max(minDays, maxDays)),
  };
}

/** The words and the `Intl` locale of delivery dates in one language (the storefront gives the page's). */
export interface DateWords {
  today: string;
  tomorrow: string;
  either: (a: string, b: string) => string;
  locale: string;
}

/**
 * Russian date words (the catalogue's `dates`, written out here so that browser code using these rules does not
 * carry the whole catalogue; the storefront passes its language's words from the catalogue).
 */
export const RU_DATE_WORDS: DateWords = {
  today: 'сегодня',
  tomorrow: 'завтра',
  either: (a, b) => `${a} или ${b}`,
  locale: 'ru-RU',
};

/**
 * Delivery dates in the language of `words` (Russian by default), relative to `now` in the city's zone where it
 * reads better: `сегодня`, `завтра`, `сегодня или завтра`, `24 ноября`, `24–25 ноября`, `30 ноября – 2 декабря`
 * (Kazakh: `бүгін`, `24–25 қараша`).
 */
export function formatDeliveryDates(
  dates: DeliveryDates,
  now: Date,
  timeZone: string,
  words = RU_DATE_WORDS,
): string {
  const local = localParts(now, timeZone);
  const relative = (day: string) =>
    day === addDays(local, 0) ? words.today : day === addDays(local, 1) ? words.tomorrow : null;
  const from = relative(dates.from);
  const to = relative(dates.to);
  if (dates.from === dates.to) return from ?? formatDay(dates.from, words.locale);
  if (from && to) return words.either(from, to);
  return formatDayRange(dates.from, dates.to, words.locale);
}
