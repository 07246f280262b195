import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';

// The one error handler's answer to a unique value taken by a concurrent write (issue 29 item 5): parallel creates of
// one thing (a product's SKU id on PostgreSQL, an invitation) end in a 409 with a clear message, never a 500; on
// SQLite and PostgreSQL, with the database's own error.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    beforeReady(app) {
      // A route that writes the same brand slug twice, as two racing creates do.
      app.post('/api/test/duplicate-brand', async () => {
        const now = new Date().toISOString();
        for (const id of [9_001, 9_002])
          await sql`insert into brand (id, slug, name, country, description, created_at, updated_at)
            values (${id}, 'twice', 'Twice', 'KZ', '', ${now}, ${now})`.execute(t.db);
        return { data: 'unreachable' };
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a unique violation', () => {
  it('is answered 409 conflict with a message, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/duplicate-brand' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: ErrorCode.conflict,
      message: expect.stringMatching(/уже есть/),
    });
  });
});
