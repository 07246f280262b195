import { COOKIE, ApiError, createApiClient, type ApiClient, type Customer } from '@kiim/contract';
import {
  createContext,
  data,
  redirect,
  type AppLoadContext,
  type MiddlewareFunction,
  type RouterContextProvider,
} from 'react-router';
import { clearCookie, customerTokenCookie, malformedTokenCookie, tokenCookie } from './cookies.server.ts';
import { invalidCustomerGenderCookie } from './customer-gender.server.ts';
import { langOf } from './lang.server.ts';
import { unavailableAsPage } from './unavailable.server.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** Client of the in-process API, given by the servers (apps/web/server.ts, dev-server.ts). */
    api?: ApiClient;
  }
}

/** The context a loader or action receives (the production server's load context, or the middleware's provider). */
export type RequestContext = AppLoadContext | Readonly<RouterContextProvider>;
type Context = RequestContext;

/**
 * What one storefront request did to the customer's token, applied to the response by
 * {@link accountMiddleware}: `set` writes the HttpOnly `customer_token` cookie (a refresh or a sign-in),
 * `clear` deletes it; `sendHome` (a forced logout, spec §8) also replaces the response with a redirect to /.
 */
type TokenChange = { kind: 'set'; token: string } | { kind: 'clear'; sendHome: boolean };

/**
 * The account state of one storefront request: its API client, what happened to the token, and the answers
 * its loaders share (so the root loader and a page loader running side by side fetch the customer, the cart
 * uuid or the split cart once per request).
 */
interface AccountSession {
  api: ApiClient;
  change?: TokenChange;
  shared: Map<string, Promise<unknown>>;
}

const sessionContext = createContext<AccountSession | null>(null);

/** The API transport of this server: in-process (server.ts, dev-server.ts), else HTTP to the request's origin. */
function baseClient(request: Request, context: Context): ApiClient {
  return (
    (context as { api?: ApiClient }).api ?? createApiClient({ fetch, baseUrl: new URL(request.url).origin })
  );
}

/** A client for `token` whose spec §8 events are recorded on the session. */
function sessionClient(
  request: Request,
  context: Context,
  session: AccountSession,
  token: string | undefined,
): ApiClient {
  const api = baseClient(request, context).withToken(token, {
    // The page's language: the API answers with the catalogue's texts in it (issue 13).
    headers: { 'accept-language': langOf(request).lang },
    onTokenRefreshed: (fresh) => {
      session.change = { kind: 'set', token: fresh };
    },
    onLoggedOut: () => {
      session.change = { kind: 'clear', sendHome: true };
    },
  });
  // A page whose data the API cannot give while its database is down is the polite 503 page (issue 27).
  return unavailableAsPage(api, request);
}

function createSession(request: Request, context: Context): AccountSession {
  const session = { shared: new Map() } as unknown as AccountSession;
  session.api = sessionClient(request, context, session, customerTokenCookie(request));
  return session;
}

function sessionOf(context: Context): AccountSession | null {
  const c = context as Partial<RouterContextProvider>;
  return typeof c.get === 'function' ? c.get(sessionContext) : null;
}

/**
 * Root middleware of the storefront (spec §8 in one place): gives every loader and action of the request one
 * API client (so parallel loaders share one token exchange), then acts on what the client reported:
 * a refreshed token is written back to the HttpOnly `customer_token` cookie; a forced logout clears it and
 * sends to /. It also clears a `customer_gender` cookie outside the allowed set (spec §2), and a `customer_token`
 * cookie that cannot be a token (never sent to the API: issue 29 item 6).
 */
export const accountMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = createSession(request, context);
  context.set(sessionContext, session);
  let response = await next();
  const cookies: string[] = [];
  const gender = invalidCustomerGenderCookie(request);
  if (gender) cookies.push(gender);
  const change = session.change;
  if (change?.kind === 'clear' && change.sendHome) {
    const headers = new Headers({ 'Set-Cookie': clearCookie(COOKIE.customerToken) });
    for (const c of cookies) headers.append('Set-Cookie', c);
    return redirect('/', { headers });
  }
  if (change?.kind === 'set') cookies.push(tokenCookie(change.token));
  if (change?.kind === 'clear' || (!change && malformedTokenCookie(request))) {
    cookies.push(clearCookie(COOKIE.customerToken));
  }
  if (cookies.length === 0) return response;
  try {
    for (const c of cookies) response.headers.append('Set-Cookie', c);
  } catch {
    // Immutable headers (a fetched response): copy it.
    response = new Response(response.body, response);
    for (const c of cookies) response.headers.append('Set-Cookie', c);
  }
  return response;
};

/**
 * The API client for this request, carrying the customer's token from the `customer_token` cookie, with the
 * request rules of spec §8 and §9 (packages/contract/src/client.ts) whose outcome {@link accountMiddleware}
 * writes to the response. The servers (server.ts, dev-server.ts) have it call the API in-process; without one it
 * calls `/api` over HTTP on the request's own origin.
 */
export function apiFor(request: Request, context: Context): ApiClient {
  return (sessionOf(context) ?? createSession(request, context)).api;
}

/**
 * Signs the request in with a token just issued (any sign-in, registration or recovery): the cookie is
 * written on the response, and later {@link apiFor} calls of this request use the new token.
 * @returns the client with the new token.
 */
export function startSession(request: Request, context: Context, token: string): ApiClient {
  const session = sessionOf(context);
  if (!session) return baseClient(request, context).withToken(token);
  session.change = { kind: 'set', token };
  session.api = sessionClient(request, context, session, token);
  session.shared.clear();
  return session.api;
}

/**
 * The answer of `load` shared by every loader and action of this request under `key`: the first caller
 * starts it, the others wait for the same promise (each handles its failure its own way). Signing in or out
 * during the request forgets what was shared. Without the middleware (a bare call) `load` simply runs.
 */
export function sharedPerRequest<T>(context: Context, key: string, load: () => Promise<T>): Promise<T> {
  const session = sessionOf(context);
  if (!session) return load();
  let promise = session.shared.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    // Callers handle the failure; the shared copy itself must not count as unhandled.
    promise.catch(() => undefined);
    session.shared.set(key, promise);
  }
  return promise;
}

/**
 * The signed-in customer of this request (`GET /api/customer/get-customer-by-token`), fetched once per request
 * however many loaders ask (the root's header and the account area's guard).
 * @returns null without a token. @throws the API's error (401/403 for a token no longer valid, spec §8).
 */
export function customerOf(request: Request, context: Context): Promise<Customer | null> {
  const api = apiFor(request, context);
  if (!api.token) return Promise.resolve(null);
  return sharedPerRequest(context, 'customer', () => api.customer());
}

/** True when the error is an API answer with this status. */
export const isApiStatus = (e: unknown, ...status: number[]): e is ApiError =>
  e instanceof ApiError && status.includes(e.status);

/**
 * `fallback` in place of an answer the API could not give (down, a 5xx, an unexpected answer), logged as a warning:
 * for the header's data (root loader), so an outage leaves the page — or its error screen — with its texts.
 */
export function withoutApi<T>(e: unknown, fallback: T): T {
  console.warn('the API did not answer the header data', e instanceof ApiError ? e.status : e);
  return fallback;
}

/** Rethrows an API 404 as the storefront's 404 page (spec §2: unknown pages show the 404 screen). */
export function notFoundOnApi404(e: unknown): never {
  if (isApiStatus(e, 404)) throw data(null, { status: 404 });
  throw e;
}

/**
 * For a page whose address carries an id or slug the API checks: its 404 (unknown) and 400 (not an id or slug at
 * all, e.g. `/personal/orders/details/abc`) both become the storefront's 404 page (spec §2), never a 500.
 */
export function notFoundOnBadAddress(e: unknown): never {
  if (isApiStatus(e, 400, 404)) throw data(null, { status: 404 });
  throw e;
}
