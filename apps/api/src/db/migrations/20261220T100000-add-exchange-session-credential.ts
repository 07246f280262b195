import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// exchange_session.credential_tag: a fingerprint of what opened the session (a staff member's password hash and
// role, or the API key's id), checked again at every request of the session (issue 29 item 2: sessions outlived a
// revoked key, a deactivated member, a role or password change for up to 12 hours). Sessions opened before this
// migration have none and must sign in again.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exchange_session').addColumn('credential_tag', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exchange_session').dropColumn('credential_tag').execute();
}
