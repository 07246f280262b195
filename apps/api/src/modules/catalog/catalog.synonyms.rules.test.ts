import { describe, expect, it } from 'vitest';
import { storedPhrases, synonymPhrases, withSynonyms } from './catalog.synonyms.rules.ts';
import { productTerms, termOf } from './search.rules.ts';

// The synonym rule where a product is indexed (decision 059), without a database.

const product = (name: string, brandName = 'Kiim Basic', colourName = 'чёрный') =>
  productTerms({ name, brandName, categoryName: 'Верхняя одежда', colourName });

describe('withSynonyms', () => {
  const synonyms = synonymPhrases([
    ['пуховик', 'куртка зимняя'],
    ['найк', 'Nike'],
    ['дутик', 'пуховик'],
  ]);

  it('adds the other phrases’ terms and exact forms to a product holding every word of one phrase', () => {
    const terms = withSynonyms(product('Куртка зимняя стёганая'), synonyms);
    expect(terms.get('пуховик')).toBe(3);
    // «пуховик» stems to itself, so it has no exact form of its own; «куртка зимняя» matched with name weight.
    expect(terms.has('=пуховик')).toBe(false);
    const puffer = withSynonyms(product('Пуховик короткий'), synonyms);
    expect(puffer.get(termOf('куртка'))).toBe(3);
    expect(puffer.get(termOf('зимняя'))).toBe(3);
    expect(puffer.get('=зимняя')).toBe(3);
    // Both synonyms naming «пуховик» apply: it is found by «дутик» too.
    expect(puffer.get('дутик')).toBe(3);
  });

  it('needs every word of a phrase, and never chains one synonym’s added terms into another', () => {
    const jacket = withSynonyms(product('Куртка демисезонная'), synonyms);
    expect(jacket.has('пуховик')).toBe(false);
    // «куртка зимняя» → пуховик is added, but «дутик» (a synonym of пуховик) is not: no chains.
    expect(withSynonyms(product('Куртка зимняя'), synonyms).has('дутик')).toBe(false);
  });

  it('weights the added terms as the weakest field that matched, and keeps a stronger own weight', () => {
    const byColour = withSynonyms(product('Платье', 'Kiim Basic', 'найк'), synonyms);
    expect(byColour.get('nike')).toBe(1);
    const brand = withSynonyms(product('Кроссовки найк', 'Nike'), synonyms);
    expect(brand.get('nike')).toBe(3);
    expect(brand.get('найк')).toBe(3);
  });

  it('leaves a product no phrase matches as it was', () => {
    const before = product('Футболка базовая');
    expect([...withSynonyms(new Map(before), synonyms)]).toEqual([...before]);
  });
});

describe('storedPhrases', () => {
  it('reads a JSON array of strings, and nothing from anything else', () => {
    expect(storedPhrases('["пуховик","куртка зимняя"]')).toEqual(['пуховик', 'куртка зимняя']);
    expect(storedPhrases('["a", 1, null]')).toEqual(['a']);
    expect(storedPhrases('{"a":1}')).toEqual([]);
    expect(storedPhrases('not json')).toEqual([]);
  });
});
