/**
 * The whole shop on one port (architecture: `npm start` serves http://localhost:3000): the API under
 * /api, media under /media, built assets, and every other path rendered by React Router on the server.
 * Loaders call the API in-process (Fastify inject): same contract, no network hop.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import type { ServerBuild } from 'react-router';
import { createApiClient } from '@kiim/contract';
import { buildApp } from '@kiim/api';
import { loadConfig } from '@kiim/api/config';
import { ensureSeeded } from '@kiim/api/seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(here, 'build', 'client');
const started = Date.now();

const config = loadConfig();
const app = await buildApp({ config });
await ensureSeeded(app.db, config, app.log);

/** fetch() that answers from the API in this process. */
const inProcessFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const res = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: url.pathname + url.search,
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    payload: typeof init?.body === 'string' ? init.body : undefined,
  });
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers: res.headers as Record<string, string>,
  });
};
const api = createApiClient({ fetch: inProcessFetch, baseUrl: 'http://in-process' });

const build = (await import(path.join(here, 'build', 'server', 'index.js'))) as ServerBuild;
const listener = createRequestListener({
  build,
  mode: config.env === 'production' ? 'production' : 'development',
  getLoadContext: () => ({ api }),
});

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
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  pages.all('/*', (request, reply) => {
    const p = request.url;
    if (p === '/api' || p.startsWith('/api/') || p.startsWith('/media/')) return reply.callNotFound();
    reply.hijack();
    listener(request.raw, reply.raw);
  });
});

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`Kiim is ready at http://localhost:${config.port} (${Date.now() - started} ms)`);
