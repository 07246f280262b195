import { setupI18n, type I18n, type Messages as CompiledMessages } from '@lingui/core';
import type { RU } from './messages.ru.ts';
import { groupDigits } from '../format.ts';
import { pluralRules } from './plural.ts';

/**
 * The shop's languages (issue 13): Russian, the default, and Kazakh. The storefront keeps the choice in the `lang`
 * cookie and reads `?lang=` (spec §2 URLs stay the same for both).
 */
export const LANGS = ['ru', 'kk'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';

/** True for a language the shop speaks (`ru`, `kk`). */
export const isLang = (v: unknown): v is Lang => v === 'ru' || v === 'kk';

/** The `Intl` locale of each language, for dates (`23 қараша`) and plural rules. Prices stay ru-KZ (`12 990 ₸`). */
export const LOCALE: Record<Lang, string> = { ru: 'ru-RU', kk: 'kk-KZ' };

/** A catalogue of the same shape as the Russian one: every leaf an ICU message string. */
export type Catalogue<T = typeof RU> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** An area of the catalogue: its top-level key (`product`, `listing`, `checkout`…), the first part of an id. */
export type TextArea = keyof typeof RU;

/** A message's id: its dotted path in the catalogue (`cart.title`). */
export type MessageKey = Leaves<typeof RU>;

/** Values an ICU message takes (`{count}`, `{name}`). */
export type MessageValues = Record<string, string | number>;

/** The catalogue as id → message (`{ 'cart.title': 'Корзина' }`). */
export function flatten(catalogue: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(catalogue)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else Object.assign(out, flatten(v as object, `${prefix}${k}.`));
  }
  return out;
}

/**
 * A Lingui instance for one language with its compiled messages (compile.server side: text/compile.ts). An id
 * without a message comes back as itself, so a Russian text with no Kazakh translation (a field error given by
 * the API) still reads as Russian rather than as a key.
 */
export function createI18n(lang: Lang, messages: CompiledMessages): I18n {
  return setupI18n({ locale: lang, messages: { [lang]: messages }, missing: (_locale, id) => id });
}

/** The typed translate function of a Lingui instance: `t('cart.title')`, `t('count.goods', { count: 3 })`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The placeholder a plural's `#` is compiled to (text/compile.ts `pluralsAsSelects`): the plural value's name and
 * `#` (`count#`).
 */
export const countPlaceholder = (name: string) => `${name}#`;

/** The placeholder of a plural's category (`count:cardinal`; `count:ordinal` for a selectordinal), compile.ts. */
export const pluralPlaceholder = (name: string, kind: 'cardinal' | 'ordinal') => `${name}:${kind}`;

/** Lingui's number format of a locale, made only for a number {@link groupDigits} does not write. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * `values` with each number's plural placeholders filled: {@link countPlaceholder} with the number as Lingui
 * writes a plural's `#` in ru and kk (`1 234`: `groupDigits` for a whole number, no `Intl.NumberFormat` built in the
 * browser, issue 14; Intl for any other), {@link pluralPlaceholder} with its cardinal and ordinal category by
 * `Intl.PluralRules` (cheap to build).
 */
function withCounts(values: MessageValues, locale: string): MessageValues {
  let out: MessageValues | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'number') continue;
    out ??= { ...values };
    let written = groupDigits(value);
    if (written === undefined) {
      let f = numberFormats.get(locale);
      if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat([locale, 'en'])));
      written = f.format(value);
    }
    out[countPlaceholder(name)] = written;
    // As Lingui picks a plural's branch: the locale, then `en`.
    for (const kind of ['cardinal', 'ordinal'] as const)
      out[pluralPlaceholder(name, kind)] = pluralRules([locale, 'en'], kind).select(value);
  }
  return out ?? values;
}

/** {@link Translate} over a Lingui instance (a plural's count filled by {@link withCounts}). */
export const translator =
  (i18n: I18n): Translate =>
  (key, values) =>
    i18n._(key, values && withCounts(values, i18n.locale));
