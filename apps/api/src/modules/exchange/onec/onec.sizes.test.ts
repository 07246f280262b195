import { describe, expect, it } from 'vitest';
import { choosePriceTypes, isTenge } from './onec.prices.ts';
import { isColourName, isSizeName, sizeAndColour, sizeFromName, sizeOfUnnamed } from './onec.sizes.ts';
import type { XNode } from './xml.stream.ts';

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

  it('keeps «Полнота» and «Рост» as a second size dimension, never drops them', () => {
    const el = (name: string, children: XNode[] = [], text = ''): XNode => ({
      name,
      attrs: {},
      text,
      children,
    });
    const offer = (...chars: [string, string][]) =>
      el('Предложение', [
        el('Наименование', [], 'Брюки мужские'),
        el(
          'ХарактеристикиТовара',
          chars.map(([n, v]) =>
            el('ХарактеристикаТовара', [el('Наименование', [], n), el('Значение', [], v)]),
          ),
        ),
      ]);
    const none = new Map();
    expect(sizeAndColour(offer(['Размер', '48'], ['Рост', '170-176'], ['Цвет', 'Синий']), none)).toEqual({
      size: '48, рост 170-176',
      colour: 'Синий',
    });
    expect(sizeAndColour(offer(['Размер', '48'], ['Полнота', '3']), none).size).toBe('48, полнота 3');
    expect(sizeAndColour(offer(['Размер', '48'], ['Полнота', '4']), none).size).not.toBe(
      sizeAndColour(offer(['Размер', '48'], ['Полнота', '3']), none).size,
    );
    expect(sizeAndColour(offer(['Размер', 'M']), none).size).toBe('M');
    expect(sizeAndColour(offer(['Размер', '40'], ['Тип кожи', 'натуральная кожа']), none).size).toBe('40');
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
