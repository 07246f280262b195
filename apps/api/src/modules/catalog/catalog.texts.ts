import type { DbOrTrx } from '#app/db/database.ts';
import { cachedAnswer } from './catalog.cache.ts';
import * as repo from './catalog.repository.ts';

// The catalogue in the shopper's language (issue 13, docs/decisions/022): Russian is the catalogue's own language;
// a Kazakh text of a name, a colour, a description sentence or a composition is a `catalogue_text` row keyed by the
// Russian text. The read side's mappers put the Kazakh texts into the answers they build for a Kazakh-speaking
// shopper (docs/decisions/046); anything without one stays Russian (the fallback).

/** Languages the catalogue has texts in besides Russian. */
export const CATALOGUE_LANGS = ['kk'] as const;
export type CatalogueLang = (typeof CATALOGUE_LANGS)[number];

/**
 * The shopper's catalogue language from an `Accept-Language` header (the storefront sends the page's language):
 * `kk` when Kazakh comes first, else null (Russian, nothing to translate).
 */
export function catalogueLangOf(acceptLanguage: string | undefined): CatalogueLang | null {
  return acceptLanguage?.trim().toLowerCase().startsWith('kk') ? 'kk' : null;
}

/** The shopper's catalogue language of a request, read once in its route ({@link catalogueLangOf}). */
export const shopperLang = (request: { headers: { 'accept-language'?: string } }): CatalogueLang | null =>
  catalogueLangOf(request.headers['accept-language']);

/**
 * An `onRequest` hook for the routes of shopper answers: they vary by `Accept-Language` (caches keep each language
 * apart). Compressed answers (lib/compressed-json.ts) name both headers.
 */
export function varyByLanguage(
  _request: unknown,
  reply: { header(name: string, value: string): unknown },
  done: () => void,
) {
  reply.header('vary', 'Accept-Language');
  done();
}

/**
 * A catalogue text in the shopper's language: the Kazakh text of a Russian one (whole, or a description sentence by
 * sentence), the Russian text where there is none. The mappers of shopper answers call it on each text field they
 * build (docs/decisions/046); Russian answers use {@link asIs}.
 */
export type Say = (russian: string) => string;

/** The Russian catalogue as it is (no work on the Russian path). */
export const asIs: Say = (text) => text;

/** A {@link Say} over the texts of one language (`catalogue_text` rows keyed by the Russian text). */
export const sayOf =
  (texts: ReadonlyMap<string, string>): Say =>
  (text) =>
    translateText(texts, text);

/** The cache-key prefix of answers in `lang` (nothing for Russian, so Russian keys stay as they were). */
export const langKey = (lang: CatalogueLang | null): string => (lang ? `${lang}:` : '');

/** A text in the language of `texts`: whole, or sentence by sentence (a description), else as it is. */
export function translateText(texts: ReadonlyMap<string, string>, text: string): string {
  const whole = texts.get(text);
  if (whole !== undefined) return whole;
  const sentences = text.split(/(?<=[.!?])\s+/);
  if (sentences.length < 2) return text;
  return sentences.map((s) => texts.get(s) ?? s).join(' ');
}

/** The catalogue texts of a language, cached until the catalogue changes. */
export function textsOf(db: DbOrTrx, lang: CatalogueLang): Promise<Map<string, string>> {
  return cachedAnswer(db, `texts:${lang}`, () => repo.catalogueTexts(db, lang));
}

/** Saves translations of catalogue texts (the seed, the back office). */
export async function saveCatalogueTexts(
  db: DbOrTrx,
  lang: CatalogueLang,
  texts: ReadonlyMap<string, string> | Record<string, string>,
): Promise<number> {
  const at = new Date().toISOString();
  const entries = texts instanceof Map ? [...texts] : Object.entries(texts);
  await repo.saveCatalogueTexts(
    db,
    entries.map(([source, text]) => ({ lang, source, text, updated_at: at })),
  );
  return entries.length;
}

/** The product fields with a Kazakh text in the back office's product form (issue 13). */
export const PRODUCT_TEXT_FIELDS = ['name', 'description', 'colourName', 'composition', 'care'] as const;
export type ProductTextField = (typeof PRODUCT_TEXT_FIELDS)[number];

/**
 * The translation the storefront shows for a Russian text (whole, or a description sentence by sentence), or ''
 * when it has none (the storefront shows the Russian text).
 */
export function translationOf(texts: ReadonlyMap<string, string>, source: string): string {
  if (!source) return '';
  const text = translateText(texts, source);
  return text === source ? '' : text;
}

/**
 * The Kazakh texts of a product form to store (issue 13), keyed by the product's Russian texts as saved now: a
 * field whose Russian text changed keeps its Kazakh text under the new Russian one. A field the member cleared
 * where the storefront showed a Kazakh text stores the Russian text as its own translation, so the Kazakh
 * storefront shows the Russian text (as the form's hint promises; a whole-text row wins over a description's
 * sentence translations). Texts the storefront already shows as given write nothing. In the caller's
 * transaction; `catalogue_text` triggers bump the catalogue version, so cached answers and texts follow at once.
 * @returns how many texts were written.
 */
export async function saveProductTranslations(
  trx: DbOrTrx,
  russian: Record<ProductTextField, string>,
  kk: Record<ProductTextField, string>,
): Promise<number> {
  const texts = await textsOf(trx, 'kk');
  const rows = new Map<string, string>();
  for (const field of PRODUCT_TEXT_FIELDS) {
    const source = russian[field];
    if (!source) continue;
    const text = kk[field] || source;
    if (translateText(texts, source) !== text) rows.set(source, text);
  }
  return rows.size ? saveCatalogueTexts(trx, 'kk', rows) : 0;
}
