import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDatabaseUrl, underSchemaLock, type TestContext } from '#app/test/helper.ts';
import { startShopProcess, type ShopProcess as Shop } from '#app/test/server-process.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { nextMobile } from '#app/test/customer.fixtures.ts';

// Issue 31 §1–2 with real processes (src/server.ts, each its own OS process and port) on one PostgreSQL schema: two
// `web` processes share the SMS limits, two `worker` processes drain one notification outbox, each message sent
// exactly once. The in-process variants are multi-instance.test.ts and lib/rate-store.test.ts.

const ADDRESS_LIMIT = 3;
const ORDERS = 12;

describe.runIf(testDatabaseUrl)('web and worker processes on one PostgreSQL (issue 31)', () => {
  let t: TestContext;
  const shops: Shop[] = [];
  const start = async (role: 'web' | 'worker') => {
    const shop = await startShopProcess(t.schema!, {
      applicationName: `kiim-${role}`,
      env: {
        KIIM_ROLE: role,
        SMS_PROVIDER: 'dev',
        SMS_ADDRESS_HOURLY_LIMIT: String(ADDRESS_LIMIT),
        NOTIFICATION_INTERVAL_SECONDS: '1',
      },
    });
    shops.push(shop);
    return shop;
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { SMS_ADDRESS_HOURLY_LIMIT: String(ADDRESS_LIMIT) } });
  }, 120_000);
  afterAll(async () => {
    for (const s of shops) s.stop();
    await t?.close();
  });

  it('hold the SMS limit per address exactly as configured across two web processes', async () => {
    // One after the other: two starts at once on a busy machine can outlast startShopProcess's 90 s.
    const [a, b] = await underSchemaLock('shared', async () => [await start('web'), await start('web')]);
    const ask = (shop: Shop, address: string) =>
      fetch(`${shop.origin}/api/customer/auth-by-mobile`, {
        method: 'POST',
        // The processes trust a proxy on loopback (TRUST_PROXY=loopback): this test is that proxy.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ mobile: nextMobile() }),
      }).then((r) => r.status);
    const one: number[] = [];
    for (let i = 0; i < 6; i++) one.push(await ask([a, b][i % 2]!, '198.51.100.77'));
    expect(one).toEqual([200, 200, 200, 429, 429, 429]);
    // At once from another address: never more than the limit gets through.
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ask([a, b][i % 2]!, '198.51.100.78')),
    );
    expect(burst.every((s) => s === 200 || s === 429)).toBe(true);
    expect(burst.filter((s) => s === 200).length).toBeLessThanOrEqual(ADDRESS_LIMIT);
    const sent = await t.db
      .selectFrom('sms_send')
      .select(sql<string>`count(*)`.as('n'))
      .where('client_ip', '=', '198.51.100.77')
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(ADDRESS_LIMIT);
  }, 400_000);

  it('send each queued notification exactly once with two worker processes draining the outbox', async () => {
    const fx = orderFixtures(t);
    const city = (await fx.cities()).courier;
    const [sku] = await fx.skus(1);
    await fx.setStock(sku!.id, { [city.id]: ORDERS });
    const buyers = await fx.buyers(ORDERS, [{ skuId: sku!.id, qty: 1 }]);
    for (const buyer of buyers) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: { 'x-authorization': buyer.token },
        payload: { order: fx.draft(buyer.cartId, city) },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.notifier.settled();
    // As if the orders' own sends never happened: every SMS row waits in the outbox for a worker.
    await t.db
      .updateTable('notification')
      .set({
        ...{ status: 'pending', claim_id: null, lease_until: null, attempts: 0, sent_at: null },
        next_attempt_at: '2000-01-01T00:00:00.000Z',
      })
      .where('channel', '=', 'sms')
      .execute();
    await t.db.deleteFrom('sms_message').execute();
    const queued = await t.db
      .selectFrom('notification')
      .select('recipient')
      .where('channel', '=', 'sms')
      .execute();
    expect(queued).toHaveLength(ORDERS);

    const [w1, w2] = await underSchemaLock('shared', async () => [
      await start('worker'),
      await start('worker'),
    ]);
    // A worker serves no shopper: only its health endpoints answer.
    expect((await fetch(`${w1.origin}/api/catalog/categories`)).status).toBe(404);
    expect((await fetch(`${w2.origin}/api/health/ready`)).status).toBe(200);

    const deadline = Date.now() + 60_000;
    for (;;) {
      const left = await t.db
        .selectFrom('notification')
        .select(sql<string>`count(*)`.as('n'))
        .where('channel', '=', 'sms')
        .where('status', '!=', 'sent')
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
      if (Date.now() > deadline) throw new Error(`${left.n} notifications still unsent:\n${w1.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const messages = await t.db.selectFrom('sms_message').select('mobile').execute();
    expect(messages.map((m) => m.mobile).sort()).toEqual(queued.map((q) => q.recipient).sort());
    expect(w1.alive() && w2.alive()).toBe(true);
  }, 400_000);
});
