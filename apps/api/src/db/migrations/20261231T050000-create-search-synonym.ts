import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// search_synonym (issue 35 item 3, docs/decisions/059): phrases staff say mean the same to a shopper, as a JSON
// array of strings («["пуховик", "куртка зимняя"]»). The app adds the terms of every other phrase to a product
// whose texts hold all the terms of one, when it indexes the product for search. `indexed` = 0 until a full
// re-index has applied the row (a shop's next start re-indexes when one is not), so rows written here reach
// existing catalogues too. Seeded with the synonyms a Kazakh clothing shop's shoppers type most.

const SEEDED: readonly (readonly string[])[] = [
  ['пуховик', 'куртка зимняя'],
  ['лонгслив', 'футболка с длинным рукавом'],
  ['худи', 'толстовка с капюшоном'],
  ['найк', 'найки', 'Nike'],
  ['адидас', 'Adidas'],
  ['левис', 'левайс', "Levi's"],
  ['зара', 'Zara'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_synonym')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('phrases', 'text', (c) => c.notNull())
    .addColumn('indexed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`indexed in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('search_synonym')
    .values(
      SEEDED.map((phrases, i) => ({
        id: i + 1,
        phrases: JSON.stringify(phrases),
        indexed: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_synonym').execute();
}
