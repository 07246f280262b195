import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// shipment (issue 34 items 3–4, docs/decisions/068): one carrier parcel per order, written in the transaction of
// the staff action that sends it (so a crash never loses or doubles it), then registered by a job that looks the
// order number up at the carrier before any retry. `request` keeps the parcel as first asked (JSON), so a retry
// sends the same. `next_check_at` is when the job next registers or re-reads it (a webhook hint makes it now).
// shipment_status: the carrier's statuses as read from its API, one row each, for the order's history.

const STATES = [
  'registering',
  'invalid',
  'registered',
  'handed_to_carrier',
  'in_transit',
  'at_pickup_point',
  'out_for_delivery',
  'delivered',
  'not_delivered',
  'returned',
  'cancelled',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shipment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in (${sql.join(STATES.map((s) => sql.lit(s)))})`),
    )
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('carrier_id', 'text')
    .addColumn('track_number', 'text')
    .addColumn('status_at', 'text')
    .addColumn('problems', 'text')
    .addColumn('label_form_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().check(sql`attempts >= 0`))
    .addColumn('next_check_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipment_due_idx').on('shipment').columns(['next_check_at']).execute();
  await db.schema.createIndex('shipment_carrier_idx').on('shipment').columns(['carrier_id']).execute();
  await db.schema
    .createTable('shipment_status')
    .addColumn('shipment_id', 'text', (c) => c.notNull().references('shipment.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shipment_status_pk', ['shipment_id', 'code', 'at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shipment_status').execute();
  await db.schema.dropTable('shipment').execute();
}
