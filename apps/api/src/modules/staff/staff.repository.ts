import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import { isPostgres } from '#app/db/dialect.ts';
import type {
  StaffInvitationRow,
  StaffInvitationTable,
  StaffMemberRow,
  StaffMemberTable,
  StaffSessionTable,
} from './staff.table.ts';

// Queries of the staff accounts, their recovery codes, sessions, invitations and failed sign-ins (the only place
// with Kysely statements on these tables). Functions take `db | trx` first.

export async function insertMember(db: DbOrTrx, row: Insertable<StaffMemberTable>): Promise<void> {
  await db.insertInto('staff_member').values(row).execute();
}

export function findMemberById(db: DbOrTrx, id: string): Promise<StaffMemberRow | undefined> {
  return db.selectFrom('staff_member').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMemberByEmail(db: DbOrTrx, email: string): Promise<StaffMemberRow | undefined> {
  return db.selectFrom('staff_member').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Every account, active first, then by name. */
export function listMembers(db: DbOrTrx): Promise<StaffMemberRow[]> {
  return db
    .selectFrom('staff_member')
    .selectAll()
    .orderBy((eb) => eb.case().when('deactivated_at', 'is', null).then(0).else(1).end())
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Whether any staff account exists (the first owner is made only when none does). */
export async function anyMember(db: DbOrTrx): Promise<boolean> {
  return (await db.selectFrom('staff_member').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Ids of the active owners, locked until the transaction ends on PostgreSQL (SQLite runs one writing transaction at
 * a time): two owners removing each other at once cannot leave the shop without one.
 */
export async function lockActiveOwnerIds(db: DbOrTrx): Promise<string[]> {
  let q = db
    .selectFrom('staff_member')
    .select('id')
    .where('role', '=', 'owner')
    .where('deactivated_at', 'is', null)
    .orderBy('id');
  if (isPostgres(db)) q = q.forUpdate();
  return (await q.execute()).map((r) => r.id);
}

/** Changes an account. @returns how many rows changed (0: no such account). */
export async function updateMember(
  db: DbOrTrx,
  id: string,
  patch: Updateable<StaffMemberTable>,
): Promise<number> {
  const r = await db.updateTable('staff_member').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Records `step` as the account's last accepted TOTP time step, only if it is later than the one recorded: of two
 * parallel uses of one code, one wins. @returns true when this call recorded it.
 */
export async function advanceTotpStep(
  db: DbOrTrx,
  id: string,
  step: number,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('staff_member')
    .set({ totp_last_step: step, updated_at: nowIso })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Replaces the account's recovery codes by new ones (their hashes). */
export async function replaceRecoveryCodes(
  db: DbOrTrx,
  staffId: string,
  rows: { id: string; hash: string }[],
  nowIso: string,
) {
  await db.deleteFrom('staff_recovery_code').where('staff_id', '=', staffId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('staff_recovery_code')
    .values(
      rows.map((r) => ({
        id: r.id,
        staff_id: staffId,
        code_hash: r.hash,
        used_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      })),
    )
    .execute();
}

/** Marks an unused recovery code of the account as used. @returns true when this call used it. */
export async function useRecoveryCode(
  db: DbOrTrx,
  staffId: string,
  hash: string,
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('staff_recovery_code')
    .set({ used_at: nowIso, updated_at: nowIso })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTrx, staffId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_code')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSession(db: DbOrTrx, row: Insertable<StaffSessionTable>): Promise<void> {
  await db.insertInto('staff_session').values(row).execute();
}

/** The session with this token hash and its account, in one query (every staff request reads it). */
export function findSessionWithMember(db: DbOrTrx, tokenHash: string) {
  return db
    .selectFrom('staff_session as s')
    .innerJoin('staff_member as m', 'm.id', 's.staff_id')
    .selectAll('m')
    .select([
      's.id as session_id',
      's.stage',
      's.failed_codes',
      's.last_used_at',
      's.expires_at',
      's.absolute_expires_at',
      's.revoked_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
export type SessionWithMember = NonNullable<Awaited<ReturnType<typeof findSessionWithMember>>>;

/** Moves a session's idle expiry on after a use. */
export async function slideSession(
  db: DbOrTrx,
  id: string,
  expiresAt: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('staff_session')
    .set({ expires_at: expiresAt, last_used_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

/**
 * Revokes live sessions: one by id, or every one of an account (but `keepId`). @returns how many this call revoked.
 */
export async function revokeSessions(
  db: DbOrTrx,
  which: { id: string } | { staffId: string; keepId?: string },
  reason: string,
  nowIso: string,
): Promise<number> {
  let q = db
    .updateTable('staff_session')
    .set({ revoked_at: nowIso, revoked_reason: reason, updated_at: nowIso })
    .where('revoked_at', 'is', null);
  if ('id' in which) q = q.where('id', '=', which.id);
  else {
    q = q.where('staff_id', '=', which.staffId);
    if (which.keepId) q = q.where('id', '!=', which.keepId);
  }
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** Counts one more wrong second-factor code on a live session. @returns the new count. */
export async function countFailedCode(db: DbOrTrx, id: string, nowIso: string): Promise<number> {
  await db
    .updateTable('staff_session')
    .set((eb) => ({ failed_codes: eb('failed_codes', '+', 1), updated_at: nowIso }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('staff_session')
    .select('failed_codes')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.failed_codes);
}

export async function insertInvitation(db: DbOrTrx, row: Insertable<StaffInvitationTable>): Promise<void> {
  await db.insertInto('staff_invitation').values(row).execute();
}

export function findInvitationByHash(
  db: DbOrTrx,
  tokenHash: string,
): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitation').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findInvitationById(db: DbOrTrx, id: string): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitation').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Invitations neither accepted, revoked nor expired at `nowIso`, newest first, with the inviter's name. */
export function listPendingInvitations(db: DbOrTrx, nowIso: string, email?: string) {
  let q = db
    .selectFrom('staff_invitation as i')
    .innerJoin('staff_member as m', 'm.id', 'i.invited_by')
    .selectAll('i')
    .select('m.name as invited_by_name')
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', nowIso);
  if (email) q = q.where('i.email', '=', email);
  return q.orderBy('i.created_at', 'desc').orderBy('i.id').execute();
}

/**
 * Revokes the open invitations of `email` that have expired by `nowIso`, so that a new one can be written (one open
 * invitation per e-mail: migration 20261220T090000).
 */
export async function revokeExpiredInvitations(db: DbOrTrx, email: string, nowIso: string): Promise<void> {
  await db
    .updateTable('staff_invitation')
    .set({ revoked_at: nowIso, updated_at: nowIso })
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '<=', nowIso)
    .execute();
}

/** Closes a pending invitation (accepted by `staffId`, or revoked). @returns true when this call closed it. */
export async function closeInvitation(
  db: DbOrTrx,
  id: string,
  how: { acceptedBy: string } | { revoked: true },
  nowIso: string,
): Promise<boolean> {
  const r = await db
    .updateTable('staff_invitation')
    .set(
      'acceptedBy' in how
        ? { accepted_at: nowIso, accepted_staff_id: how.acceptedBy, updated_at: nowIso }
        : { revoked_at: nowIso, updated_at: nowIso },
    )
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertAuthFailure(
  db: DbOrTrx,
  row: { id: string; email: string; client_ip: string | null; created_at: string },
): Promise<void> {
  await db
    .insertInto('staff_auth_failure')
    .values({ ...row, updated_at: row.created_at })
    .execute();
}

/** Creation times of failed sign-ins after `sinceIso`, of an e-mail or of a client address, oldest first. */
export async function authFailureTimes(
  db: DbOrTrx,
  by: { email: string } | { clientIp: string },
  sinceIso: string,
): Promise<string[]> {
  let q = db.selectFrom('staff_auth_failure').select('created_at').where('created_at', '>', sinceIso);
  q = 'email' in by ? q.where('email', '=', by.email) : q.where('client_ip', '=', by.clientIp);
  return (await q.orderBy('created_at', 'asc').execute()).map((r) => r.created_at);
}

export async function deleteAuthFailure(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('staff_auth_failure').where('id', '=', id).execute();
}

export async function clearAuthFailures(db: DbOrTrx, email: string): Promise<void> {
  await db.deleteFrom('staff_auth_failure').where('email', '=', email).execute();
}
