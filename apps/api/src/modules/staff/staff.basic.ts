import { roleCan, type ApiKeyScope, type Permission } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { sha256 } from '#app/lib/ids.ts';
import { verifyPassword } from '#app/lib/password.ts';
import * as keys from './staff.apikey.repository.ts';
import * as repo from './staff.repository.ts';
import type { SessionOrigin } from './staff.session.ts';
import { beginAttempt, staffSignInLimiter } from './staff.signin.ts';

/**
 * HTTP Basic sign-in of an integration that cannot do more (1C's «обмен с сайтом», docs/decisions/021): the password
 * is an API key (`kiim_…`, any user name) with `scope`, or a staff member's password (user name: the e-mail) whose role
 * has `permission`. A member with two-factor on, or while two-factor is required, cannot sign in this way (Basic
 * carries no code): such shops give 1C an API key. Staff attempts count against the sign-in limits.
 * @returns who signed in, or a Russian reason why not.
 * @throws AppError 429 rateLimited over the failure limits.
 */
export async function basicSignIn(
  db: DbOrTrx,
  twoFactorRequired: boolean,
  credentials: { user: string; password: string },
  need: { scope: ApiKeyScope; permission: Permission },
  from: SessionOrigin,
): Promise<{ type: 'staff' | 'api_key'; id: string } | { refused: string }> {
  if (credentials.password.startsWith('kiim_')) {
    const key = await keys.findApiKeyByHash(db, sha256(credentials.password));
    if (!key || key.revoked_at) return { refused: 'Ключ API не найден или отозван' };
    if (!(JSON.parse(key.scopes) as string[]).includes(need.scope))
      return { refused: `У ключа API нет области доступа «${need.scope}»` };
    return { type: 'api_key', id: key.id };
  }
  const email = credentials.user.trim().toLowerCase();
  const attempt = await beginAttempt(db, email, from);
  const m = await repo.findMemberByEmail(db, email);
  const active = m && !m.deactivated_at ? m : undefined;
  if (!(await verifyPassword(active?.password_hash, credentials.password)) || !active)
    return { refused: 'Неверная почта или пароль' };
  await staffSignInLimiter.forget(db, email, attempt);
  if (active.totp_secret || twoFactorRequired)
    return { refused: 'Для обмена с 1С у сотрудника с двухфакторной защитой используйте ключ API' };
  if (!roleCan(active.role, need.permission)) return { refused: 'Роли сотрудника не разрешён этот обмен' };
  return { type: 'staff', id: active.id };
}
