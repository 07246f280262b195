import type { DbOrTrx } from '#app/db/database.ts';
import { cachedAnswer } from './catalog.cache.ts';
import * as repo from './catalog.repository.ts';
import { productTerms, resolveQuery } from './search.rules.ts';
import { vocabularyOf } from './search.vocabulary.ts';
import { translateText } from './catalog.texts.ts';
import { listSynonyms, markSynonymsIndexed } from './catalog.synonyms.repository.ts';
import { storedPhrases, synonymPhrases, withSynonyms } from './catalog.synonyms.rules.ts';

// Catalogue search (docs/decisions/009-catalogue-search.md): the app keeps normalised terms of every product in
// `product_search_term` (Snowball stems of Russian words, other words as they are), and reads a query into
// groups of stored terms, forgiving word forms, unfinished words, small typos and the wrong keyboard layout.
// The same SQL (`term in (…)` per word) runs on SQLite and PostgreSQL.

/**
 * Rebuilds the search terms of the given products (all when omitted) from their name, brand, category and
 * colour — in Russian and, where the catalogue has them, in Kazakh (`catalogue_text`, issue 13), so a search
 * finds products by Kazakh words too — with the terms staff's search synonyms add (decision 059; a full rebuild
 * marks every synonym applied), in one transaction unless `db` already is one.
 * @returns how many products were indexed and how many term rows were written.
 */
export async function reindexSearch(
  db: DbOrTrx,
  productIds?: readonly number[],
): Promise<{ products: number; terms: number }> {
  const run = async (trx: DbOrTrx) => {
    const products = await repo.productsForSearchIndex(trx, productIds);
    const kk = await repo.catalogueTexts(trx, 'kk');
    const synonyms = synonymPhrases((await listSynonyms(trx)).map((r) => storedPhrases(r.phrases)));
    const rows = products.flatMap((p) => {
      const terms = productTerms({
        name: p.name,
        brandName: p.brand_name,
        categoryName: p.category_name,
        colourName: p.colour_name,
      });
      const kazakh = productTerms({
        name: translateText(kk, p.name),
        brandName: p.brand_name,
        categoryName: translateText(kk, p.category_name),
        colourName: translateText(kk, p.colour_name),
      });
      for (const [term, weight] of kazakh) terms.set(term, Math.max(terms.get(term) ?? 0, weight));
      withSynonyms(terms, synonyms);
      return [...terms].map(([term, weight]) => ({ term, product_id: p.id, weight }));
    });
    await repo.replaceSearchTerms(trx, productIds ?? products.map((p) => p.id), rows);
    if (!productIds) await markSynonymsIndexed(trx);
    return { products: products.length, terms: rows.length };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * A search text as groups of stored terms (a product must have a term of every group), read against the
 * catalogue's vocabulary (cached per catalogue version). An empty list when the text has no searchable word.
 */
export async function searchTermGroups(db: DbOrTrx, q: string): Promise<string[][]> {
  const vocabulary = await cachedAnswer(db, 'search:vocabulary', async () =>
    vocabularyOf(await repo.searchVocabulary(db)),
  );
  return resolveQuery(q, vocabulary);
}
