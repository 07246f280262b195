import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { newCustomer } from '#app/test/cart.fixtures.ts';
import { baseSecurityHeaders } from './security-headers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('API security headers (issue 11 §8)', () => {
  it('every API answer: nosniff, no framing, a data CSP, referrer policy', async () => {
    for (const url of ['/api/catalog/cities', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('personal and token-bearing answers are no-store', async () => {
    const c = await newCustomer(t.db, '77050000992');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/customer',
      headers: { 'x-authorization': c.token },
    });
    expect(me.headers['cache-control']).toBe('no-store');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/customer/auth-by-expired-token',
      payload: { token: c.token },
    });
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('HSTS only when the public URL is https', () => {
    expect(baseSecurityHeaders('http://localhost:3000')).not.toHaveProperty('strict-transport-security');
    expect(baseSecurityHeaders('https://kiim.kz')['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
