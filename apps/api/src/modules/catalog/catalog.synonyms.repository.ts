import { sql } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';
import type { SearchSynonymRow } from './catalog.table.ts';

// Rows of `search_synonym` (decision 059) and the products a synonym's phrases reach in `product_search_term`.

/** Every synonym row by id. */
export const listSynonyms = (db: DbOrTrx) =>
  db.selectFrom('search_synonym').selectAll().orderBy('id').execute();

/** One synonym row, or undefined. */
export const findSynonym = (db: DbOrTrx, id: number) =>
  db.selectFrom('search_synonym').selectAll().where('id', '=', id).executeTakeFirst();

/** The rows a full re-index has not applied yet. */
export const pendingSynonyms = (db: DbOrTrx) =>
  db.selectFrom('search_synonym').selectAll().where('indexed', '=', 0).execute();

/** Writes a new row, not yet applied by the index. */
export async function insertSynonym(db: DbOrTrx, row: Omit<SearchSynonymRow, 'indexed'>): Promise<void> {
  await db
    .insertInto('search_synonym')
    .values({ ...row, indexed: 0 })
    .execute();
}

/** Changes a row's phrases (JSON); it must be applied again. */
export async function updateSynonym(db: DbOrTrx, id: number, phrases: string, nowIso: string): Promise<void> {
  await db
    .updateTable('search_synonym')
    .set({ phrases, indexed: 0, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

/** Deletes a row. */
export async function deleteSynonym(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('search_synonym').where('id', '=', id).execute();
}

/** Marks these rows (all when omitted) as applied by the search index. */
export async function markSynonymsIndexed(db: DbOrTrx, ids?: readonly number[]): Promise<void> {
  if (ids?.length === 0) return;
  let q = db.updateTable('search_synonym').set({ indexed: 1 }).where('indexed', '=', 0);
  if (ids) q = q.where('id', 'in', ids);
  await q.execute();
}

/**
 * Makes writers of synonyms take turns in the caller's transaction (PostgreSQL: an advisory lock; SQLite runs one
 * writing transaction at a time).
 */
export async function lockSynonyms(trx: DbOrTrx): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('kiim.search_synonym'))`.execute(trx);
}

/** Ids of the products whose stored terms include every term of `terms` (none for an empty list). */
export async function productIdsWithTerms(db: DbOrTrx, terms: readonly string[]): Promise<number[]> {
  const distinct = [...new Set(terms)];
  if (distinct.length === 0) return [];
  const rows = await db
    .selectFrom('product_search_term')
    .select('product_id')
    .where('term', 'in', distinct)
    .groupBy('product_id')
    .having((eb) => eb.fn.countAll(), '=', distinct.length)
    .execute();
  return rows.map((r) => Number(r.product_id));
}
