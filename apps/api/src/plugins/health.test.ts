import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

describe('health endpoints (issue 11 §12)', () => {
  it('liveness answers ok, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('readiness is ready with the database reachable and migrated, 503 with a migration pending', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({
      status: 'ready',
    });
    await sql`delete from kysely_migration where name = ${'20261204T100000-create-job-run'}`.execute(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', pending: ['20261204T100000-create-job-run'] });
  });
});
