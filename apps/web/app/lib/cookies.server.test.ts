import { describe, expect, it } from 'vitest';
import { customerTokenCookie, malformedTokenCookie } from './cookies.server.ts';

// The customer token cookie reaches the API only when it can be a token (issue 29 item 6: `customer_token=%00`
// became a NUL in a header and the page answered 500).

const withCookie = (cookie: string) => new Request('http://shop.test/', { headers: { cookie } });

describe('customerTokenCookie', () => {
  it('passes a base64url token as it is', () => {
    const token = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm_-A';
    expect(customerTokenCookie(withCookie(`customer_token=${token}`))).toBe(token);
    expect(malformedTokenCookie(withCookie(`customer_token=${token}`))).toBe(false);
  });

  it.each(['%00', 'a%0d%0aSet-Cookie:%20x=y', '%D0%90', '%F0%9F%91%97', 'a b', 'x'.repeat(513)])(
    'drops %s (and the storefront clears it)',
    (value) => {
      expect(customerTokenCookie(withCookie(`customer_token=${value}`))).toBeUndefined();
      expect(malformedTokenCookie(withCookie(`customer_token=${value}`))).toBe(true);
    },
  );

  it('no cookie is neither a token nor a malformed one', () => {
    expect(customerTokenCookie(withCookie('city_id=2'))).toBeUndefined();
    expect(malformedTokenCookie(withCookie('city_id=2'))).toBe(false);
  });
});
