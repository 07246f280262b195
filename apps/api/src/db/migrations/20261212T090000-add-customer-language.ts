import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// customer.language: the language the shop speaks to the customer in — the storefront's choice (issue 13
// item 1) and the language of the customer's SMS and emails (issue 13 item 2). `ru` (the default, every
// existing customer) or `kk`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customer')
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ru')
        .check(sql`language in ('ru', 'kk')`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer').dropColumn('language').execute();
}
