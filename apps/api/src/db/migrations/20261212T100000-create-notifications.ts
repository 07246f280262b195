import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// notification: the durable outbox of order notifications (issue 13, docs/decisions/023). One row per order
// event (`accepted`, `paid`, `ready_for_pickup`, `handed_to_courier`, `cancelled`) and channel (`sms`,
// `email`), written in the transaction of the order change — unique per (order, event, channel), so an event
// is never written twice. `payload` is the JSON the message is rendered from (the order as it was at the
// event). The worker moves a row pending → claimed (a lease: `claim_id`, `lease_until`) → sending (committed
// before the provider is called) → sent; a refused send goes back to pending at `next_attempt_at` (exponential
// back-off) or to failed after the last attempt; a row found still `sending` after its lease (the process died
// during the send) becomes `unknown` and is never sent again automatically. `subject`, `body_text`,
// `body_html` record what was sent.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('order.id'))
    .addColumn('event', 'text', (c) =>
      c
        .notNull()
        .check(sql`event in ('accepted', 'paid', 'ready_for_pickup', 'handed_to_courier', 'cancelled')`),
    )
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('ru', 'kk')`))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'claimed', 'sending', 'sent', 'failed', 'unknown')`),
    )
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claim_id', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('subject', 'text')
    .addColumn('body_text', 'text')
    .addColumn('body_html', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notification_event_uq', ['order_id', 'event', 'channel'])
    .execute();
  await db.schema
    .createIndex('notification_due_idx')
    .on('notification')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notification_channel_idx')
    .on('notification')
    .columns(['channel', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification').execute();
}
