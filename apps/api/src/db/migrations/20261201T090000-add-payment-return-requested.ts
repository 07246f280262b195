import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// - payment.return_requested_at: when the shop decided that the money of a payment must go back (its order was
//   cancelled with money taken, or money arrived for an order already cancelled). The payment job returns the
//   money of payments marked so that still hold it (authorized or charged), without reading orders
//   (docs/decisions/011). Filled for the payments that already qualify.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment').addColumn('return_requested_at', 'text').execute();
  await sql`
    update payment set return_requested_at = updated_at
    where status in ('authorized', 'charged')
      and order_id in (select id from "order" where status = 'cancelled')
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment').dropColumn('return_requested_at').execute();
}
