import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Issue 32: the shopper gets the link of each fiscal receipt — events `receipt` (the sale) and `return_receipt`
// (one per return receipt). An order may have several return receipts, so a row is now unique per (order, event,
// channel, dedupe_key): `dedupe_key` is the receipt's id for receipt notices and '' for the order events before.
// SQLite cannot change a column's CHECK or a table's UNIQUE in place, so the table is rebuilt (the same steps
// on PostgreSQL, one path): a new table, the rows copied, the old one dropped, the new one renamed, the indexes
// made again.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const OLD_EVENTS = ['accepted', 'paid', 'ready_for_pickup', 'handed_to_courier', 'cancelled'];
const NEW_EVENTS = [...OLD_EVENTS, 'receipt', 'return_receipt'];

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
];

/** Rebuilds `notification` with the given events, with or without `dedupe_key` in its unique key. */
async function rebuild(db: AnyDb, events: string[], dedupe: boolean): Promise<void> {
  const eventList = sql.join(events.map((e) => sql.lit(e)));
  let table = db.schema
    .createTable('notification_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('order.id'))
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
  table = dedupe
    ? table
        .addColumn('dedupe_key', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('notification_dedupe_uq', ['order_id', 'event', 'channel', 'dedupe_key'])
    : table.addUniqueConstraint('notification_event_uq', ['order_id', 'event', 'channel']);
  await table.execute();
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into notification_next (${cols}) select ${cols} from notification where event in (${eventList})`.execute(
    db,
  );
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
}

export async function up(db: AnyDb): Promise<void> {
  await rebuild(db, NEW_EVENTS, true);
}

/** Back to one row per (order, event, channel): receipt notices are dropped. */
export async function down(db: AnyDb): Promise<void> {
  await rebuild(db, OLD_EVENTS, false);
}
