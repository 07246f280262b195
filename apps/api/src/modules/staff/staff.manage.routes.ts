import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyCreated,
  ApiKeyList,
  AuditFilters,
  AuditPage,
  AuditQuery,
  CreateApiKeyBody,
  ErrorBody,
  InvitationCreated,
  InviteStaffBody,
  Ok,
  StaffIdParams,
  StaffList,
  StaffMember,
  UpdateStaffBody,
  dataOf,
} from '@kiim/contract';
import { createApiKey, listApiKeys, revokeApiKey } from './staff.apikeys.ts';
import { auditFilters, listAudit, requestActor } from './staff.audit.ts';
import { currentStaff, requirePermission } from './staff.auth.ts';
import {
  changeRole,
  invite,
  listStaff,
  resetTwoFactor,
  revokeInvitation,
  setActive,
} from './staff.members.ts';
import type { StaffDeps } from './staff.signin.ts';

const security = [{ staffSession: [] }];
const E = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));
const GUARD =
  '401 code 7002 without a session; 403 code 7003 when the role lacks the permission, 7004 while two-factor is required and not set up.';
const schema = <T extends object>(
  tag: string,
  permission: string,
  summary: string,
  description: string,
  rest: T,
) => ({
  tags: [tag],
  security,
  summary,
  description: `Permission ${permission}. ${description} ${GUARD}`,
  ...rest,
});

/** The audit actor of a staff request (the member signed in). */
const actor = (request: FastifyRequest) => requestActor(request, 'staff', currentStaff(request).id);
const ok = { data: { ok: true as const } };

/**
 * Staff accounts, API keys and the audit log under `/api/admin` (issue 15), each route behind one permission of the
 * matrix (`@kiim/contract` staff.permissions.ts). Every change is audited in its transaction.
 */
export const staffManageRoutes: FastifyPluginAsyncZod<{ deps: StaffDeps }> = async (app, { deps }) => {
  const manage = requirePermission('staff.manage');
  const tag = 'admin: staff';

  app.get(
    '/staff',
    {
      onRequest: manage,
      schema: schema(
        tag,
        'staff.manage',
        'Staff accounts and pending invitations',
        'Active first, then by name.',
        {
          response: { 200: dataOf(StaffList), ...E(401, 403) },
        },
      ),
    },
    async () => ({ data: await listStaff(deps.db, app.clock.now()) }),
  );

  app.post(
    '/staff/invitations',
    {
      onRequest: manage,
      schema: schema(
        tag,
        'staff.manage',
        'Invite a member',
        'Answers the one-time link /admin/invitation#… (valid 72 hours), shown only now. 409 code 7008 (field email) when the e-mail has an account or a pending invitation.',
        {
          body: InviteStaffBody,
          response: { 200: dataOf(InvitationCreated), ...E(400, 401, 403, 409) },
        },
      ),
    },
    async (request) => ({ data: await invite(deps, actor(request), request.body) }),
  );

  app.post(
    '/staff/invitations/:id/revoke',
    {
      onRequest: manage,
      schema: schema(
        tag,
        'staff.manage',
        'Revoke a pending invitation',
        'Its link stops working. 404 code 7011 when not pending.',
        {
          params: StaffIdParams,
          response: { 200: dataOf(Ok), ...E(400, 401, 403, 404) },
        },
      ),
    },
    async (request) => {
      await revokeInvitation(deps, actor(request), request.params.id);
      return ok;
    },
  );

  app.patch(
    '/staff/:id',
    {
      onRequest: manage,
      schema: schema(
        tag,
        'staff.manage',
        'Change a member’s role',
        'Takes effect on their next request. 409 code 7009 for one’s own account or the last active owner.',
        {
          params: StaffIdParams,
          body: UpdateStaffBody,
          response: { 200: dataOf(StaffMember), ...E(400, 401, 403, 404, 409) },
        },
      ),
    },
    async (request) => ({
      data: await changeRole(deps, actor(request), request.params.id, request.body.role),
    }),
  );

  for (const [verb, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/staff/:id/${verb}`,
      {
        onRequest: manage,
        schema: schema(
          tag,
          'staff.manage',
          active ? 'Give a member access again' : 'Deactivate a member',
          `${active ? '' : 'Every session of theirs is closed at once. '}409 code 7009 for one’s own account or the last active owner.`,
          {
            params: StaffIdParams,
            response: { 200: dataOf(StaffMember), ...E(400, 401, 403, 404, 409) },
          },
        ),
      },
      async (request) => ({ data: await setActive(deps, actor(request), request.params.id, active) }),
    );
  }

  app.post(
    '/staff/:id/reset-two-factor',
    {
      onRequest: manage,
      schema: schema(
        tag,
        'staff.manage',
        'Reset a member’s two-factor',
        'For a lost phone and recovery codes: two-factor is off and their sessions are closed; they set it up again at the next sign-in.',
        {
          params: StaffIdParams,
          response: { 200: dataOf(StaffMember), ...E(400, 401, 403, 404, 409) },
        },
      ),
    },
    async (request) => ({ data: await resetTwoFactor(deps, actor(request), request.params.id) }),
  );

  const keys = requirePermission('apikeys.manage');
  app.get(
    '/api-keys',
    {
      onRequest: keys,
      schema: schema(
        'admin: API keys',
        'apikeys.manage',
        'API keys of integrations',
        'Never their secrets.',
        {
          response: { 200: dataOf(ApiKeyList), ...E(401, 403) },
        },
      ),
    },
    async () => ({ data: { items: await listApiKeys(deps.db) } }),
  );

  app.post(
    '/api-keys',
    {
      onRequest: keys,
      schema: schema(
        'admin: API keys',
        'apikeys.manage',
        'Make an API key',
        'Answers the key (kiim_…), shown only now; integrations send it as X-Api-Key.',
        {
          body: CreateApiKeyBody,
          response: { 200: dataOf(ApiKeyCreated), ...E(400, 401, 403) },
        },
      ),
    },
    async (request) => ({ data: await createApiKey(deps.db, actor(request), request.body) }),
  );

  app.post(
    '/api-keys/:id/revoke',
    {
      onRequest: keys,
      schema: schema(
        'admin: API keys',
        'apikeys.manage',
        'Revoke an API key',
        'Refused at once from then on. 404 code 7011 when not live.',
        {
          params: StaffIdParams,
          response: { 200: dataOf(Ok), ...E(400, 401, 403, 404) },
        },
      ),
    },
    async (request) => {
      await revokeApiKey(deps.db, actor(request), request.params.id);
      return ok;
    },
  );

  const auditRead = requirePermission('audit.read');
  app.get(
    '/audit',
    {
      onRequest: auditRead,
      schema: schema(
        'admin: audit',
        'audit.read',
        'The audit log',
        'Newest first, 50 per page; filters by actor, action, entity and time (from inclusive, to exclusive).',
        {
          querystring: AuditQuery,
          response: { 200: dataOf(AuditPage), ...E(400, 401, 403) },
        },
      ),
    },
    async (request) => ({ data: await listAudit(deps.db, request.query) }),
  );

  app.get(
    '/audit/filters',
    {
      onRequest: auditRead,
      schema: schema(
        'admin: audit',
        'audit.read',
        'What the audit log can be filtered by',
        'Actors with their names, actions and entity types present.',
        {
          response: { 200: dataOf(AuditFilters), ...E(401, 403) },
        },
      ),
    },
    async () => ({ data: await auditFilters(deps.db) }),
  );
};
