import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '#app/db/database.ts';
import { createTestApp, testDatabaseUrl, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { STUCK_BACKLOG_SECONDS } from './health.ts';

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

  // CI flake of stop 42: Kysely's migration check walked every schema's catalogue and failed while another
  // schema (another shop on the server, another test file) was being dropped.
  it.runIf(testDatabaseUrl)(
    'stays ready while another schema of the database is created and dropped',
    async () => {
      const other = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '' });
      let churning = true;
      const churn = (async () => {
        for (let i = 0; churning; i++) {
          const name = `t_churn_${process.pid}_${i}`;
          await other.db.schema.createSchema(name).execute();
          await sql`create table ${sql.id(name, 'x')} (id int)`.execute(other.db);
          await other.db.schema.dropSchema(name).cascade().execute();
        }
      })();
      try {
        const codes: number[] = [];
        for (let i = 0; i < 60; i++)
          codes.push((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode);
        expect(codes.filter((c) => c !== 200)).toEqual([]);
      } finally {
        churning = false;
        await churn;
        await other.db.destroy();
      }
    },
  );

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

describe('a worker with a stuck backlog is not ready (issue 31 §4)', () => {
  let s: TestContext;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(async () => s?.close());

  it('answers 503 «backlog stuck» while the oldest due notification waited over 10 minutes, ready again once sent', async () => {
    const fx = orderFixtures(s);
    const city = (await fx.cities()).courier;
    const [sku] = await fx.skus(1);
    await fx.setStock(sku!.id, { [city.id]: 3 });
    const buyer = await fx.newCustomer({ name: 'Айгерим' });
    const cart = await fx.makeCart([{ skuId: sku!.id, qty: 1 }], buyer.id);
    expect((await fx.create(buyer.token, fx.draft(cart, city))).status).toBe(200);
    const worker = await s.anotherInstance({ KIIM_ROLE: 'worker' });
    try {
      const ready = () => worker.app.inject({ method: 'GET', url: '/api/health/ready' });
      const due = (secondsAgo: number) =>
        s.db
          .updateTable('notification')
          .set({ status: 'pending', next_attempt_at: new Date(Date.now() - secondsAgo * 1000).toISOString() })
          .execute();
      // Behind, but within the bound: a campaign being worked through.
      await due(STUCK_BACKLOG_SECONDS - 60);
      expect((await ready()).statusCode).toBe(200);
      await due(STUCK_BACKLOG_SECONDS + 60);
      const stuck = await ready();
      expect(stuck.statusCode).toBe(503);
      expect(stuck.json()).toMatchObject({ status: 'unavailable', reason: 'backlog stuck' });
      // A web process serves whatever the queue: its readiness is the database's alone.
      expect((await s.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await s.db.updateTable('notification').set({ status: 'sent' }).execute();
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await worker.close();
    }
  });
});
