import fp from 'fastify-plugin';

/** Headers every answer of the shop carries (issue 11 §8); pages get theirs from apps/web/security-headers.ts. */
export function baseSecurityHeaders(publicUrl: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(publicUrl.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/** CSP of answers that are data, never documents: nothing may load or frame them. */
const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";
/** CSP of the back office's single-page app and other static documents: own scripts only, never framed. */
const DOCUMENT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * Security headers of every answer Fastify sends itself (the API, media, the back office, built assets; pages are
 * hijacked and get theirs in apps/web): {@link baseSecurityHeaders}; a Content-Security-Policy (`default-src 'none'`
 * for data, own-origin only for documents; the OpenAPI viewer at /api/docs keeps its own page); and
 * `Cache-Control: no-store` on every /api answer that does not set its own, so personal and token-bearing answers
 * are never kept by a browser or proxy (issue 11 §8).
 */
export const securityHeadersPlugin = fp(async (app) => {
  const base = baseSecurityHeaders(app.config.publicUrl);
  // A callback hook: every answer passes here, without a promise (decision 018 «the request path»).
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of Object.entries(base))
      if (!reply.hasHeader(name)) void reply.header(name, value);
    const url = request.url;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!reply.hasHeader('content-security-policy') && !url.startsWith('/api/docs'))
      void reply.header('content-security-policy', type.startsWith('text/html') ? DOCUMENT_CSP : DATA_CSP);
    if ((url === '/api' || url.startsWith('/api/')) && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
