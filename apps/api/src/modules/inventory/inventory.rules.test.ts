import { describe, expect, it } from 'vitest';
import { decodeStock, stockCount, stockLevels, stockState } from './inventory.rules.ts';

describe('stock rules (spec §3, §4, §9)', () => {
  it('decodes quantities into levels', () => {
    expect([0, -1, 1, 4, 5, 100].map(decodeStock)).toEqual([
      'not-available',
      'not-available',
      'less-than-5',
      'less-than-5',
      'more-than-5',
      'more-than-5',
    ]);
  });
  it('counts levels as 0, 4 and 6', () => {
    expect(stockCount('not-available')).toBe(0);
    expect(stockCount('less-than-5')).toBe(4);
    expect(stockCount('more-than-5')).toBe(6);
  });
  it('labels stock by city visibility and global stock', () => {
    expect(stockState(3, 10, true)).toBe('В наличии');
    expect(stockState(3, 10, false)).toBe('В другом городе');
    expect(stockState(0, 10, true)).toBe('В другом городе');
    expect(stockState(0, 10, true, true)).toBe('Доставка из другого города');
    expect(stockState(0, 0, true)).toBe('Нет в наличии');
  });
  it('hides regional stock of a city not visible to customers', () => {
    expect(stockLevels(7, 7, false)).toEqual({
      regionalStockAmount: 'not-available',
      globalStockAmount: 'more-than-5',
      stockState: 'В другом городе',
    });
  });
});
