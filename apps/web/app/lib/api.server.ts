import { COOKIE, ApiError, createApiClient, type ApiClient } from '@kiim/contract';
import { data, type AppLoadContext } from 'react-router';
import { readCookie } from './cookies.server.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** Client of the in-process API, given by the production server (apps/web/server.ts). */
    api?: ApiClient;
  }
}

/**
 * The API client for this request, carrying the customer's token from the `customer_token` cookie.
 * In the one-process server it calls the API in-process; in development it calls `/api` over HTTP on the
 * request's own origin (Vite proxies it).
 */
export function apiFor(request: Request, context: AppLoadContext): ApiClient {
  const base = context.api ?? createApiClient({ fetch, baseUrl: new URL(request.url).origin });
  return base.withToken(readCookie(request, COOKIE.customerToken));
}

/** True when the error is an API answer with this status. */
export const isApiStatus = (e: unknown, ...status: number[]): e is ApiError =>
  e instanceof ApiError && status.includes(e.status);

/** Rethrows an API 404 as the storefront's 404 page (spec §2: unknown pages show the 404 screen). */
export function notFoundOnApi404(e: unknown): never {
  if (isApiStatus(e, 404)) throw data(null, { status: 404 });
  throw e;
}
