import { describe, expect, it } from 'vitest';
import { ProductInput, ProductPricesInput } from './catalogue.admin.schema.ts';
import { PickupPointInput } from './places.admin.schema.ts';
import { CityInput } from './catalogue.structure.schema.ts';
import { formatPrice } from './format.ts';
import { parseWith } from './form.messages.ts';
import { readDegrees, readTenge } from './form.numbers.ts';

// Issue 27 §5: prices and coordinates as people type them and as the shop writes them.

describe('readTenge', () => {
  it.each([
    ['24990', 24_990],
    ['24 990', 24_990],
    ['24 990 ₸', 24_990],
    ['24 990 тг', 24_990],
    ['24 990 тг.', 24_990],
    ['24990тенге', 24_990],
    ['24 990 KZT', 24_990],
    ['₸24 990', 24_990],
    ['24\u00a0990\u00a0₸', 24_990],
    ['24\u202f990\u202f₸', 24_990],
    ['  1\u2009000\u2009000 ', 1_000_000],
    ['24 990,00', 24_990],
    ['−500', -500],
    [24_990, 24_990],
  ])('reads %j as %d tenge', (text, value) => {
    expect(readTenge(text)).toEqual({ ok: true, value });
  });

  it('reads back what the shop itself prints', () => {
    expect(readTenge(formatPrice(1_234_567))).toEqual({ ok: true, value: 1_234_567 });
  });

  it.each([
    ['24 990,50', 'fraction'],
    ['24990.5', 'fraction'],
    [24_990.5, 'fraction'],
    ['', 'empty'],
    ['  ₸ ', 'empty'],
    [null, 'empty'],
    ['двадцать', 'format'],
    ['24.990.00', 'format'],
    ['24 990 $', 'format'],
    ['1e5', 'format'],
    [Number.NaN, 'format'],
    [true, 'format'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(readTenge(text)).toEqual({ ok: false, problem });
  });
});

describe('readDegrees', () => {
  it.each([
    ['43,2385', 43.2385],
    ['43.2385', 43.2385],
    [' 76,9456° ', 76.9456],
    ['-0,5', -0.5],
    ['−12.5', -12.5],
    [51.1694, 51.1694],
  ])('reads %j as %d', (text, value) => {
    expect(readDegrees(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'empty'],
    [undefined, 'empty'],
    ['43,23,85', 'format'],
    ['43°14′', 'format'],
    ['abc', 'format'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(readDegrees(text)).toEqual({ ok: false, problem });
  });
});

const product = (over: Record<string, unknown>) => ({
  name: 'Платье льняное миди',
  categoryId: 1,
  brandId: 1,
  colourName: 'Оливковый',
  colourHex: '#6b7a3a',
  price: '24 990 ₸',
  skus: [{ size: 'M' }],
  ...over,
});

describe('the price and coordinate fields of every form', () => {
  it('reads a product’s prices as the shop writes them', () => {
    const r = parseWith(ProductInput, product({ originalPrice: '29\u00a0990\u00a0₸' }));
    expect(r).toMatchObject({ ok: true, value: { price: 24_990, originalPrice: 29_990 } });
    expect(ProductPricesInput.parse({ price: '12 990 тг' })).toEqual({ price: 12_990 });
  });

  it('names the field and what is wrong', () => {
    expect(parseWith(ProductInput, product({ price: '24 990,50', originalPrice: 'много' }))).toEqual({
      ok: false,
      errors: {
        price: 'Цена: только целые тенге, без тиынов — например 24 990',
        originalPrice: 'Цена до скидки: сумма цифрами, например 24 990 или 24 990 ₸',
      },
    });
    expect(parseWith(ProductInput, product({ price: '' }))).toMatchObject({
      errors: { price: 'Цена: укажите сумму в тенге, например 24 990' },
    });
    expect(parseWith(ProductInput, product({ price: '0 ₸' }))).toMatchObject({
      errors: { price: 'Цена: сумма должна быть больше нуля' },
    });
    expect(parseWith(ProductInput, product({ price: '200 000 000' }))).toMatchObject({
      errors: { price: 'Цена: не больше 100\u00a0000\u00a0000 ₸' },
    });
  });

  it('reads a city’s courier price', () => {
    const city = {
      ...{ name: 'Алматы', nameKk: '', slug: 'almaty', timeZone: 'Asia/Almaty' },
      ...{ visibleForCustomers: 'on', courierAvailable: 'on', deliveryDays: '2' },
    };
    expect(CityInput.parse({ ...city, courierPrice: '1 500 ₸' }).courierPrice).toBe(1500);
    expect(parseWith(CityInput, { ...city, courierPrice: '1 500,5' })).toMatchObject({
      errors: { courierPrice: 'Цена доставки: только целые тенге, без тиынов — например 24 990' },
    });
  });

  const point = {
    regionId: '1',
    title: 'Kiim на Абая',
    addressCity: 'Алматы',
    addressStreetNumber: 'пр. Абая, 10',
    openingHours: '10:00–21:00',
  };

  it('reads a pickup point’s coordinates with a comma or a point', () => {
    expect(PickupPointInput.parse({ ...point, latitude: '43,2385', longitude: '76.9456' })).toMatchObject({
      latitude: 43.2385,
      longitude: 76.9456,
    });
  });

  it('refuses empty coordinates instead of taking them as 0, 0', () => {
    expect(parseWith(PickupPointInput, { ...point, latitude: '', longitude: '' })).toEqual({
      ok: false,
      errors: {
        latitude: 'Широта: укажите число градусов, например 43,2385 — без координат пункт не найти на карте',
        longitude:
          'Долгота: укажите число градусов, например 76,9456 — без координат пункт не найти на карте',
      },
    });
    expect(parseWith(PickupPointInput, { ...point, latitude: '91', longitude: '76,9' })).toMatchObject({
      errors: { latitude: 'Широта: от −90 до 90 градусов' },
    });
  });
});
