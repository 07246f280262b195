import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share, but for the
// movement's id: a number the database gives in insertion order (SQLite's rowid, PostgreSQL's identity), so the
// history lists changes made at the same instant in the order they were made.
//
// Catalogue operations (issue 12, docs/decisions/020):
// - stock_movement: the history of every stock change made through the inventory module's setStockLevel — the
//   SKU and city, the units before and after, the reason (stocktake, damage, return, receipt, correction, import,
//   order, order_cancelled), who (a staff member's id, an API key's id or the shop itself), an optional note and
//   the time. Written in the same transaction as the change; never updated.
// - city.delivery_days: the days a courier delivery takes in the city (shown to shoppers and staff).

const REASONS = sql`('stocktake', 'damage', 'return', 'receipt', 'correction', 'import', 'order', 'order_cancelled')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stock_movement')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
    )
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('sku.id'))
    .addColumn('city_id', 'integer', (c) => c.notNull().references('city.id'))
    .addColumn('quantity_before', 'integer', (c) => c.notNull().check(sql`quantity_before >= 0`))
    .addColumn('quantity_after', 'integer', (c) => c.notNull().check(sql`quantity_after >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ${REASONS}`))
    .addColumn('actor_type', 'text', (c) =>
      c.notNull().check(sql`actor_type in ('staff', 'api_key', 'system')`),
    )
    .addColumn('actor_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movement_sku_city_idx')
    .on('stock_movement')
    .columns(['sku_id', 'city_id', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movement_created_idx')
    .on('stock_movement')
    .column('created_at')
    .execute();
  await db.schema
    .alterTable('city')
    .addColumn('delivery_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`delivery_days >= 0`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('city').dropColumn('delivery_days').execute();
  await db.schema.dropTable('stock_movement').execute();
}
