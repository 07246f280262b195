import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Ok,
  RecoveryCodes,
  StaffChangePasswordBody,
  TotpCodeBody,
  TwoFactorEnabled,
  TwoFactorSetup,
  dataOf,
} from '@kiim/contract';
import { currentStaff, requireStaffSession, setSessionCookie } from './staff.auth.ts';
import { COOKIE_NOTE, errors, ok, originOf, security } from './staff.routes.common.ts';
import type { StaffDeps } from './staff.signin.ts';
import {
  changePassword,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
} from './staff.twofactor.ts';

const tags = ['admin: session'];

/** `POST /password`. */
const passwordSchema = {
  tags,
  security,
  summary: 'Change one’s own password',
  description:
    'New password: 12–128 characters with a letter and a digit. Wrong current password: 400 code 7001 (field ' +
    'currentPassword), counted as a failed sign-in. Other sessions of the member are closed. Audited.',
  body: StaffChangePasswordBody,
  response: { 200: dataOf(Ok), ...errors(400, 401, 403, 429) },
};

/** `POST /two-factor/setup`. */
const setupSchema = {
  tags,
  security,
  summary: 'Start two-factor enrolment',
  description:
    'A new secret: its otpauth URL and QR code (SVG data URL) to scan. 409 code 7010 when already on.',
  response: { 200: dataOf(TwoFactorSetup), ...errors(401, 403, 409) },
};

/** `POST /two-factor/enable`. */
const enableSchema = {
  tags,
  security,
  summary: 'Confirm enrolment with a code of the app',
  description:
    'Turns two-factor on and answers 10 recovery codes, shown only now. An enrolment-only session becomes a full ' +
    `one (new cookie). 400 code 7005 for a wrong code; 409 code 7010 when not started or already on. ${COOKIE_NOTE}`,
  body: TotpCodeBody,
  response: { 200: dataOf(TwoFactorEnabled), ...errors(400, 401, 403, 409) },
};

/** `POST /two-factor/recovery-codes`. */
const recoveryCodesSchema = {
  tags,
  security,
  summary: 'New recovery codes',
  description: 'Confirmed with a code of the app; the earlier codes stop working. Shown only now. Audited.',
  body: TotpCodeBody,
  response: { 200: dataOf(RecoveryCodes), ...errors(400, 401, 403, 409) },
};

/** `POST /two-factor/disable`. */
const disableSchema = {
  tags,
  security,
  summary: 'Turn two-factor off (development only)',
  description:
    'Confirmed with a code of the app. 409 code 7010 in production, where it is required. Audited.',
  body: TotpCodeBody,
  response: { 200: dataOf(Ok), ...errors(400, 401, 403, 409) },
};

/** The member's own password and two-factor under `/api/admin` (issue 15). */
export const staffSecurityRoutes: FastifyPluginAsyncZod<{ deps: StaffDeps }> = async (app, { deps }) => {
  const signedIn = requireStaffSession('signed_in');
  const signedInOrEnrolling = requireStaffSession('enrolment', 'signed_in');

  app.post('/password', { onRequest: signedIn, schema: passwordSchema }, async (request) => {
    await changePassword(deps, currentStaff(request), request.body, originOf(request));
    return ok;
  });

  app.post('/two-factor/setup', { onRequest: signedInOrEnrolling, schema: setupSchema }, async (request) => ({
    data: await setupTwoFactor(deps, currentStaff(request), app.clock.now()),
  }));

  app.post(
    '/two-factor/enable',
    { onRequest: signedInOrEnrolling, schema: enableSchema },
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
    { onRequest: signedIn, schema: recoveryCodesSchema },
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

  app.post('/two-factor/disable', { onRequest: signedIn, schema: disableSchema }, async (request) => {
    await disableTwoFactor(deps, currentStaff(request), request.body.code, originOf(request));
    return ok;
  });
};
