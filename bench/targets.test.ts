import { describe, expect, it } from 'vitest';
import { suggestTyping, type Offer } from './targets.ts';

// The bench's typing shoppers (issue 35 item 3) ask as the header's field does: a prefix, a city and a language.

const offer: Offer = {
  category: 'c',
  brands: [],
  sizes: [],
  colours: [],
  cities: [1, 7],
  slugs: [],
  words: ['қыздарға', 'rubashka'],
};

describe('suggestTyping', () => {
  it('sends prefixes of 2 letters or more with a city, in Kazakh for a word with Kazakh letters', () => {
    const next = suggestTyping(offer, 7);
    const langs = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const url = new URL(next(), 'http://shop');
      expect(url.pathname).toBe('/api/catalog/suggest');
      const q = url.searchParams.get('q')!;
      const lang = url.searchParams.get('lang')!;
      expect(q.length).toBeGreaterThanOrEqual(2);
      expect([1, 7]).toContain(Number(url.searchParams.get('cityId')));
      // Every Kazakh word here (offer's and the bench's own «әйелдер») begins with a Kazakh letter.
      expect(lang).toBe(/[әғқңөұүһі]/.test(q) ? 'kk' : 'ru');
      langs.add(lang);
    }
    expect([...langs].sort()).toEqual(['kk', 'ru']);
  });
});
