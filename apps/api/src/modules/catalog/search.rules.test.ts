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
    expect(Object.fromEntries(terms)).toEqual({ джинс: 3, прям: 3, dala: 3, denim: 3, женск: 2, син: 1 });
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
    expect(resolveQuery('пухов', vocabulary)).toEqual([['пуховик']]);
    expect(resolveQuery('серые', vocabulary)).toEqual([['сер']]);
  });

  it('reads every word, dropping stop words, and finds nothing for unknown words', () => {
    expect(resolveQuery('черные джинсы для женщин', vocabulary)).toEqual([['черн'], ['джинс'], ['женск']]);
    expect(resolveQuery('зонтик', vocabulary)).toEqual([[]]);
    expect(resolveQuery('и для', vocabulary)).toEqual([]);
  });

  it('reads a query typed on the Latin layout as Russian when that finds every word', () => {
    expect(switchLayout('l;bycs')).toBe('джинсы');
    expect(resolveQuery('l;bycs', vocabulary)).toEqual([['джинс']]);
    expect(resolveQuery('dala denim', vocabulary)).toEqual([['dala'], ['denim']]);
    expect(switchLayout('джинсы')).toBeNull();
  });
});
