import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// At most one open staff invitation (neither accepted nor revoked) per e-mail, held by the database (issue 29 item 5:
// 15 parallel invitations of one e-mail all landed). An open invitation that has expired is revoked by the next
// invitation of its e-mail before that one is written. Existing duplicates: all but the newest are revoked.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update staff_invitation set revoked_at = updated_at
    where accepted_at is null and revoked_at is null
      and exists (select 1 from staff_invitation as newer
        where newer.email = staff_invitation.email and newer.accepted_at is null and newer.revoked_at is null
          and (newer.created_at > staff_invitation.created_at
            or (newer.created_at = staff_invitation.created_at and newer.id > staff_invitation.id)))`.execute(
    db,
  );
  await db.schema
    .createIndex('staff_invitation_open_email_uq')
    .on('staff_invitation')
    .column('email')
    .unique()
    .where(sql.ref('accepted_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('staff_invitation_open_email_uq').execute();
}
