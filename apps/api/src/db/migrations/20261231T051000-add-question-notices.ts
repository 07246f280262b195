import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Issue 35 item 5: the customer gets an SMS or e-mail when the shop answers their question — event
// `question_answered`, a notification of no order (`order_id` null; `dedupe_key` the answer's id), unique per
// (event, channel, dedupe_key) by a partial index. SQLite cannot drop a column's NOT NULL in place, so the table is
// rebuilt as in 20261231T010000 (the same steps on PostgreSQL, one path).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const OLD_EVENTS = [
  'accepted',
  'paid',
  'ready_for_pickup',
  'handed_to_courier',
  'cancelled',
  'receipt',
  'return_receipt',
];
const NEW_EVENTS = [...OLD_EVENTS, 'question_answered'];

const COLUMNS = [
  'id',
  'order_id',
  'event',
  'channel',
  'recipient',
  'language',
  'payload',
  'status',
  'attempts',
  'next_attempt_at',
  'claim_id',
  'lease_until',
  'last_error',
  'sent_at',
  'subject',
  'body_text',
  'body_html',
  'created_at',
  'updated_at',
  'request_id',
  'dedupe_key',
];

/** Rebuilds `notification` with the given events; `withoutOrder`: `order_id` may be null (question notices). */
async function rebuild(db: AnyDb, events: string[], withoutOrder: boolean): Promise<void> {
  const eventList = sql.join(events.map((e) => sql.lit(e)));
  let table = db.schema
    .createTable('notification_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => (withoutOrder ? c : c.notNull()).references('order.id'))
    .addColumn('event', 'text', (c) => c.notNull().check(sql`event in (${eventList})`))
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
    .addColumn('request_id', 'text');
  table = table
    .addColumn('dedupe_key', 'text', (c) => c.notNull().defaultTo(''))
    // Named anew each way: on PostgreSQL the old table's constraint keeps its name until the table is dropped.
    .addUniqueConstraint(withoutOrder ? 'notification_order_event_uq' : 'notification_dedupe_uq', [
      'order_id',
      'event',
      'channel',
      'dedupe_key',
    ]);
  await table.execute();
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into notification_next (${cols}) select ${cols} from notification
    where event in (${eventList}) and order_id is not null`.execute(db);
  await db.schema.dropTable('notification').execute();
  await db.schema.alterTable('notification_next').renameTo('notification').execute();
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
  // A row without an order is unique per (event, channel, dedupe_key): NULLs never collide in a unique key.
  if (withoutOrder)
    await sql`create unique index notification_other_uq on notification (event, channel, dedupe_key)
      where order_id is null`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await rebuild(db, NEW_EVENTS, true);
}

/** Back to order notices only: question notices are dropped. */
export async function down(db: AnyDb): Promise<void> {
  await rebuild(db, OLD_EVENTS, false);
}
