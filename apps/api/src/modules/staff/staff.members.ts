import {
  roleCan,
  StaffErrorCode,
  type AcceptInvitationBody,
  type InvitationCreated,
  type InvitationDetails,
  type InviteStaffBody,
  type StaffList,
  type StaffMember,
  type StaffRole,
  type StaffSessionState,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { isUniqueViolation } from '#app/lib/db-errors.ts';
import { AppError } from '#app/lib/errors.ts';
import { newId, newSecret, sha256 } from '#app/lib/ids.ts';
import { hashPassword } from '#app/lib/password.ts';
import { revokeKeysMadeBy } from './staff.apikeys.ts';
import { audit, systemActor, type Actor } from '#app/modules/audit/audit.ts';
import * as repo from './staff.repository.ts';
import { closeMemberSessions, closeSession, type SessionOrigin } from './staff.session.ts';
import { sessionState, startSession, type StaffDeps } from './staff.signin.ts';
import type { StaffMemberRow } from './staff.table.ts';
import { clearTwoFactor } from './staff.twofactor.ts';

/**
 * Staff accounts (issue 15): the first owner, invitations (a one-time link shown to the owner, valid 72 hours),
 * accepting one, roles, deactivation and reactivation, resetting a member's lost two-factor. Every change writes an
 * audit entry in its transaction. The shop always keeps at least one active owner, and nobody changes their own
 * role or access here.
 */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

const notFound = () => new AppError(404, StaffErrorCode.staffNotFound, 'Сотрудник не найден');
const emailTaken = (message: string) =>
  new AppError(409, StaffErrorCode.emailTaken, message, undefined, { email: [message] });
const PENDING_EXISTS = 'Приглашение на эту почту уже отправлено: отзовите его, чтобы создать новое';
const conflict = (message: string) => new AppError(409, StaffErrorCode.ownAccountOrLastOwner, message);
const invitationInvalid = () =>
  new AppError(
    404,
    StaffErrorCode.invitationInvalid,
    'Приглашение не найдено: ссылка устарела, уже использована или отозвана. Попросите владельца прислать новую',
  );

/** The audited fields of an account (never hashes or secrets). */
const snapshot = (m: StaffMemberRow) => ({
  email: m.email,
  name: m.name,
  role: m.role,
  active: m.deactivated_at === null,
  twoFactor: m.totp_secret !== null,
});

export const toMember = (m: StaffMemberRow): StaffMember => ({
  id: m.id,
  email: m.email,
  name: m.name,
  role: m.role,
  active: m.deactivated_at === null,
  twoFactorEnabled: m.totp_secret !== null,
  createdAt: m.created_at,
  lastSignInAt: m.last_sign_in_at,
});

/** Makes an account and writes `action` to the audit log (in the caller's transaction). */
async function createMember(
  trx: DbOrTrx,
  actor: Actor | ((id: string) => Actor),
  action: string,
  input: { email: string; name: string; role: StaffRole; passwordHash: string },
): Promise<StaffMemberRow> {
  const id = newId();
  const at = (typeof actor === 'function' ? actor(id) : actor).at.toISOString();
  const row: StaffMemberRow = {
    id,
    email: input.email,
    name: input.name,
    role: input.role,
    password_hash: input.passwordHash,
    totp_secret: null,
    totp_pending_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    last_sign_in_at: null,
    deactivated_at: null,
    created_at: at,
    updated_at: at,
  };
  await repo.insertMember(trx, row);
  await audit(
    trx,
    typeof actor === 'function' ? actor(id) : actor,
    action,
    { type: 'staff_member', id },
    null,
    snapshot(row),
  );
  return row;
}

/**
 * The first owner (start-up with ADMIN_EMAIL/ADMIN_PASSWORD, or `npm run admin:create-owner`): made only when no
 * staff account exists yet. @returns the new owner, or null when the shop already has staff.
 */
export async function createFirstOwner(
  deps: StaffDeps,
  owner: { email: string; password: string; name?: string },
  now: Date,
): Promise<StaffMemberRow | null> {
  if (await repo.anyMember(deps.db)) return null;
  const passwordHash = await hashPassword(owner.password);
  return deps.db.transaction().execute(async (trx) => {
    if (await repo.anyMember(trx)) return null;
    const input = {
      email: owner.email,
      name: owner.name ?? 'Владелец магазина',
      role: 'owner' as const,
      passwordHash,
    };
    return createMember(trx, systemActor(now), 'staff.owner_created', input);
  });
}

/** Every account and the pending invitations. */
export async function listStaff(db: DbOrTrx, now: Date): Promise<StaffList> {
  const invitations = await repo.listPendingInvitations(db, now.toISOString());
  return {
    members: (await repo.listMembers(db)).map(toMember),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      role: i.role,
      invitedBy: i.invited_by_name,
      createdAt: i.created_at,
      expiresAt: i.expires_at,
    })),
  };
}

/**
 * Invites a member: a one-time link `/admin/invitation#<secret>` (only the secret's hash is kept), valid 72 hours.
 * @throws AppError 409 emailTaken when an account or a pending invitation has this e-mail.
 */
export async function invite(
  deps: StaffDeps,
  actor: Actor,
  body: InviteStaffBody,
): Promise<InvitationCreated> {
  if (await repo.findMemberByEmail(deps.db, body.email))
    throw emailTaken('У сотрудника с этой почтой уже есть доступ');
  const nowIso = actor.at.toISOString();
  if ((await repo.listPendingInvitations(deps.db, nowIso, body.email)).length > 0) {
    throw emailTaken(PENDING_EXISTS);
  }
  const token = newSecret();
  const id = newId();
  const expiresAt = new Date(actor.at.getTime() + INVITATION_TTL_MS).toISOString();
  await deps.db
    .transaction()
    .execute(async (trx) => {
      await repo.revokeExpiredInvitations(trx, body.email, nowIso);
      // Two owners inviting one e-mail at once: the database keeps one open invitation, the other gets this 409.
      await repo.insertInvitation(trx, {
        ...{ id, email: body.email, name: body.name, role: body.role, token_hash: sha256(token) },
        ...{
          invited_by: actor.id!,
          expires_at: expiresAt,
          accepted_at: null,
          accepted_staff_id: null,
          revoked_at: null,
        },
        ...{ created_at: nowIso, updated_at: nowIso },
      });
      const after = { email: body.email, name: body.name, role: body.role, expiresAt };
      await audit(trx, actor, 'staff.invited', { type: 'staff_invitation', id }, null, after);
    })
    .catch((e: unknown) => {
      throw isUniqueViolation(e) ? emailTaken(PENDING_EXISTS) : e;
    });
  const invitation = (await listStaff(deps.db, actor.at)).invitations.find((i) => i.id === id)!;
  return { invitation, url: `${deps.config.publicUrl.replace(/\/$/, '')}/admin/invitation#${token}` };
}

/** Revokes a pending invitation. @throws AppError 404 when it is not pending. */
export async function revokeInvitation(deps: StaffDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const inv = await repo.findInvitationById(trx, id);
    if (!inv || !(await repo.closeInvitation(trx, id, { revoked: true }, actor.at.toISOString())))
      throw notFound();
    await audit(
      trx,
      actor,
      'staff.invitation_revoked',
      { type: 'staff_invitation', id },
      { email: inv.email, role: inv.role },
      null,
    );
  });
}

/** What a pending invitation offers. @throws AppError 404 invitationInvalid. */
export async function lookupInvitation(db: DbOrTrx, token: string, now: Date): Promise<InvitationDetails> {
  const inv = await repo.findInvitationByHash(db, sha256(token));
  if (!inv || inv.accepted_at || inv.revoked_at || inv.expires_at <= now.toISOString())
    throw invitationInvalid();
  return { email: inv.email, name: inv.name, role: inv.role, expiresAt: inv.expires_at };
}

/**
 * Accepts an invitation: the account is made with the invitee's name and password and signed in (enrolment-only
 * when two-factor is required). @returns the session's token and state.
 * @throws AppError 404 invitationInvalid; 409 emailTaken when the e-mail got an account meanwhile.
 */
export async function acceptInvitation(
  deps: StaffDeps,
  body: AcceptInvitationBody,
  from: SessionOrigin,
): Promise<{ token: string; state: StaffSessionState }> {
  const details = await lookupInvitation(deps.db, body.token, from.now);
  if (await repo.findMemberByEmail(deps.db, details.email))
    throw emailTaken('У сотрудника с этой почтой уже есть доступ');
  const passwordHash = await hashPassword(body.password);
  const stage = deps.config.staff.twoFactorRequired ? 'enrolment' : 'signed_in';
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const inv = (await repo.findInvitationByHash(trx, sha256(body.token)))!;
      const actor = (id: string): Actor => ({ type: 'staff', id, ip: from.ip, at: from.now });
      const input = { email: inv.email, name: body.name, role: inv.role, passwordHash };
      const m = await createMember(trx, actor, 'staff.invitation_accepted', input);
      if (!(await repo.closeInvitation(trx, inv.id, { acceptedBy: m.id }, from.now.toISOString())))
        throw invitationInvalid();
      const token = await startSession(trx, m, stage, from, 'invitation');
      return { token, state: await sessionState(trx, deps.config, stage, m) };
    })
    .catch((e: unknown) => {
      // Parallel accepts of one link: the first makes the account, the others meet its e-mail (PostgreSQL).
      throw isUniqueViolation(e) ? invitationInvalid() : e;
    });
}

/**
 * Reads another member for a change inside `trx`, refusing one's own account, and (when `leavesOwnership`) the last
 * active owner. @throws AppError 404 notFound; 409 ownAccountOrLastOwner.
 */
async function otherMember(
  trx: DbOrTrx,
  actor: Actor,
  id: string,
  leavesOwnership: (m: StaffMemberRow) => boolean,
) {
  if (id === actor.id)
    throw conflict('Свою учётную запись здесь изменить нельзя: попросите другого владельца');
  const owners = await repo.lockActiveOwnerIds(trx);
  const m = await repo.findMemberById(trx, id);
  if (!m) throw notFound();
  if (leavesOwnership(m) && owners.filter((o) => o !== m.id).length === 0) {
    throw conflict('В магазине должен остаться хотя бы один активный владелец');
  }
  return m;
}

/**
 * Changes a member's role (not one's own; never the last active owner's). A role that may not manage API keys revokes
 * the keys the member made, audited (docs/decisions/036). @returns the member after.
 */
export async function changeRole(
  deps: StaffDeps,
  actor: Actor,
  id: string,
  role: StaffRole,
): Promise<StaffMember> {
  return deps.db.transaction().execute(async (trx) => {
    const m = await otherMember(
      trx,
      actor,
      id,
      (m) => m.role === 'owner' && role !== 'owner' && !m.deactivated_at,
    );
    const nowIso = actor.at.toISOString();
    if (m.role !== role) {
      await repo.updateMember(trx, id, { role, updated_at: nowIso });
      const keysRevoked = roleCan(role, 'apikeys.manage')
        ? 0
        : await revokeKeysMadeBy(trx, actor, id, 'creator_role_changed');
      const after = keysRevoked ? { role, apiKeysRevoked: keysRevoked } : { role };
      await audit(trx, actor, 'staff.role_changed', { type: 'staff_member', id }, { role: m.role }, after);
    }
    return toMember({ ...m, role, updated_at: nowIso });
  });
}

/**
 * Deactivates (`active: false`: every session is closed and every API key the member made is revoked at once,
 * docs/decisions/036) or reactivates a member (revoked keys stay revoked); not oneself, never the last active owner.
 * @returns the member after.
 */
export async function setActive(
  deps: StaffDeps,
  actor: Actor,
  id: string,
  active: boolean,
): Promise<StaffMember> {
  return deps.db.transaction().execute(async (trx) => {
    const m = await otherMember(trx, actor, id, (m) => !active && m.role === 'owner');
    const deactivatedAt = active ? null : actor.at.toISOString();
    if ((m.deactivated_at === null) !== active) {
      await repo.updateMember(trx, id, { deactivated_at: deactivatedAt, updated_at: actor.at.toISOString() });
      const closed = active ? 0 : await closeMemberSessions(trx, id, 'deactivated', actor.at);
      const keysRevoked = active ? 0 : await revokeKeysMadeBy(trx, actor, id, 'creator_deactivated');
      const action = active ? 'staff.activated' : 'staff.deactivated';
      await audit(
        trx,
        actor,
        action,
        { type: 'staff_member', id },
        { active: !active },
        keysRevoked
          ? { active, sessionsClosed: closed, apiKeysRevoked: keysRevoked }
          : { active, sessionsClosed: closed },
      );
    }
    return toMember({ ...m, deactivated_at: active ? null : (m.deactivated_at ?? deactivatedAt) });
  });
}

/** Resets a member's two-factor (a lost phone and codes): it is off, their sessions are closed. @returns the member. */
export async function resetTwoFactor(deps: StaffDeps, actor: Actor, id: string): Promise<StaffMember> {
  return deps.db.transaction().execute(async (trx) => {
    const m = await otherMember(trx, actor, id, () => false);
    await clearTwoFactor(trx, id, actor.at);
    const closed = await closeMemberSessions(trx, id, 'two_factor_reset', actor.at);
    const before = { twoFactor: m.totp_secret !== null };
    await audit(trx, actor, 'staff.two_factor_reset', { type: 'staff_member', id }, before, {
      twoFactor: false,
      sessionsClosed: closed,
    });
    return toMember({ ...m, totp_secret: null });
  });
}

/**
 * Closes the member's current session (sign-out) and audits it as `staff.signed_out` in one transaction (issue 29
 * item 9: sign-out left no entry).
 */
export async function signOut(
  deps: StaffDeps,
  session: { session_id: string; id: string },
  from: SessionOrigin,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await closeSession(trx, session.session_id, 'sign_out', from.now);
    const actor: Actor = { type: 'staff', id: session.id, ip: from.ip, at: from.now };
    await audit(trx, actor, 'staff.signed_out', { type: 'staff_member', id: session.id }, null, null);
  });
}

/** The signed-in member's own sessions other than the current one, closed ("sign out everywhere" keeps none). */
export async function signOutEverywhere(
  deps: StaffDeps,
  session: repo.SessionWithMember,
  from: SessionOrigin,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const closed = await closeMemberSessions(trx, session.id, 'sign_out_everywhere', from.now);
    const actor: Actor = { type: 'staff', id: session.id, ip: from.ip, at: from.now };
    await audit(trx, actor, 'staff.signed_out_everywhere', { type: 'staff_member', id: session.id }, null, {
      sessionsClosed: closed,
    });
    return closed;
  });
}
