import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// catalogue_text (issue 13): the catalogue's texts in a second language, keyed by their Russian text — category,
// colour and product names, description and care sentences, compositions, brand countries, city names, banner
// texts. The API puts them in place of the Russian text in answers to a shopper whose language is `kk`; a text
// without a row stays Russian (the fallback). Like every catalogue table, a change bumps `catalog_version`, so the
// API's cached answers and texts follow.

const bump = `update counter set value = value + 1 where name = 'catalog_version'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_text')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_text_pk', ['lang', 'source'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create trigger catalogue_text_version after insert or update or delete on catalogue_text
        for each statement execute function catalog_version_bump()`,
      )
      .execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(
          `create trigger catalogue_text_version_${event} after ${event} on catalogue_text begin ${bump}; end`,
        )
        .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_text').execute();
}
