import { describe, expect, it } from 'vitest';
import {
  editDistance,
  normalizeText,
  productTerms,
  resolveQuery,
  switchLayout,
  termOf,
  termsOf,
} from './search.rules.ts';
import { cyrillicToLatin, latinToCyrillic } from './search.translit.ts';

// The search text rules without a database (docs/decisions/009).

const vocabulary = [
  'белье',
  'джинс',
  'брюк',
  'куртк',
  'пуховик',
  'черн',
  'син',
  'женск',
  'мужск',
  'рубашк',
  'dala',
  'denim',
  'плат',
  'бел',
  'сер',
  'серебрист',
];

describe('normalisation and terms', () => {
  it('lower-cases, reads ё as е, splits on anything but letters and digits', () => {
    expect(normalizeText('Тёмно-синий, Джинсы W28!')).toBe('темно синий джинсы w28');
    expect(termsOf('Тёмно-синий, Джинсы W28 и брюки')).toEqual(['темн', 'син', 'джинс', 'w28', 'брюк']);
  });

  it('brings Russian word forms to one stem and leaves Latin words as they are', () => {
    for (const w of ['джинсы', 'джинсов', 'джинсами', 'джинсах']) expect(termOf(w)).toBe('джинс');
    expect(termOf('пуховиков')).toBe(termOf('пуховик'));
    expect(termOf('denim')).toBe('denim');
    // «бельё» keeps its own term rather than meeting «белый» at «бел».
    expect(termsOf('Бельё')).toEqual(['белье']);
    expect(termOf('белья')).toBe('белье');
    expect(termOf('белый')).toBe('бел');
  });

  it('weights name and brand above category and colour, keeping the highest', () => {
    const terms = productTerms({
      name: 'Джинсы прямые',
      brandName: 'Dala Denim',
      categoryName: 'Женские джинсы',
      colourName: 'синий',
    });
    expect(Object.fromEntries(terms)).toEqual({
      джинс: 3,
      прям: 3,
      dala: 3,
      denim: 3,
      женск: 2,
      син: 1,
      // The words' exact forms where they differ from their stems, at their field's weight (issue 14).
      '=джинсы': 3,
      '=прямые': 3,
      '=женские': 2,
      '=синий': 1,
    });
  });
});

describe('exact word forms rank first (issue 14)', () => {
  it('gives a product with the very word typed more weight than one sharing only its stem', () => {
    const single = productTerms({
      name: 'Рубашка льняная',
      brandName: 'Kiim',
      categoryName: 'Мужские рубашки',
      colourName: 'белый',
    });
    const pair = productTerms({
      name: 'Рубашки льняные, 2 шт.',
      brandName: 'Kiim',
      categoryName: 'Мужские рубашки',
      colourName: 'белый',
    });
    const groups = resolveQuery(
      'рубашка',
      [...new Set([...single.keys(), ...pair.keys()])].filter((t) => !t.startsWith('=')),
    );
    expect(groups).toEqual([['рубашк', '=рубашка']]);
    const score = (terms: Map<string, number>) =>
      groups.flat().reduce((sum, t) => sum + (terms.get(t) ?? 0), 0);
    // Both match by the stem (name 3); the one named «Рубашка» also by the exact form (name 3); «рубашки» of the
    // category adds to neither, as the query's form is «рубашка».
    expect(score(single)).toBe(6);
    expect(score(pair)).toBe(3);
  });
});

describe('reading a query', () => {
  it('forgives a typo by length: none up to 3 letters, one up to 7, two from 8', () => {
    expect(editDistance('джинс', 'джнис', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(resolveQuery('джнсы', vocabulary)).toEqual([['джинс']]);
    expect(resolveQuery('пуховек', vocabulary)).toEqual([['пуховик']]);
    expect(resolveQuery('син', vocabulary)).toEqual([['син']]);
  });

  it('completes an unfinished word but not a whole word whose stem is short', () => {
    expect(resolveQuery('джин', vocabulary)).toEqual([['джинс']]);
    expect(resolveQuery('пухов', vocabulary)).toEqual([['пуховик', '=пухов']]);
    expect(resolveQuery('серые', vocabulary)).toEqual([['сер', '=серые']]);
  });

  it('reads every word, dropping stop words, and finds nothing for unknown words', () => {
    expect(resolveQuery('черные джинсы для женщин', vocabulary)).toEqual([
      ['черн', '=черные'],
      ['джинс', '=джинсы'],
      ['женск'], // «женщин» is its own stem: no exact form
    ]);
    expect(resolveQuery('зонтик', vocabulary)).toEqual([[]]);
    expect(resolveQuery('и для', vocabulary)).toEqual([]);
  });

  it('reads a query typed on the Latin layout as Russian when that finds every word', () => {
    expect(switchLayout('l;bycs')).toBe('джинсы');
    expect(resolveQuery('l;bycs', vocabulary)).toEqual([['джинс', '=джинсы']]);
    expect(resolveQuery('dala denim', vocabulary)).toEqual([['dala'], ['denim']]);
    expect(switchLayout('джинсы')).toBeNull();
  });

  it('reads Russian typed in Latin letters and Latin brands typed in Cyrillic (issue 35 item 3)', () => {
    expect(latinToCyrillic('dzhinsy')).toBe('джинсы');
    expect(latinToCyrillic('puhovik')).toBe('пуховик');
    expect(latinToCyrillic('chernyy')).toBe('черный');
    expect(latinToCyrillic('shchetka')).toBe('щетка');
    expect(latinToCyrillic('джинсы')).toBeNull();
    expect(cyrillicToLatin('адидас')).toBe('adidas');
    expect(cyrillicToLatin('левис')).toBe('levis');
    expect(cyrillicToLatin('dala')).toBeNull();
    expect(resolveQuery('dzhinsy', vocabulary)).toEqual([['джинс', '=джинсы']]);
    expect(resolveQuery('kurtka', vocabulary)).toEqual([['куртк', '=куртка']]);
    expect(resolveQuery('puhovik chernyy', vocabulary)).toEqual([['пуховик'], ['черн', '=черный']]);
    expect(resolveQuery('дала деним', vocabulary)).toEqual([['dala'], ['denim']]);
    // A word found as typed is not read again: «denim» stays Latin.
    expect(resolveQuery('denim', vocabulary)).toEqual([['denim']]);
    expect(resolveQuery('zontik', vocabulary)).toEqual([[]]);
  });
});
