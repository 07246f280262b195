import { describe, expect, it } from 'vitest';
import { choosePriceTypes, isTenge } from './onec.prices.ts';
import { isColourName, isSizeName, sizeFromName, sizeOfUnnamed } from './onec.sizes.ts';

// How 1C names sizes, colours and currencies (issue 28 items 3 and 4), in the words real configurations use.

describe('sizes and colours', () => {
  it('knows the names 1C configurations give them', () => {
    for (const n of ['Размер', 'Размер. (Доп реквизиты текстиль)', 'Размер обуви', 'Size', 'EU size'])
      expect(isSizeName(n), n).toBe(true);
    for (const n of ['Цвет', 'Цвет товара', 'Color', 'Colour']) expect(isColourName(n), n).toBe(true);
    for (const n of ['Тип кожи', 'Sizeable', 'Рост']) expect(isSizeName(n) || isColourName(n), n).toBe(false);
  });

  it('reads a size at the end of an offer name only when it looks like one', () => {
    const cases: [string, string][] = [
      ['Женские ботфорты коричневые (38)', '38'],
      ['Платье, 44', '44'],
      ['Куртка (XL)', 'XL'],
      ['Брюки, 42-44', '42-44'],
      ['Детское кресло Higher, белое', ''],
      ['Коврик Mini Капучино, 80x44x1.5 см', ''],
      ['Рубашка', ''],
    ];
    for (const [name, size] of cases) expect(sizeFromName(name), name).toBe(size);
  });

  it('tells unnamed sizes apart by what the offer name adds', () => {
    expect(sizeOfUnnamed('Коврик Portable, Слонята', 'Коврик Portable')).toBe('Слонята');
    expect(sizeOfUnnamed('Коврик Portable', 'Коврик Portable')).toBe('Единый размер');
    expect(sizeOfUnnamed('Другое имя', 'Коврик')).toBe('Единый размер');
  });
});

describe('price types and currency', () => {
  const t = (name: string, currency: string) => ({ id: name, name, currency });
  it('knows how 1C writes tenge', () => {
    for (const c of ['KZT', '398', 'тенге', 'тг.', '₸', '']) expect(isTenge(c), c).toBe(true);
    for (const c of ['RUB', 'руб', 'USD', '643']) expect(isTenge(c), c).toBe(false);
  });

  it('takes «Розничная» in tenge, else the first type in tenge, and says which', () => {
    expect(choosePriceTypes([t('Оптовая', 'KZT'), t('Розничная', 'KZT')], undefined, undefined)).toEqual({
      price: t('Розничная', 'KZT'),
      original: undefined,
      notes: [],
    });
    const first = choosePriceTypes([t('BASE', 'RUB'), t('Опт', 'тенге')], undefined, undefined);
    expect(first.price).toEqual(t('Опт', 'тенге'));
    expect(first.notes).toEqual([
      'Цены взяты из типа «Опт» (первый тип цен в тенге); другой можно выбрать в настройках обмена',
    ]);
  });

  it('refuses roubles and a chosen type the file does not have', () => {
    expect(choosePriceTypes([t('BASE', 'RUB')], undefined, undefined).refusal).toMatch(
      /^Нет ни одного типа цен в тенге \(в файле: «BASE» \(RUB\)\)/,
    );
    expect(choosePriceTypes([t('BASE', 'RUB')], 'BASE', undefined).refusal).toBe(
      'Цены типа «BASE» в валюте «RUB»: сайт продаёт только в тенге, цены не загружены',
    );
    expect(choosePriceTypes([t('Розничная', 'KZT')], 'Оптовая', undefined).refusal).toMatch(
      /^Тип цен «Оптовая», выбранный в настройках обмена на сайте, в файле не найден/,
    );
    expect(choosePriceTypes([], 'Оптовая', undefined)).toEqual({ notes: [] });
  });
});
