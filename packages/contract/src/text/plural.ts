/**
 * Word forms of a counted noun by plural category of `Intl.PluralRules` (CLDR): Russian uses `one` (1, 21…),
 * `few` (2–4, 22–24…), `many` (5–20, 25…) and `other` (fractions: 1,5 товара); Kazakh only `one` and `other`.
 * A missing category falls back to `other`.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/** The plural rules of a locale, made once (they are costly to build). */
function rulesOf(locale: string): Intl.PluralRules {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}

/** The form of `forms` that goes with the number `n` in `locale`: `pluralWord(3, товары)` → `товара`. */
export function pluralWord(n: number, forms: PluralForms, locale = 'ru'): string {
  return forms[rulesOf(locale).select(n)] ?? forms.other;
}

/** A number with its word in the right form: `plural(5, {one: 'товар', few: 'товара', many: 'товаров', other: 'товара'})` → `5 товаров`. */
export function plural(n: number, forms: PluralForms, locale = 'ru'): string {
  return `${n} ${pluralWord(n, forms, locale)}`;
}
