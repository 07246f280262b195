import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('NUL refused in every API request (issue 11 §7)', () => {
  it.each([
    ['a slug in the path', '/api/catalog/product/a%00b'],
    ['a query value', '/api/catalog/products?cityId=1&q=a%00'],
    ['a review list', '/api/review/product/%00/summary'],
  ])('400 for %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.validation);
  });

  it('400 for NUL in the unauthenticated ePay callback, nothing changed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/halyk/response',
      payload: { invoiceId: '000\u0000001', code: 'ok', amount: 100 },
    });
    expect(res.statusCode).toBe(400);
  });

  it('400 for NUL deep in a body or in a key, as a field error', async () => {
    for (const [payload, field] of [
      [{ a: [{ b: 'x\u0000' }] }, 'a.0.b'],
      [{ ['k\u0000']: 1 }, 'k'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/customer/register-by-mobile', payload });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it('leaves ordinary requests alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog/products?cityId=1' });
    expect(res.statusCode).toBe(200);
  });
});
