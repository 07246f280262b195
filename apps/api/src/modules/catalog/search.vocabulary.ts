// The catalogue's search vocabulary as an index (docs/decisions/072): the stored terms sorted, so the terms a word
// being typed begins are one binary search away, a set for whole terms, and the terms by length, so a word read
// with typos is compared only with the terms it could be within its typos of. Built once with the read model (and
// once per catalogue version for the SQL search), instead of a walk of the whole vocabulary per word typed.

/** The stored terms (exact forms aside) indexed for reading a query (search.rules.ts `resolveQuery`). */
export interface Vocabulary {
  /** Every term once, by UTF-16 code units (JavaScript's own order, whatever the database's collation). */
  readonly sorted: readonly string[];
  readonly set: ReadonlySet<string>;
  /** `byLength[k]`: the terms of k characters, in `sorted`'s order. */
  readonly byLength: readonly (readonly string[])[];
}

/** The index of `terms` (any order; duplicates counted once). */
export function vocabularyOf(terms: readonly string[]): Vocabulary {
  const set = new Set(terms);
  const sorted = [...set].sort();
  const byLength: string[][] = [];
  for (const term of sorted) (byLength[term.length] ??= []).push(term);
  for (let k = 0; k < byLength.length; k++) byLength[k] ??= [];
  return { sorted, set, byLength };
}

/** Indexes made for plain arrays of terms (tests, callers holding an array), kept while the array lives. */
const indexed = new WeakMap<readonly string[], Vocabulary>();

/** `v` itself, or the index of the array of terms `v` (made once per array). */
export function asVocabulary(v: Vocabulary | readonly string[]): Vocabulary {
  if (!Array.isArray(v)) return v as Vocabulary;
  const terms = v as readonly string[];
  let index = indexed.get(terms);
  if (!index) indexed.set(terms, (index = vocabularyOf(terms)));
  return index;
}

/** The position of the first term not below `text` in `sorted` (binary search). */
function lowerBound(sorted: readonly string[], text: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The terms beginning with `prefix`, in the vocabulary's order (pushed onto `out`). */
export function termsBeginning(v: Vocabulary, prefix: string, out: string[]): void {
  for (let k = lowerBound(v.sorted, prefix); k < v.sorted.length && v.sorted[k]!.startsWith(prefix); k++)
    out.push(v.sorted[k]!);
}

/** The terms of at least `min` characters that begin `text` (its beginnings that are terms; pushed onto `out`). */
export function termsBegun(v: Vocabulary, text: string, min: number, out: string[]): void {
  for (let k = min; k <= text.length; k++) {
    const head = text.slice(0, k);
    if (v.set.has(head)) out.push(head);
  }
}

/** Each term of `from` to `to` characters (lengths clamped to the vocabulary's), passed to `visit`. */
export function forTermsOfLength(
  v: Vocabulary,
  from: number,
  to: number,
  visit: (term: string) => void,
): void {
  for (let k = Math.max(0, from); k <= Math.min(to, v.byLength.length - 1); k++)
    for (const term of v.byLength[k]!) visit(term);
}
