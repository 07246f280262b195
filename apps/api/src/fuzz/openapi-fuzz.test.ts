import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { newCustomer } from '#app/test/cart.fixtures.ts';
import { ORIGIN, makeApiKey, signedInMember } from '#app/test/staff.fixtures.ts';
import { badValues, fuzzCases, type OpenApi } from './openapi-fuzz.ts';

// Issue 11 §7: every route of the OpenAPI document, every parameter and body field given hostile values (ids past
// PostgreSQL's integer, NUL bytes, huge strings, wrong types, broken JSON) by a signed-in customer, an owner and an
// API key with every scope, so the input reaches the handlers. Nothing may answer 5xx, on SQLite and PostgreSQL.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('fuzz of every OpenAPI route with bad input (issue 11 §7)', () => {
  it('answers every hostile request with 4xx, never 5xx', async () => {
    const customer = await newCustomer(t.db, '77050000991');
    const owner = await signedInMember(t.app, t.db, 'owner');
    const key = await makeApiKey(t.db, ['orders.status', 'catalogue.import']);
    const spec = t.app.swagger() as unknown as OpenApi;
    const cases = fuzzCases(spec, badValues);
    const failures: string[] = [];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: {
          origin: ORIGIN,
          'x-authorization': customer.token,
          'x-api-key': key.secret,
          ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        cookies: { kiim_staff: owner.cookie },
        ...(c.body === undefined ? {} : { payload: c.body }),
      });
      if (res.statusCode >= 500)
        failures.push(`${res.statusCode} ${c.method} ${c.url} ${c.body?.slice(0, 200) ?? ''}`);
    }
    console.info(`fuzz: ${cases.length} requests`);
    expect(cases.length).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
