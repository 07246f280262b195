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

/**
 * The calendar fields of an instant in a time zone: year, month (1–12), day, hour (0–23), minute. Read through
 * `Intl.DateTimeFormat('en-US')` numeric parts only — data every browser carries, unlike Kazakh (or full Russian)
 * month names — so the server and the browser get the same numbers (issue 35 §2).
 */
export function zonedFields(iso: string, timeZone = SHOP_TIME_ZONE) {
  let f = zoneFormats.get(timeZone);
  if (!f)
    zoneFormats.set(
      timeZone,
      (f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })),
    );
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(iso))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Month names as the dates show them, written by the shop itself and never by the browser's `Intl`: Debian's
 * Chromium has no Kazakh locale data and gave «2026 M11 28» after hydration where the server wrote
 * «2026 ж. 28 қараша» (React error #418, issue 35 §2). Russian in the genitive («28 ноября»), Kazakh in the
 * nominative after the day («28 қараша»), as CLDR writes them (format.test.ts compares with Node's full ICU).
 */
const MONTHS = {
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
  kk: [
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
  ],
};
const isKazakh = (locale: string) => locale.toLowerCase().startsWith('kk');

/** Day, month and year → `28 ноября 2026 г.` (ru) or `2026 ж. 28 қараша` (kk); the year left out when `year` is. */
function writeDay(locale: string, year: number | undefined, month: number, day: number): string {
  if (isKazakh(locale)) return `${year === undefined ? '' : `${year} ж. `}${day} ${MONTHS.kk[month - 1]}`;
  return `${day} ${MONTHS.ru[month - 1]}${year === undefined ? '' : ` ${year} г.`}`;
}

/**
 * ISO date-time → `28 ноября 2026 г.` (ru) or `2026 ж. 28 қараша` (kk), the day in `timeZone` (spec §9) — the
 * same text on the server and in every browser.
 */
export function formatDate(iso: string, timeZone = SHOP_TIME_ZONE, locale = 'ru-RU'): string {
  const { year, month, day } = zonedFields(iso, timeZone);
  return writeDay(locale, year, month, day);
}

/** ISO date-time → the time of day `09:05` (24-hour, ru and kk alike) in `timeZone`. */
export function formatTime(iso: string, timeZone = SHOP_TIME_ZONE): string {
  const { hour, minute } = zonedFields(iso, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** `22 ноября 2026 г., 14:35` (kk: `2026 ж. 22 қараша, 14:35`) in `timeZone` (spec §9: month names). */
export function formatDateTime(iso: string, timeZone = SHOP_TIME_ZONE, locale = 'ru-RU'): string {
  return `${formatDate(iso, timeZone, locale)}, ${formatTime(iso, timeZone)}`;
}

/** A calendar day `YYYY-MM-DD` as its year, month and day numbers. */
const dayFields = (day: string) => ({
  y: Number(day.slice(0, 4)),
  m: Number(day.slice(5, 7)),
  d: Number(day.slice(8, 10)),
});

/** A calendar day `2026-11-24` → `24 ноября` (ru) or `24 қараша` (kk) (spec §9: month names). */
export function formatDay(day: string, locale = 'ru-RU'): string {
  const { m, d } = dayFields(day);
  return writeDay(locale, undefined, m, d);
}

/**
 * Two calendar days as a range, as CLDR writes it: `24–25 ноября`, `30 ноября – 2 декабря`, and with the years
 * when they differ: `30 декабря 2026 г. – 2 января 2027 г.` (kk likewise in its own order).
 */
export function formatDayRange(from: string, to: string, locale = 'ru-RU'): string {
  const [a, b] = [dayFields(from), dayFields(to)];
  if (a.y !== b.y) return `${writeDay(locale, a.y, a.m, a.d)} – ${writeDay(locale, b.y, b.m, b.d)}`;
  if (a.m === b.m) {
    if (a.d === b.d) return writeDay(locale, undefined, a.m, a.d);
    return isKazakh(locale) ? `${a.d}–${b.d} ${MONTHS.kk[b.m - 1]}` : `${a.d}–${b.d} ${MONTHS.ru[b.m - 1]}`;
  }
  return `${writeDay(locale, undefined, a.m, a.d)} – ${writeDay(locale, undefined, b.m, b.d)}`;
}

/** Discount in whole percent, rounded down: (original − price) / original. */
export function discountPercent(price: number, originalPrice: number): number {
  if (originalPrice <= price || originalPrice <= 0) return 0;
  return Math.floor(((originalPrice - price) * 100) / originalPrice);
}
