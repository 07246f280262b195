import Fastify, { type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseSecurityHeaders } from '@kiim/api/security-headers';
import { trimBuildFileHeaders } from './asset-headers.ts';

// The headers of fingerprinted build files (decision 080): a script, style or font under /assets keeps nosniff,
// HSTS and its cache headers and loses the document and revalidation headers; anything else keeps them all.

const app = Fastify();
beforeAll(async () => {
  // As the shop's security plugin does for every answer, then the storefront's hook.
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of Object.entries(baseSecurityHeaders('https://kiim.kz')))
      void reply.header(name, value);
    void reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    void reply.header('etag', 'W/"6f-1"').header('last-modified', 'Sun, 29 Nov 2026 17:51:22 GMT');
    done(null, payload);
  });
  app.addHook('onSend', trimBuildFileHeaders('/assets/'));
  const file = (type: string) => (_req: unknown, reply: FastifyReply) =>
    reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send('x');
  app.get('/assets/shared-1.js', file('application/javascript; charset=utf-8'));
  app.get('/assets/page-1.css', file('text/css; charset=utf-8'));
  app.get('/assets/logo-1.svg', file('image/svg+xml'));
  app.get('/favicon.js', file('application/javascript'));
  await app.ready();
});
afterAll(() => app.close());

const headersOf = async (url: string) => (await app.inject({ url })).headers;

describe('build file headers (decision 080)', () => {
  it('a script or style sheet under /assets: nosniff, HSTS and the year-long cache, nothing for documents', async () => {
    for (const url of ['/assets/shared-1.js', '/assets/page-1.css']) {
      const h = await headersOf(url);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(h['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const gone of ['x-frame-options', 'cross-origin-opener-policy', 'referrer-policy'])
        expect(h[gone], `${url} ${gone}`).toBeUndefined();
      for (const gone of ['content-security-policy', 'etag', 'last-modified'])
        expect(h[gone], `${url} ${gone}`).toBeUndefined();
    }
  });

  it('an SVG under /assets (a document when opened) and a file outside /assets keep every header', async () => {
    for (const url of ['/assets/logo-1.svg', '/favicon.js']) {
      const h = await headersOf(url);
      expect(h['x-frame-options'], url).toBe('DENY');
      expect(h['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(h['etag'], url).toBe('W/"6f-1"');
    }
  });
});
