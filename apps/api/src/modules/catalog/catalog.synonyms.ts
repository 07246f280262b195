import { CatalogueErrorCode, type SearchSynonym } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { badRequest, notFound } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import * as repo from './catalog.synonyms.repository.ts';
import { reindexSearch } from './catalog.search.ts';
import { storedPhrases } from './catalog.synonyms.rules.ts';
import { termsOf } from './search.rules.ts';
import type { SearchSynonymRow } from './catalog.table.ts';

// Search synonyms in the back office (issue 35 item 3, docs/decisions/059). A change re-indexes, in its own
// transaction, exactly the products the synonym's phrases reach before and after it (their stored terms hold every
// term of a phrase), so an edit on the 100,000-SKU catalogue touches dozens of products, not all; the search index
// tables' triggers bump the catalogue version and the storefront reads the change at once (decision 018).

const phrasesOf = (row: SearchSynonymRow) => storedPhrases(row.phrases);

const toSynonym = (row: SearchSynonymRow): SearchSynonym => ({
  id: Number(row.id),
  phrases: phrasesOf(row),
  updatedAt: row.updated_at,
});

/** Every synonym, oldest first (`GET /api/admin/catalogue/search-synonyms`). */
export async function adminSynonyms(db: DbOrTrx): Promise<SearchSynonym[]> {
  return (await repo.listSynonyms(db)).map(toSynonym);
}

/** The products whose own texts hold every word of one of these phrases. */
async function productsReached(trx: DbOrTrx, phrases: readonly string[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const phrase of phrases)
    for (const id of await repo.productIdsWithTerms(trx, termsOf(phrase))) ids.add(id);
  return [...ids];
}

/** Re-indexes the products reached by `phrases` and marks the synonym rows `applied` as indexed. */
async function reindexReached(trx: DbOrTrx, phrases: readonly string[], applied: readonly number[]) {
  const ids = await productsReached(trx, phrases);
  for (let i = 0; i < ids.length; i += 500) await reindexSearch(trx, ids.slice(i, i + 500));
  await repo.markSynonymsIndexed(trx, applied);
  return ids.length;
}

const synonymNotFound = () => notFound(CatalogueErrorCode.entityNotFound, 'Такого синонима нет');

/**
 * Creates (`id` null) or changes a synonym from its phrases (validated by `SearchSynonymInput`) and re-indexes the
 * products its old and new phrases reach. Audited (`catalogue.search_synonym_created` / `_updated`).
 * @throws AppError 404 (8109) for an unknown id; 400 (field `phrases`) when no phrase has a searchable word.
 */
export async function saveSynonym(
  db: DbOrTrx,
  id: number | null,
  input: { phrases: string[] },
  actor: Actor,
): Promise<SearchSynonym> {
  if (input.phrases.filter((p) => termsOf(p).length > 0).length < 2)
    throw badRequest({ phrases: ['Хотя бы в двух выражениях должны быть слова, а не только знаки'] });
  return db.transaction().execute(async (trx) => {
    await repo.lockSynonyms(trx);
    const beforeRow = id === null ? undefined : await repo.findSynonym(trx, id);
    if (id !== null && !beforeRow) throw synonymNotFound();
    const nowIso = actor.at.toISOString();
    const phrases = JSON.stringify(input.phrases);
    const synonymId = id ?? (await admin.nextId(trx, 'search_synonym'));
    if (beforeRow) await repo.updateSynonym(trx, synonymId, phrases, nowIso);
    else await repo.insertSynonym(trx, { id: synonymId, phrases, created_at: nowIso, updated_at: nowIso });
    const before = beforeRow ? toSynonym(beforeRow) : null;
    await reindexReached(trx, [...(before?.phrases ?? []), ...input.phrases], [synonymId]);
    const after = toSynonym((await repo.findSynonym(trx, synonymId))!);
    const action = before ? 'catalogue.search_synonym_updated' : 'catalogue.search_synonym_created';
    await audit(trx, actor, action, { type: 'search_synonym', id: String(synonymId) }, before, after);
    return after;
  });
}

/**
 * Deletes a synonym and re-indexes the products its phrases reached. Audited (`catalogue.search_synonym_deleted`).
 * @throws AppError 404 (8109) for an unknown id.
 */
export async function deleteSynonym(db: DbOrTrx, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockSynonyms(trx);
    const row = await repo.findSynonym(trx, id);
    if (!row) throw synonymNotFound();
    await repo.deleteSynonym(trx, id);
    await reindexReached(trx, phrasesOf(row), []);
    await audit(
      trx,
      actor,
      'catalogue.search_synonym_deleted',
      { type: 'search_synonym', id: String(id) },
      toSynonym(row),
      null,
    );
  });
}

/**
 * Applies the synonyms no index has applied yet (written by a migration into an indexed catalogue) at a shop's
 * start: re-indexes the products they reach, once across processes (the writers' lock, then read again).
 * @returns how many products were re-indexed.
 */
export async function applyPendingSynonyms(db: DbOrTrx): Promise<number> {
  if ((await repo.pendingSynonyms(db)).length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await repo.lockSynonyms(trx);
    const pending = await repo.pendingSynonyms(trx);
    return reindexReached(
      trx,
      pending.flatMap(phrasesOf),
      pending.map((r) => Number(r.id)),
    );
  });
}
