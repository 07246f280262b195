/**
 * Checkout rules shared by the storefront (messages beside the fields before anything is sent) and the API
 * (the same rules enforced on `POST /api/order/create`): the validity flags of spec §3 and the delivery
 * dates shown at checkout and stored on the order. Zod-free, so browser code may import it
 * (`@kiim/contract/checkout`).
 */
import { DeliveryMethod } from './enums.ts';
import { formatDay, formatDayRange } from './format.ts';
import { normaliseKzMobile } from './phone.rules.ts';

/**
 * E-mail address pattern: the one zod 4 uses for `z.email()` (its `regexes.email`), so the storefront and
 * the API accept exactly the same addresses.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Longest values of the draft's text fields (the same limits as the API schema). */
export const CHECKOUT_LIMITS = {
  email: 254,
  contactName: 100,
  contactPhone: 32,
  street: 200,
  building: 50,
  entranceNumber: 20,
  floor: 20,
  flat: 20,
  customerComment: 1000,
} as const;

/** The part of the checkout draft (spec §3) the validity flags look at. */
export interface CheckoutFields {
  deliveryMethodId: number;
  pickupPointId?: number | null;
  email?: string | null;
  deliveryNotToCustomer?: boolean;
  delivery?: {
    contactName?: string | null;
    contactPhone?: string | null;
    street?: string | null;
    building?: string | null;
  } | null;
}

/** Validity flags of the checkout draft (spec §3): true when the field is acceptable as it is. */
export interface CheckoutValidity {
  email: boolean;
  deliveryContactName: boolean;
  deliveryContactPhone: boolean;
  deliveryStreet: boolean;
  deliveryBuilding: boolean;
  pickupPointId: boolean;
}

/** The message shown beside a field whose validity flag is false (spec §3, §8: Russian, polite). */
export const CHECKOUT_MESSAGES: Record<keyof CheckoutValidity, string> = {
  email: 'Проверьте адрес электронной почты, например aigerim@mail.kz',
  deliveryContactName: 'Укажите имя получателя',
  deliveryContactPhone: 'Укажите мобильный номер получателя, например +7 701 234 56 78',
  deliveryStreet: 'Укажите улицу или микрорайон',
  deliveryBuilding: 'Укажите номер дома',
  pickupPointId: 'Выберите пункт самовывоза',
};

/**
 * Where each flag's message goes in an API error body (`errors` keys of `POST /api/order/create`) and which
 * form field it belongs to in the storefront.
 */
export const CHECKOUT_FIELD_KEYS: Record<keyof CheckoutValidity, string> = {
  email: 'email',
  deliveryContactName: 'delivery.contactName',
  deliveryContactPhone: 'delivery.contactPhone',
  deliveryStreet: 'delivery.street',
  deliveryBuilding: 'delivery.building',
  pickupPointId: 'pickupPointId',
};

const filled = (v: string | null | undefined, max: number) => {
  const t = (v ?? '').trim();
  return t.length > 0 && t.length <= max;
};

/**
 * The validity flags of spec §3 for a draft. Rules:
 * - `email`: optional; when given, a valid address of at most 254 characters;
 * - `pickupPointId`: pickup (method 1) needs a point; when `offeredPickupPointIds` is given, one of them
 *   (the city's points);
 * - `deliveryStreet` (≤ 200) and `deliveryBuilding` (≤ 50): required for the courier (method 2);
 * - `deliveryContactName` (at least two letters, ≤ 100) and `deliveryContactPhone` (a Kazakh mobile): required
 *   for the courier when the recipient is another person (`deliveryNotToCustomer`).
 * Flags that do not apply to the chosen method are true.
 */
export function checkoutValidity(
  draft: CheckoutFields,
  offeredPickupPointIds?: readonly number[],
): CheckoutValidity {
  const email = (draft.email ?? '').trim();
  const courier = draft.deliveryMethodId === DeliveryMethod.courier;
  const pickup = draft.deliveryMethodId === DeliveryMethod.pickup;
  const other = courier && draft.deliveryNotToCustomer === true;
  const d = draft.delivery ?? {};
  const name = (d.contactName ?? '').trim();
  return {
    email: email === '' || (email.length <= CHECKOUT_LIMITS.email && EMAIL_PATTERN.test(email)),
    pickupPointId:
      !pickup ||
      (typeof draft.pickupPointId === 'number' &&
        draft.pickupPointId > 0 &&
        (!offeredPickupPointIds || offeredPickupPointIds.includes(draft.pickupPointId))),
    deliveryStreet: !courier || filled(d.street, CHECKOUT_LIMITS.street),
    deliveryBuilding: !courier || filled(d.building, CHECKOUT_LIMITS.building),
    deliveryContactName:
      !other || (name.length <= CHECKOUT_LIMITS.contactName && (name.match(/\p{L}/gu)?.length ?? 0) >= 2),
    deliveryContactPhone: !other || normaliseKzMobile(d.contactPhone ?? '') !== null,
  };
}

/**
 * Field errors of a draft keyed as the API answers them ({@link CHECKOUT_FIELD_KEYS}), each with its
 * message; empty when every flag is true.
 */
export function checkoutErrors(
  draft: CheckoutFields,
  offeredPickupPointIds?: readonly number[],
): Record<string, string[]> {
  const validity = checkoutValidity(draft, offeredPickupPointIds);
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(validity) as (keyof CheckoutValidity)[]) {
    if (!validity[key]) errors[CHECKOUT_FIELD_KEYS[key]] = [CHECKOUT_MESSAGES[key]];
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------------
// Delivery dates

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
