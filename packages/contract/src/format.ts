/** Formatting shared by the storefront and server messages (spec §5, §9). */

/** A no-break space (U+00A0): the group separator of ru and kk numbers and the space before the currency sign. */
const NBSP = '\u00a0';

/**
 * A whole number in groups of three digits joined by a no-break space, a minus (`-`) before a negative one:
 * `1234567` → `1 234 567` — the text `Intl.NumberFormat` gives in ru and kk for a safe integer (format.test.ts
 * compares them); undefined for any other number (a fraction, -0, NaN, ±Infinity, beyond 2^53), which only Intl
 * writes right. Written here because a browser's first `Intl.NumberFormat` costs 35–120 ms of its main thread in
 * one task on this project's test machine (its ICU number data), the largest blocking task of a page's first visit
 * in Chromium (issue 14).
 */
export function groupDigits(n: number): string | undefined {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return undefined;
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += NBSP + digits.slice(i, i + 3);
  return n < 0 ? `-${grouped}` : grouped;
}

/** Intl's tenge formatter, made only for an amount {@link groupDigits} does not write. */
let tenge: Intl.NumberFormat | undefined;

/**
 * Price in whole tenge → `12 990 ₸` (spec §9: ru-KZ, KZT, no decimals): {@link groupDigits}, a no-break space and
 * ₸ — the text of `Intl.NumberFormat('ru-KZ', { style: 'currency', currency: 'KZT', maximumFractionDigits: 0 })`
 * (format.test.ts), without building it in the browser (40–70 ms there). An amount that is not a whole number of
 * tenge (never a price: money is integer tenge) is formatted by Intl itself.
 */
export function formatPrice(amount: number): string {
  const grouped = groupDigits(amount);
  if (grouped !== undefined) return `${grouped}${NBSP}₸`;
  tenge ??= new Intl.NumberFormat('ru-KZ', { style: 'currency', currency: 'KZT', maximumFractionDigits: 0 });
  return tenge.format(amount);
}

/** `77012345678` → `+7 701 234 56 78` (spec §5: country digit, then groups of 3, 3, 2, 2). */
export function formatPhone(mobile: string): string {
  const d = mobile.replace(/\D/g, '');
  if (d.length !== 11) return mobile;
  return `+${d[0]} ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9, 11)}`;
}

/** The shop's time zone (Almaty): where a date is shown without a city's own. */
export const SHOP_TIME_ZONE = 'Asia/Almaty';

/** ISO date-time → `22 ноября 2026` in Russian with the month name (spec §9), in the given time zone. */
export function formatDate(iso: string, timeZone = SHOP_TIME_ZONE, locale = 'ru-RU'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(
    new Date(iso),
  );
}

/** A calendar day `YYYY-MM-DD` as the Date of its midnight in UTC (formatted in UTC, it stays that day). */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: string): Intl.DateTimeFormat {
  let f = dayFormats.get(locale);
  if (!f)
    dayFormats.set(
      locale,
      (f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' })),
    );
  return f;
}

/**
 * Kazakh month names, written by the shop itself: browsers built without Kazakh locale data (Debian's Chromium) give
 * `M11` for them through Intl, so a page formatted by the server in Node and again in the browser differed (React
 * hydration error #418 on the Kazakh product page).
 */
const KK_MONTHS = [
  'қаңтар',
  'ақпан',
  'наурыз',
  'сәуір',
  'мамыр',
  'маусым',
  'шілде',
  'тамыз',
  'қыркүйек',
  'қазан',
  'қараша',
  'желтоқсан',
];
const isKazakh = (locale: string) => locale.toLowerCase().startsWith('kk');
const kkDay = (day: string) => ({ d: Number(day.slice(8, 10)), m: KK_MONTHS[Number(day.slice(5, 7)) - 1]! });

/** A calendar day `2026-11-24` → `24 ноября` (spec §9: month names, by Intl; Kazakh by {@link KK_MONTHS}). */
export function formatDay(day: string, locale = 'ru-RU'): string {
  if (isKazakh(locale)) {
    const { d, m } = kkDay(day);
    return `${d} ${m}`;
  }
  return dayFormat(locale).format(utcDay(day));
}

/** Two calendar days as a range by Intl: `24–25 ноября`, `30 ноября – 2 декабря`. */
export function formatDayRange(from: string, to: string, locale = 'ru-RU'): string {
  if (isKazakh(locale)) {
    const [a, b] = [kkDay(from), kkDay(to)];
    return a.m === b.m ? `${a.d}–${b.d} ${b.m}` : `${a.d} ${a.m} – ${b.d} ${b.m}`;
  }
  return dayFormat(locale).formatRange(utcDay(from), utcDay(to));
}

/** Discount in whole percent, rounded down: (original − price) / original. */
export function discountPercent(price: number, originalPrice: number): number {
  if (originalPrice <= price || originalPrice <= 0) return 0;
  return Math.floor(((originalPrice - price) * 100) / originalPrice);
}
