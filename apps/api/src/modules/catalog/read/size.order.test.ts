import { describe, expect, it } from 'vitest';
import { compareSizes } from './size.order.ts';

const sorted = (labels: [string, number][]) =>
  [...labels].sort(([a, oa], [b, ob]) => compareSizes(a, oa, b, ob)).map(([l]) => l);

describe('compareSizes (the size filter’s order)', () => {
  it('merges women’s and men’s scales by value, whatever their place in their own scale', () => {
    // A women's scale 40…44 (orders 0–2) and a men's 44…48 (orders 0–2): 44's lowest order is 0.
    expect(
      sorted([
        ['44', 0],
        ['40', 0],
        ['42', 1],
        ['48', 2],
        ['46', 1],
      ]),
    ).toEqual(['40', '42', '44', '46', '48']);
    expect(
      sorted([
        ['W28', 0],
        ['W24', 0],
        ['W25', 1],
        ['W36', 7],
        ['W30', 2],
      ]),
    ).toEqual(['W24', 'W25', 'W28', 'W30', 'W36']);
  });

  it('puts letter sizes first in their order, then numbers, bra sizes and ranges, then the rest', () => {
    expect(
      sorted([
        ['One size', 0],
        ['75B', 0],
        ['XL', 0],
        ['35-37', 0],
        ['XS', 0],
        ['70A', 0],
        ['M', 0],
        ['70B', 0],
        ['3XL', 0],
        ['38-40', 0],
      ]),
    ).toEqual(['XS', 'M', 'XL', '3XL', '35-37', '38-40', '70A', '70B', '75B', 'One size']);
  });

  it('keeps the scales’ order for labels it cannot rank', () => {
    expect(
      sorted(
        [
          ['Большой', 0],
          ['Малый', 1],
        ].reverse() as [string, number][],
      ),
    ).toEqual(['Большой', 'Малый']);
    expect(
      sorted([
        ['Б', 2],
        ['А', 5],
      ]),
    ).toEqual(['Б', 'А']);
  });
});
