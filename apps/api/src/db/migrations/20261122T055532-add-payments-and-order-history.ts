import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share:
// app-made ids and ISO text timestamps, integer money, CHECK constraints for invariants.
//
// - order: when an unpaid card-online order stops holding its stock (`payment_expires_at`), and the local days
//   it can be received (`delivery_date_from`/`_to`, YYYY-MM-DD in the city's zone).
// - order_line: its position in the order (lines are written in one statement with one timestamp).
// - payment: one card payment per order (Halyk ePay; invoice id = order number), with the random secret
//   ePay echoes in its callback, and what ePay reported.
// - payment_event: what changed a payment and why (verified callbacks, status checks, charge/cancel/refund).
// - order_status_history: every status an order entered, by whom.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // No REFERENCES or CHECK on added columns: SQLite could not drop them again in `down`.
  await db.schema.alterTable('order').addColumn('payment_expires_at', 'text').execute();
  await db.schema.alterTable('order').addColumn('delivery_date_from', 'text').execute();
  await db.schema.alterTable('order').addColumn('delivery_date_to', 'text').execute();
  await db.schema.alterTable('order_line').addColumn('position', 'integer').execute();
  await db.schema
    .createIndex('order_status_expiry_idx')
    .on('order')
    .columns(['status', 'payment_expires_at'])
    .execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('order.id'))
    .addColumn('invoice_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('pending', 'authorized', 'charged', 'failed', 'refunded', 'cancelled')`),
    )
    .addColumn('transaction_id', 'text')
    .addColumn('card_mask', 'text')
    .addColumn('approval_code', 'text')
    .addColumn('reference', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().check(sql`refunded_amount >= 0`))
    .addColumn('auth_count', 'integer', (c) => c.notNull().check(sql`auth_count >= 0`))
    .addColumn('last_auth_at', 'text')
    .addColumn('last_checked_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('payment_refund_within_amount', sql`refunded_amount <= amount`)
    .execute();
  await db.schema
    .createIndex('payment_status_idx')
    .on('payment')
    .columns(['status', 'last_checked_at'])
    .execute();

  await db.schema
    .createTable('payment_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payment.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('provider_status', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_event_payment_idx')
    .on('payment_event')
    .columns(['payment_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('order.id'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_status_history_order_idx')
    .on('order_status_history')
    .columns(['order_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_status_history').execute();
  await db.schema.dropTable('payment_event').execute();
  await db.schema.dropTable('payment').execute();
  await db.schema.dropIndex('order_status_expiry_idx').execute();
  await db.schema.alterTable('order_line').dropColumn('position').execute();
  await db.schema.alterTable('order').dropColumn('delivery_date_to').execute();
  await db.schema.alterTable('order').dropColumn('delivery_date_from').execute();
  await db.schema.alterTable('order').dropColumn('payment_expires_at').execute();
}
