import { describe, expect, it } from 'vitest';
import { pageCacheControl, pagePath, pageRoute } from './page-cache.ts';

const policy = { seconds: 10, staleSeconds: 20 };
const PUBLIC = 'public, max-age=0, s-maxage=10, stale-while-revalidate=20';
const get = (path: string, cookie = 'city_id=2; lang=kk', method = 'GET') =>
  new Request(`http://shop${path}`, { method, headers: { cookie } });
const ok = (headers: Record<string, string> = {}, status = 200) =>
  new Response('<html></html>', { status, headers: { 'content-type': 'text/html', ...headers } });

describe('page cache policy (issue 31 item 3)', () => {
  it('lets a shared cache keep the anonymous catalogue pages and their .data navigations', () => {
    for (const path of [
      '/',
      '/home-zhenshiny',
      '/home-muzhchiny',
      '/category/platya?sort=price-asc',
      '/product/plate-1',
      '/brands',
      '/info',
      '/info/delivery',
      '/_root.data',
      '/product/plate-1.data?_routes=root',
    ])
      expect([path, pageCacheControl(get(path), ok(), policy)]).toEqual([path, PUBLIC]);
    expect(pageCacheControl(get('/brands', '', 'HEAD'), ok(), policy)).toBe(PUBLIC);
  });

  it('never makes public a page of a shopper with a token, a cart or a wishlist, or one that sets a cookie', () => {
    for (const cookie of ['customer_token=abc', 'cart_uuid=u; city_id=1', 'lang=ru; wishlist_uuid=w'])
      expect(pageCacheControl(get('/product/p', cookie), ok(), policy)).toBe('private, no-store');
    const setsCity = ok({ 'set-cookie': 'city_id=1; Path=/' });
    expect(pageCacheControl(get('/', ''), setsCity, policy)).toBe('private, no-store');
    // Even a route's own public answer (robots.txt) turns private when it sets a cookie.
    const robots = ok({ 'cache-control': 'public, max-age=3600', 'set-cookie': 'lang=kk' });
    expect(pageCacheControl(get('/robots.txt'), robots, policy)).toBe('private, no-store');
  });

  it('keeps cart, checkout, thank-you, account, sign-in and form routes private for everyone', () => {
    for (const path of [
      '/cart',
      '/Cart/checkout',
      '/Cart/thankyou',
      '/personal/orders',
      '/auth/sign-in',
      '/city',
      '/wishlist',
      '/cart.data',
    ])
      expect([path, pageCacheControl(get(path), ok(), policy)]).toEqual([path, 'private, no-store']);
  });

  it('leaves other answers as the route made them: errors, searches, POSTs, and everything when switched off', () => {
    expect(pageCacheControl(get('/product/missing'), ok({}, 404), policy)).toBeNull();
    expect(pageCacheControl(get('/search?q=платье'), ok(), policy)).toBeNull();
    expect(pageCacheControl(get('/product/p', '', 'POST'), ok(), policy)).toBeNull();
    expect(pageCacheControl(get('/'), ok(), { seconds: 0, staleSeconds: 0 })).toBeNull();
  });

  it('names the page of a path and of a .data navigation', () => {
    expect(pagePath('/_root.data')).toBe('/');
    expect(pagePath('/category/x.data?_routes=a')).toBe('/category/x');
    expect(pagePath('/brands/')).toBe('/brands');
    // A request target the URL parser refuses is still a path (it once threw in the metrics hook and ended the shop).
    expect(pagePath('//%5Cevil.example.data?brand=%ED%A0%80')).toBe('//%5Cevil.example');
    expect(pageRoute('//%5Cevil.example.data?brand=%ED%A0%80')).toBe('/*');
    expect(pagePath('http://127.0.0.1:3000/product/x.data?a=1')).toBe('/product/x');
    expect(pagePath('not a url')).toBe('/');
  });

  it('names a page request by its route pattern for metrics, never by its address', () => {
    expect(pageRoute('/')).toBe('/');
    expect(pageRoute('/Product/plate-1?x=1')).toBe('/product/*');
    expect(pageRoute('/product/plate-1.data')).toBe('/product/*');
    expect(pageRoute('/personal/orders/details/7')).toBe('/personal/*');
    expect(pageRoute('/brands')).toBe('/brands');
    expect(pageRoute('/wp-admin/setup.php')).toBe('/*');
  });
});
