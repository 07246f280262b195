import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// The back office's work on an order (issue 15, docs/decisions/019):
// - order.version: a counter raised by every change of the order (status, staff steps, note, handover); staff send
//   the version they saw, and a change made meanwhile by someone else answers 409 instead of being overwritten.
// - order.staff_note: the internal note staff keep on the order (never shown to the customer).
// - order.confirmed_at / order.picked_at: when staff confirmed the order and finished picking it (steps inside the
//   statuses new/paid; the status machine of the order is unchanged).
// - order_line.refused_qty: units of the line the customer refused at the pickup desk or at the door (partial
//   refusal); they went back to stock and are not paid for.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order').addColumn('staff_note', 'text').execute();
  await db.schema.alterTable('order').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('order').addColumn('picked_at', 'text').execute();
  await db.schema
    .alterTable('order_line')
    .addColumn('refused_qty', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_created_at_idx').on('order').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_created_at_idx').execute();
  await db.schema.alterTable('order_line').dropColumn('refused_qty').execute();
  for (const column of ['picked_at', 'confirmed_at', 'staff_note', 'version'])
    await db.schema.alterTable('order').dropColumn(column).execute();
}
