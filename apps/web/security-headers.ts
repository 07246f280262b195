/**
 * Security headers of the storefront's pages (issue 11 §8), set on the `Response` React Router made — never on
 * the raw socket, whose head React Router's answer writes (Node 20's `writeHead` would then drop repeated
 * `Set-Cookie` lines).
 */
import { randomBytes } from 'node:crypto';
import { baseSecurityHeaders } from '@kiim/api/security-headers';
import { pageCacheControl, type PageCachePolicy } from './page-cache.ts';

/** Origins a page may load from besides its own; each only when that feature is configured. */
export interface PageSources {
  /** Halyk ePay (its `payment-api.js`, its payment form and frames): the configured script URL's origin. */
  epay: string | null;
  /** The optional search plugin's script (SEARCH_PLUGIN_ENABLED=true). */
  searchPlugin: string | null;
  /** The map's tile server (MAP_TILE_URL), `{s}` subdomains as `*`. */
  mapTiles: string | null;
}

/** A fresh nonce for one answer: 128 random bits, base64. */
export const newNonce = () => randomBytes(16).toString('base64');

/** The origin of a URL or URL template (`https://{s}.tile.example/{z}/…` → `https://*.tile.example`), else null. */
export function originOf(url: string | null | undefined): string | null {
  const m = url ? /^(https?:\/\/[^/?#]+)/i.exec(url) : null;
  return m ? m[1]!.replace(/\{[a-z]+\}/gi, '*') : null;
}

/**
 * The Content-Security-Policy of a page: scripts only from this origin and with this answer's nonce (React
 * Router's inline scripts, the reload guard), plus ePay's and the search plugin's origins when configured; styles
 * from this origin (inline styles allowed: element positions of the zoom and the map); never framed.
 */
export function pageCsp(nonce: string, sources: PageSources): string {
  const extra = (...o: (string | null)[]) =>
    o
      .filter(Boolean)
      .map((x) => ` ${x}`)
      .join('');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra(sources.epay, sources.searchPlugin)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(sources.mapTiles, sources.epay)}`,
    `connect-src 'self'${extra(sources.epay, sources.searchPlugin)}`,
    `frame-src${extra(sources.epay) || " 'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${extra(sources.epay)}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * `response` to `request` with the page headers: the base ones of the API's plugin, the CSP (HTML answers), and the
 * `Cache-Control` of page-cache.ts under `cache` (public catalogue pages; `private, no-store` for personal ones and
 * any answer that sets a cookie).
 */
export function withPageHeaders(
  request: Request,
  response: Response,
  publicUrl: string,
  csp: string,
  cache: PageCachePolicy,
): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(baseSecurityHeaders(publicUrl)))
    if (!headers.has(name)) headers.set(name, value);
  if ((headers.get('content-type') ?? '').startsWith('text/html'))
    headers.set('content-security-policy', csp);
  const cacheControl = pageCacheControl(request, response, cache);
  if (cacheControl) headers.set('cache-control', cacheControl);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
