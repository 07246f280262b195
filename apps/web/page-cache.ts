/**
 * Which storefront answers a shared cache (nginx, a CDN) may keep (issue 31 item 3, docs/decisions/042).
 *
 * Public: the anonymous catalogue pages — home, the gender homes, categories, products, brands, the information
 * pages, and their `.data` navigations — answered 200 to a request that carries none of the shopper's own cookies
 * and setting no cookie. They differ only by path, query, city (`city_id` cookie) and language (`?lang=`, `lang`
 * cookie); the proxy's cache key must hold exactly those (deploy/nginx/kiim.conf). Browsers keep nothing
 * (`max-age=0`): their cache would key by the address alone and show one city's page in another.
 * Everything else that names a shopper is `private, no-store`.
 */
import { COOKIE } from '@kiim/contract';

/** How long a shared cache keeps a public page (`s-maxage`) and may serve it stale while refreshing, seconds. */
export interface PageCachePolicy {
  seconds: number;
  staleSeconds: number;
}

/** Cookies that make a page the shopper's own: the token (signed in), the cart and wishlist the header shows. */
const PERSONAL_COOKIES = [COOKIE.customerToken, COOKIE.cartUuid, COOKIE.wishlistUuid];

/** Catalogue pages of spec §2 a shared cache may keep (paths match case-insensitively, as the routes do). */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/home-(zhenshiny|muzhchiny)$/,
  /^\/(category|product)\/[^/]+$/,
  /^\/brands$/,
  /^\/info(\/[^/]+)?$/,
];

/** Pages of one shopper whatever their cookies: cart, checkout, thank-you, account, sign-in, the form routes. */
const PERSONAL_PAGES = /^\/(cart|personal|auth|city|wishlist|admin)(\/|$)/i;

/**
 * The page path of a request: a `.data` navigation names its page (`/_root.data` is the home page).
 * @param url a request target (`/path?query`, read as a path even when it starts `//`) or an absolute URL.
 * Never throws: the fuzzer's `//%5Cevil.example.data` is no URL and ended the process from the metrics hook.
 */
export function pagePath(url: string): string {
  let pathname = url.split(/[?#]/, 1)[0]!;
  if (!pathname.startsWith('/')) {
    try {
      pathname = new URL(url).pathname;
    } catch {
      pathname = '/';
    }
  }
  pathname = pathname.replace(/\/+$/, '') || '/';
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) || '/' : pathname;
}

/** Whether the request carries a cookie that makes its page the shopper's own ({@link PERSONAL_COOKIES}). */
export function carriesPersonalCookie(request: Request): boolean {
  const cookie = request.headers.get('cookie') ?? '';
  return PERSONAL_COOKIES.some((name) => new RegExp(`(?:^|;\\s*)${name}=[^;]`).test(cookie));
}

/**
 * The `Cache-Control` of a page answer, or null to keep what the route set (robots.txt, the sitemap, an
 * anonymous search or 404 page, which no shared cache keeps: nginx caches only what is marked public).
 * - public catalogue page, GET/HEAD, 200, no personal cookie, no `Set-Cookie`, `policy.seconds` > 0:
 *   `public, max-age=0, s-maxage=S, stale-while-revalidate=W`;
 * - a personal page, a request with a personal cookie, or an answer that sets a cookie: `private, no-store`
 *   (a cookie-setting answer is never public, whatever the route said).
 */
export function pageCacheControl(
  request: Request,
  response: Response,
  policy: PageCachePolicy,
): string | null {
  const path = pagePath(request.url);
  const setsCookie = response.headers.has('set-cookie');
  if (setsCookie || carriesPersonalCookie(request) || PERSONAL_PAGES.test(path)) return 'private, no-store';
  const cacheable =
    (request.method === 'GET' || request.method === 'HEAD') &&
    response.status === 200 &&
    policy.seconds > 0 &&
    PUBLIC_PAGES.some((re) => re.test(path.toLowerCase()));
  if (!cacheable) return null;
  // Browsers honour stale-while-revalidate too: a page's data just after sign-in could come from their cache, so
  // it is sent only when staff set PAGE_CACHE_STALE_SECONDS above 0 (default 0).
  const stale = policy.staleSeconds > 0 ? `, stale-while-revalidate=${policy.staleSeconds}` : '';
  return `public, max-age=0, s-maxage=${policy.seconds}${stale}`;
}

/** First path segments of the storefront's routes (routes.ts); anything else is the 404 route. */
const ROUTE_HEADS = new Set(
  'home-zhenshiny home-muzhchiny category product brands carousel search sitemap.xml robots.txt cart info auth city wishlist personal'.split(
    ' ',
  ),
);

/**
 * The route pattern of a page request for metrics, never its raw address (bounded label values): `/`, `/brands`,
 * `/product/*`, `/personal/*`…, and `/*` for a path no route has.
 */
export function pageRoute(url: string): string {
  const path = pagePath(url).toLowerCase();
  if (path === '/') return '/';
  const [head = '', ...rest] = path.split('/').slice(1);
  if (!ROUTE_HEADS.has(head)) return '/*';
  return rest.length ? `/${head}/*` : `/${head}`;
}
