import type { FastifyRequest } from 'fastify';
import {
  AUDIT_PAGE_SIZE,
  type AuditActor,
  type AuditEntry,
  type AuditFilters,
  type AuditPage,
  type AuditQuery,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import * as repo from './audit.repository.ts';
import { pageOf } from '#app/lib/paging.ts';

/**
 * The audit log (issue 15): every change made by staff or an integration — who (a staff member's id or an API key's
 * id), when, from which address, what, on which entity, before → after as JSON — in an append-only table. Other
 * modules call {@link audit} inside the transaction of the change, so the entry exists exactly when the change does.
 */

/** Who acts, from where and when (the request's clock time). */
export interface Actor {
  type: 'staff' | 'api_key' | 'system';
  /** The staff member's or the API key's id; null for the shop itself. */
  id: string | null;
  /** The client address (Fastify's `request.ip` with TRUST_PROXY); null for the shop itself. */
  ip: string | null;
  at: Date;
}

/** The shop itself (start-up, the owner made from ADMIN_EMAIL, the command line), at `at`. */
export const systemActor = (at: Date): Actor => ({ type: 'system', id: null, ip: null, at });

/** The actor of a request made by a staff member or an API key (`id`), at the app's clock time. */
export const requestActor = (request: FastifyRequest, type: 'staff' | 'api_key', id: string): Actor => ({
  type,
  id,
  ip: request.ip ?? null,
  at: request.server.clock.now(),
});

/** What the entry is about: `{ type: 'staff_member', id }`, `{ type: 'order', id: '100012' }`… */
export interface AuditEntity {
  type: string;
  id: string;
}

/**
 * Appends one entry to the audit log. Call it with the transaction that makes the change.
 * @param action what happened, `area.verb` in snake case (`staff.role_changed`, `order.status_changed`).
 * @param before the entity's relevant fields before (null when it did not exist); never secrets or hashes.
 * @param after the same fields after (null when it no longer exists).
 */
export async function audit(
  trx: DbOrTrx,
  actor: Actor,
  action: string,
  entity: AuditEntity,
  before: unknown,
  after: unknown,
): Promise<void> {
  const at = actor.at.toISOString();
  await repo.insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor.type,
    actor_id: actor.id,
    client_ip: actor.ip,
    action,
    entity_type: entity.type,
    entity_id: entity.id,
    before_json: before === null || before === undefined ? null : JSON.stringify(before),
    after_json: after === null || after === undefined ? null : JSON.stringify(after),
    created_at: at,
    updated_at: at,
  });
}

/** How an actor is named on the audit screen. */
function actorOf(r: {
  actor_type: string;
  actor_id: string | null;
  staff_name: string | null;
  staff_email: string | null;
  api_key_name: string | null;
}): AuditActor {
  const type = r.actor_type as AuditActor['type'];
  const label =
    type === 'staff'
      ? `${r.staff_name ?? 'Сотрудник'} (${r.staff_email ?? r.actor_id})`
      : type === 'api_key'
        ? `Ключ API «${r.api_key_name ?? r.actor_id}»`
        : 'Система';
  return { type, id: r.actor_id, label };
}

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

function toEntry(r: repo.AuditRowWithNames): AuditEntry {
  return {
    id: r.id,
    at: r.created_at,
    actor: actorOf(r),
    clientIp: r.client_ip,
    action: r.action,
    entity: { type: r.entity_type, id: r.entity_id },
    before: parsed(r.before_json),
    after: parsed(r.after_json),
  };
}

/** One page of the log (50 entries, newest first) with the query's filters; `from`/`to` are instants (to exclusive). */
export async function listAudit(db: DbOrTrx, q: AuditQuery): Promise<AuditPage> {
  const filter: repo.AuditFilter = {
    actorType: q.actorType,
    actorId: q.actorId,
    action: q.action,
    entityType: q.entityType,
    entityId: q.entityId,
    fromIso: q.from ? new Date(q.from).toISOString() : undefined,
    toIso: q.to ? new Date(q.to).toISOString() : undefined,
  };
  const { rows, total } = await repo.selectAuditPage(
    db,
    filter,
    (q.page - 1) * AUDIT_PAGE_SIZE,
    AUDIT_PAGE_SIZE,
  );
  return pageOf(rows.map(toEntry), q.page, total, AUDIT_PAGE_SIZE);
}

/** The filters the audit screen offers: actors by name, actions and entity types present in the log. */
export async function auditFilters(db: DbOrTrx): Promise<AuditFilters> {
  const f = await repo.selectAuditFacets(db);
  const actors = f.actors.map(actorOf).sort((a, b) => a.label.localeCompare(b.label, 'ru'));
  return { actors, actions: f.actions, entityTypes: f.entityTypes };
}

/**
 * How actors are named on history screens of other modules (the stock movements): a staff member by name, an API
 * key as «Ключ API «name»», the shop as «Система». @returns labels by `type:id`.
 */
export async function actorLabels(
  db: DbOrTrx,
  actors: readonly { type: 'staff' | 'api_key' | 'system'; id: string | null }[],
): Promise<(actor: { type: string; id: string | null }) => string> {
  const ids = (type: string) => actors.filter((a) => a.type === type && a.id).map((a) => a.id!);
  const names = await repo.actorNames(db, ids('staff'), ids('api_key'));
  return (a) =>
    a.type === 'staff'
      ? (names.staff.get(a.id ?? '') ?? 'Сотрудник')
      : a.type === 'api_key'
        ? `Ключ API «${names.keys.get(a.id ?? '') ?? a.id}»`
        : 'Система';
}
