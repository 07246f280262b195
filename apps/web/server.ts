/**
 * The whole shop on one port (architecture: `npm start` serves http://localhost:3000): the API under
 * /api, media under /media, the back office under /admin, built assets, and every other path rendered by React
 * Router on the server.
 * Loaders call the API in-process (Fastify inject): same contract, no network hop.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@mjackson/node-fetch-server';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { compressResponse } from './http-compression.ts';
import { serveAdmin } from './admin-static.ts';
import { createApiClient } from '@kiim/contract';
import { bootApi, closeOnSignals } from '@kiim/api/boot';

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(here, 'build', 'client');
const adminDir = path.join(here, '..', 'admin', 'build', 'client');
const started = Date.now();

const { app, config } = await bootApi({
  // EPAY_MODE=simulator (development, tests): the project's ePay simulator from tools/, loaded only in that mode.
  epaySimulator: async (epay, log) =>
    (await import('@kiim/tools/epay-simulator/start')).startEpaySimulator(epay, log),
});

/** fetch() that answers from the API in this process. */
const inProcessFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const res = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: url.pathname + url.search,
    // The answer's bytes are read here as they are: never compressed (the API compresses for clients that ask).
    headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), 'accept-encoding': 'identity' },
    payload: typeof init?.body === 'string' ? init.body : undefined,
  });
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers: res.headers as Record<string, string>,
  });
};
const api = createApiClient({ fetch: inProcessFetch, baseUrl: 'http://in-process' });

const build = (await import(path.join(here, 'build', 'server', 'index.js'))) as ServerBuild;
/** This build's id (React Router's manifest version): the storefront polls it to learn of a newer build (spec §7). */
const buildId = build.assets.version;
const handleRequest = createRequestHandler(build, config.env === 'production' ? 'production' : 'development');
// As @react-router/node's listener, plus gzip of pages and `.data` answers (http-compression.ts).
const listener = createRequestListener(async (request, client) =>
  compressResponse(
    request,
    // Route middleware is on (react-router.config.ts), so the context is a RouterContextProvider; the API client
    // and the shopper's socket address ride on it for app/lib/api.server.ts (apiFor).
    withBuildId(
      // Route middleware is on (react-router.config.ts), so the context is a RouterContextProvider; the API client
      // and the shopper's socket address ride on it for app/lib/api.server.ts (apiFor).
      await handleRequest(
        request,
        Object.assign(new RouterContextProvider(), { api, clientAddress: client.address }),
      ),
    ),
  ),
);

// The back office's single-page app under /admin (apps/admin): its own build, apart from the storefront's.
await serveAdmin(app, adminDir);

/** Every page and data answer names its build: a tab of an older build learns of the new one from any answer. */
function withBuildId(response: Response): Response {
  try {
    response.headers.set('x-build-id', buildId);
    return response;
  } catch {
    // Immutable headers (a redirect made by Response.redirect): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set('x-build-id', buildId);
    return copy;
  }
}

// Everything else is a page. Bodies stay unread here: React Router reads the raw request stream itself.
await app.register(async (pages) => {
  pages.removeAllContentTypeParsers();
  pages.addContentTypeParser('*', (_req, _payload, done) => done(null));
  // The client build (files listed at start): fingerprinted /assets/* cached for a year, the rest revalidated.
  await pages.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Brotli or gzip copies made at build time (scripts/compress-assets.ts), by the shopper's Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });
  // The build the pages of this server come from (app/lib/new-build.ts): never cached, so a poll sees a deploy.
  pages.get('/build-id', (_request, reply) => {
    void reply.header('cache-control', 'no-store').header('x-build-id', buildId).send({ buildId });
  });
  pages.all('/*', (request, reply) => {
    const p = request.url;
    if (p === '/api' || p.startsWith('/api/') || p.startsWith('/media/')) return reply.callNotFound();
    reply.hijack();
    listener(request.raw, reply.raw);
  });
});

closeOnSignals(app);

await app.listen({ host: config.host, port: config.port });
app.log.info(`Kiim is ready at http://localhost:${config.port} (${Date.now() - started} ms)`);
