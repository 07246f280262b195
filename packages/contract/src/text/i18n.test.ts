import { describe, expect, it, vi } from 'vitest';
import { RU } from './messages.ru.ts';
import { KK, KK_SOURCE_TEXTS } from './messages.kk.ts';
import { setupI18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { createI18n, flatten, translator } from './i18n.ts';
import { compiledMessages, pluralsAsSelects } from './compile.ts';

const tr = (lang: 'ru' | 'kk') => translator(createI18n(lang, compiledMessages(lang)));

describe('plurals in the browser', () => {
  // First in the file: Lingui keeps the formats it built for the process, so a later test could hide one built.
  it('builds no Intl.NumberFormat for a plural of a whole number (issue 14: 35–120 ms in a browser)', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      const t = translator(createI18n('kk', compiledMessages('kk')));
      expect(tr('ru')('count.models', { count: 1234 })).toBe('1\u00a0234 модели');
      expect(t('count.models', { count: 3 })).toBe('3 модель');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});

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

  it("writes a plural's count without Intl.NumberFormat, the same text as Lingui for every message (issue 14)", () => {
    const names = (tokens: CompiledMessage, out = new Set<string>()): Set<string> => {
      for (const t of tokens)
        if (Array.isArray(t)) {
          out.add(t[0]);
          for (const branch of Object.values((t[2] ?? {}) as object))
            if (Array.isArray(branch)) names(branch as CompiledMessage, out);
        }
      return out;
    };
    for (const [lang, catalogue] of [
      ['ru', flatten(RU)],
      ['kk', flatten(KK)],
    ] as const) {
      const reference: Record<string, CompiledMessage> = {};
      for (const [id, message] of Object.entries(catalogue)) reference[id] = compileMessage(message);
      const lingui = setupI18n({ locale: lang, messages: { [lang]: reference } });
      const ours = tr(lang);
      let plurals = 0;
      for (const [id, compiled] of Object.entries(reference)) {
        const used = [...names(compiled)];
        if (!JSON.stringify(compiled).includes('"plural"')) continue;
        plurals++;
        for (const n of [0, 1, 2, 5, 11, 21, 1234, 1_500_000, 2.5]) {
          const values = Object.fromEntries(used.map((name) => [name, n]));
          expect(ours(id as never, values), `${lang} ${id} ${n}`).toBe(lingui._(id, values));
        }
      }
      expect(plurals).toBeGreaterThanOrEqual(5);
      // No plural's # is left for Lingui to write with Intl.NumberFormat.
      for (const compiled of Object.values(compiledMessages(lang)))
        for (const t of compiled as CompiledMessage)
          if (Array.isArray(t) && (t[1] === 'plural' || t[1] === 'selectordinal'))
            for (const branch of Object.values(t[2] as object))
              if (Array.isArray(branch)) expect(branch).not.toContain('#');
    }
  });

  it('makes a plural a select on its category, exact values first; an offset plural and a select keep their #', () => {
    const compiled = pluralsAsSelects(
      compileMessage(
        '{n, plural, offset:1 other {# a}} {s, select, x {#} other {b}} {m, plural, =0 {нет} one {# c} other {# d}}',
      ),
    );
    expect(JSON.stringify(compiled)).toBe(
      JSON.stringify([
        ['n', 'plural', { other: ['#', ' a'], offset: 1 }],
        ' ',
        ['s', 'select', { x: ['#'], other: ['b'] }],
        ' ',
        [
          'm',
          'select',
          { 0: ['нет'], other: [['m:cardinal', 'select', { one: [['m#'], ' c'], other: [['m#'], ' d'] }]] },
        ],
      ]),
    );
    const i18n = setupI18n({ locale: 'ru', messages: { ru: { m: compiled } } });
    const t = translator(i18n) as (key: string, values: Record<string, number | string>) => string;
    expect([0, 1, 21, 5, 1000].map((m) => t('m', { n: 3, s: 'x', m }))).toEqual([
      '2 a # нет',
      '2 a # 1 c',
      '2 a # 21 c',
      '2 a # 5 d',
      '2 a # 1\u00a0000 d',
    ]);
  });
});
