import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// content_page: the information pages of spec §2 (offer, privacy policy, returns, delivery and payment, FAQ,
// contact, stores, size guide) as Markdown, one row per page and language. `locale` is `ru` for every page
// today; a Kazakh translation (issue 13) is a second row with the same slug and `kk`. The back office edits the
// text and publishes (`published` 1) or withdraws (0) a page; only published pages are served.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_page')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ru'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().check(sql`published in (0, 1)`))
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_page_slug_locale_idx')
    .on('content_page')
    .columns(['slug', 'locale'])
    .unique()
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_page').execute();
}
