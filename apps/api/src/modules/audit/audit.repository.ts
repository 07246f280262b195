import type { Insertable } from 'kysely';
import type { DbOrTrx } from '#app/db/database.ts';
import type { AuditLogTable } from './audit.table.ts';

// Queries of the audit log: insert and read only. There is no update or delete here, by design (append-only;
// the database's triggers refuse them too).

export async function insertAuditEntry(db: DbOrTrx, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  actorType?: string;
  actorId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  /** ISO 8601 UTC bounds: from inclusive, to exclusive. */
  fromIso?: string;
  toIso?: string;
}

/** The log joined with the names of who acted (staff member or API key). */
function entries(db: DbOrTrx, f: AuditFilter) {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('staff_member as m', (j) => j.onRef('m.id', '=', 'a.actor_id').on('a.actor_type', '=', 'staff'))
    .leftJoin('api_key as k', (j) => j.onRef('k.id', '=', 'a.actor_id').on('a.actor_type', '=', 'api_key'));
  if (f.actorType) q = q.where('a.actor_type', '=', f.actorType as AuditLogTable['actor_type']);
  if (f.actorId) q = q.where('a.actor_id', '=', f.actorId);
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.entityType) q = q.where('a.entity_type', '=', f.entityType);
  if (f.entityId) q = q.where('a.entity_id', '=', f.entityId);
  if (f.fromIso) q = q.where('a.created_at', '>=', f.fromIso);
  if (f.toIso) q = q.where('a.created_at', '<', f.toIso);
  return q;
}

/** One page of entries, newest first, and how many match in all. */
export async function selectAuditPage(db: DbOrTrx, f: AuditFilter, offset: number, limit: number) {
  const rows = await entries(db, f)
    .selectAll('a')
    .select(['m.name as staff_name', 'm.email as staff_email', 'k.name as api_key_name'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const total = await entries(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
export type AuditRowWithNames = Awaited<ReturnType<typeof selectAuditPage>>['rows'][number];

/** Who appears in the log (with their names), and its distinct actions and entity types. */
export async function selectAuditFacets(db: DbOrTrx) {
  const actors = await entries(db, {})
    .select([
      'a.actor_type',
      'a.actor_id',
      'm.name as staff_name',
      'm.email as staff_email',
      'k.name as api_key_name',
    ])
    .distinct()
    .execute();
  const actions = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  const types = await db
    .selectFrom('audit_log')
    .select('entity_type')
    .distinct()
    .orderBy('entity_type')
    .execute();
  return { actors, actions: actions.map((r) => r.action), entityTypes: types.map((r) => r.entity_type) };
}

/** Names of staff members and of API keys by id (who made a change, on other modules' history screens). */
export async function actorNames(
  db: DbOrTrx,
  staffIds: readonly string[],
  keyIds: readonly string[],
): Promise<{ staff: Map<string, string>; keys: Map<string, string> }> {
  const [staff, keys] = await Promise.all([
    staffIds.length
      ? db
          .selectFrom('staff_member')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(staffIds)])
          .execute()
      : [],
    keyIds.length
      ? db
          .selectFrom('api_key')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(keyIds)])
          .execute()
      : [],
  ]);
  return {
    staff: new Map(staff.map((r) => [r.id, r.name])),
    keys: new Map(keys.map((r) => [r.id, r.name])),
  };
}
