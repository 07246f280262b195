import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { claimJobRun } from '#app/db/job-run.ts';
import { newId } from '#app/lib/ids.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { jobQueues, periodicJobs } from './system.repository.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const at = '2031-03-01T10:00:00.000Z';

describe('the background queues (issue 31 §1)', () => {
  it('are empty at first, with no age', async () => {
    const queues = await jobQueues(t.db, new Date(at));
    expect(queues).toEqual([
      { kind: 'notification', depth: 0, oldestAgeSeconds: null },
      { kind: 'refund', depth: 0, oldestAgeSeconds: null },
      { kind: 'fiscal-receipt', depth: 0, oldestAgeSeconds: null },
      { kind: 'exchange-import', depth: 0, oldestAgeSeconds: null },
    ]);
  });

  it('count the waiting notifications and age the oldest; sent ones are not counted', async () => {
    // An order of the seeded shop, its own notifications replaced by rows of known states and times.
    const fx = orderFixtures(t);
    const city = (await fx.cities()).courier;
    const [sku] = await fx.skus(1);
    await fx.setStock(sku!.id, { [city.id]: 5 });
    const [buyer] = await fx.buyers(1, [{ skuId: sku!.id, qty: 1 }]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { 'x-authorization': buyer!.token },
      payload: { order: fx.draft(buyer!.cartId, city) },
    });
    expect(placed.statusCode).toBe(200);
    await t.app.notifier.settled();
    await t.db.deleteFrom('notification').execute();
    const base = {
      order_id: placed.json().data.order.id as string,
      payload: '{}',
      sent_at: null,
      subject: null,
      body_text: null,
      body_html: null,
      channel: 'sms' as const,
      recipient: '+77010000000',
      language: 'ru' as const,
      attempts: 0,
      next_attempt_at: at,
      last_error: null,
      claim_id: null,
      lease_until: null,
      updated_at: at,
      dedupe_key: '',
    };
    const rows = [
      { status: 'pending', created_at: '2031-03-01T09:58:00.000Z', event: 'accepted' },
      { status: 'sending', created_at: '2031-03-01T09:59:30.000Z', event: 'paid' },
      { status: 'sent', created_at: '2031-03-01T09:00:00.000Z', event: 'ready_for_pickup' },
    ] as const;
    for (const r of rows)
      await t.db
        .insertInto('notification')
        .values({ ...base, ...r, id: newId() })
        .execute();
    const [notification] = await jobQueues(t.db, new Date(at));
    expect(notification).toEqual({ kind: 'notification', depth: 2, oldestAgeSeconds: 120 });
  });

  it('list the periodic jobs with their last run and process', async () => {
    await claimJobRun(t.db, 'payment-sweep', new Date(at), 60, 'host:1');
    expect(await periodicJobs(t.db)).toContainEqual({
      name: 'payment-sweep',
      lastRunAt: at,
      instance: 'host:1',
    });
  });

  it('are shown to the owner only', async () => {
    const owner = await signedInMember(t.app, t.db, 'owner');
    const manager = await signedInMember(t.app, t.db, 'manager');
    const res = await staffCall(t.app, owner.cookie, 'GET', '/api/admin/system');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      role: 'all',
      queues: expect.any(Array),
      periodic: expect.any(Array),
    });
    expect((await staffCall(t.app, manager.cookie, 'GET', '/api/admin/system')).status).toBe(403);
  });
});
