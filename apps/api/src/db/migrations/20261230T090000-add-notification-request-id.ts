import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
// Issue 31 item 4: the id of the request that queued a notification (nginx's X-Request-Id or the shop's own), so the
// worker that sends it later, in whichever process, logs under the same id. Null for rows queued outside a request.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notification').addColumn('request_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notification').dropColumn('request_id').execute();
}
