import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthByExpiredTokenBody,
  AuthByMobileBody,
  AuthByMobileConfirmBody,
  AuthByMobilePasswordBody,
  CodeSent,
  ConfirmRecoverPasswordBody,
  Customer,
  ErrorBody,
  LoggedOut,
  LogoutBody,
  PasswordUpdated,
  RecoverPasswordCodeQuery,
  RegisterByMobileBody,
  RegisterByMobileConfirmBody,
  SignedIn,
  UpdateCustomerBody,
  UpdatePasswordBody,
  dataOf,
  type CustomerLanguage,
} from '@kiim/contract';
import { authenticateCustomer, currentCustomer, currentToken, requestToken } from './customer.auth.ts';
import { clearTokenCookie, setTokenCookie } from './customer.cookie.ts';
import { toCustomer } from './customer.mapper.ts';
import { updatePassword, updateProfile } from './customer.profile.ts';
import {
  confirmRecovery,
  confirmRegistration,
  confirmSignIn,
  logout,
  refreshToken,
  requestRecoveryCode,
  requestRegistrationCode,
  requestSignInCode,
  signInWithPassword,
  type CustomerDeps,
} from './customer.service.ts';

const tags = ['customer'];

const SEND_LIMITS =
  'Send limits per number (all purposes together): one code per 60 s, 3 per 15 minutes, 10 per 24 hours; per client ' +
  'address SMS_ADDRESS_HOURLY_LIMIT per hour; in all SMS_DAILY_LIMIT per 24 hours. Over a limit: 429 code 1029 with ' +
  'a Russian message, Retry-After and details.retryAfterSeconds. Gateway errors: 400 code 2031 (number refused, field ' +
  'mobile), 429 (gateway throttles), 503 code 2030. A code: 6 digits, valid 5 minutes, single use; a new one voids ' +
  'the earlier ones.';
const CODE_ERRORS =
  'Code errors (400, field code): 2010 wrong code (details.attemptsLeft), 2011 expired/used/replaced/not requested, ' +
  '2012 five wrong tries: the code is void.';
const SETS_COOKIE = 'The token is also set as the HttpOnly customer_token cookie (30 days).';

/** `POST /auth-by-mobile`. */
const authByMobileSchema = {
  tags,
  summary: 'Send a sign-in code by SMS',
  description: `Any valid Kazakh mobile may sign in: a new customer is created on confirmation. ${SEND_LIMITS}`,
  body: AuthByMobileBody,
  response: { 200: dataOf(CodeSent), 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
};

/** `POST /auth-by-mobile/confirm`. */
const authByMobileConfirmSchema = {
  tags,
  summary: 'Sign in with the SMS code',
  description: `Creates the customer if new and answers a new token. ${SETS_COOKIE} ${CODE_ERRORS}`,
  body: AuthByMobileConfirmBody,
  response: { 200: dataOf(SignedIn), 400: ErrorBody },
};

/** `POST /register-by-mobile`. */
const registerByMobileSchema = {
  tags,
  summary: 'Start registration: send a registration code by SMS',
  description:
    'Checks the number has no account (409 code 2020, field mobile) and the name, then sends a code. The name is ' +
    `sent again with the code (the server keeps no half-made account). ${SEND_LIMITS}`,
  body: RegisterByMobileBody,
  response: { 200: dataOf(CodeSent), 400: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody },
};

/** `POST /register-by-mobile/confirm`. */
const registerByMobileConfirmSchema = {
  tags,
  summary: 'Complete registration with the SMS code',
  description:
    'Creates the customer with name, surname and (optionally) a password: 8–128 characters with a letter and a ' +
    `digit, not containing the phone number; hashed with argon2id. Answers a new token. ${SETS_COOKIE} ${CODE_ERRORS} ` +
    '409 code 2020 when the number got an account meanwhile.',
  body: RegisterByMobileConfirmBody,
  response: { 200: dataOf(SignedIn), 400: ErrorBody, 409: ErrorBody },
};

/** `POST /auth-by-mobile-password`. */
const authByMobilePasswordSchema = {
  tags,
  summary: 'Sign in with number and password',
  description:
    'A wrong password, an unknown number and an account without a password all answer 401 code 2022 (field ' +
    'password). At most 5 failures per number and 20 per client address in 15 minutes, then 429 code 1029 with ' +
    `Retry-After. ${SETS_COOKIE}`,
  body: AuthByMobilePasswordBody,
  response: { 200: dataOf(SignedIn), 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
};

/** `GET /get-code-for-recover-password`. */
const getCodeForRecoverPasswordSchema = {
  tags,
  summary: 'Send a password recovery code by SMS',
  description: `Query mobile. The number must have an account (404 code 2021, field mobile). ${SEND_LIMITS}`,
  querystring: RecoverPasswordCodeQuery,
  response: { 200: dataOf(CodeSent), 400: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody },
};

/** `POST /confirm-recover-password-code`. */
const confirmRecoverPasswordCodeSchema = {
  tags,
  summary: 'Confirm the recovery code: sign in to set a new password',
  description:
    'Answers a new token with which update-password accepts a new password without the old one for 15 minutes. ' +
    `${SETS_COOKIE} ${CODE_ERRORS}`,
  body: ConfirmRecoverPasswordBody,
  response: { 200: dataOf(SignedIn), 400: ErrorBody, 404: ErrorBody },
};

/** `POST /update-password`. */
const updatePasswordSchema = {
  tags,
  summary: 'Set or change the password',
  description:
    'Signed in. Password: 8–128 characters with a letter and a digit, not containing the phone number. ' +
    'currentPassword is needed when a password is set, unless the token comes from an SMS code (sign-in, ' +
    'registration, recovery) confirmed in the last 15 minutes: missing or wrong → 400 code 2023 (field ' +
    'currentPassword); wrong ones count toward the password sign-in limits (429). Other tokens of the customer ' +
    'are revoked. 401 without a token; 403 for an invalid or expired one.',
  security: [{ customerToken: [] }],
  body: UpdatePasswordBody,
  response: { 200: dataOf(PasswordUpdated), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
};

/** `GET /get-customer-by-token`. */
const getCustomerByTokenSchema = {
  tags,
  summary: 'The signed-in customer',
  description:
    "Token from X-Authorization or the customer_token cookie. 401 without a token; 403 for an invalid one, 403 'Token has expired' for an expired one (spec §8).",
  security: [{ customerToken: [] }],
  response: { 200: dataOf(Customer), 401: ErrorBody, 403: ErrorBody },
};

/** `POST /update`. */
const updateSchema = {
  tags,
  summary: 'Change the profile',
  description:
    'Signed in. Any of name, surname, email, gender (female 0, male 1), birthDate (YYYY-MM-DD, not in the future); ' +
    'null clears an optional field; at least one field. Answers the customer.',
  security: [{ customerToken: [] }],
  body: UpdateCustomerBody,
  response: { 200: dataOf(Customer), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
};

/** `POST /auth-by-expired-token`. */
const authByExpiredTokenSchema = {
  tags,
  summary: 'Exchange an expired token for a new one',
  description:
    'Body token (else the token of the request). Allowed until 60 days after the token expired; the old token is ' +
    `revoked. 403 for an unknown or revoked token (a revoked token presented again is refused) and after the window. ${SETS_COOKIE}`,
  body: AuthByExpiredTokenBody,
  response: { 200: dataOf(SignedIn), 400: ErrorBody, 403: ErrorBody },
};

/** `POST /logout`. */
const logoutSchema = {
  tags,
  summary: 'Log out: revoke the token',
  description:
    'Revokes body.token (or, without it, the token of the request) and clears the cookie. Always ok, even for an unknown token.',
  body: LogoutBody,
  response: { 200: dataOf(LoggedOut), 400: ErrorBody },
};

/**
 * The language of a code's SMS: the storefront's page language, which its server sends as `Accept-Language`
 * (`kk` → Kazakh, anything else Russian; issue 35 §7).
 */
const smsLanguageOf = (request: FastifyRequest): CustomerLanguage =>
  request.headers['accept-language']?.trim().toLowerCase().startsWith('kk') ? 'kk' : 'ru';

/** What the customer services need from the app. */
const customerDeps = (app: FastifyInstance): CustomerDeps => ({
  db: app.db,
  sms: app.sms,
  otpSecret: app.config.otpSecret,
  smsLimits: { addressHourlyLimit: app.config.sms.addressHourlyLimit, dailyLimit: app.config.sms.dailyLimit },
  log: app.log,
});

/** The answer of a sign-in: the token in the body and as the HttpOnly `customer_token` cookie. */
function signedIn<T extends { token: string }>(
  app: FastifyInstance,
  reply: FastifyReply,
  data: T,
): { data: T } {
  setTokenCookie(reply, app.config, data.token);
  return { data };
}

/** Sign-in, registration and recovery by SMS code (each code request is rate-limited). */
const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = customerDeps(app);
  app.post('/auth-by-mobile', { schema: authByMobileSchema }, async (request) => ({
    data: await requestSignInCode(
      deps,
      { mobile: request.body.mobile, clientIp: request.ip ?? null, language: smsLanguageOf(request) },
      app.clock.now(),
    ),
  }));
  app.post('/auth-by-mobile/confirm', { schema: authByMobileConfirmSchema }, async (request, reply) =>
    signedIn(app, reply, await confirmSignIn(deps, request.body, app.clock.now())),
  );
  app.post('/register-by-mobile', { schema: registerByMobileSchema }, async (request) => ({
    data: await requestRegistrationCode(
      deps,
      { ...request.body, clientIp: request.ip ?? null, language: smsLanguageOf(request) },
      app.clock.now(),
    ),
  }));
  app.post('/register-by-mobile/confirm', { schema: registerByMobileConfirmSchema }, async (request, reply) =>
    signedIn(app, reply, await confirmRegistration(deps, request.body, app.clock.now())),
  );
  app.get('/get-code-for-recover-password', { schema: getCodeForRecoverPasswordSchema }, async (request) => ({
    data: await requestRecoveryCode(
      deps,
      { mobile: request.query.mobile, clientIp: request.ip ?? null, language: smsLanguageOf(request) },
      app.clock.now(),
    ),
  }));
  app.post(
    '/confirm-recover-password-code',
    { schema: confirmRecoverPasswordCodeSchema },
    async (request, reply) =>
      signedIn(app, reply, await confirmRecovery(deps, request.body, app.clock.now())),
  );
};

/** Password sign-in, the session (refresh, logout) and the signed-in customer's account. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = customerDeps(app);
  app.post('/auth-by-mobile-password', { schema: authByMobilePasswordSchema }, async (request, reply) =>
    signedIn(
      app,
      reply,
      await signInWithPassword(deps, { ...request.body, clientIp: request.ip ?? null }, app.clock.now()),
    ),
  );
  app.post('/auth-by-expired-token', { schema: authByExpiredTokenSchema }, async (request, reply) =>
    signedIn(
      app,
      reply,
      await refreshToken(deps, request.body.token || requestToken(request), app.clock.now()),
    ),
  );
  app.post('/logout', { schema: logoutSchema }, async (request, reply) => {
    await logout(app.db, request.body.token || requestToken(request), app.clock.now());
    clearTokenCookie(reply, app.config);
    return { data: { ok: true as const } };
  });
  app.post(
    '/update-password',
    { onRequest: authenticateCustomer, schema: updatePasswordSchema },
    async (request) => {
      const { db, clock } = app;
      await updatePassword(
        db,
        currentCustomer(request),
        currentToken(request),
        request.body,
        request.ip ?? null,
        clock.now(),
      );
      return { data: { ok: true as const } };
    },
  );
  app.get(
    '/get-customer-by-token',
    { onRequest: authenticateCustomer, schema: getCustomerByTokenSchema },
    async (request) => ({
      data: toCustomer(currentCustomer(request)),
    }),
  );
  app.post('/update', { onRequest: authenticateCustomer, schema: updateSchema }, async (request) => ({
    data: await updateProfile(app.db, currentCustomer(request), request.body, app.clock.now()),
  }));
};

/**
 * Customer routes under `/api/customer` (spec §7; issue 4): sign-in by SMS code or password, registration,
 * password recovery and change, profile, token refresh, logout. Signed-in routes take the token from
 * X-Authorization or the customer_token cookie.
 */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(codeRoutes);
  await app.register(sessionRoutes);
};
