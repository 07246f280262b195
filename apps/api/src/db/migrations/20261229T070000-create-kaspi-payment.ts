import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// Kaspi Pay on the site (issue 33 Part A, docs/decisions/044):
// - kaspi_device: the device registered once per trade point with `device/register`, and its token.
// - kaspi_attempt: one Kaspi payment (QR, link or remote invoice) made for a shop payment (`payment.provider`
//   `kaspi`): Kaspi's QrPaymentId (stored before the shopper sees the QR), what the shopper is shown, Kaspi's last
//   status and what it means, and when to read it next (Kaspi's polling interval; null once final). At most one
//   open attempt per payment (partial unique index), so racing requests never create two live QRs.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kaspi_device')
    .addColumn('trade_point_id', 'integer', (c) => c.primaryKey())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('kaspi_attempt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payment.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('qr', 'link', 'remote')`))
    .addColumn('qr_payment_id', 'text', (c) => c.notNull().unique())
    .addColumn('qr_token', 'text')
    .addColumn('payment_link', 'text')
    .addColumn('phone', 'text')
    .addColumn('device_token', 'text', (c) => c.notNull())
    .addColumn('kaspi_status', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('waiting', 'scanned', 'paid', 'refused', 'expired')`),
    )
    .addColumn('poll_seconds', 'integer', (c) => c.notNull())
    .addColumn('confirm_seconds', 'integer', (c) => c.notNull())
    .addColumn('scan_deadline', 'text', (c) => c.notNull())
    .addColumn('confirm_deadline', 'text')
    .addColumn('next_poll_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kaspi_attempt_payment_idx').on('kaspi_attempt').column('payment_id').execute();
  await db.schema
    .createIndex('kaspi_attempt_open_idx')
    .on('kaspi_attempt')
    .column('payment_id')
    .unique()
    .where(sql.ref('next_poll_at'), 'is not', null)
    .execute();
  await db.schema.createIndex('kaspi_attempt_due_idx').on('kaspi_attempt').column('next_poll_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kaspi_attempt').execute();
  await db.schema.dropTable('kaspi_device').execute();
}
