import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationBody,
  ErrorBody,
  InvitationDetails,
  InvitationTokenBody,
  Ok,
  SecondFactorBody,
  StaffSessionState,
  StaffSignInBody,
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
import { acceptInvitation, lookupInvitation, signOut, signOutEverywhere } from './staff.members.ts';
import { COOKIE_NOTE, errors, ok, originOf, security } from './staff.routes.common.ts';
import { resolveSession } from './staff.session.ts';
import { completeSecondFactor, sessionState, signIn, type StaffDeps } from './staff.signin.ts';

const tags = ['admin: session'];

/** `POST /session`. */
const signInSchema = {
  tags,
  summary: 'Sign in: e-mail and password',
  description:
    'Answers the session stage: second_factor (a code of the app is awaited), enrolment (two-factor must be set ' +
    'up first, production) or signed_in. Wrong e-mail or password: 401 code 7001 (field password). At most 5 ' +
    `failures per account (wrong codes count too) and 30 per client address in 15 minutes, then 429. ${COOKIE_NOTE}`,
  body: StaffSignInBody,
  response: { 200: dataOf(StaffSessionState), ...errors(400, 401, 403, 429) },
};

/** `POST /session/second-factor`. */
const secondFactorSchema = {
  tags,
  security,
  summary: 'Sign in: the code of the authenticator app, or a recovery code',
  description:
    'In the second_factor stage. A code of the app (6 digits, ± 30 s, each accepted once) or one recovery code ' +
    '(used up). Wrong: 400 code 7005 (details.attemptsLeft); after 5 the step ends (sign in again). Opens a new ' +
    `full session. ${COOKIE_NOTE}`,
  body: SecondFactorBody,
  response: { 200: dataOf(StaffSessionState), ...errors(400, 401, 403, 409, 429) },
};

/** `GET /session`. */
const sessionSchema = {
  tags,
  security,
  summary: 'The current session: its stage and the signed-in member',
  description:
    'The member’s role and permissions drive the back office’s navigation. 401 code 7002 without a session.',
  response: { 200: dataOf(StaffSessionState), 401: ErrorBody },
};

/** `POST /session/sign-out`. */
const signOutSchema = {
  tags,
  summary: 'Sign out of this session',
  description: 'Always ok; clears the cookie.',
  response: { 200: dataOf(Ok), 403: ErrorBody },
};

/** `POST /session/sign-out-everywhere`. */
const signOutEverywhereSchema = {
  tags,
  security,
  summary: 'Sign out on every device',
  description: 'Closes every session of the member, this one included; clears the cookie. Audited.',
  response: { 200: dataOf(Ok), ...errors(401, 403) },
};

/** `POST /invitation/lookup`. */
const lookupSchema = {
  tags,
  summary: 'What an invitation link offers',
  description:
    'Body token: the part of the link after #. 404 code 7007 when unknown, expired, used or revoked.',
  body: InvitationTokenBody,
  response: { 200: dataOf(InvitationDetails), ...errors(400, 403, 404) },
};

/** `POST /invitation/accept`. */
const acceptSchema = {
  tags,
  summary: 'Accept an invitation: name and password',
  description:
    'Makes the account with the invitation’s e-mail and role and signs in (enrolment stage when two-factor is ' +
    `required). 404 code 7007; 409 code 7008 when the e-mail got an account meanwhile. ${COOKIE_NOTE}`,
  body: AcceptInvitationBody,
  response: { 200: dataOf(StaffSessionState), ...errors(400, 403, 404, 409) },
};

const anyStage = requireStaffSession('second_factor', 'enrolment', 'signed_in');

/**
 * Signing in and out under `/api/admin` (issue 15): the password, the second factor, the session's state, sign-out
 * here or everywhere, and invitation links.
 */
export const staffSessionRoutes: FastifyPluginAsyncZod<{ deps: StaffDeps }> = async (app, { deps }) => {
  app.post('/session', { onRequest: publicStaffRoute(), schema: signInSchema }, async (request, reply) => {
    const { token, state } = await signIn(deps, request.body, originOf(request));
    setSessionCookie(reply, deps.config, token);
    return { data: state };
  });

  app.post(
    '/session/second-factor',
    { onRequest: anyStage, schema: secondFactorSchema },
    async (request, reply) => {
      const s = currentStaff(request);
      if (s.stage !== 'second_factor') return { data: await sessionState(deps.db, deps.config, s.stage, s) };
      const { token, state } = await completeSecondFactor(deps, s, request.body, originOf(request));
      setSessionCookie(reply, deps.config, token);
      return { data: state };
    },
  );

  app.get('/session', { onRequest: anyStage, schema: sessionSchema }, async (request) => {
    const s = currentStaff(request);
    return { data: await sessionState(deps.db, deps.config, s.stage, s) };
  });

  app.post(
    '/session/sign-out',
    { onRequest: publicStaffRoute(), schema: signOutSchema },
    async (request, reply) => {
      const token = sessionCookie(request);
      const session = token ? await resolveSession(deps.db, token, app.clock.now()).catch(() => null) : null;
      if (session) await signOut(deps, session, originOf(request));
      clearSessionCookie(reply, deps.config);
      return ok;
    },
  );

  const signedInOrEnrolling = requireStaffSession('enrolment', 'signed_in');
  app.post(
    '/session/sign-out-everywhere',
    { onRequest: signedInOrEnrolling, schema: signOutEverywhereSchema },
    async (request, reply) => {
      await signOutEverywhere(deps, currentStaff(request), originOf(request));
      clearSessionCookie(reply, deps.config);
      return ok;
    },
  );

  app.post(
    '/invitation/lookup',
    { onRequest: publicStaffRoute(), schema: lookupSchema },
    async (request) => ({
      data: await lookupInvitation(deps.db, request.body.token, app.clock.now()),
    }),
  );

  app.post(
    '/invitation/accept',
    { onRequest: publicStaffRoute(), schema: acceptSchema },
    async (request, reply) => {
      const { token, state } = await acceptInvitation(deps, request.body, originOf(request));
      setSessionCookie(reply, deps.config, token);
      return { data: state };
    },
  );
};
