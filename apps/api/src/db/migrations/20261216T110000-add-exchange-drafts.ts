import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share.
//
// Drafts of the 1C exchange (issue 28, docs/decisions/028): a 1C product whose group is not mapped to a category yet
// (or that has no group) is not a shop product: it waits in exchange_draft (the product as 1C sent it, JSON) with the
// offers of it that offers.xml sent (exchange_draft_offer, JSON: sizes, prices, stock per warehouse). When the staff
// map its group, the shop product is made from the draft and its offers are applied.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('exchange_draft')
    .addColumn('product_1c_id', 'text', (c) => c.primaryKey())
    .addColumn('group_external_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('listed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exchange_draft_group_idx')
    .on('exchange_draft')
    .column('group_external_id')
    .execute();
  await db.schema
    .createTable('exchange_draft_offer')
    .addColumn('external_id', 'text', (c) => c.primaryKey())
    .addColumn('product_1c_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exchange_draft_offer_product_idx')
    .on('exchange_draft_offer')
    .column('product_1c_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('exchange_draft_offer').execute();
  await db.schema.dropTable('exchange_draft').execute();
}
