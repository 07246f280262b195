import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { roleDuties } from './role.ts';

// KIIM_ROLE (issue 31 §1, docs/decisions/041): what each process role serves and runs.

describe('process roles', () => {
  it('web serves and runs no job; worker runs jobs and serves nothing; all does both', () => {
    expect(roleDuties('web')).toEqual({ jobs: false, serves: true });
    expect(roleDuties('worker')).toEqual({ jobs: true, serves: false });
    expect(roleDuties('all')).toEqual({ jobs: true, serves: true });
  });

  describe('a worker process', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp({ seed: false, env: { KIIM_ROLE: 'worker' } });
    });
    afterAll(async () => t?.close());

    it('answers its health endpoints', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.json()).toEqual({ status: 'ready' });
    });

    it('refuses the API, media and pages with 404, never cached', async () => {
      for (const url of ['/api/catalog/categories', '/api/customer/me', '/media/x.webp', '/', '/admin']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json()).toMatchObject({ code: 1004 });
      }
      const post = await t.app.inject({ method: 'POST', url: '/api/order/create', payload: {} });
      expect(post.statusCode).toBe(404);
    });
  });

  it('an unknown role is refused at start with the variable named', async () => {
    await expect(createTestApp({ seed: false, env: { KIIM_ROLE: 'cron' } })).rejects.toThrow(/KIIM_ROLE/);
  });
});
