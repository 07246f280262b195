/**
 * Kazakh business identification number (БИН) and individual one (ИИН): 12 digits, the last a check digit.
 * The check digit is the weighted sum of the first 11 digits modulo 11, with weights 1…11; when that gives 10,
 * weights 3…11, 1, 2 are used; a second 10 means the number is not valid (the rule the state registers use).
 * @returns true when `value` is 12 digits with the right check digit.
 */
export function isValidBin(value: string): boolean {
  if (!/^\d{12}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = (weights: readonly number[]) => weights.reduce((s, w, i) => s + w * digits[i]!, 0) % 11;
  let check = sum([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  if (check === 10) check = sum([3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]);
  return check !== 10 && check === digits[11];
}
