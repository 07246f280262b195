/**
 * Russian words after numbers, for messages shoppers read (architecture: Russian UI).
 * `plural(n, ['секунду', 'секунды', 'секунд'])`: the forms for 1, 2–4 and 5+ (accusative, as in «через …»).
 */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  const word =
    mod10 === 1 && mod100 !== 11 ? forms[0] : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14) ? forms[1] : forms[2];
  return `${n} ${word}`;
}

/** `45` → `45 секунд`, `1` → `1 секунду`, `22` → `22 секунды`. */
export const secondsRu = (n: number) => plural(n, ['секунду', 'секунды', 'секунд']);
/** `5` → `5 минут`, `1` → `1 минуту`, `2` → `2 минуты`. */
export const minutesRu = (n: number) => plural(n, ['минуту', 'минуты', 'минут']);
/** `1` → `1 час`, `3` → `3 часа`, `5` → `5 часов`. */
export const hoursRu = (n: number) => plural(n, ['час', 'часа', 'часов']);

/**
 * A wait in seconds as a shopper reads it, rounded up: up to 90 s in seconds (`45 секунд`), up to 90 minutes
 * in minutes (`14 минут`), longer in hours (`3 часа`).
 */
export function waitRu(seconds: number): string {
  if (seconds <= 90) return secondsRu(seconds);
  if (seconds <= 90 * 60) return minutesRu(Math.ceil(seconds / 60));
  return hoursRu(Math.ceil(seconds / 3600));
}
