import { RU_FEEDBACK } from '@kiim/contract/text/feedback';
import { KK_FEEDBACK } from '@kiim/contract/text/feedback.kk';
import { flatten } from '@kiim/contract/text';
import { KK_SOURCE_TEXTS, catalogues } from '@kiim/contract/text/compile';
import { KK_CATALOGUE_TEXTS } from './seed.catalog-data.kk.ts';

// "Russian-only words" (issue 13): the words of the shop's Russian texts that no Kazakh text uses. Found in a text
// meant to be Kazakh, such a word is an untranslated text. Used by the Kazakh browser test (kazakh.e2e.ts: what a
// page in Kazakh mode shows) and the seed's test of the Kazakh information pages.

/** Words of three letters or more, lower case (Cyrillic with the Kazakh letters). */
export const words = (text: string): string[] => text.toLowerCase().match(/[а-яёәғқңөұүһі]{3,}/g) ?? [];

/** Texts of a catalogue, functions called with a sample value. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String((value as (x: string) => string)('1'))];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/**
 * Russian-only words: every word of the Russian texts (the storefront catalogue, reviews, the API's field errors,
 * the demo catalogue's data, and `more.russian`) that no Kazakh text (the same sources' Kazakh, and
 * `more.kazakh`) uses.
 */
export function russianOnlyWords(more: { russian?: string[]; kazakh?: string[] } = {}): Set<string> {
  const russian = [
    ...texts(flatten(catalogues.ru)),
    ...texts(RU_FEEDBACK),
    ...Object.keys(KK_SOURCE_TEXTS),
    ...Object.keys(KK_CATALOGUE_TEXTS),
    ...(more.russian ?? []),
  ];
  const kazakh = [
    ...texts(flatten(catalogues.kk)),
    ...texts(KK_FEEDBACK),
    ...Object.values(KK_SOURCE_TEXTS),
    ...Object.values(KK_CATALOGUE_TEXTS),
    ...(more.kazakh ?? []),
  ];
  const kk = new Set(kazakh.flatMap(words));
  return new Set(russian.flatMap(words).filter((w) => !kk.has(w)));
}
