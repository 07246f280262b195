import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share.
//
// The catalogue exchange (issue 12, items 2–4; docs/decisions/021), tables of the `exchange` module:
// - exchange_group: the 1C groups (Группы) seen in import.xml and the shop category each maps to (null: unmapped —
//   its products are imported unpublished and listed for the staff to map).
// - exchange_warehouse: the 1C warehouses (Склады) and the city each maps to (null: its stock is not imported).
// - exchange_product: which shop product a 1C product (Товар Ид; `Ид|Цвет` for each further colour) became, its
//   group, whether 1C wants it shown (`publish`: a mapped group, not deleted) and has priced it (`priced`), and when
//   a full import.xml last listed it (`listed_at`; those not listed by a full import are unpublished).
// - exchange_setting: settings of the exchange by key (`price_type`: the 1C price type whose prices the shop sells at).
// - exchange_session: sessions of the 1C protocol (checkauth → cookie), stored as SHA-256, with who opened them, for
//   which exchange (`catalog` or `sale`), and the order numbers handed out by the last `type=sale&mode=query`.
// And on the order module's table: order.exchange_exported_at, when 1C confirmed it took the order (mode=success).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await createMappingTables(db);
  await db.schema
    .createTable('exchange_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('exchange_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('exchange_type', 'text', (c) => c.notNull())
    .addColumn('sale_numbers', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('order').addColumn('exchange_exported_at', 'text').execute();
}

/** Groups → categories, warehouses → cities, 1C products → shop products. */
async function createMappingTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('exchange_group')
    .addColumn('external_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_external_id', 'text')
    .addColumn('category_id', 'integer', (c) => c.references('category.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('exchange_warehouse')
    .addColumn('external_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city_id', 'integer', (c) => c.references('city.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('exchange_product')
    .addColumn('external_id', 'text', (c) => c.primaryKey())
    .addColumn('product_1c_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().unique().references('product.id'))
    .addColumn('group_external_id', 'text')
    .addColumn('publish', 'integer', (c) => c.notNull())
    .addColumn('priced', 'integer', (c) => c.notNull())
    .addColumn('listed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exchange_product_1c_idx')
    .on('exchange_product')
    .column('product_1c_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order').dropColumn('exchange_exported_at').execute();
  for (const t of [
    'exchange_session',
    'exchange_setting',
    'exchange_product',
    'exchange_warehouse',
    'exchange_group',
  ])
    await db.schema.dropTable(t).execute();
}
