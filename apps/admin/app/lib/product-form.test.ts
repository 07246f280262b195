import { describe, expect, it } from 'vitest';
import { ProductInput } from '@kiim/contract';
import { parseWith } from '@kiim/contract/forms';
import { liveSlug, onCells, photoProblem, productBody, stockCell } from './product-form.ts';

/** A new product's form as the browser sends it (FormData read by formObject). */
const form = (extra: Record<string, string | string[]> = {}) => ({
  name: 'Платье льняное миди',
  slug: '',
  categoryId: '3',
  brandId: '2',
  colourName: 'Бежевый',
  colourHex: '#efe9dc',
  price: '24 990 ₸',
  originalPrice: '',
  skuId: ['', ''],
  size: ['S', 'M'],
  externalId: ['', 'LINEN-42'],
  ...extra,
});

describe('the product form read as the API’s body (issue 27 item 7)', () => {
  it('sends each size’s first units per city from the grid, leaving empty cells out', () => {
    const { body, cells } = productBody(
      form({ [stockCell(0, 1)]: '5', [stockCell(0, 2)]: ' ', [stockCell(1, 2)]: '3', [stockCell(1, 1)]: '' }),
    );
    expect(body.skus).toEqual([
      { size: 'S', externalId: '', stock: [{ cityId: 1, quantity: '5' }] },
      { size: 'M', externalId: 'LINEN-42', stock: [{ cityId: 2, quantity: '3' }] },
    ]);
    expect(cells['skus.1.stock.0.quantity']).toBe(stockCell(1, 2));
    const parsed = parseWith(ProductInput, body);
    expect(parsed.ok && parsed.value.skus.map((s) => [s.externalId, s.stock])).toEqual([
      [undefined, [{ cityId: 1, quantity: 5 }]],
      ['LINEN-42', [{ cityId: 2, quantity: 3 }]],
    ]);
    expect(parsed.ok && parsed.value.slug).toBe(undefined);
  });

  it('puts a refused number under its own cell, named by size row and city', () => {
    const { body, cells } = productBody(form({ [stockCell(0, 1)]: '2', [stockCell(1, 7)]: '1.5' }));
    const parsed = parseWith(ProductInput, body);
    expect(parsed.ok).toBe(false);
    const errors = onCells(parsed.ok ? {} : parsed.errors, cells);
    expect(errors).toEqual({ [stockCell(1, 7)]: 'Количество — целое число' });
  });

  it('keeps an existing product’s SKU ids and sends no stock when the form has no grid', () => {
    const { body } = productBody(form({ skuId: ['11', ''], 'kk.name': 'Зығыр көйлек' }));
    expect(body.skus).toEqual([
      { id: 11, size: 'S', externalId: '' },
      { size: 'M', externalId: 'LINEN-42' },
    ]);
    expect(body.kk).toMatchObject({ name: 'Зығыр көйлек', description: '' });
    expect(productBody(form()).body).not.toHaveProperty('kk');
  });

  it('sends each size’s own packaging as typed; an empty field packs as its category (decision 070)', () => {
    const { body } = productBody(
      form({
        skuWeightG: ['1 200', ''],
        skuLengthCm: ['45', ''],
        skuWidthCm: ['35', ''],
        skuHeightCm: ['12', ''],
      }),
    );
    expect(body.skus).toEqual([
      {
        ...{ size: 'S', externalId: '', packageWeightG: '1 200', packageLengthCm: '45' },
        ...{ packageWidthCm: '35', packageHeightCm: '12' },
      },
      {
        ...{ size: 'M', externalId: 'LINEN-42', packageWeightG: '', packageLengthCm: '' },
        ...{ packageWidthCm: '', packageHeightCm: '' },
      },
    ]);
    const parsed = parseWith(ProductInput, body);
    expect(parsed.ok && parsed.value.skus.map((s) => [s.packageWeightG, s.packageHeightCm])).toEqual([
      [1200, 12],
      [null, null],
    ]);
    expect(productBody(form()).body.skus).toEqual([
      { size: 'S', externalId: '' },
      { size: 'M', externalId: 'LINEN-42' },
    ]);
  });

  it('sends each size’s own price as typed; an empty one sells at the product’s price (decision 032)', () => {
    const { body } = productBody(form({ skuPrice: ['', '26 990 ₸'] }));
    const parsed = parseWith(ProductInput, body);
    expect(parsed.ok && parsed.value.skus.map((s) => [s.size, s.price])).toEqual([
      ['S', null],
      ['M', 26990],
    ]);
    const refused = parseWith(ProductInput, productBody(form({ skuPrice: ['0', ''] })).body);
    expect(refused.ok ? {} : Object.keys(refused.errors)).toEqual(['skus.0.price']);
  });

  it('proposes the address as the API would, nothing while there is no name', () => {
    expect(liveSlug('Платье льняное миди')).toBe('plate-lnyanoe-midi');
    expect(liveSlug('Қысқы күртеше')).toBe('kysky-kurteshe');
    expect(liveSlug('   ')).toBe('');
  });
});

describe('a photo chosen for the first save', () => {
  const photo = { name: 'plate.jpg', type: 'image/jpeg', bytes: 200_000, width: 900, height: 1200 };

  it('is accepted when the shop’s rules allow it', () => {
    expect(photoProblem(photo)).toBeNull();
  });

  it('is refused with a sentence naming the file and what is wrong', () => {
    expect(photoProblem({ ...photo, type: 'image/gif' })).toBe('«plate.jpg»: нужен файл JPEG, PNG или WebP');
    expect(photoProblem({ ...photo, bytes: 11 * 1024 * 1024 })).toBe('«plate.jpg»: файл больше 10 МБ');
    expect(photoProblem({ ...photo, width: 500, height: 700 })).toBe(
      '«plate.jpg»: 500 × 700 пикселей, нужно не меньше 600 × 800',
    );
    expect(photoProblem({ ...photo, width: 0, height: 0 })).toBe(
      '«plate.jpg»: не удалось прочитать изображение',
    );
    expect(photoProblem({ ...photo, height: 9000 })).toBe('«plate.jpg»: сторона больше 8000 пикселей');
  });
});
