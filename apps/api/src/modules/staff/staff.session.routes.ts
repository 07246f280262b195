import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationBody,
  ErrorBody,
  InvitationDetails,
  InvitationTokenBody,
  Ok,
  RecoveryCodes,
  SecondFactorBody,
  StaffChangePasswordBody,
  StaffSessionState,
  StaffSignInBody,
  TotpCodeBody,
  TwoFactorEnabled,
  TwoFactorSetup,
  dataOf,
} from '@kiim/contract';
import {
  clearSessionCookie,
  currentStaff,
  publicStaffRoute,
  requireStaffSession,
  sessionCookie,
  setSessionCookie,
} from './staff.auth.ts';
import { acceptInvitation, lookupInvitation, signOutEverywhere } from './staff.members.ts';
import { closeSession, resolveSession, type SessionOrigin } from './staff.session.ts';
import { completeSecondFactor, sessionState, signIn, type StaffDeps } from './staff.signin.ts';
import {
  changePassword,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
} from './staff.twofactor.ts';

const tags = ['admin: session'];
const security = [{ staffSession: [] }];
const COOKIE_NOTE =
  'Sets the session cookie kiim_staff (HttpOnly, SameSite=Strict, Path=/api/admin, Secure in production). ' +
  'State-changing calls need an Origin header of the shop (403 code 7006 otherwise).';
const E = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

/** Where a request comes from, for the session it opens. */
export const originOf = (request: FastifyRequest): SessionOrigin => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  now: request.server.clock.now(),
});

const anyStage = requireStaffSession('second_factor', 'enrolment', 'signed_in');
const signedInOrEnrolling = requireStaffSession('enrolment', 'signed_in');
const signedIn = requireStaffSession('signed_in');

/**
 * The member's own session under `/api/admin` (issue 15): sign in (password, then the second factor), the session's
 * state, sign out here or everywhere, the password, two-factor enrolment and recovery codes, and invitation links.
 */
export const staffSessionRoutes: FastifyPluginAsyncZod<{ deps: StaffDeps }> = async (app, { deps }) => {
  app.post(
    '/session',
    {
      onRequest: publicStaffRoute(),
      schema: {
        tags,
        summary: 'Sign in: e-mail and password',
        description:
          'Answers the session stage: second_factor (a code of the app is awaited), enrolment (two-factor must be set ' +
          'up first, production) or signed_in. Wrong e-mail or password: 401 code 7001 (field password). At most 5 ' +
          `failures per account (wrong codes count too) and 30 per client address in 15 minutes, then 429. ${COOKIE_NOTE}`,
        body: StaffSignInBody,
        response: { 200: dataOf(StaffSessionState), ...E(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token, state } = await signIn(deps, request.body, originOf(request));
      setSessionCookie(reply, deps.config, token);
      return { data: state };
    },
  );

  app.post(
    '/session/second-factor',
    {
      onRequest: anyStage,
      schema: {
        tags,
        security,
        summary: 'Sign in: the code of the authenticator app, or a recovery code',
        description:
          'In the second_factor stage. A code of the app (6 digits, ± 30 s, each accepted once) or one recovery code ' +
          '(used up). Wrong: 400 code 7005 (details.attemptsLeft); after 5 the step ends (sign in again). Opens a new ' +
          `full session. ${COOKIE_NOTE}`,
        body: SecondFactorBody,
        response: { 200: dataOf(StaffSessionState), ...E(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const s = currentStaff(request);
      if (s.stage !== 'second_factor') return { data: await sessionState(deps.db, deps.config, s.stage, s) };
      const { token, state } = await completeSecondFactor(deps, s, request.body, originOf(request));
      setSessionCookie(reply, deps.config, token);
      return { data: state };
    },
  );

  app.get(
    '/session',
    {
      onRequest: anyStage,
      schema: {
        tags,
        security,
        summary: 'The current session: its stage and the signed-in member',
        description:
          'The member’s role and permissions drive the back office’s navigation. 401 code 7002 without a session.',
        response: { 200: dataOf(StaffSessionState), 401: ErrorBody },
      },
    },
    async (request) => {
      const s = currentStaff(request);
      return { data: await sessionState(deps.db, deps.config, s.stage, s) };
    },
  );

  app.post(
    '/session/sign-out',
    {
      onRequest: publicStaffRoute(),
      schema: {
        tags,
        summary: 'Sign out of this session',
        description: 'Always ok; clears the cookie.',
        response: { 200: dataOf(Ok), 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const token = sessionCookie(request);
      const session = token ? await resolveSession(deps.db, token, app.clock.now()).catch(() => null) : null;
      if (session) await closeSession(deps.db, session.session_id, 'sign_out', app.clock.now());
      clearSessionCookie(reply, deps.config);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/session/sign-out-everywhere',
    {
      onRequest: signedInOrEnrolling,
      schema: {
        tags,
        security,
        summary: 'Sign out on every device',
        description: 'Closes every session of the member, this one included; clears the cookie. Audited.',
        response: { 200: dataOf(Ok), ...E(401, 403) },
      },
    },
    async (request, reply) => {
      await signOutEverywhere(deps, currentStaff(request), originOf(request));
      clearSessionCookie(reply, deps.config);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/password',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'Change one’s own password',
        description:
          'New password: 12–128 characters with a letter and a digit. Wrong current password: 400 code 7001 (field ' +
          'currentPassword), counted as a failed sign-in. Other sessions of the member are closed. Audited.',
        body: StaffChangePasswordBody,
        response: { 200: dataOf(Ok), ...E(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await changePassword(deps, currentStaff(request), request.body, originOf(request));
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/two-factor/setup',
    {
      onRequest: signedInOrEnrolling,
      schema: {
        tags,
        security,
        summary: 'Start two-factor enrolment',
        description:
          'A new secret: its otpauth URL and QR code (SVG data URL) to scan. 409 code 7010 when already on.',
        response: { 200: dataOf(TwoFactorSetup), ...E(401, 403, 409) },
      },
    },
    async (request) => ({ data: await setupTwoFactor(deps, currentStaff(request), app.clock.now()) }),
  );

  app.post(
    '/two-factor/enable',
    {
      onRequest: signedInOrEnrolling,
      schema: {
        tags,
        security,
        summary: 'Confirm enrolment with a code of the app',
        description:
          'Turns two-factor on and answers 10 recovery codes, shown only now. An enrolment-only session becomes a full ' +
          `one (new cookie). 400 code 7005 for a wrong code; 409 code 7010 when not started or already on. ${COOKIE_NOTE}`,
        body: TotpCodeBody,
        response: { 200: dataOf(TwoFactorEnabled), ...E(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { result, token } = await enableTwoFactor(
        deps,
        currentStaff(request),
        request.body.code,
        originOf(request),
      );
      if (token) setSessionCookie(reply, deps.config, token);
      return { data: result };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'New recovery codes',
        description:
          'Confirmed with a code of the app; the earlier codes stop working. Shown only now. Audited.',
        body: TotpCodeBody,
        response: { 200: dataOf(RecoveryCodes), ...E(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      data: {
        codes: await regenerateRecoveryCodes(
          deps,
          currentStaff(request),
          request.body.code,
          originOf(request),
        ),
      },
    }),
  );

  app.post(
    '/two-factor/disable',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'Turn two-factor off (development only)',
        description:
          'Confirmed with a code of the app. 409 code 7010 in production, where it is required. Audited.',
        body: TotpCodeBody,
        response: { 200: dataOf(Ok), ...E(400, 401, 403, 409) },
      },
    },
    async (request) => {
      await disableTwoFactor(deps, currentStaff(request), request.body.code, originOf(request));
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/invitation/lookup',
    {
      onRequest: publicStaffRoute(),
      schema: {
        tags,
        summary: 'What an invitation link offers',
        description:
          'Body token: the part of the link after #. 404 code 7007 when unknown, expired, used or revoked.',
        body: InvitationTokenBody,
        response: { 200: dataOf(InvitationDetails), ...E(400, 403, 404) },
      },
    },
    async (request) => ({ data: await lookupInvitation(deps.db, request.body.token, app.clock.now()) }),
  );

  app.post(
    '/invitation/accept',
    {
      onRequest: publicStaffRoute(),
      schema: {
        tags,
        summary: 'Accept an invitation: name and password',
        description:
          'Makes the account with the invitation’s e-mail and role and signs in (enrolment stage when two-factor is ' +
          `required). 404 code 7007; 409 code 7008 when the e-mail got an account meanwhile. ${COOKIE_NOTE}`,
        body: AcceptInvitationBody,
        response: { 200: dataOf(StaffSessionState), ...E(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { token, state } = await acceptInvitation(deps, request.body, originOf(request));
      setSessionCookie(reply, deps.config, token);
      return { data: state };
    },
  );
};
