import { plural } from '@kiim/contract/text';

// Russian words after numbers, for messages shoppers read (architecture: Russian UI), by the contract's text kit
// (Intl.PluralRules). Accusative forms, as in «через …».

/** `45` → `45 секунд`, `1` → `1 секунду`, `22` → `22 секунды`. */
export const secondsRu = (n: number) =>
  plural(n, { one: 'секунду', few: 'секунды', many: 'секунд', other: 'секунды' });
/** `5` → `5 минут`, `1` → `1 минуту`, `2` → `2 минуты`. */
export const minutesRu = (n: number) =>
  plural(n, { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' });
/** `1` → `1 час`, `3` → `3 часа`, `5` → `5 часов`. */
export const hoursRu = (n: number) => plural(n, { one: 'час', few: 'часа', many: 'часов', other: 'часа' });

/**
 * A wait in seconds as a shopper reads it, rounded up: up to 90 s in seconds (`45 секунд`), up to 90 minutes
 * in minutes (`14 минут`), longer in hours (`3 часа`).
 */
export function waitRu(seconds: number): string {
  if (seconds <= 90) return secondsRu(seconds);
  if (seconds <= 90 * 60) return minutesRu(Math.ceil(seconds / 60));
  return hoursRu(Math.ceil(seconds / 3600));
}
