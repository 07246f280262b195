import {
  ROLE_PERMISSIONS,
  StaffErrorCode,
  type SecondFactorBody,
  type SessionStage,
  type StaffMe,
  type StaffSessionState,
  type StaffSignInBody,
} from '@kiim/contract';
import type { Config } from '#app/config.ts';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { failureLimiter, type FailureStore } from '#app/lib/failure-limits.ts';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '#app/lib/password.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as repo from './staff.repository.ts';
import {
  closeSession,
  MAX_SECOND_FACTOR_FAILURES,
  openSession,
  type SessionOrigin,
} from './staff.session.ts';
import type { StaffMemberRow } from './staff.table.ts';
import { checkTotp, openSecret, recoveryCodeHash } from './staff.totp.ts';

/**
 * Signing staff in (issue 15; docs/security.md, Staff accounts): e-mail and password, then — when two-factor is on
 * — a code of the authenticator app or one recovery code, which opens a new full session (the password step's
 * session is closed, so its token never becomes a full one). Wrong passwords and wrong codes share one budget per
 * account: 5 in 15 minutes, and 30 per client address; the account's failures are forgotten only at a complete
 * sign-in, so the second factor cannot be guessed by signing in again and again.
 */
export interface StaffDeps {
  db: Db;
  config: Config;
}

const store: FailureStore = {
  insert: (db, r) =>
    repo.insertAuthFailure(db, { id: r.id, email: r.subject, client_ip: r.clientIp, created_at: r.at }),
  times: (db, by, since) => repo.authFailureTimes(db, 'subject' in by ? { email: by.subject } : by, since),
  remove: (db, id) => repo.deleteAuthFailure(db, id),
  clear: (db, email) => repo.clearAuthFailures(db, email),
};

/** Failed sign-in limits of staff accounts (docs/security.md: the per-account and per-address trade-off). */
export const staffSignInLimiter = failureLimiter(store, {
  perSubject: 5,
  perAddress: 30,
  windowMs: 15 * 60 * 1000,
  message: (wait) => `Слишком много неудачных попыток входа. Попробуйте через ${wait}`,
});

/**
 * Counts an attempt (a password or a code) against the account's and the address's limits before it is checked.
 * @returns the reserved failure's id (released or forgotten when the attempt turns out right).
 * @throws AppError 429 rateLimited over a limit.
 */
export async function beginAttempt(db: DbOrTrx, email: string, from: SessionOrigin): Promise<string> {
  const by = { subject: email, clientIp: from.ip };
  await staffSignInLimiter.check(db, by, from.now);
  return staffSignInLimiter.reserve(db, by, from.now);
}

const invalidCredentials = () =>
  new AppError(401, StaffErrorCode.invalidCredentials, 'Неверная почта или пароль', undefined, {
    password: ['Неверная почта или пароль'],
  });

/** The member as they see themselves. */
export async function toMe(db: DbOrTrx, config: Config, m: StaffMemberRow): Promise<StaffMe> {
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    permissions: [...ROLE_PERMISSIONS[m.role]],
    twoFactorEnabled: m.totp_secret !== null,
    twoFactorRequired: config.staff.twoFactorRequired,
    recoveryCodesLeft: m.totp_secret ? await repo.countUnusedRecoveryCodes(db, m.id) : 0,
  };
}

/** The state a session of `stage` shows (no member details before the second factor). */
export async function sessionState(
  db: DbOrTrx,
  config: Config,
  stage: SessionStage,
  m: StaffMemberRow,
): Promise<StaffSessionState> {
  return { stage, staff: stage === 'second_factor' ? null : await toMe(db, config, m) };
}

/** The stage a member enters after their password: the second factor, two-factor enrolment (required), or in. */
const stageAfterPassword = (config: Config, m: StaffMemberRow): SessionStage =>
  m.totp_secret ? 'second_factor' : config.staff.twoFactorRequired ? 'enrolment' : 'signed_in';

/**
 * Opens a session of `stage`; for a complete sign-in (not the second-factor step) records the sign-in time and an
 * audit entry `staff.signed_in`, in one transaction. @returns the session's token.
 */
export async function startSession(
  trx: DbOrTrx,
  m: StaffMemberRow,
  stage: SessionStage,
  from: SessionOrigin,
  how: string,
): Promise<string> {
  const token = await openSession(trx, m.id, stage, from);
  if (stage !== 'second_factor') {
    await repo.updateMember(trx, m.id, {
      last_sign_in_at: from.now.toISOString(),
      updated_at: from.now.toISOString(),
    });
    const actor: Actor = { type: 'staff', id: m.id, ip: from.ip, at: from.now };
    await audit(trx, actor, 'staff.signed_in', { type: 'staff_member', id: m.id }, null, {
      method: how,
      stage,
    });
  }
  return token;
}

/**
 * Step one: e-mail and password. @returns the new session's token and state (`second_factor`, `enrolment` or
 * `signed_in`).
 * @throws AppError 401 invalidCredentials (the same for an unknown or deactivated account, in about the same time);
 *   429 rateLimited over the failure limits.
 */
export async function signIn(
  deps: StaffDeps,
  body: StaffSignInBody,
  from: SessionOrigin,
): Promise<{ token: string; state: StaffSessionState }> {
  const attempt = await beginAttempt(deps.db, body.email, from);
  const m = await repo.findMemberByEmail(deps.db, body.email);
  const active = m && !m.deactivated_at ? m : undefined;
  if (!(await verifyPassword(active?.password_hash, body.password)) || !active) throw invalidCredentials();
  if (passwordNeedsRehash(active.password_hash)) {
    const hash = await hashPassword(body.password);
    await repo.updateMember(deps.db, active.id, { password_hash: hash, updated_at: from.now.toISOString() });
  }
  const stage = stageAfterPassword(deps.config, active);
  if (stage === 'second_factor') await staffSignInLimiter.release(deps.db, attempt);
  else await staffSignInLimiter.forget(deps.db, body.email, attempt);
  const token = await deps.db
    .transaction()
    .execute((trx) => startSession(trx, active, stage, from, 'password'));
  return { token, state: await sessionState(deps.db, deps.config, stage, active) };
}

/** Whether the code of the app is right now and newer than the last one accepted (recorded as used if so). */
async function acceptTotp(
  db: DbOrTrx,
  config: Config,
  m: StaffMemberRow,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!m.totp_secret) return false;
  const step = await checkTotp(openSecret(config.otpSecret, m.totp_secret), code, now, m.totp_last_step);
  return step !== null && (await repo.advanceTotpStep(db, m.id, step, now.toISOString()));
}

/**
 * Step two: a code of the authenticator app or one recovery code (used once). On success the password step's
 * session is closed and a full one opened. @returns the new token and state.
 * @throws AppError 400 invalidSecondFactor (field `code` or `recoveryCode`, `details.attemptsLeft`); after 5 wrong
 *   codes the step's session is closed (401 next time); 429 over the account's failure limits.
 */
export async function completeSecondFactor(
  deps: StaffDeps,
  session: repo.SessionWithMember,
  body: SecondFactorBody,
  from: SessionOrigin,
): Promise<{ token: string; state: StaffSessionState }> {
  const attempt = await beginAttempt(deps.db, session.email, from);
  const m = (await repo.findMemberById(deps.db, session.id))!;
  const nowIso = from.now.toISOString();
  const ok = body.code
    ? await acceptTotp(deps.db, deps.config, m, body.code, from.now)
    : await repo.useRecoveryCode(
        deps.db,
        m.id,
        recoveryCodeHash(deps.config.otpSecret, body.recoveryCode!),
        nowIso,
      );
  const field = body.code ? 'code' : 'recoveryCode';
  if (!ok) {
    const failures = await repo.countFailedCode(deps.db, session.session_id, nowIso);
    if (failures >= MAX_SECOND_FACTOR_FAILURES)
      await closeSession(deps.db, session.session_id, 'second_factor_failed', from.now);
    const message = body.code
      ? 'Неверный или уже использованный код'
      : 'Неверный или уже использованный резервный код';
    throw new AppError(
      400,
      StaffErrorCode.invalidSecondFactor,
      message,
      {
        attemptsLeft: Math.max(0, MAX_SECOND_FACTOR_FAILURES - failures),
      },
      { [field]: [message] },
    );
  }
  await staffSignInLimiter.forget(deps.db, m.email, attempt);
  const token = await deps.db.transaction().execute(async (trx) => {
    await closeSession(trx, session.session_id, 'second_factor_passed', from.now);
    return startSession(trx, m, 'signed_in', from, body.code ? 'totp' : 'recovery_code');
  });
  return { token, state: await sessionState(deps.db, deps.config, 'signed_in', m) };
}
