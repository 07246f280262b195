/**
 * The whole shop on one port (architecture: `npm start` serves http://localhost:3000): the API under
 * /api, media under /media, the back office under /admin, built assets, and every other path rendered by React
 * Router on the server.
 * Loaders call the API in-process (Fastify inject, in-process-api.ts): same contract, no network hop.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { compressResponse } from './http-compression.ts';
import { pageRoute } from './page-cache.ts';
import { serveAdmin } from './admin-static.ts';
import { trimBuildFileHeaders } from './asset-headers.ts';
import { servePage } from './page-listener.ts';
import { inProcessApi } from './in-process-api.ts';
import { newNonce, originOf, pageCsp, withPageHeaders, type PageSources } from './security-headers.ts';
import { publicConfig } from './app/lib/public-config.server.ts';
import { bootApi, closeOnSignals, startOrExplain, warnIfDevelopment } from '@kiim/api/boot';

/** apps/web, whether this runs from its source or compiled into apps/web/dist/server.mjs (npm start). */
const here = ((dir) => (path.basename(dir) === 'dist' ? path.dirname(dir) : dir))(
  path.dirname(fileURLToPath(import.meta.url)),
);
const clientDir = path.join(here, 'build', 'client');
const adminDir = path.join(here, '..', 'admin', 'build', 'client');
const started = Date.now();
/** Largest page (form) body, bytes: the API's own limit (issue 11 §4). */
const PAGE_BODY_LIMIT = 64 * 1024;

// A failed start prints one line with the fix (busy port, unreachable database, bad configuration) and exits 1.
const { app, config } = await startOrExplain(() =>
  bootApi({
    // EPAY_MODE=simulator (development, tests): the project's ePay simulator from tools/, loaded only in that mode.
    epaySimulator: async (epay, log) =>
      (await import('@kiim/tools/epay-simulator/start')).startEpaySimulator(epay, log),
    webkassaSimulator: async (fiscal, seller) =>
      (await import('@kiim/tools/webkassa-simulator/start')).startWebkassaSimulator(fiscal, seller),
    kaspiSimulator: async (kaspi) =>
      (await import('@kiim/tools/kaspi-simulator/start')).startKaspiSimulator(kaspi),
    cdekSimulator: async (cdek) =>
      (await import('@kiim/tools/cdek-simulator/start')).startCdekSimulator(cdek),
    kaspiShopSimulator: async (shop) =>
      (await import('@kiim/tools/kaspi-simulator/merchant-start')).startKaspiShopSimulator(shop),
  }),
);

/** The API client of one page request, calling in-process on behalf of the shopper at `clientAddress`. */
const apiFor = (clientAddress: string) => inProcessApi(app, clientAddress);

const build = (await startOrExplain(async () => {
  const file = path.join(here, 'build', 'server', 'index.js');
  if (!fs.existsSync(file))
    throw new Error(`the storefront is not built (${file} is missing): run npm run build`);
  return import(file);
})) as ServerBuild;
/** This build's id (React Router's manifest version): the storefront polls it to learn of a newer build (spec §7). */
const buildId = build.assets.version;
// Always React Router's production mode: errors reach pages as a polite message, never with their stack or
// internals, in development too (issue 11 §10); the server log keeps the details.
const handleRequest = createRequestHandler(build, 'production');
/** Page requests being answered (graceful stop waits for them). */
const pagesInFlight = new Set<Promise<void>>();

/** Origins pages may load from besides their own (CSP, issue 11 §8): each only when configured. */
const pageSources: PageSources = {
  epay: originOf(config.payments.epay.scriptUrl),
  searchPlugin: originOf(publicConfig().searchPluginUrl),
  mapTiles: originOf(publicConfig().map?.tileUrl),
};

/**
 * A page: React Router's answer with the build id, the security headers with this answer's CSP nonce
 * (security-headers.ts), Brotli or gzip of pages and `.data` answers (http-compression.ts).
 */
const renderPage = async (request: Request, clientAddress: string) => {
  const nonce = newNonce();
  // Route middleware is on (react-router.config.ts), so the context is a RouterContextProvider; the API client
  // (bound to the shopper's address) and the nonce (app/entry.server.tsx) ride on it.
  const context = Object.assign(new RouterContextProvider(), { api: apiFor(clientAddress), cspNonce: nonce });
  const response = withBuildId(await handleRequest(request, context));
  return compressResponse(
    request,
    withPageHeaders(request, response, config.publicUrl, pageCsp(nonce, pageSources), config.pageCache),
  );
};

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
  pages.addHook('onSend', trimBuildFileHeaders('/assets/'));
  await pages.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Our own Cache-Control below, not @fastify/static's `max-age=0` written over it (issue 11 §8).
    cacheControl: false,
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
    if (p === '/api' || p.startsWith('/api/') || p.startsWith('/media/') || p.startsWith('/feeds/'))
      return reply.callNotFound();
    reply.hijack();
    // Timed by the page's route pattern (page-cache.ts): Fastify's own hook does not see a hijacked answer.
    const started = performance.now();
    // An event listener that threw would end the process: a metrics fault is logged, never fatal.
    reply.raw.once('finish', () => {
      try {
        const seconds = (performance.now() - started) / 1000;
        app.metrics.observeRequest(request.method, pageRoute(p), reply.raw.statusCode, seconds);
      } catch (err) {
        request.log.error({ err }, 'page metrics failed');
      }
    });
    // Never rejects: whatever the request, the process stays up (page-listener.ts).
    const page = servePage(request, reply.raw, renderPage, { bodyLimit: PAGE_BODY_LIMIT, log: request.log });
    pagesInFlight.add(page);
    void page.finally(() => pagesInFlight.delete(page));
  });
});

// At SIGTERM pages in flight finish first: they call the API in-process, which a closed app no longer answers.
closeOnSignals(app, async () => {
  while (pagesInFlight.size) await Promise.all(pagesInFlight);
});

await startOrExplain(() => app.listen({ host: config.host, port: config.port }), config);
warnIfDevelopment(app);
app.log.info(`Kiim is ready at ${config.publicUrl} (${Date.now() - started} ms)`);
