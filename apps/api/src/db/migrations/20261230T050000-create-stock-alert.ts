import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// stock_alert (issue 35 item 4, docs/decisions/052): «Сообщить о поступлении». One row per subscription of a
// contact (an SMS number or an e-mail address) to a sold-out SKU in a city, and that row is also its own outbox
// row: `live` (waiting for stock) → `pending` (stock came back: marked in the transaction of the stock change)
// → `claimed` → `sending` → `sent`, with the notification outbox's lease and retry rules (`failed` after the last
// attempt, `unknown` when the worker died during the send). `cancelled`: the shopper unsubscribed by the token
// link. One live subscription per SKU × city × channel × recipient (a partial unique index).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_alert')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('sku.id').onDelete('cascade'))
    .addColumn('city_id', 'integer', (c) => c.notNull().references('city.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('ru', 'kk')`))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('live', 'pending', 'claimed', 'sending', 'sent', 'failed', 'unknown', 'cancelled')`,
        ),
    )
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('next_attempt_at', 'text')
    .addColumn('claim_id', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('body_text', 'text')
    .addColumn('consent_at', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index stock_alert_live_uq on stock_alert (sku_id, city_id, channel, recipient)
    where status = 'live'`.execute(db);
  await db.schema
    .createIndex('stock_alert_sku_idx')
    .on('stock_alert')
    .columns(['sku_id', 'city_id', 'status'])
    .execute();
  await db.schema
    .createIndex('stock_alert_due_idx')
    .on('stock_alert')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('stock_alert_recipient_idx')
    .on('stock_alert')
    .columns(['recipient', 'status'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_alert').execute();
}
