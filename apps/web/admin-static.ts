/**
 * The back office (apps/admin, docs/decisions/014) on the shop's one port: its static build under /admin — the
 * fingerprinted /admin/assets/* cached for a year (Brotli or gzip copies made at build time), every other /admin
 * address answered with the single-page app's index.html (its routes are resolved in the browser; its data comes
 * from /api/admin). The storefront's pages and bundles never reference any of it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { trimBuildFileHeaders } from './asset-headers.ts';

/**
 * The Content-Security-Policy of the back office's page (issue 11 §8): own-origin scripts plus the inline scripts
 * React Router's SPA build writes into index.html (its context and module loader), allowed by their SHA-256
 * hashes — fixed at build time, so no nonce is needed; anything else inline is refused.
 */
export function adminPageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
  return (
    `default-src 'self'; script-src 'self' ${hashes.join(' ')}; style-src 'self' 'unsafe-inline'; ` +
    "img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
  );
}

/**
 * Serves the back office's build from `clientDir` under /admin (see the file's comment); without a build, /admin
 * answers 503 with a Russian hint.
 */
export async function serveAdmin(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const html = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  const csp = html ? adminPageCsp(html.toString('utf8')) : '';
  if (!html) app.log.warn({ clientDir }, 'the back office is not built (npm run build): /admin answers 503');
  await app.register(async (admin) => {
    if (html) {
      admin.addHook('onSend', trimBuildFileHeaders('/admin/assets/'));
      await admin.register(fastifyStatic, {
        root: clientDir,
        prefix: '/admin/',
        wildcard: false,
        index: false,
        decorateReply: false,
        // Our own Cache-Control below, not @fastify/static's `max-age=0` written over it (issue 11 §8).
        cacheControl: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          res.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    const page = (_request: unknown, reply: FastifyReply) => {
      if (!html)
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('Панель управления не собрана: выполните npm run build');
      // Staff pages are never cached, framed by another site, or indexed.
      return reply
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('content-security-policy', csp)
        .type('text/html; charset=utf-8')
        .send(html);
    };
    admin.get('/admin', page);
    admin.get('/admin/*', page);
  });
}
