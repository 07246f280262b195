import { ApiError, ErrorCode, type ApiClient } from '@kiim/contract';
import { data } from 'react-router';
import { translateFor } from './lang.server.ts';
import type { UnavailablePage } from './unavailable.ts';

/**
 * The storefront's «shop unavailable for a minute» page for an API answer saying the database cannot serve (503
 * `serviceUnavailable`), and its «too many requests» page for a rate limit (429): a route error response with that
 * status and Retry-After (the API's seconds), or null for any other error.
 */
export function unavailablePage(e: unknown, request: Request) {
  if (!(e instanceof ApiError)) return null;
  const busy = e.status === 503 && e.body.code === ErrorCode.serviceUnavailable;
  const limited = e.status === 429;
  if (!busy && !limited) return null;
  const t = translateFor(request);
  const seconds = (e.body.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  const page: UnavailablePage = {
    unavailable: busy
      ? { title: t('error.unavailableTitle'), text: t('error.unavailableText') }
      : { title: t('error.tooManyTitle'), text: t('error.tooManyText') },
  };
  return data(page, {
    status: e.status,
    headers: typeof seconds === 'number' ? { 'retry-after': String(seconds) } : undefined,
  });
}

/**
 * A page's API answer that reaches the shopper as a page of its own (issue 29 item 6: each was a 500): 503 of the
 * database and 429 of a rate limit → {@link unavailablePage}; 400 (the address carries a value the API refuses: a
 * NUL, a 3,000-character slug or filter) → the 404 screen, as for any address that is no page (spec §2).
 * @returns the route error response to throw, or null for any other error.
 */
export function apiErrorPage(e: unknown, request: Request) {
  if (e instanceof ApiError && e.status === 400) return data(null, { status: 404 });
  return unavailablePage(e, request);
}

/**
 * The client for a page's loaders (GET and HEAD requests): a call whose answer is the API's 503
 * `serviceUnavailable` (after the client's own retry, spec §9), a 429 or a 400 throws {@link apiErrorPage} instead
 * of the ApiError, so the page becomes the polite 503 or 429 page or the 404 screen rather than a 500. Actions (POST) keep the
 * ApiError: their forms show it and keep what the shopper typed. Everything else passes through unchanged.
 */
export function unavailableAsPage(api: ApiClient, request: Request): ApiClient {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return api;
  return new Proxy(api, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || key === 'withToken') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((e: unknown) => {
          throw apiErrorPage(e, request) ?? e;
        });
      };
    },
  });
}
