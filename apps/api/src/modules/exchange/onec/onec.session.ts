import type { FastifyRequest } from 'fastify';
import { newId, newSecret, sha256 } from '#app/lib/ids.ts';
import { basicActorStillValid, basicSignIn } from '#app/modules/staff/staff.basic.ts';
import type { Actor } from '#app/modules/audit/audit.ts';
import * as repo from '../exchange.repository.ts';
import { AppError } from '#app/lib/errors.ts';

// Sessions of the 1C protocol (issue 12 item 3): `mode=checkauth` with HTTP Basic opens one for the exchange type
// asked (catalog: staff with catalogue.edit or an API key with catalogue.import; sale: staff with orders.update or an
// API key with orders.status) and answers its cookie; every later call must carry it.

export const EXCHANGE_COOKIE = 'kiim_1c';
/** How long a session lives after checkauth (its folder is swept after it). */
export const SESSION_MS = 12 * 60 * 60 * 1000;
export type ExchangeType = 'catalog' | 'sale';

const NEEDS = {
  catalog: { scope: 'catalogue.import', permission: 'catalogue.edit' },
  sale: { scope: 'orders.status', permission: 'orders.update' },
} as const;

/** User name and password of a Basic `Authorization` header. */
function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const m = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? undefined : { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

/**
 * `mode=checkauth`. @returns the new session's token, or the Russian reason of the refusal (over the staff sign-in
 * limits too: the protocol answers plain text).
 */
export async function checkAuth(request: FastifyRequest, type: ExchangeType) {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials) return { refused: 'Нужна авторизация: логин и пароль сотрудника или ключ API' };
  const { db, config, clock } = request.server;
  const now = clock.now();
  const origin = { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, now };
  const who = await basicSignIn(db, config.staff.twoFactorRequired, credentials, NEEDS[type], origin).catch(
    // Over the failure limits: the protocol's plain `failure` with the wait, which 1C shows its operator.
    (e: unknown) => {
      if (e instanceof AppError && e.statusCode === 429) return { refused: e.message };
      throw e;
    },
  );
  if ('refused' in who) return who;
  const token = newSecret();
  const nowIso = now.toISOString();
  await repo.deleteExpiredSessions(db, nowIso);
  await repo.insertSession(db, {
    ...{
      id: newId(),
      token_hash: sha256(token),
      actor_type: who.type,
      actor_id: who.id,
      exchange_type: type,
    },
    ...{
      sale_numbers: null,
      credential_tag: who.tag,
      expires_at: new Date(now.getTime() + SESSION_MS).toISOString(),
    },
    ...{ created_at: nowIso, updated_at: nowIso },
  });
  return { token };
}

/**
 * The live session of the request's cookie for `type`, or undefined — also when the key or member behind it may no
 * longer act (revoked, deactivated, another role or password: issue 29 item 2); such a session is deleted.
 */
export async function sessionOf(request: FastifyRequest, type: ExchangeType) {
  const token = request.cookies?.[EXCHANGE_COOKIE];
  if (!token) return undefined;
  const { db, config, clock } = request.server;
  const s = await repo.findSession(db, sha256(token), clock.now().toISOString());
  if (!s || s.exchange_type !== type) return undefined;
  const who = { type: s.actor_type, id: s.actor_id, tag: s.credential_tag };
  if (await basicActorStillValid(db, config.staff.twoFactorRequired, who, NEEDS[type])) return s;
  await repo.deleteSession(db, s.id);
  return undefined;
}
export type ExchangeSession = NonNullable<Awaited<ReturnType<typeof sessionOf>>>;

/** The audit actor of a session's request. */
export const sessionActor = (request: FastifyRequest, s: ExchangeSession): Actor => ({
  type: s.actor_type,
  id: s.actor_id,
  ip: request.ip ?? null,
  at: request.server.clock.now(),
});
