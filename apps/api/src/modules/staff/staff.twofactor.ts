import { StaffErrorCode, type TwoFactorEnabled, type TwoFactorSetup } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { hashPassword, verifyPassword } from '#app/lib/password.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as repo from './staff.repository.ts';
import { closeMemberSessions, closeSession, type SessionOrigin } from './staff.session.ts';
import {
  beginAttempt,
  sessionState,
  staffSignInLimiter,
  startSession,
  type StaffDeps,
} from './staff.signin.ts';
import type { StaffMemberRow } from './staff.table.ts';
import {
  checkTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
} from './staff.totp.ts';

/**
 * A member's own two-factor and password (issue 15): enrol an authenticator app (scan, confirm with a code → 10
 * recovery codes shown once), new recovery codes, turning it off where it is optional, changing the password. Each
 * change writes an audit entry in its transaction.
 */

const stateError = (message: string) => new AppError(409, StaffErrorCode.twoFactorState, message);
const wrongCode = () =>
  new AppError(400, StaffErrorCode.invalidSecondFactor, 'Неверный или уже использованный код', undefined, {
    code: ['Неверный или уже использованный код'],
  });
const entity = (m: StaffMemberRow) => ({ type: 'staff_member', id: m.id });
const actorOf = (m: StaffMemberRow, from: SessionOrigin): Actor => ({
  type: 'staff',
  id: m.id,
  ip: from.ip,
  at: from.now,
});

/**
 * Starts enrolment: a new secret kept (encrypted) as pending until confirmed with a code.
 * @throws AppError 409 twoFactorState when two-factor is already on.
 */
export async function setupTwoFactor(deps: StaffDeps, m: StaffMemberRow, now: Date): Promise<TwoFactorSetup> {
  if (m.totp_secret) throw stateError('Двухфакторная защита уже включена');
  const setup = await newTotpSecret(m.email);
  await repo.updateMember(deps.db, m.id, {
    totp_pending_secret: sealSecret(deps.config.otpSecret, setup.secret),
    updated_at: now.toISOString(),
  });
  return setup;
}

/** New recovery codes for the member (replacing any earlier ones). @returns them as shown, once. */
async function renewRecoveryCodes(
  trx: DbOrTrx,
  otpSecret: string,
  staffId: string,
  now: Date,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  const rows = codes.map((c) => ({ id: newId(), hash: recoveryCodeHash(otpSecret, c) }));
  await repo.replaceRecoveryCodes(trx, staffId, rows, now.toISOString());
  return codes;
}

/**
 * Confirms enrolment with a code of the app: two-factor is on, recovery codes are made. A session that was
 * enrolment-only is exchanged for a full one (new token). @returns the codes, the state and the new token if any.
 * @throws AppError 409 twoFactorState (already on, or enrolment not started); 400 invalidSecondFactor.
 */
export async function enableTwoFactor(
  deps: StaffDeps,
  session: repo.SessionWithMember,
  code: string,
  from: SessionOrigin,
): Promise<{ result: TwoFactorEnabled; token: string | null }> {
  const m = (await repo.findMemberById(deps.db, session.id))!;
  if (m.totp_secret) throw stateError('Двухфакторная защита уже включена');
  if (!m.totp_pending_secret) throw stateError('Сначала отсканируйте QR-код: начните настройку заново');
  const step = await checkTotp(
    openSecret(deps.config.otpSecret, m.totp_pending_secret),
    code,
    from.now,
    null,
  );
  if (step === null) throw wrongCode();
  const nowIso = from.now.toISOString();
  const { codes, token } = await deps.db.transaction().execute(async (trx) => {
    const patch = { totp_secret: m.totp_pending_secret, totp_pending_secret: null, totp_enabled_at: nowIso };
    await repo.updateMember(trx, m.id, { ...patch, totp_last_step: step, updated_at: nowIso });
    const codes = await renewRecoveryCodes(trx, deps.config.otpSecret, m.id, from.now);
    await audit(
      trx,
      actorOf(m, from),
      'staff.two_factor_enabled',
      entity(m),
      { twoFactor: false },
      { twoFactor: true },
    );
    if (session.stage !== 'enrolment') return { codes, token: null };
    await closeSession(trx, session.session_id, 'enrolment_done', from.now);
    return {
      codes,
      token: await startSession(
        trx,
        { ...m, totp_secret: patch.totp_secret },
        'signed_in',
        from,
        'enrolment',
      ),
    };
  });
  const fresh = (await repo.findMemberById(deps.db, m.id))!;
  return { result: { codes, session: await sessionState(deps.db, deps.config, 'signed_in', fresh) }, token };
}

/** Checks a code of the member's app (and records its step as used). @throws AppError 409 when off; 400 when wrong. */
async function requireCode(deps: StaffDeps, m: StaffMemberRow, code: string, now: Date): Promise<void> {
  if (!m.totp_secret) throw stateError('Двухфакторная защита не включена');
  const step = await checkTotp(openSecret(deps.config.otpSecret, m.totp_secret), code, now, m.totp_last_step);
  if (step === null || !(await repo.advanceTotpStep(deps.db, m.id, step, now.toISOString())))
    throw wrongCode();
}

/** New recovery codes (the old ones stop working), confirmed with a code of the app. @returns them, once. */
export async function regenerateRecoveryCodes(
  deps: StaffDeps,
  m: StaffMemberRow,
  code: string,
  from: SessionOrigin,
): Promise<string[]> {
  await requireCode(deps, m, code, from.now);
  return deps.db.transaction().execute(async (trx) => {
    const codes = await renewRecoveryCodes(trx, deps.config.otpSecret, m.id, from.now);
    await audit(trx, actorOf(m, from), 'staff.recovery_codes_renewed', entity(m), null, {
      recoveryCodes: codes.length,
    });
    return codes;
  });
}

/**
 * Turns two-factor off (development only), confirmed with a code of the app.
 * @throws AppError 409 twoFactorState when it is required (production) or not on; 400 for a wrong code.
 */
export async function disableTwoFactor(
  deps: StaffDeps,
  m: StaffMemberRow,
  code: string,
  from: SessionOrigin,
): Promise<void> {
  if (deps.config.staff.twoFactorRequired)
    throw stateError('Двухфакторная защита обязательна для сотрудников');
  await requireCode(deps, m, code, from.now);
  await deps.db.transaction().execute(async (trx) => {
    await clearTwoFactor(trx, m.id, from.now);
    await audit(
      trx,
      actorOf(m, from),
      'staff.two_factor_disabled',
      entity(m),
      { twoFactor: true },
      { twoFactor: false },
    );
  });
}

/** Removes a member's authenticator secret and recovery codes. */
export async function clearTwoFactor(trx: DbOrTrx, staffId: string, now: Date): Promise<void> {
  const patch = { totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null };
  await repo.updateMember(trx, staffId, { ...patch, updated_at: now.toISOString() });
  await repo.replaceRecoveryCodes(trx, staffId, [], now.toISOString());
}

/**
 * Changes the member's own password; their other sessions are closed.
 * @throws AppError 400 (field `currentPassword`) for a wrong current password — counted as a failed sign-in;
 *   429 over the limits.
 */
export async function changePassword(
  deps: StaffDeps,
  session: repo.SessionWithMember,
  body: { currentPassword: string; newPassword: string },
  from: SessionOrigin,
): Promise<void> {
  const attempt = await beginAttempt(deps.db, session.email, from);
  if (!(await verifyPassword(session.password_hash, body.currentPassword))) {
    throw new AppError(400, StaffErrorCode.invalidCredentials, 'Неверный текущий пароль', undefined, {
      currentPassword: ['Неверный текущий пароль'],
    });
  }
  await staffSignInLimiter.forget(deps.db, session.email, attempt);
  const hash = await hashPassword(body.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateMember(trx, session.id, { password_hash: hash, updated_at: from.now.toISOString() });
    const closed = await closeMemberSessions(
      trx,
      session.id,
      'password_changed',
      from.now,
      session.session_id,
    );
    const m = (await repo.findMemberById(trx, session.id))!;
    await audit(trx, actorOf(m, from), 'staff.password_changed', entity(m), null, {
      otherSessionsClosed: closed,
    });
  });
}
