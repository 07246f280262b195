import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_RATE_LIMIT_PER_MINUTE: '3' } });
});
afterAll(async () => t?.close());

const search = (ip: string) =>
  t.app.inject({ method: 'GET', url: '/api/catalog/products?cityId=1&q=футболка', remoteAddress: ip });

describe('per-client limit of expensive reads (issue 11 §6)', () => {
  it('refuses a client past READ_RATE_LIMIT_PER_MINUTE with 429 and Retry-After, others unaffected', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await search('198.51.100.77')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await search('198.51.100.77');
    expect(refused.json().code).toBe(ErrorCode.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search('198.51.100.78')).statusCode).toBe(200);
    // Cheap reads are not limited.
    const cities = await t.app.inject({
      method: 'GET',
      url: '/api/city/list',
      remoteAddress: '198.51.100.77',
    });
    expect(cities.statusCode).toBe(200);
  });

  it('leaves tools on the shop’s own host alone', async () => {
    for (let i = 0; i < 5; i++) expect((await search('127.0.0.1')).statusCode).toBe(200);
  });
});
