import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InvitationCreated,
  InviteStaffBody,
  Ok,
  StaffIdParams,
  StaffList,
  StaffMember,
  UpdateStaffBody,
  dataOf,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from './staff.auth.ts';
import {
  changeRole,
  invite,
  listStaff,
  resetTwoFactor,
  revokeInvitation,
  setActive,
} from './staff.members.ts';
import { errors, guarded, ok } from './staff.routes.common.ts';
import type { StaffDeps } from './staff.signin.ts';

const tag = 'admin: staff';
const P = 'staff.manage';
const LAST_OWNER = '409 code 7009 for one’s own account or the last active owner.';
const onMember = {
  params: StaffIdParams,
  response: { 200: dataOf(StaffMember), ...errors(400, 401, 403, 404, 409) },
};

const listSchema = guarded(tag, P, 'Staff accounts and pending invitations', 'Active first, then by name.', {
  response: { 200: dataOf(StaffList), ...errors(401, 403) },
});
const inviteSchema = guarded(
  tag,
  P,
  'Invite a member',
  'Answers the one-time link /admin/invitation#… (valid 72 hours), shown only now. 409 code 7008 (field email) when ' +
    'the e-mail has an account or a pending invitation.',
  { body: InviteStaffBody, response: { 200: dataOf(InvitationCreated), ...errors(400, 401, 403, 409) } },
);
const revokeSchema = guarded(
  tag,
  P,
  'Revoke a pending invitation',
  'Its link stops working. 404 code 7011 when not pending.',
  {
    params: StaffIdParams,
    response: { 200: dataOf(Ok), ...errors(400, 401, 403, 404) },
  },
);
const roleSchema = guarded(
  tag,
  P,
  'Change a member’s role',
  `Takes effect on their next request. ${LAST_OWNER}`,
  {
    ...onMember,
    body: UpdateStaffBody,
  },
);
const deactivateSchema = guarded(
  tag,
  P,
  'Deactivate a member',
  `Every session of theirs is closed at once. ${LAST_OWNER}`,
  onMember,
);
const activateSchema = guarded(tag, P, 'Give a member access again', LAST_OWNER, onMember);
const resetSchema = guarded(
  tag,
  P,
  'Reset a member’s two-factor',
  'For a lost phone and recovery codes: two-factor is off and their sessions are closed; they set it up again at the ' +
    `next sign-in. ${LAST_OWNER}`,
  onMember,
);

/** The audit actor of a staff request (the member signed in). */
export const staffActor = (request: FastifyRequest) =>
  requestActor(request, 'staff', currentStaff(request).id);

/**
 * Staff accounts and invitations under `/api/admin` (issue 15), each route behind `staff.manage` (the matrix of
 * `@kiim/contract` staff.permissions.ts). Every change is audited in its transaction.
 */
export const staffManageRoutes: FastifyPluginAsyncZod<{ deps: StaffDeps }> = async (app, { deps }) => {
  const manage = requirePermission('staff.manage');

  app.get('/staff', { onRequest: manage, schema: listSchema }, async () => ({
    data: await listStaff(deps.db, app.clock.now()),
  }));

  app.post('/staff/invitations', { onRequest: manage, schema: inviteSchema }, async (request) => ({
    data: await invite(deps, staffActor(request), request.body),
  }));

  app.post('/staff/invitations/:id/revoke', { onRequest: manage, schema: revokeSchema }, async (request) => {
    await revokeInvitation(deps, staffActor(request), request.params.id);
    return ok;
  });

  app.patch('/staff/:id', { onRequest: manage, schema: roleSchema }, async (request) => ({
    data: await changeRole(deps, staffActor(request), request.params.id, request.body.role),
  }));

  app.post('/staff/:id/deactivate', { onRequest: manage, schema: deactivateSchema }, async (request) => ({
    data: await setActive(deps, staffActor(request), request.params.id, false),
  }));

  app.post('/staff/:id/activate', { onRequest: manage, schema: activateSchema }, async (request) => ({
    data: await setActive(deps, staffActor(request), request.params.id, true),
  }));

  app.post('/staff/:id/reset-two-factor', { onRequest: manage, schema: resetSchema }, async (request) => ({
    data: await resetTwoFactor(deps, staffActor(request), request.params.id),
  }));
};
