import { describe, expect, it } from 'vitest';
import { packagingChangedSince, packagingFieldOf, packagingOf } from './onec.packaging.ts';
import type { XNode } from './xml.stream.ts';

// Packed weight and size from CommerceML (issue 34 item 5, decision 070): 1C's kilograms and metres become grams
// and whole centimetres unless the name names its unit; net weight is not the parcel's; nonsense is left out with
// a warning. The real 1C:УТ 11 export is checked end to end in onec.real.test.ts.

const node = (children: XNode[] = []): XNode => ({ name: 'Товар', attrs: {}, text: '', children });
const element = (name: string, text: string): XNode => ({ name, attrs: {}, text, children: [] });

describe('packaging names', () => {
  it('knows the weight and dimension names 1C writes, with their units', () => {
    expect(packagingFieldOf('Габарит_Вес')).toEqual({ field: 'weightG', factor: 1000 });
    expect(packagingFieldOf('Вес брутто')).toEqual({ field: 'weightG', factor: 1000 });
    expect(packagingFieldOf('Вес, кг')).toEqual({ field: 'weightG', factor: 1000 });
    expect(packagingFieldOf('Вес (г)')).toEqual({ field: 'weightG', factor: 1 });
    expect(packagingFieldOf('вес, гр')).toEqual({ field: 'weightG', factor: 1 });
    expect(packagingFieldOf('Габарит_Длина')).toEqual({ field: 'lengthCm', factor: 100 });
    expect(packagingFieldOf('Ширина упаковки, см')).toEqual({ field: 'widthCm', factor: 1 });
    expect(packagingFieldOf('Высота (мм)')).toEqual({ field: 'heightCm', factor: 0.1 });
    expect(packagingFieldOf('Вес Нетто')).toBeNull();
    expect(packagingFieldOf('Длина рукава')).toBeNull();
    expect(packagingFieldOf('Страна производства')).toBeNull();
  });
});

describe('packaging of a product', () => {
  it('reads the real export’s «Габарит_*» as kilograms and metres', () => {
    const warnings: string[] = [];
    const p = packagingOf(
      node(),
      [
        ['Габарит_Вес', '1,4'],
        ['Габарит_Длина', '0,71'],
        ['Габарит_Ширина', '0,4'],
        ['Габарит_Высота', '0,12'],
        ['Вес Нетто', '1,1'],
      ],
      'Товар «x»: ',
      (w) => warnings.push(w),
    );
    expect(p).toEqual({ weightG: 1400, lengthCm: 71, widthCm: 40, heightCm: 12 });
    expect(warnings).toEqual([]);
  });

  it('prefers the <Вес> element (kg), rounds up to whole grams and cm, and reads units from the name', () => {
    expect(
      packagingOf(
        node([element('Вес', '0.3504')]),
        [
          ['Вес, г', '999'],
          ['Длина, см', '40,2'],
          ['Высота, мм', '35'],
        ],
        '',
        () => {},
      ),
    ).toEqual({ weightG: 351, lengthCm: 41, heightCm: 4 });
    expect(packagingOf(node(), [['Вес, г', '350']], '', () => {})).toEqual({ weightG: 350 });
  });

  it('leaves out nonsense and values beyond 50 kg or 3 m with a warning; nothing when none is given', () => {
    const warnings: string[] = [];
    const p = packagingOf(
      node(),
      [
        ['Вес', '350'],
        ['Длина', 'большая'],
        ['Ширина', '0'],
        ['Высота', '0,05'],
      ],
      'Товар «x»: ',
      (w) => warnings.push(w),
    );
    expect(p).toEqual({ heightCm: 5 });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toBe('Товар «x»: «Вес» = «350» не похоже на вес или размер упаковки, пропущено');
    expect(packagingOf(node(), [['Цвет', 'Синий']], '', () => {})).toBeUndefined();
  });
});

describe('what 1C changed since its last import (decision 074)', () => {
  it('gives the fields that differ from the last import, all of them the first time, none when the same', () => {
    const now = { weightG: 600, lengthCm: 40 };
    expect(packagingChangedSince(null, now)).toEqual(now);
    expect(packagingChangedSince(JSON.stringify(now), now)).toBeUndefined();
    expect(packagingChangedSince(JSON.stringify({ weightG: 600, lengthCm: 30 }), now)).toEqual({
      lengthCm: 40,
    });
    expect(packagingChangedSince(JSON.stringify({ weightG: 600 }), now)).toEqual({ lengthCm: 40 });
    expect(packagingChangedSince(JSON.stringify(now), undefined)).toBeUndefined();
    expect(packagingChangedSince('not json', now)).toEqual(now);
  });
});
