/**
 * A rating as it reads: `4,6` (one decimal, Russian comma), a whole number without decimals — the text of
 * `toLocaleString('ru-RU', { minimumFractionDigits: 0 or 1, maximumFractionDigits: 1 })` (reviews.test.ts compares
 * them for every average of up to 60 ratings), written here because a browser's first `Intl.NumberFormat` blocks a
 * page 35–120 ms (issue 14, decision 018 amendment «pages: Intl»). Rounded as ICU does: half away from zero on the
 * number's shortest decimal form (`4.05` → `4,1`, where `toFixed` gives `4.0`). A number that is not a plain
 * non-negative decimal (never a rating) is written by `toFixed`: no page formats with the browser's `Intl` (issue 35 §2).
 */
export function formatRating(rating: number): string {
  if (Number.isInteger(rating)) return String(rating);
  const decimal = /^(\d+)\.(\d)(\d?)/.exec(String(rating));
  if (!decimal) return rating.toFixed(1).replace('.', ',');
  const tenths = Number(decimal[1]) * 10 + Number(decimal[2]) + (Number(decimal[3] || 0) >= 5 ? 1 : 0);
  return `${Math.floor(tenths / 10)},${tenths % 10}`;
}
