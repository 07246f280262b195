/**
 * The text kit (zod-free, for browser code too: `@kiim/contract/text`): the message catalogue and plurals by
 * `Intl.PluralRules`; prices, phones and dates by `Intl` are in format.ts. Russian is the only language today;
 * a second one (Kazakh) is another catalogue of the same `Messages` shape.
 */
export { RU, type Messages } from './messages.ru.ts';
export { plural, pluralWord, type PluralForms } from './plural.ts';
