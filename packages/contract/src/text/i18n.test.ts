import { describe, expect, it } from 'vitest';
import { RU } from './messages.ru.ts';
import { KK, KK_SOURCE_TEXTS } from './messages.kk.ts';
import { createI18n, flatten, translator } from './i18n.ts';
import { compiledMessages } from './compile.ts';

const tr = (lang: 'ru' | 'kk') => translator(createI18n(lang, compiledMessages(lang)));

describe('the message catalogues (issue 13)', () => {
  it('Kazakh has every Russian key and no other, none empty unless the Russian one is', () => {
    const ru = flatten(RU);
    const kk = flatten(KK);
    expect(Object.keys(kk).sort()).toEqual(Object.keys(ru).sort());
    for (const [k, v] of Object.entries(kk)) if (ru[k] !== '') expect(v, k).not.toBe('');
  });

  it('Kazakh texts use Kazakh letters and none is a copy of the Russian text, names and codes aside', () => {
    const ru = flatten(RU);
    const copies = Object.entries(flatten(KK)).filter(
      ([k, v]) => v === ru[k] && /[а-яё]{3,}/i.test(v.replace(/\{[^}]*\}/g, '')),
    );
    // The same word in both languages: «Профиль», «Бренд», «Телефон», «Курьер»; each language named in its own tongue.
    expect(copies.map(([k]) => k).sort()).toEqual([
      'infoPage.phone',
      'infoPage.termsCourierLabel',
      'listing.brand',
      'personal.profile',
      'profile.languageKk',
      'profile.languageRu',
      'profile.meta',
      'profile.phone',
      'profile.title',
    ]);
    expect(Object.values(flatten(KK)).join(' ')).toMatch(/[әғқңөұүһі]/);
  });

  it('counts by Intl.PluralRules: Russian one/few/many, Kazakh one form', () => {
    const ru = tr('ru');
    const kk = tr('kk');
    expect([1, 2, 5, 21].map((count) => ru('count.goods', { count }))).toEqual([
      '1 товар',
      '2 товара',
      '5 товаров',
      '21 товар',
    ]);
    expect([1, 2, 5].map((count) => kk('count.goods', { count }))).toEqual(['1 тауар', '2 тауар', '5 тауар']);
  });

  it('fills values in and translates a Russian field error by its text, falling back to Russian', () => {
    const kk = tr('kk');
    expect(kk('cart.available', { city: 'Алматы' })).toBe('Алматы қаласында бар');
    const i18n = createI18n('kk', compiledMessages('kk'));
    expect(i18n._('Укажите имя')).toBe(KK_SOURCE_TEXTS['Укажите имя']);
    expect(i18n._('Сообщение без перевода')).toBe('Сообщение без перевода');
    expect(createI18n('ru', compiledMessages('ru'))._('Укажите имя')).toBe('Укажите имя');
  });

  it('gives the messages of some areas only, with the Kazakh source texts when asked (issue 14)', () => {
    const ids = (lang: 'ru' | 'kk', sourceTexts = false) =>
      Object.keys(compiledMessages(lang, ['header', 'count'], sourceTexts));
    const expected = Object.keys(flatten({ header: RU.header, count: RU.count })).sort();
    expect(ids('ru').sort()).toEqual(expected);
    expect(ids('kk').sort()).toEqual(expected);
    expect(ids('ru', true).sort()).toEqual(expected);
    expect(ids('kk', true).sort()).toEqual([...expected, ...Object.keys(KK_SOURCE_TEXTS)].sort());
    // Made once: the same object each time.
    expect(compiledMessages('kk', ['header'])).toBe(compiledMessages('kk', ['header']));
  });
});
