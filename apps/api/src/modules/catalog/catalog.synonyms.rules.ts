import { exactFormsOf, isExactForm, termsOf } from './search.rules.ts';

// Search synonyms (issue 35 item 3, docs/decisions/059) applied where a product is indexed: a product whose own
// terms hold every term of one phrase of a synonym («куртка зимняя») gets the terms of the synonym's other phrases
// («пуховик»), so the query side stays «a product has a term of every query word's group» on SQLite, PostgreSQL
// and the read model alike, typos and transliteration included. Pure functions: no database.

/** A phrase of a synonym as stored terms: the terms that must all be present, and what it adds. */
export interface SynonymPhrase {
  /** The phrase's terms ({@link termsOf}); a phrase without a searchable word has none and never matches. */
  terms: readonly string[];
  /** Its terms and exact word forms, added to a product that matches another phrase of the synonym. */
  adds: readonly string[];
}

/** A stored row's phrases (a JSON array of strings); a row written by hand that is not one has none. */
export function storedPhrases(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** The phrases of each synonym, as terms. */
export function synonymPhrases(synonyms: readonly (readonly string[])[]): SynonymPhrase[][] {
  return synonyms.map((phrases) =>
    phrases.map((p) => ({ terms: termsOf(p), adds: [...termsOf(p), ...exactFormsOf(p)] })),
  );
}

/**
 * A product's terms with its synonyms' terms added (in place, and returned): for each synonym with a phrase whose
 * terms the product has (own terms only, not ones added by another synonym: no chains), every other phrase's
 * terms and exact forms, weighted as the weakest field that matched (a phrase found in the colour adds colour
 * weight).
 * @param terms term → weight, as `productTerms` builds it.
 */
export function withSynonyms(
  terms: Map<string, number>,
  synonyms: readonly (readonly SynonymPhrase[])[],
): Map<string, number> {
  const own = new Map([...terms].filter(([t]) => !isExactForm(t)));
  const added = new Map<string, number>();
  for (const phrases of synonyms) {
    for (const [i, phrase] of phrases.entries()) {
      if (phrase.terms.length === 0 || !phrase.terms.every((t) => own.has(t))) continue;
      const weight = Math.min(...phrase.terms.map((t) => own.get(t)!));
      for (const [j, other] of phrases.entries())
        if (j !== i) for (const t of other.adds) added.set(t, Math.max(added.get(t) ?? 0, weight));
    }
  }
  for (const [t, w] of added) terms.set(t, Math.max(terms.get(t) ?? 0, w));
  return terms;
}
