import { ApiError, ErrorCode, type ApiClient } from '@kiim/contract';
import { data } from 'react-router';
import { translateFor } from './lang.server.ts';
import type { UnavailablePage } from './unavailable.ts';

/**
 * The storefront's «shop unavailable for a minute» page for an API answer saying the database cannot serve (503
 * `serviceUnavailable`): a route error response with status 503 and Retry-After (the API's seconds), or null for
 * any other error.
 */
export function unavailablePage(e: unknown, request: Request) {
  if (!(e instanceof ApiError) || e.status !== 503 || e.body.code !== ErrorCode.serviceUnavailable)
    return null;
  const t = translateFor(request);
  const seconds = (e.body.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  const page: UnavailablePage = {
    unavailable: { title: t('error.unavailableTitle'), text: t('error.unavailableText') },
  };
  return data(page, {
    status: 503,
    headers: typeof seconds === 'number' ? { 'retry-after': String(seconds) } : undefined,
  });
}

/**
 * The client for a page's loaders (GET and HEAD requests): a call whose answer is the API's 503
 * `serviceUnavailable` (after the client's own retry, spec §9) throws {@link unavailablePage} instead of the
 * ApiError, so the page becomes the polite 503 page rather than the generic error page. Actions (POST) keep the
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
          throw unavailablePage(e, request) ?? e;
        });
      };
    },
  });
}
