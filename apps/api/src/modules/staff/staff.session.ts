import type { SessionStage } from '@kiim/contract';
import { StaffErrorCode } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { newId, newSecret, sha256 } from '#app/lib/ids.ts';
import * as repo from './staff.repository.ts';

/**
 * Staff sessions (docs/security.md, Staff sessions): an opaque token of 256 random bits, only its SHA-256 stored,
 * carried by an HttpOnly SameSite=Strict cookie. A full session lives 60 minutes after its last use and at most
 * 12 hours (a working shift) in all; the step between the password and the second factor lives 5 minutes and allows
 * 5 wrong codes; an enrolment-only session (two-factor required and not yet set up) lives 30 minutes.
 */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const STAGE_ABSOLUTE_MS: Record<SessionStage, number> = {
  second_factor: 5 * 60 * 1000,
  enrolment: 30 * 60 * 1000,
  signed_in: SESSION_ABSOLUTE_MS,
};
/** The sliding expiry is written at most once a minute, so reads do not turn every request into a write. */
const SLIDE_EVERY_MS = 60_000;
export const MAX_SECOND_FACTOR_FAILURES = 5;

/** Where a session is opened from (kept with it, for the member's own review). */
export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

/**
 * Opens a session of `stage` for the member. @returns its token, to be set as the cookie (shown once, never stored).
 */
export async function openSession(
  db: DbOrTrx,
  staffId: string,
  stage: SessionStage,
  from: SessionOrigin,
): Promise<string> {
  const token = newSecret();
  const t = from.now.getTime();
  const iso = from.now.toISOString();
  const absolute = t + STAGE_ABSOLUTE_MS[stage];
  await repo.insertSession(db, {
    id: newId(),
    staff_id: staffId,
    token_hash: sha256(token),
    stage,
    failed_codes: 0,
    client_ip: from.ip,
    user_agent: from.userAgent?.slice(0, 300) ?? null,
    last_used_at: iso,
    expires_at: new Date(Math.min(t + SESSION_IDLE_MS, absolute)).toISOString(),
    absolute_expires_at: new Date(absolute).toISOString(),
    revoked_at: null,
    revoked_reason: null,
    created_at: iso,
    updated_at: iso,
  });
  return token;
}

/** 401 for a request without a live session. */
export const signedOut = () =>
  new AppError(401, StaffErrorCode.signedOut, 'Войдите в панель управления: сессия завершена или не начата');

/**
 * The live session of a token and its (active) account; slides the idle expiry.
 * @throws AppError 401 signedOut for an unknown, revoked or expired session, or a deactivated account.
 */
export async function resolveSession(db: DbOrTrx, token: string, now: Date): Promise<repo.SessionWithMember> {
  const row = await repo.findSessionWithMember(db, sha256(token));
  const nowIso = now.toISOString();
  if (!row || row.revoked_at || row.expires_at <= nowIso || row.deactivated_at) throw signedOut();
  if (row.stage !== 'second_factor' && now.getTime() - Date.parse(row.last_used_at) > SLIDE_EVERY_MS) {
    const expires = Math.min(now.getTime() + SESSION_IDLE_MS, Date.parse(row.absolute_expires_at));
    await repo.slideSession(db, row.session_id, new Date(expires).toISOString(), nowIso);
  }
  return row;
}

/** Ends one session (sign-out, or exchanged for a full one after the second factor). */
export async function closeSession(db: DbOrTrx, sessionId: string, reason: string, now: Date): Promise<void> {
  await repo.revokeSessions(db, { id: sessionId }, reason, now.toISOString());
}

/** Ends every session of a member but `keepId`. @returns how many were ended. */
export function closeMemberSessions(
  db: DbOrTrx,
  staffId: string,
  reason: string,
  now: Date,
  keepId?: string,
): Promise<number> {
  return repo.revokeSessions(db, { staffId, keepId }, reason, now.toISOString());
}
