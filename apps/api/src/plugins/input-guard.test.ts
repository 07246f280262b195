import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';

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

  it('does not walk raw bodies (a file of the CSV import or the 1C exchange): flat memory, the handler reads them', async () => {
    // 16 MB of CSV (empty lines after the header): walking the Buffer made an entry per byte — about a GB of heap
    // here, gigabytes for a 1C part of 50 MB.
    const csv = Buffer.from(`externalId;cityId;quantity\n${'\n'.repeat(16 * 2 ** 20)}`);
    const { secret } = await makeApiKey(t.db, ['catalogue.import']);
    const heap = process.memoryUsage().heapUsed;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/catalogue/import/stock/preview',
      payload: csv,
      headers: { 'content-type': 'text/csv', 'x-api-key': secret },
    });
    // The import reads the file (no data rows), the guard did not walk it.
    expect(res.statusCode).toBe(422);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(150 * 2 ** 20);
  });

  it('leaves ordinary requests alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog/products?cityId=1' });
    expect(res.statusCode).toBe(200);
  });
});
