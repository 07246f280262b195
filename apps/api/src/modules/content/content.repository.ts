import type { DbOrTrx } from '#app/db/database.ts';
import type { ContentPageRow, ContentPageUpdate, NewContentPageRow } from './content.table.ts';

// The only place with queries of the `content_page` table.

/** Published pages of a language (every column but the body), by slug. */
export function listPublished(db: DbOrTrx, locale: string): Promise<Omit<ContentPageRow, 'body'>[]> {
  return db
    .selectFrom('content_page')
    .select([
      'id',
      'slug',
      'locale',
      'title',
      'description',
      'published',
      'published_at',
      'created_at',
      'updated_at',
    ])
    .where('locale', '=', locale)
    .where('published', '=', 1)
    .orderBy('slug')
    .execute();
}

/** The page with this slug and language, published or not; undefined when there is none. */
export function findPage(db: DbOrTrx, slug: string, locale: string): Promise<ContentPageRow | undefined> {
  return db
    .selectFrom('content_page')
    .selectAll()
    .where('slug', '=', slug)
    .where('locale', '=', locale)
    .executeTakeFirst();
}

/** `slug/locale` of every stored page, published or not. */
export async function pageKeys(db: DbOrTrx): Promise<Set<string>> {
  const rows = await db.selectFrom('content_page').select(['slug', 'locale']).execute();
  return new Set(rows.map((r) => `${r.slug}/${r.locale}`));
}

/** Inserts a page; a page with the same slug and language written at the same moment wins (two starting servers). */
export async function insertPage(db: DbOrTrx, row: NewContentPageRow): Promise<void> {
  await db
    .insertInto('content_page')
    .values(row)
    .onConflict((oc) => oc.columns(['slug', 'locale']).doNothing())
    .execute();
}

/** Changes a page's fields. */
export async function updatePage(db: DbOrTrx, id: string, update: ContentPageUpdate): Promise<void> {
  await db.updateTable('content_page').set(update).where('id', '=', id).execute();
}

/** Every page in every language, published or not (the back office's list), by slug then language. */
export function listAll(db: DbOrTrx): Promise<ContentPageRow[]> {
  return db.selectFrom('content_page').selectAll().orderBy('slug').orderBy('locale').execute();
}
