import { resolveQuery } from '../search.rules.ts';
import type { CatalogModel } from './model.ts';

// A search text's reading against the read model's vocabulary, kept per model and text: shared by the search page
// (listing.ts) and the suggestions while typing (suggest.ts), which read the same texts.

/** Most search texts whose term groups are kept per model (a full map is emptied and filled again). */
const MAX_KEPT_QUERIES = 10_000;

const keptQueries = new WeakMap<CatalogModel, Map<string, string[][]>>();

/**
 * The term groups of a search text against the model's vocabulary index ({@link resolveQuery}: typos, layout, word
 * beginnings, the other script), kept per model and text: the vocabulary changes only with a new model, and every
 * filter, sort, page, city and language of one text reuses them (issue 14). Not to be changed by the caller.
 */
export function termGroupsOf(m: CatalogModel, q: string): string[][] {
  let kept = keptQueries.get(m);
  if (!kept) keptQueries.set(m, (kept = new Map()));
  let groups = kept.get(q);
  if (!groups) {
    if (kept.size >= MAX_KEPT_QUERIES) kept.clear();
    kept.set(q, (groups = resolveQuery(q, m.words)));
  }
  return groups;
}
