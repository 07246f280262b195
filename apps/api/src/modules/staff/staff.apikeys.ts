import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  StaffErrorCode,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
  type CreateApiKeyBody,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { newId, sha256 } from '#app/lib/ids.ts';
import { audit, requestActor, type Actor } from '#app/modules/audit/audit.ts';
import * as repo from './staff.apikey.repository.ts';
import type { ApiKeyRow } from './staff.table.ts';

/**
 * API keys for integrations (issue 15): the ERP, later the 1C exchange. A key is `kiim_` + 256 random bits
 * (base64url), shown once when made; only its SHA-256 is stored, with a short prefix to recognise it. A key has
 * scopes (`@kiim/contract` API_KEY_SCOPES); an integration route requires one with {@link requireApiKey}. Revoked keys
 * are refused at once; the last use is recorded (at most once a minute). Making and revoking keys is audited.
 */
export const API_KEY_HEADER = 'x-api-key';
const TOUCH_EVERY_MS = 60_000;

function toApiKey(k: repo.ApiKeyWithCreator): ApiKey {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: JSON.parse(k.scopes) as ApiKeyScope[],
    createdBy: k.created_by_name,
    createdAt: k.created_at,
    lastUsedAt: k.last_used_at,
    revokedAt: k.revoked_at,
  };
}

export async function listApiKeys(db: DbOrTrx): Promise<ApiKey[]> {
  return (await repo.listApiKeys(db)).map(toApiKey);
}

/** Makes a key with the scopes. @returns the key as listed and its secret (shown once). */
export async function createApiKey(db: Db, actor: Actor, body: CreateApiKeyBody): Promise<ApiKeyCreated> {
  const secret = `kiim_${randomBytes(32).toString('base64url')}`;
  const id = newId();
  const nowIso = actor.at.toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.insertApiKey(trx, {
      ...{
        id,
        name: body.name,
        prefix: secret.slice(0, 11),
        key_hash: sha256(secret),
        scopes: JSON.stringify(body.scopes),
      },
      ...{
        created_by: actor.id!,
        last_used_at: null,
        revoked_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      },
    });
    await audit(trx, actor, 'apikey.created', { type: 'api_key', id }, null, {
      name: body.name,
      scopes: body.scopes,
    });
  });
  const apiKey = (await listApiKeys(db)).find((k) => k.id === id)!;
  return { apiKey, secret };
}

/** Revokes a live key. @throws AppError 404 staffNotFound when there is no live key with this id. */
export async function revokeApiKey(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.revokeApiKey(trx, id, actor.at.toISOString()))) {
      throw new AppError(404, StaffErrorCode.staffNotFound, 'Ключ не найден или уже отозван');
    }
    await audit(trx, actor, 'apikey.revoked', { type: 'api_key', id }, { revoked: false }, { revoked: true });
  });
}

/** Why a member's keys were revoked with them (docs/decisions/036). */
export type KeysRevokedBecause = 'creator_deactivated' | 'creator_role_changed';

/**
 * Revokes, in `trx`, every live key `memberId` made, each audited as `apikey.revoked` with the reason: a key outlives
 * no trust in the person who made it (issue 29 item 2, docs/decisions/036). Exchange sessions opened with those keys
 * end at their next request (they re-check the key). @returns how many keys were revoked.
 */
export async function revokeKeysMadeBy(
  trx: DbOrTrx,
  actor: Actor,
  memberId: string,
  reason: KeysRevokedBecause,
): Promise<number> {
  const ids = await repo.revokeApiKeysMadeBy(trx, memberId, actor.at.toISOString());
  for (const id of ids) {
    await audit(
      trx,
      actor,
      'apikey.revoked',
      { type: 'api_key', id },
      { revoked: false },
      { revoked: true, reason },
    );
  }
  return ids.length;
}

const apiKeyOfRequest = new WeakMap<FastifyRequest, ApiKeyRow>();

/**
 * Route-level `onRequest` hook of an integration route: the request must carry a live API key with `scope` in
 * `X-Api-Key`. Records the key's use (at most once a minute).
 * @throws AppError 401 apiKeyInvalid for a missing, unknown or revoked key; 403 apiKeyScope without the scope.
 */
export function requireApiKey(scope: ApiKeyScope) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const given = request.headers[API_KEY_HEADER];
    const key =
      typeof given === 'string' && given
        ? await repo.findApiKeyByHash(request.server.db, sha256(given))
        : undefined;
    if (!key || key.revoked_at) {
      throw new AppError(
        401,
        StaffErrorCode.apiKeyInvalid,
        'Нужен действующий ключ API в заголовке X-Api-Key',
      );
    }
    if (!(JSON.parse(key.scopes) as string[]).includes(scope)) {
      throw new AppError(403, StaffErrorCode.apiKeyScope, `У ключа API нет области доступа «${scope}»`);
    }
    const now = request.server.clock.now();
    if (!key.last_used_at || now.getTime() - Date.parse(key.last_used_at) > TOUCH_EVERY_MS) {
      await repo.touchApiKey(request.server.db, key.id, now.toISOString());
    }
    apiKeyOfRequest.set(request, key);
  };
}

/** The audit actor of a request authenticated by {@link requireApiKey}. @throws Error when the hook did not run. */
export function apiKeyActor(request: FastifyRequest): Actor {
  const key = apiKeyOfRequest.get(request);
  if (!key) throw new Error('the route does not require an API key');
  return requestActor(request, 'api_key', key.id);
}
