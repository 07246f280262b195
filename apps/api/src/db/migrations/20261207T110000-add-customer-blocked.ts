import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// customer.blocked_at / blocked_reason: staff blocked the customer (issue 15, decision 019): their tokens were
// revoked and no new one is issued (every sign-in refuses) until staff unblock them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer').addColumn('blocked_at', 'text').execute();
  await db.schema.alterTable('customer').addColumn('blocked_reason', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer').dropColumn('blocked_reason').execute();
  await db.schema.alterTable('customer').dropColumn('blocked_at').execute();
}
