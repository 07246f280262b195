/**
 * The text kit (zod-free, for browser code too: `@kiim/contract/text`): the message catalogues (Russian `RU`, the
 * reference, and Kazakh `KK`, issue 13) of ICU messages read by Lingui (i18n.ts), and plurals by
 * `Intl.PluralRules` for texts outside the catalogues (the API's); prices, phones and dates by `Intl` are in
 * format.ts. The catalogues are compiled on the server (`@kiim/contract/text/compile`) and a page receives only its
 * language's.
 */
export type { Messages } from './messages.ru.ts';
export { fillIn, plural, pluralWord, type PluralForms } from './plural.ts';
export {
  DEFAULT_LANG,
  LANGS,
  LOCALE,
  createI18n,
  flatten,
  isLang,
  translator,
  type Catalogue,
  type Lang,
  type MessageKey,
  type MessageValues,
  type TextArea,
  type Translate,
} from './i18n.ts';
