import { describe, expect, it } from 'vitest';
import { createI18n, translator } from './i18n.ts';
import { compiledMessages } from './compile.ts';

// The courier's terms on the delivery page (issue 27): the price with the city's delivery days in both languages.
const tr = (lang: 'ru' | 'kk') => translator(createI18n(lang, compiledMessages(lang)));

describe('infoPage.courierTerms', () => {
  it('reads the days with their word, and 0 as the day of the order', () => {
    const ru = tr('ru');
    const terms = (days: number) => ru('infoPage.courierTerms', { price: '1 500 ₸', days });
    expect([0, 1, 2, 5, 21].map(terms)).toEqual([
      '1 500 ₸, в день заказа',
      '1 500 ₸, за 1 день',
      '1 500 ₸, за 2 дня',
      '1 500 ₸, за 5 дней',
      '1 500 ₸, за 21 день',
    ]);
    const kk = tr('kk');
    expect(kk('infoPage.courierTerms', { price: '1 500 ₸', days: 3 })).toBe('1 500 ₸, 3 күнде');
    expect(kk('infoPage.courierTerms', { price: '1 500 ₸', days: 0 })).toBe('1 500 ₸, тапсырыс күні');
  });
});
