/**
 * Word forms of a counted noun by plural category of `Intl.PluralRules` (CLDR): Russian uses `one` (1, 21…),
 * `few` (2–4, 22–24…), `many` (5–20, 25…) and `other` (fractions: 1,5 товара); Kazakh only `one` and `other`.
 * A missing category falls back to `other`.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/**
 * The cardinal (`one`/`few`/`many`/`other`) or ordinal plural rules of `locales` (a locale or a list, the first one
 * Intl knows wins), made once per locales and type.
 */
export function pluralRules(
  locales: string | readonly string[],
  type: Intl.PluralRuleType = 'cardinal',
): Intl.PluralRules {
  const key = `${type} ${String(locales)}`;
  let r = rules.get(key);
  if (!r) rules.set(key, (r = new Intl.PluralRules(locales as string | string[], { type })));
  return r;
}

/** The form of `forms` that goes with the number `n` in `locale`: `pluralWord(3, товары)` → `товара`. */
export function pluralWord(n: number, forms: PluralForms, locale = 'ru'): string {
  return forms[pluralRules(locale).select(n)] ?? forms.other;
}

/** A number with its word in the right form: `plural(5, {one: 'товар', few: 'товара', many: 'товаров', other: 'товара'})` → `5 товаров`. */
export function plural(n: number, forms: PluralForms, locale = 'ru'): string {
  return `${n} ${pluralWord(n, forms, locale)}`;
}

/** A text with its `{name}` places filled: `fillIn('Оценка {rating} из 5', { rating: '4,5' })`; an unknown name stays. */
export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (place, name: string) =>
    name in values ? String(values[name]) : place,
  );
}
