import { createRequire } from 'node:module';
import { cyrillicToLatin, latinToCyrillic } from './search.translit.ts';
import {
  asVocabulary,
  forTermsOfLength,
  termsBegun,
  termsBeginning,
  type Vocabulary,
} from './search.vocabulary.ts';

// Search text rules (docs/decisions/009-catalogue-search.md): the same normalisation turns product texts into
// stored terms and a shopper's query into terms to look up, so «Джинсов», «джинсы» and «ДЖИНСЫ» meet at the
// stem «джинс». Pure functions: no database.

/** The Snowball stemmers (`snowball-stemmers`, a CommonJS package without types: typed here by what we use). */
const snowball = createRequire(import.meta.url)('snowball-stemmers') as {
  newStemmer(language: string): { stem(word: string): string };
};
const russian = snowball.newStemmer('russian');

/** Weights of the fields a product is found by: a hit in the name or brand counts more than in its colour. */
const TERM_WEIGHT = { name: 3, brand: 3, category: 2, colour: 1 } as const;

/** Words that carry no meaning in a query or a name (prepositions, conjunctions). */
const STOP_WORDS = new Set([
  'и',
  'в',
  'во',
  'на',
  'с',
  'со',
  'для',
  'из',
  'по',
  'от',
  'до',
  'без',
  'к',
  'о',
  'а',
  'или',
  'the',
  'and',
  'of',
]);

/**
 * Words a shopper types for what product texts say another way: «для женщин» finds «женские», «мужчинам» finds
 * «мужские». Keyed and valued by term.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  женщин: ['женск'],
  женщина: ['женск'],
  мужчин: ['мужск'],
  мужчина: ['мужск'],
};

/** Words whose Snowball stem would meet an unrelated word: «белье» would become «бел», as «белый». */
const STEM_EXCEPTIONS: Readonly<Record<string, string>> = { белье: 'белье', белья: 'белье', бельем: 'белье' };

/** Latin keys of the Russian ЙЦУКЕН layout: a query typed with the wrong layout («lf;bycs» → «джинсы»). */
const LAYOUT_EN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const LAYOUT_RU = 'йцукенгшщзхъфывапролджэячсмитьбюё';

/**
 * Lower case, `ё` → `е`, every run of characters other than letters and digits → one space, trimmed.
 * «Тёмно-синий, W28» → «темно синий w28».
 */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The stored or looked-up form of one normalised word: the Russian Snowball stem of a Cyrillic word, else the word. */
export function termOf(word: string): string {
  return STEM_EXCEPTIONS[word] ?? (/[а-я]/.test(word) ? russian.stem(word) : word);
}

/** Terms of a text (stop words dropped, each term once, in order of first appearance). */
export function termsOf(text: string): string[] {
  const out = new Set<string>();
  for (const word of normalizeText(text).split(' ')) if (word && !STOP_WORDS.has(word)) out.add(termOf(word));
  return [...out];
}

/** The mark of a stored exact word form: `=джинсы` beside the stem `джинс` (issue 14: exact forms rank first). */
export const EXACT_FORM = '=';

/**
 * The exact forms of a text's words whose term is not the word itself (`=джинсы`; «denim» has none): stored beside
 * the terms, they add their field's weight to a product whose text has the very word a shopper typed, so it ranks
 * before one that only shares the stem. Never used for matching: whoever has the form has its stem.
 */
export function exactFormsOf(text: string): string[] {
  const out = new Set<string>();
  for (const word of normalizeText(text).split(' '))
    if (word && !STOP_WORDS.has(word) && termOf(word) !== word) out.add(EXACT_FORM + word);
  return [...out];
}

/** Whether a stored term is an exact form (not part of the vocabulary a query's words are read against). */
export const isExactForm = (term: string) => term.startsWith(EXACT_FORM);

/** What a product is found by: its name, brand, category name and colour name. */
interface SearchableProduct {
  name: string;
  brandName: string;
  categoryName: string;
  colourName: string;
}

/**
 * Terms of a product with their weights (the highest weight wins when a term is in several fields), and the exact
 * forms of its words ({@link exactFormsOf}) with the same weights.
 * @returns term → weight ({@link TERM_WEIGHT}).
 */
export function productTerms(p: SearchableProduct): Map<string, number> {
  const out = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const term of [...termsOf(text), ...exactFormsOf(text)])
      out.set(term, Math.max(out.get(term) ?? 0, weight));
  };
  add(p.name, TERM_WEIGHT.name);
  add(p.brandName, TERM_WEIGHT.brand);
  add(p.categoryName, TERM_WEIGHT.category);
  add(p.colourName, TERM_WEIGHT.colour);
  return out;
}

/** Rows of {@link editDistance}, reused (it runs synchronously): no allocation per comparison. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions) of two words, giving up past
 * `max`: returns `max + 1` as soon as the distance is known to exceed it.
 * @param aLength compare only the first `aLength` characters of `a` (its beginning; default: all of it).
 */
export function editDistance(a: string, b: string, max: number, aLength = a.length): number {
  if (Math.abs(aLength - b.length) > max) return max + 1;
  if (rows[0]!.length <= b.length) rows = rows.map(() => new Int32Array(2 * b.length + 2));
  let [prev2, prev, row] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= aLength; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        d = Math.min(d, prev2[j - 2]! + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return prev[b.length]!;
}

/** Typos forgiven in a query term: none up to 3 letters, one up to 7, two from 8. */
const typosAllowed = (term: string) => (term.length <= 3 ? 0 : term.length <= 7 ? 1 : 2);

/** A word of a query: as typed (normalised) and its term. */
interface QueryWord {
  word: string;
  term: string;
}

/** Words of a search text with their terms (stop words dropped, each term once). */
function queryWords(query: string): QueryWord[] {
  const seen = new Set<string>();
  const out: QueryWord[] = [];
  for (const word of normalizeText(query).split(' ')) {
    if (!word || STOP_WORDS.has(word)) continue;
    const term = termOf(word);
    if (!seen.has(term)) out.push({ word, term });
    seen.add(term);
  }
  return out;
}

/** True when `text` begins with `stem` give or take `max` typos (a stored stem plus an ending typed with a slip). */
function fuzzyPrefix(text: string, stem: string, max: number): boolean {
  for (let k = stem.length - 1; k <= Math.min(text.length, stem.length + 1); k++)
    if (editDistance(text, stem, max, k) <= max) return true;
  return false;
}

/**
 * The stored terms a query word stands for: its term itself, terms the word as typed begins (a word still
 * being typed, from 3 letters: «джин» → «джинс», «пухов» → «пуховик»; the stem is not used for this, so the
 * whole word «серые» stays «сер» and does not grow into «серебрист»), terms that begin it (a longer form of a stored stem, from 4 letters:
 * «джинсовый» → «джинс»), and — only when none of those is stored — terms within {@link typosAllowed} typos of its
 * term or of the beginning of the word («джнсы» → «джинс»). In the vocabulary's order, each once. Looked up in the
 * vocabulary's index (search.vocabulary.ts): only the typo reading compares the word with terms one by one, and
 * only with those of a length it could be within its typos of.
 */
function expandTerm(q: QueryWord, vocabulary: Vocabulary): string[] {
  const { word, term } = q;
  const max = typosAllowed(term);
  const out: string[] = (SYNONYMS[term] ?? []).filter((s) => vocabulary.set.has(s));
  const exact: string[] = [];
  if (vocabulary.set.has(term)) exact.push(term);
  if (word.length >= 3) termsBeginning(vocabulary, word, exact);
  termsBegun(vocabulary, term, 4, exact);
  termsBegun(vocabulary, word, 4, exact);
  // A word found as typed is not also read as a typo of another («джинсы» is not «длин…» with a slip).
  if (exact.length > 0 || max === 0) return [...new Set([...out, ...new Set(exact)].sort())];
  const typos: string[] = [];
  // Within `max` of the term: a length within `max` of its; the beginning of the word: at most one longer.
  forTermsOfLength(vocabulary, 4, Math.max(term.length + max, word.length + 1), (v) => {
    if (editDistance(term, v, max) <= max || fuzzyPrefix(word, v, Math.min(max, typosAllowed(v))))
      typos.push(v);
  });
  return [...new Set([...out, ...typos])].sort();
}

/** Whether a stored term stands for the query word without a typo: the term itself, or a beginning or extension. */
function matchesWithoutTypo({ word, term }: QueryWord, v: string): boolean {
  return (
    v === term ||
    (word.length >= 3 && v.startsWith(word)) ||
    (v.length >= 4 && (term.startsWith(v) || word.startsWith(v)))
  );
}

/** A query typed on the Latin layout read as the Russian one («lf;bycs» → «джинсы»), or null when it has no Latin letters. */
export function switchLayout(query: string): string | null {
  if (!/[a-z[\];',.`]/i.test(query)) return null;
  return [...query.toLowerCase()].map((ch) => LAYOUT_RU[LAYOUT_EN.indexOf(ch)] ?? ch).join('');
}

/**
 * The query as lists of alternative stored terms, one list per query word: a product matches when it has a
 * term of every list. Words with no stored term at all leave an empty list (nothing can match). A found word
 * typed in another form than its stem also lists its exact form (`=джинсы`) last, for the relevance.
 * @param vocabulary the stored terms without the exact forms.
 */
function queryTermGroups(query: string, vocabulary: Vocabulary): string[][] {
  return queryWords(query).map((q) => {
    const group = expandTerm(q, vocabulary);
    // A word that finds nothing but typos, read in the other script (issue 35 item 3: «dzhinsy», «адидас»).
    if (!group.some((v) => matchesWithoutTypo(q, v))) {
      const other = latinToCyrillic(q.word) ?? cyrillicToLatin(q.word);
      const alt = other && { word: other, term: termOf(other) };
      const altGroup = alt ? expandTerm(alt, vocabulary) : [];
      if (alt && altGroup.some((v) => matchesWithoutTypo(alt, v))) {
        if (alt.word !== alt.term) altGroup.push(EXACT_FORM + alt.word);
        return altGroup;
      }
    }
    // The word's exact form last: it matches nothing its stem does not, but adds its weight to the relevance.
    if (group.length > 0 && q.word !== q.term) group.push(EXACT_FORM + q.word);
    return group;
  });
}

/**
 * Term groups of a search text: as typed, or — when some word finds nothing and the text reads as Russian
 * typed on the Latin layout with every word found — as switched.
 */
export function resolveQuery(query: string, terms: Vocabulary | readonly string[]): string[][] {
  const vocabulary = asVocabulary(terms);
  const groups = queryTermGroups(query, vocabulary);
  if (groups.length === 0 || groups.every((g) => g.length > 0)) return groups;
  const switched = switchLayout(query);
  if (switched) {
    const alt = queryTermGroups(switched, vocabulary);
    if (alt.length > 0 && alt.every((g) => g.length > 0)) return alt;
  }
  return groups;
}

/**
 * A search text's words that name a size of the catalogue («джинсы 28», «платье m»; issue 35 item 3), as sizes to
 * filter by, and the text without them. A word is a size only when it equals a size label (case aside) and is not
 * a stored term itself; a size written twice counts once.
 * @param sizeOf a normalised word → the catalogue's size label, or undefined.
 * @param vocabulary the stored terms (a word that is one stays a search word).
 */
export function sizesInQuery(
  query: string,
  sizeOf: (word: string) => string | undefined,
  vocabulary: ReadonlySet<string>,
): { text: string; sizes: string[] } {
  const sizes = new Set<string>();
  const words: string[] = [];
  for (const word of normalizeText(query).split(' ')) {
    const size = word && !vocabulary.has(word) ? sizeOf(word) : undefined;
    if (size) sizes.add(size);
    else if (word) words.push(word);
  }
  // Nothing taken: the text as typed (the layout switch reads its punctuation).
  return sizes.size ? { text: words.join(' '), sizes: [...sizes] } : { text: query, sizes: [] };
}
