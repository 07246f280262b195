import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Fiscal receipts (issue 32, docs/decisions/043):
// - fiscal_receipt: the durable fiscal queue, one row per money event of an order (`event_key`: `sale`,
//   `return-<refund id>`, …), unique per (order, event key) so an event is written once, in the transaction of
//   the money change. `external_check_number` is the provider's idempotency key (Webkassa ExternalCheckNumber,
//   ≤ 50 chars), fixed at insert and never regenerated. `payload` is the receipt's JSON content (positions,
//   payments, buyer contacts) as it was at the event. States: pending → sending (committed before the provider
//   is called; a row found `sending` again is recovered by its number before any resend) → done | failed
//   (refused for content, or given up); `result` keeps the provider's whole answer (a return's basis).
// - fiscal_cashbox: one row per cash register (one per shop now; `city_id` for one per city later): its lease,
//   held by one worker at a time so calls for one cash register are sequential across instances, and its shift.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fiscal_receipt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('order.id'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull().check(sql`operation in ('sale', 'return')`))
    .addColumn('cashbox', 'text', (c) => c.notNull())
    .addColumn('external_check_number', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(external_check_number) <= 50`),
    )
    .addColumn('basis_receipt_id', 'text', (c) => c.references('fiscal_receipt.id'))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total > 0`))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'sending', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('result', 'text')
    .addColumn('check_number', 'text')
    .addColumn('shift_number', 'integer')
    .addColumn('ticket_url', 'text')
    .addColumn('done_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('fiscal_receipt_event_uq', ['order_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('fiscal_receipt_due_idx')
    .on('fiscal_receipt')
    .columns(['cashbox', 'status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createTable('fiscal_cashbox')
    .addColumn('unique_number', 'text', (c) => c.primaryKey())
    .addColumn('city_id', 'integer')
    .addColumn('lease_id', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('shift_number', 'integer')
    .addColumn('shift_opened_at', 'text')
    .addColumn('last_z_report_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fiscal_cashbox').execute();
  await db.schema.dropTable('fiscal_receipt').execute();
}
