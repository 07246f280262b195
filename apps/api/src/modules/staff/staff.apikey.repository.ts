import type { Insertable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { ApiKeyRow, ApiKeyTable } from './staff.table.ts';

// Queries of API keys (the only place with Kysely statements on `api_key`).

/** Inserts a new API key row (only the secret's hash is stored). */
export async function insertApiKey(db: DbOrTrx, row: Insertable<ApiKeyTable>): Promise<void> {
  await db.insertInto('api_key').values(row).execute();
}

/** The API key whose secret hashes (SHA-256) to `keyHash` (revoked ones too), or undefined. */
export function findApiKeyByHash(db: DbOrTrx, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_key').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

/** The API key `id` (revoked ones too), or undefined. */
export function findApiKeyById(db: DbOrTrx, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_key').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every key (live first, newest first) with its creator's name. */
export function listApiKeys(db: DbOrTrx) {
  return db
    .selectFrom('api_key as k')
    .innerJoin('staff_member as m', 'm.id', 'k.created_by')
    .selectAll('k')
    .select('m.name as created_by_name')
    .orderBy((eb) => eb.case().when('k.revoked_at', 'is', null).then(0).else(1).end())
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id')
    .execute();
}
export type ApiKeyWithCreator = Awaited<ReturnType<typeof listApiKeys>>[number];

/** Revokes a live key. @returns true when this call revoked it. */
export async function revokeApiKey(db: DbOrTrx, id: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('api_key')
    .set({ revoked_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Revokes every live key made by `memberId`. @returns the ids of the keys this call revoked. */
export async function revokeApiKeysMadeBy(db: DbOrTrx, memberId: string, nowIso: string): Promise<string[]> {
  const rows = await db
    .updateTable('api_key')
    .set({ revoked_at: nowIso, updated_at: nowIso })
    .where('created_by', '=', memberId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort();
}

/** Records a use of the key (callers write it at most once a minute). */
export async function touchApiKey(db: DbOrTrx, id: string, nowIso: string): Promise<void> {
  await db
    .updateTable('api_key')
    .set({ last_used_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}
