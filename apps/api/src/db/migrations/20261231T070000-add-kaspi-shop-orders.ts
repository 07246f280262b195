import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Orders from Kaspi Магазин (issue 33 Part B item 6, docs/decisions/064):
// - order.channel: where the order was placed, `site` (every existing order) or `kaspi`;
// - order.kaspi_order_id / kaspi_code: Kaspi's order id (the key of every Merchant API call) and the number people
//   see; unique per channel, so the same Kaspi order imported twice (a retried poll, two instances) is one order;
// - order.kaspi_status: Kaspi's last status as read (APPROVED_BY_BANK, ACCEPTED_BY_MERCHANT, COMPLETED, …);
// - order.kaspi_created_at: Kaspi's creation time (the importer's cancel check reads back to the oldest open one);
// - order.kaspi_problem: why staff must look at the order (stock could not be reserved, unknown SKU, …); null when
//   its stock is reserved; order.kaspi_lines: the lines as Kaspi sent them (JSON, tenge), kept even when none
//   could be reserved;
// - kaspi_shop_poll: the importer's state (one row per job name): the last window read (epoch ms as text), the
//   last poll and success times, and the last error staff see.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order')
    .addColumn('channel', 'text', (c) =>
      c
        .notNull()
        .defaultTo('site')
        .check(sql`channel in ('site', 'kaspi')`),
    )
    .execute();
  for (const column of [
    'kaspi_order_id',
    'kaspi_code',
    'kaspi_status',
    'kaspi_created_at',
    'kaspi_problem',
    'kaspi_lines',
  ]) {
    await db.schema.alterTable('order').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('order_kaspi_uq')
    .on('order')
    .columns(['channel', 'kaspi_order_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('kaspi_shop_poll')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('window_from', 'text')
    .addColumn('window_to', 'text')
    .addColumn('last_poll_at', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('imported', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`imported >= 0`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kaspi_shop_poll').execute();
  await db.schema.dropIndex('order_kaspi_uq').execute();
  for (const column of [
    'kaspi_lines',
    'kaspi_problem',
    'kaspi_created_at',
    'kaspi_status',
    'kaspi_code',
    'kaspi_order_id',
    'channel',
  ]) {
    await db.schema.alterTable('order').dropColumn(column).execute();
  }
}
