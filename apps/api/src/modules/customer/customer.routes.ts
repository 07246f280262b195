import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthByMobileBody,
  AuthByMobileConfirmBody,
  CodeSent,
  Customer,
  ErrorBody,
  ErrorCode,
  LoggedOut,
  LogoutBody,
  SignedIn,
  dataOf,
} from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import { authenticateCustomer, currentCustomer, requestToken } from './customer.auth.ts';
import { clearTokenCookie, setTokenCookie } from './customer.cookie.ts';
import { toCustomer } from './customer.mapper.ts';
import { confirmSignIn, logout, requestSignInCode, type CustomerDeps } from './customer.service.ts';

const tags = ['customer'];

/**
 * Customer routes under `/api/customer` (spec §7): phone sign-in by one-time SMS code, the customer of
 * a token, logout.
 */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CustomerDeps = { db: app.db, sms: app.sms, otpSecret: app.config.otpSecret, log: app.log };

  // A rate-limited answer tells the client when to come back (RFC 9110 Retry-After, in seconds).
  app.addHook('onError', async (_request, reply, error) => {
    const retry =
      error instanceof AppError && error.code === ErrorCode.rateLimited
        ? (error.details as { retryAfterSeconds?: number })?.retryAfterSeconds
        : undefined;
    if (retry) reply.header('retry-after', String(retry));
  });

  app.post(
    '/auth-by-mobile',
    {
      schema: {
        tags,
        summary: 'Send a sign-in code by SMS',
        description:
          'Sends a 6-digit code valid 5 minutes to a Kazakh mobile (any valid one: a new customer is created on confirmation). ' +
          'A new code voids earlier ones. One code per number every 60 s and at most 5 an hour: else 429 with Retry-After ' +
          'and details.retryAfterSeconds.',
        body: AuthByMobileBody,
        response: { 200: dataOf(CodeSent), 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const data = await requestSignInCode(
        deps,
        { mobile: request.body.mobile, clientIp: request.ip ?? null },
        app.clock.now(),
      );
      return { data };
    },
  );

  app.post(
    '/auth-by-mobile/confirm',
    {
      schema: {
        tags,
        summary: 'Sign in with the SMS code',
        description:
          'Checks the code against the latest one sent to the number (5 checks per code), creates the customer if new and ' +
          'answers a token, also set as the HttpOnly customer_token cookie (30 days). Errors: 400 with code 2010 wrong code ' +
          '(details.attemptsLeft), 2011 expired/used/not requested, 2012 attempts exhausted.',
        body: AuthByMobileConfirmBody,
        response: { 200: dataOf(SignedIn), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const data = await confirmSignIn(deps, request.body, app.clock.now());
      setTokenCookie(reply, app.config, data.token);
      return { data };
    },
  );

  app.get(
    '/get-customer-by-token',
    {
      onRequest: authenticateCustomer,
      schema: {
        tags,
        summary: 'The signed-in customer',
        description:
          "Token from X-Authorization or the customer_token cookie. 401 without a token; 403 for an invalid one, 403 'Token has expired' for an expired one (spec §8).",
        security: [{ customerToken: [] }],
        response: { 200: dataOf(Customer), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => ({ data: toCustomer(currentCustomer(request)) }),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Log out: revoke the token',
        description:
          'Revokes body.token (or, without it, the token of the request) and clears the cookie. Always ok, even for an unknown token.',
        body: LogoutBody,
        response: { 200: dataOf(LoggedOut), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      await logout(app.db, request.body.token || requestToken(request), app.clock.now());
      clearTokenCookie(reply, app.config);
      return { data: { ok: true as const } };
    },
  );
};
