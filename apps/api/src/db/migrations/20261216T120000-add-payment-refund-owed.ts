import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// - payment.refund_owed_to: the tenge the shop owes back in all on a charged payment (the refused lines of an
//   order handed over with partial refusal), written in the handover's transaction. While it is above
//   refunded_amount the payment job sends the difference to ePay (docs/decisions/027), so a refund that fails
//   when ePay is down is never lost.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment').addColumn('refund_owed_to', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment').dropColumn('refund_owed_to').execute();
}
