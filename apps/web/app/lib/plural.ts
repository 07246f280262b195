const rules = new Intl.PluralRules('ru-RU');

/**
 * A count with the Russian word form it takes: `pluralRu(1, ['товар', 'товара', 'товаров'])` → `1 товар`,
 * 3 → `3 товара`, 5 → `5 товаров` (forms: one, few, many; fractions take "few").
 */
export function pluralRu(n: number, [one, few, many]: readonly [string, string, string]): string {
  const form = rules.select(n);
  return `${n} ${form === 'one' ? one : form === 'few' || form === 'other' ? few : many}`;
}
