/**
 * The storefront's API client that answers from the API in this process (Fastify inject): the one-port server
 * (server.ts) and the development server (dev-server.ts) both hand it to React Router's loaders, so pages call the
 * same contract without a network hop.
 */
import { createApiClient, type ApiClient } from '@kiim/contract';
import type { FastifyInstance } from 'fastify';

/**
 * fetch() that answers from `app`, as if the shopper at `clientAddress` had called it directly (issue 11 §5): the
 * address rides as the injected request's socket address, which no header can change, and forwarding headers are
 * dropped, so the API's per-address limits count each shopper, whatever TRUST_PROXY says.
 */
export const inProcessFetch =
  (app: FastifyInstance, clientAddress: string): typeof fetch =>
  async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // The answer's bytes are read here as they are: never compressed (the API compresses for clients that ask).
    const headers: Record<string, string> = {
      ...Object.fromEntries(new Headers(init?.headers).entries()),
      'accept-encoding': 'identity',
    };
    for (const name of ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'])
      delete headers[name];
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      remoteAddress: clientAddress,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };

/** The API client of one page request, calling `app` in-process on behalf of the shopper at `clientAddress`. */
export const inProcessApi = (app: FastifyInstance, clientAddress: string): ApiClient =>
  createApiClient({ fetch: inProcessFetch(app, clientAddress), baseUrl: 'http://in-process' });
