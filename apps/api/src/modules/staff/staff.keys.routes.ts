import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyCreated,
  ApiKeyList,
  AuditFilters,
  AuditPage,
  AuditQuery,
  CreateApiKeyBody,
  Ok,
  StaffIdParams,
  dataOf,
} from '@kiim/contract';
import { createApiKey, listApiKeys, revokeApiKey } from './staff.apikeys.ts';
import { auditFilters, listAudit } from '#app/modules/audit/audit.ts';
import { requirePermission } from './staff.auth.ts';
import { staffActor } from './staff.manage.routes.ts';
import { errors, guarded, ok } from './staff.routes.common.ts';
import type { StaffDeps } from './staff.signin.ts';

const keysTag = 'admin: API keys';
const auditTag = 'admin: audit';

const listKeysSchema = guarded(
  keysTag,
  'apikeys.manage',
  'API keys of integrations',
  'Never their secrets.',
  {
    response: { 200: dataOf(ApiKeyList), ...errors(401, 403) },
  },
);
const createKeySchema = guarded(
  keysTag,
  'apikeys.manage',
  'Make an API key',
  'Answers the key (kiim_…), shown only now; integrations send it as X-Api-Key.',
  { body: CreateApiKeyBody, response: { 200: dataOf(ApiKeyCreated), ...errors(400, 401, 403) } },
);
const revokeKeySchema = guarded(
  keysTag,
  'apikeys.manage',
  'Revoke an API key',
  'Refused at once from then on. 404 code 7011 when not live.',
  {
    params: StaffIdParams,
    response: { 200: dataOf(Ok), ...errors(400, 401, 403, 404) },
  },
);
const auditSchema = guarded(
  auditTag,
  'audit.read',
  'The audit log',
  'Newest first, 50 per page; filters by actor, action, entity and time (from inclusive, to exclusive).',
  { querystring: AuditQuery, response: { 200: dataOf(AuditPage), ...errors(400, 401, 403) } },
);
const auditFiltersSchema = guarded(
  auditTag,
  'audit.read',
  'What the audit log can be filtered by',
  'Actors with their names, actions and entity types present.',
  {
    response: { 200: dataOf(AuditFilters), ...errors(401, 403) },
  },
);

/** API keys (`apikeys.manage`) and the audit log (`audit.read`) under `/api/admin` (issue 15). */
export const staffKeysRoutes: FastifyPluginAsyncZod<{ deps: StaffDeps }> = async (app, { deps }) => {
  const keys = requirePermission('apikeys.manage');
  const auditRead = requirePermission('audit.read');

  app.get('/api-keys', { onRequest: keys, schema: listKeysSchema }, async () => ({
    data: { items: await listApiKeys(deps.db) },
  }));

  app.post('/api-keys', { onRequest: keys, schema: createKeySchema }, async (request) => ({
    data: await createApiKey(deps.db, staffActor(request), request.body),
  }));

  app.post('/api-keys/:id/revoke', { onRequest: keys, schema: revokeKeySchema }, async (request) => {
    await revokeApiKey(deps.db, staffActor(request), request.params.id);
    return ok;
  });

  app.get('/audit', { onRequest: auditRead, schema: auditSchema }, async (request) => ({
    data: await listAudit(deps.db, request.query),
  }));

  app.get('/audit/filters', { onRequest: auditRead, schema: auditFiltersSchema }, async () => ({
    data: await auditFilters(deps.db),
  }));
};
