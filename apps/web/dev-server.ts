/**
 * `npm run dev` (issue 27, item 8): the whole shop on one port as in production (server.ts) — the API under /api,
 * media under /media, the back office under /admin, every other path a storefront page — with the storefront and
 * the back office served by Vite in middleware mode (hot reload, the HMR socket on the same port: Vite tells them
 * apart by path, `/` and `/admin/`). Pages call the API in-process, as in production (in-process-api.ts).
 * The port: `--port N` (`npm run dev -- --port 4000`), else PORT, else 3000. Run with `node --import tsx`.
 * Differences from production: React Router's development mode (its error overlay in the console), no CSP on pages
 * (Vite's client and React Refresh write inline scripts and styles), no compression, no build id.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import type { FastifyInstance } from 'fastify';
import { servePage, type PageHandler } from './page-listener.ts';
import { inProcessApi } from './in-process-api.ts';
import { withPageHeaders } from './security-headers.ts';
import { bootApi, closeOnSignals, startOrExplain, warnIfDevelopment } from '@kiim/api/boot';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const adminDir = path.join(webDir, '..', 'admin');
/** Largest page (form) body, bytes: the API's own limit (issue 11 §4), as in server.ts. */
const PAGE_BODY_LIMIT = 64 * 1024;
/** React Router's server build of a Vite dev server (its plugin's virtual module). */
const SERVER_BUILD = 'virtual:react-router/server-build';

/**
 * The port of `--port N` / `--port=N` in `argv`, or undefined when not given.
 * @throws Error when the value is not a port number (1–65535).
 */
export function portArgument(argv: readonly string[]): number | undefined {
  const i = argv.findIndex((a) => a === '--port' || a.startsWith('--port='));
  if (i < 0) return undefined;
  const raw = argv[i]!.includes('=') ? argv[i]!.slice('--port='.length) : argv[i + 1];
  const port = Number(raw);
  if (!/^\d+$/.test(raw ?? '') || port < 1 || port > 65535)
    throw new Error(`--port must be a port number (1–65535), got ${raw ?? 'nothing'}`);
  return port;
}

/** A Vite dev server in middleware mode for the app in `root`, its HMR socket on the shop's own HTTP server. */
const viteFor = (root: string, app: FastifyInstance) =>
  createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, ws: { server: app.server } },
  });

/** One Vite app of the shop: its dev server and React Router's handler of its current server build. */
interface ViteApp {
  vite: ViteDevServer;
  handler: PageHandler;
}

/** React Router's handler of `vite`'s current server build (rebuilt by Vite as files change), wrapped by `wrap`. */
function viteApp(
  vite: ViteDevServer,
  wrap: (handle: ReturnType<typeof createRequestHandler>) => PageHandler,
): ViteApp {
  const build = () => vite.ssrLoadModule(SERVER_BUILD) as Promise<ServerBuild>;
  return { vite, handler: wrap(createRequestHandler(build, 'development')) };
}

/**
 * Every path the API does not own (its /api and /media routes are more specific): the Vite app `pick` chooses
 * gets it — Vite's own middleware first (modules, assets, the HMR client), then React Router's handler.
 */
async function mountVite(app: FastifyInstance, pick: (url: string) => ViteApp | null): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.all('/*', (request, reply) => {
      const target = pick(request.url);
      if (!target) return reply.callNotFound();
      reply.hijack();
      // Vite's base middleware takes the base off the address (`/admin/orders` → `/orders`): put it back after.
      const address = request.raw.url;
      target.vite.middlewares(request.raw, reply.raw, (err?: unknown) => {
        request.raw.url = address;
        if (err) {
          request.log.error({ err }, 'vite failed');
          reply.raw.statusCode = 500;
          reply.raw.end('Внутренняя ошибка сервера');
          return;
        }
        void servePage(request, reply.raw, target.handler, { bodyLimit: PAGE_BODY_LIMIT, log: request.log });
      });
    });
  });
}

/** Starts the development shop (see the file's comment); a failed start prints one line and exits 1. */
async function main(): Promise<void> {
  const port = await startOrExplain(async () => portArgument(process.argv.slice(2)));
  if (port !== undefined) process.env.PORT = String(port);
  const started = Date.now();
  const { app, config } = await startOrExplain(() =>
    bootApi({
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
  const [web, admin] = await Promise.all([viteFor(webDir, app), viteFor(adminDir, app)]);
  app.addHook('onClose', async () => {
    await Promise.all([web.close(), admin.close()]);
  });
  // The back office (a single-page app): React Router's dev handler writes its index page.
  const adminApp = viteApp(admin, (handle) => (request) => handle(request));
  // The storefront: each page with the in-process API and a nonce on its context, as server.ts renders it.
  const webApp = viteApp(web, (handle) => async (request, clientAddress) => {
    const context = Object.assign(new RouterContextProvider(), {
      api: inProcessApi(app, clientAddress),
      cspNonce: '',
    });
    // Development keeps no page at a shared cache: personal answers are still marked private.
    const response = withPageHeaders(request, await handle(request, context), config.publicUrl, '', {
      seconds: 0,
      staleSeconds: 0,
    });
    // No CSP in development: Vite's client and React Refresh add inline scripts and styles.
    response.headers.delete('content-security-policy');
    return response;
  });
  await mountVite(app, (url) => {
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/media/') || url.startsWith('/feeds/'))
      return null;
    return /^\/admin(\/|\?|$)/.test(url) ? adminApp : webApp;
  });
  closeOnSignals(app);
  await startOrExplain(() => app.listen({ host: config.host, port: config.port }), config);
  warnIfDevelopment(app);
  app.log.info(
    `Kiim (development, hot reload) is ready at ${config.publicUrl}, back office at ${config.publicUrl}/admin (${Date.now() - started} ms)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
