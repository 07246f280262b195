import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural by Intl.PluralRules', () => {
  it('picks the Russian form for one, few, many and fractions', () => {
    const goods = { one: 'товар', few: 'товара', many: 'товаров', other: 'товара' };
    expect([1, 2, 5, 11, 21, 22, 25, 111, 1.5].map((n) => plural(n, goods))).toEqual([
      '1 товар',
      '2 товара',
      '5 товаров',
      '11 товаров',
      '21 товар',
      '22 товара',
      '25 товаров',
      '111 товаров',
      '1.5 товара',
    ]);
  });

  it('falls back to `other` where a language has fewer forms (Kazakh: one, other)', () => {
    expect(plural(3, { one: 'тауар', other: 'тауар' }, 'kk')).toBe('3 тауар');
    expect(plural(3, { one: 'x', few: 'y', other: 'z' }, 'kk')).toBe('3 z');
  });
});
