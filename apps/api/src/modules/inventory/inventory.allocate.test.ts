import { describe, expect, it } from 'vitest';
import { allocate, type AllocatableLine } from './inventory.allocate.ts';

const line = (over: Partial<AllocatableLine>): AllocatableLine => ({
  skuId: 1,
  externalId: 'SKU-1',
  qty: 1,
  productActive: true,
  visibleQuantity: 0,
  inStock: false,
  ...over,
});

describe('allocate: where each ordered unit comes from', () => {
  it('takes lines in stock in the city from the city; the rest stays in the cart', () => {
    const a = line({ skuId: 1, externalId: 'A', qty: 2, inStock: true, visibleQuantity: 3 });
    const b = line({ skuId: 2, externalId: 'B', qty: 1, visibleQuantity: 4 });
    const plan = allocate(
      [a, b],
      [
        { skuId: 1, cityId: 1, quantity: 3 },
        { skuId: 2, cityId: 2, quantity: 4 },
      ],
      1,
      false,
    );
    expect(plan.planned.map((p) => [p.line.externalId, p.sourceCityId, p.qty])).toEqual([['A', 1, 2]]);
    expect(plan.ordered.map((l) => l.externalId)).toEqual(['A']);
    expect(plan.short).toEqual([]);
  });

  it('reports what the locked stock cannot serve, with the units the allowed cities hold', () => {
    const a = line({ skuId: 1, externalId: 'A', qty: 3, inStock: true, visibleQuantity: 5 });
    expect(
      allocate(
        [a],
        [
          { skuId: 1, cityId: 1, quantity: 1 },
          { skuId: 1, cityId: 2, quantity: 4 },
        ],
        1,
        false,
      ).short,
    ).toEqual([{ externalId: 'A', requested: 3, available: 1 }]);
    expect(allocate([a], [{ skuId: 1, cityId: 1, quantity: 1 }], 1, true).short).toEqual([
      { externalId: 'A', requested: 3, available: 1 },
    ]);
  });

  it('with other cities: the city first, then the city holding most, splitting one line into several', () => {
    const a = line({ skuId: 1, externalId: 'A', qty: 6, inStock: true, visibleQuantity: 9 });
    const plan = allocate(
      [a],
      [
        { skuId: 1, cityId: 1, quantity: 1 },
        { skuId: 1, cityId: 3, quantity: 2 },
        { skuId: 1, cityId: 2, quantity: 6 },
      ],
      1,
      true,
    );
    expect(plan.planned.map((p) => [p.sourceCityId, p.qty])).toEqual([
      [1, 1],
      [2, 5],
    ]);
    expect(plan.planned.reduce((s, p) => s + p.qty, 0)).toBe(6);
  });

  it('never promises the same units twice', () => {
    const a = line({ skuId: 1, externalId: 'A', qty: 2, inStock: true, visibleQuantity: 2 });
    const twin = line({ skuId: 1, externalId: 'A', qty: 1, inStock: true, visibleQuantity: 2 });
    const plan = allocate([a, twin], [{ skuId: 1, cityId: 1, quantity: 2 }], 1, true);
    expect(plan.planned.map((p) => p.qty)).toEqual([2]);
    expect(plan.short).toEqual([{ externalId: 'A', requested: 1, available: 0 }]);
  });
});
