import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { TOKEN_EXPIRED_MESSAGE } from './errors.ts';

// The cart and wishlist calls of the typed client (spec §7): exact paths and payloads, and the calls that
// carry the token in their path or body repeating with the NEW token after an exchange (spec §8).

interface Seen {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}

function client(answer: (req: Seen) => { status: number; body?: unknown }, token?: string) {
  const seen: Seen[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = new URL(String(input));
    const req = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      token: new Headers(init?.headers).get('x-authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    seen.push(req);
    const a = answer(req);
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { c: createApiClient({ fetch, baseUrl: 'http://shop.test', token }), seen };
}

const ok = { status: 200, body: { data: { uuid: 'u', items: [] } } };
const expired = { status: 403, body: { code: 2002, message: TOKEN_EXPIRED_MESSAGE } };
const exchange = (req: Seen) =>
  req.path === '/api/customer/auth-by-expired-token'
    ? { status: 200, body: { data: { token: 'new', customer: {} } } }
    : undefined;

describe('cart and wishlist calls', () => {
  it('use the paths and payloads of spec §7', async () => {
    const { c, seen } = client(() => ok, 'tok');
    await c.cartByCustomerToken(3);
    await c.removeCartItem('u', 'KM-1');
    await c.clearCart('u');
    await c.attachCart('u');
    await c.mergeCarts('s', 'd');
    await c.addWishlistItem({ uuid: 'w', externalId: 'KM-1' });
    await c.addWishlistItem({ externalId: 'KM-2' });
    await c.removeWishlistItem('w', 'KM-1');
    await c.wishlistByUuid('w', 3);
    await c.wishlistByCustomerToken(3);
    await c.attachWishlist('w');
    await c.mergeWishlists('s', 'd');
    expect(seen.map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', '/api/cart/get-by-customer-token/tok/3', undefined],
      ['DELETE', '/api/cart/item', { uuid: 'u', externalId: 'KM-1' }],
      ['DELETE', '/api/cart/items', { uuid: 'u' }],
      ['PUT', '/api/cart/update-customer-id-by-customer-token', { uuid: 'u', token: 'tok' }],
      ['POST', '/api/cart/merge', { sourceUuid: 's', destinationUuid: 'd' }],
      ['POST', '/api/wishlist/item?uuid=w&externalId=KM-1', undefined],
      ['POST', '/api/wishlist/item?externalId=KM-2', undefined],
      ['DELETE', '/api/wishlist/item?uuid=w&externalId=KM-1', undefined],
      ['GET', '/api/wishlist/get-by-uuid/3/w', undefined],
      ['GET', '/api/wishlist/get-by-customer-token/3', undefined],
      ['PUT', '/api/wishlist/update-customer-id-by-customer-token', { uuid: 'w', token: 'tok' }],
      ['POST', '/api/wishlist/merge', { sourceUuid: 's', destinationUuid: 'd' }],
    ]);
    expect(seen.every((r) => r.token === 'tok')).toBe(true);
  });

  it('repeat a call with the token in its path or body with the new token after an exchange (spec §8)', async () => {
    const { c, seen } = client((req) => exchange(req) ?? (req.token === 'old' ? expired : ok), 'old');
    await c.cartByCustomerToken(1);
    await c.attachWishlist('w');
    expect(seen.map((r) => [r.method, r.path, r.token, r.body])).toEqual([
      ['GET', '/api/cart/get-by-customer-token/old/1', 'old', undefined],
      ['POST', '/api/customer/auth-by-expired-token', null, { token: 'old' }],
      ['GET', '/api/cart/get-by-customer-token/new/1', 'new', undefined],
      ['PUT', '/api/wishlist/update-customer-id-by-customer-token', 'new', { uuid: 'w', token: 'new' }],
    ]);
    expect(c.token).toBe('new');
  });
});
