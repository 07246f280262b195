import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '#app/db/database.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { createMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789';
let t: TestContext;
let closed: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { METRICS_TOKEN: TOKEN },
    beforeReady: (app) => {
      app.get('/api/test-boom/:id', async () => {
        throw new Error('boom');
      });
      app.get('/api/test-request-id', async (request) => ({ id: request.id }));
    },
  });
  closed = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
  await closed?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('GET /metrics (issue 31 item 4)', () => {
  it('does not exist without METRICS_TOKEN, and wants the bearer token when set', async () => {
    expect((await closed.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect([authorization, res.statusCode, res.headers['www-authenticate']]).toEqual([
        authorization,
        401,
        'Bearer',
      ]);
    }
    const ok = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('counts answers and their time by route pattern, never by raw address; 5xx apart', async () => {
    await t.app.inject({ url: '/api/health/live' });
    await t.app.inject({ url: '/api/catalog/product/secret-slug-42?cityId=1' });
    await t.app.inject({ url: '/api/test-boom/7' });
    const text = await scrape();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/health/live",status="200",via="in-process"} 1',
    );
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/catalog\/product\/:slug",status="\d+"/,
    );
    expect(text).not.toContain('secret-slug-42');
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/test-boom/:id",status="500",via="in-process"} 1',
    );
    expect(text).toContain('http_server_errors_total{route="/api/test-boom/:id"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",via="in-process"\} 1/,
    );
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('reads the outbox backlog, SMS sends and orders from the database, and the job queue when one reports', async () => {
    let text = await scrape();
    expect(text).toContain('kiim_notification_backlog 0');
    expect(text).toContain('kiim_notification_backlog_oldest_seconds 0');
    expect(text).toContain('kiim_orders_created 0');
    expect(text).toContain('kiim_orders_paid 0');
    expect(text).toContain('kiim_sms_sends{status="sent"} 0');
    // The app reads its own queues (modules/system): empty in a fresh shop.
    for (const kind of ['notification', 'refund', 'fiscal-receipt', 'exchange-import'])
      expect(text).toContain(`kiim_job_queue_depth{kind="${kind}"} 0`);
    t.app.metrics.setJobQueueReader(async () => [{ kind: 'notification', depth: 3, oldestSeconds: 12 }]);
    t.app.metrics.observeRequest('POST', '/api/customer/auth-by-mobile', 429, 0.01);
    text = await scrape();
    expect(text).toContain('kiim_job_queue_depth{kind="notification"} 3');
    expect(text).toContain('kiim_job_queue_oldest_seconds{kind="notification"} 12');
    expect(text).toContain('kiim_sms_refused_total 1');
    // A queue reader that fails leaves its series out; the scrape still answers.
    t.app.metrics.setJobQueueReader(async () => {
      throw new Error('queue down');
    });
    expect(await scrape()).not.toContain('kiim_job_queue_depth{');
    t.app.metrics.setJobQueueReader(null);
  });

  it('times every query of a database handle and says when one failed', async () => {
    const metrics = createMetrics();
    const { db } = createDatabase({ sqlitePath: ':memory:', onQuery: metrics.observeQuery });
    await sql`select 1`.execute(db);
    await expect(sql`select * from no_such_table`.execute(db)).rejects.toThrow();
    await db.destroy();
    const text = await metrics.registry.metrics();
    expect(text).toContain('kiim_db_query_duration_seconds_count{outcome="ok"} 1');
    expect(text).toContain('kiim_db_query_duration_seconds_count{outcome="error"} 1');
  });

  it('names each request by the proxy’s X-Request-Id when it is a plain token, else by a fresh id', async () => {
    const idOf = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/test-request-id', headers })).json().id as string;
    expect(await idOf({ 'x-request-id': '5f2b9c0e7a1d4e3f8a6b' })).toBe('5f2b9c0e7a1d4e3f8a6b');
    for (const bad of ['two words', 'x'.repeat(65), '{"level":60}'])
      expect(await idOf({ 'x-request-id': bad })).toMatch(/^req-[0-9a-f-]{36}$/);
    expect(await idOf({})).not.toBe(await idOf({}));
  });
});
