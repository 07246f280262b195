import { roleCan, type ApiKeyScope, type Permission } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { sha256 } from '#app/lib/ids.ts';
import { verifyPassword } from '#app/lib/password.ts';
import * as keys from './staff.apikey.repository.ts';
import * as repo from './staff.repository.ts';
import type { SessionOrigin } from './staff.session.ts';
import type { StaffMemberRow } from './staff.table.ts';
import { beginAttempt, staffSignInLimiter } from './staff.signin.ts';

/** Who a Basic sign-in let in, and the fingerprint of the credential that did (checked again later). */
export interface BasicActor {
  type: 'staff' | 'api_key';
  id: string;
  tag: string;
}

/** A member's credential as a Basic sign-in saw it: a password change or a role change makes another. */
const credentialTag = (m: StaffMemberRow) => sha256(`${m.password_hash}\n${m.role}`);

/**
 * Whether what a Basic sign-in let in may still act (issue 29 item 2): the API key is not revoked and keeps `scope`;
 * the member is active, has the same password and role, no two-factor, and the role has `permission`. Every request
 * of a session opened by {@link basicSignIn} asks this, so a revocation, deactivation, role or password change ends
 * the session at the next request.
 */
export async function basicActorStillValid(
  db: DbOrTrx,
  twoFactorRequired: boolean,
  who: { type: 'staff' | 'api_key'; id: string; tag: string | null },
  need: { scope: ApiKeyScope; permission: Permission },
): Promise<boolean> {
  if (who.tag === null) return false;
  if (who.type === 'api_key') {
    const key = await keys.findApiKeyById(db, who.id);
    return !!key && !key.revoked_at && (JSON.parse(key.scopes) as string[]).includes(need.scope);
  }
  const m = await repo.findMemberById(db, who.id);
  return (
    !!m &&
    !m.deactivated_at &&
    !m.totp_secret &&
    !twoFactorRequired &&
    credentialTag(m) === who.tag &&
    roleCan(m.role, need.permission)
  );
}

/**
 * HTTP Basic sign-in of an integration that cannot do more (1C's «обмен с сайтом», docs/decisions/021): the password
 * is an API key (`kiim_…`, any user name) with `scope`, or a staff member's password (user name: the e-mail) whose role
 * has `permission`. A member with two-factor on, or while two-factor is required, cannot sign in this way (Basic
 * carries no code): such shops give 1C an API key, and such a password is refused like a wrong one. Staff attempts
 * count against the member's one failure budget (docs/security.md); a right one takes back only its own attempt.
 * @returns who signed in, or a Russian reason why not.
 * @throws AppError 429 rateLimited over the failure limits.
 */
export async function basicSignIn(
  db: DbOrTrx,
  twoFactorRequired: boolean,
  credentials: { user: string; password: string },
  need: { scope: ApiKeyScope; permission: Permission },
  from: SessionOrigin,
): Promise<BasicActor | { refused: string }> {
  if (credentials.password.startsWith('kiim_')) {
    const key = await keys.findApiKeyByHash(db, sha256(credentials.password));
    if (!key || key.revoked_at) return { refused: 'Ключ API не найден или отозван' };
    if (!(JSON.parse(key.scopes) as string[]).includes(need.scope))
      return { refused: `У ключа API нет области доступа «${need.scope}»` };
    return { type: 'api_key', id: key.id, tag: key.id };
  }
  const email = credentials.user.trim().toLowerCase();
  const attempt = await beginAttempt(db, email, from);
  const m = await repo.findMemberByEmail(db, email);
  const active = m && !m.deactivated_at ? m : undefined;
  const rightPassword = await verifyPassword(active?.password_hash, credentials.password);
  // A member with two-factor never signs in by password here, and is told nothing about the password (issue 29
  // item 1: checkauth was a password oracle that also reset the failures); the attempt stays counted.
  if (!active || !rightPassword || active.totp_secret || twoFactorRequired)
    return { refused: REFUSED_STAFF_PASSWORD };
  // Only this attempt is taken back: failures of the back office's sign-in and second factor stay (one budget).
  await staffSignInLimiter.release(db, attempt);
  if (!roleCan(active.role, need.permission)) return { refused: 'Роли сотрудника не разрешён этот обмен' };
  return { type: 'staff', id: active.id, tag: credentialTag(active) };
}

/** The one refusal of a staff password, whatever was wrong: unknown e-mail, password, or an account with two-factor. */
export const REFUSED_STAFF_PASSWORD =
  'Неверная почта или пароль. Сотрудникам с двухфакторной защитой нужен ключ API для обмена (раздел «Ключи API»)';
