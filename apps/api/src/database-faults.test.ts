import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#app/db/database.ts';
import { seedDemo } from '#app/seed/seed.ts';
import { issueToken } from '#app/modules/customer/customer.token.ts';
import { testDatabaseUrl, underSchemaLock } from '#app/test/helper.ts';
import { processSchema, startShopProcess, type ShopProcess } from '#app/test/server-process.ts';

// Issue 27: PostgreSQL closes the shop's connections — a restart, a failover, an idle-session timeout — while the
// shop serves shoppers. The shop runs as its own process (src/server.ts: the real boot, with its payment and
// notification jobs); the test terminates every backend of that process again and again while requests and order
// creations go on. Then: the process is alive, every failure was a 503 (never a 500, never a dropped connection),
// every order answered 200 is in the database, and readiness is back to 200. Only that process's connections are
// terminated (its application_name): the test database is shared with the other test files.

const BUYERS = 150;
const CONCURRENCY = 8;
/** How long the backends are terminated, and how often (ms). */
const CHAOS_MS = 4000;
const KILL_EVERY_MS = 400;
const CITY = 1;

let db: Db;
let dropSchema: (() => Promise<void>) | undefined;
let shop: ShopProcess | undefined;
const application = `kiim-faults-${process.pid}-${randomBytes(3).toString('hex')}`;

const alive = () => shop?.alive() ?? false;
const output = () => shop?.output() ?? '';

/** Starts src/server.ts on the prepared schema, its jobs running fast, and waits until it answers. @returns its origin. */
async function startShop(schema: string): Promise<string> {
  shop = await startShopProcess(schema, {
    applicationName: application,
    env: {
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      // The background jobs run during the faults too.
      NOTIFICATION_INTERVAL_SECONDS: '1',
      PAYMENT_SWEEP_INTERVAL_SECONDS: '5',
    },
  });
  return shop.origin;
}

/**
 * Terminates every backend of the shop's process. @returns how many. The pids are read first and terminated by a
 * second query: in one, PostgreSQL may call pg_terminate_backend before it has checked the other conditions.
 */
async function terminateShopBackends(): Promise<number> {
  const pids = (
    await sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and application_name = ${application}`.execute(
      db,
    )
  ).rows.map((r) => r.pid);
  if (!pids.length) return 0;
  const done = await sql<{ ok: boolean }>`select pg_terminate_backend(pid) as ok
    from unnest(cast(${pids} as int[])) as pid`.execute(db);
  return done.rows.filter((r) => r.ok).length;
}

describe.runIf(testDatabaseUrl)('PostgreSQL closing the shop’s connections under load (issue 27)', () => {
  let schema: string;
  beforeAll(async () => {
    ({
      schema,
      db,
      drop: dropSchema,
    } = await processSchema('faults', (d) => seedDemo(d, { mediaDir: null })));
  }, 120_000);
  afterAll(async () => {
    shop?.stop();
    await dropSchema?.();
  });

  it('stays up, answers 503 for what fails, loses no acknowledged order, and is ready again', async () => {
    const skus = await db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select('sku.id')
      .where('product.is_active', '=', 1)
      .orderBy('sku.id')
      .limit(5)
      .execute();
    const now = new Date().toISOString();
    for (const s of skus) {
      await db.deleteFrom('stock').where('sku_id', '=', s.id).execute();
      await db
        .insertInto('stock')
        .values({ sku_id: s.id, city_id: CITY, quantity: 10_000, created_at: now, updated_at: now })
        .execute();
    }
    const point = await db
      .selectFrom('pickup_point')
      .select('id')
      .where('city_id', '=', CITY)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    type Buyer = { id: string; token: string; cartId: string };
    const buyers: Buyer[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < BUYERS; i++) {
        const id = randomUUID();
        const cartId = randomUUID();
        await trx
          .insertInto('customer')
          .values({
            id,
            mobile: `7702${String(i).padStart(7, '0')}`,
            name: null,
            surname: null,
            email: null,
            gender: null,
            birth_date: null,
            password_hash: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('cart')
          .values({ id: cartId, customer_id: id, created_at: now, updated_at: now })
          .execute();
        await trx
          .insertInto('cart_item')
          .values({
            cart_id: cartId,
            sku_id: skus[i % skus.length]!.id,
            qty: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        buyers.push({ id, token: await issueToken(trx, id, new Date()), cartId });
      }
    });

    // One buyer is kept for the order after the faults: on a quiet machine the load may use up all the others.
    const afterFaults = buyers.pop()!;
    // Migrations at the shop's start read every schema: no test file drops its schema meanwhile.
    const origin = await underSchemaLock('shared', () => startShop(schema));
    const statuses = new Map<number, number>();
    const dropped: string[] = [];
    const acknowledged: string[] = [];
    let next = 0;
    let chaos = true;
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const call = async (pathname: string, init?: RequestInit) => {
      try {
        const res = await fetch(origin + pathname, init);
        count(res.status);
        return res;
      } catch (err) {
        dropped.push(`${pathname}: ${(err as Error).message}`);
        return null;
      }
    };
    /** Orders answered 503: repeated with their idempotency key once the database is back. */
    const refused: { buyer: Buyer; key: string }[] = [];
    const order = async (b: Buyer, key: string = randomUUID()) => {
      const res = await call('/api/order/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-authorization': b.token },
        body: JSON.stringify({
          order: {
            cartUuid: b.cartId,
            regionId: CITY,
            deliveryMethodId: 1,
            paymentId: 2,
            pickupPointId: point.id,
            idempotencyKey: key,
          },
        }),
      });
      const body = (await res?.json()) as { data?: { order: { number: string } } } | undefined;
      if (res?.status === 200 && body?.data) acknowledged.push(body.data.order.number);
      if (res?.status === 503) refused.push({ buyer: b, key });
      return res?.status;
    };
    const worker = async (w: number) => {
      for (let i = 0; chaos; i++) {
        if (i % 3 === 0 && next < buyers.length) await order(buyers[next++]!);
        else if (i % 3 === 1) await call(`/api/catalog/products?gender=${w % 2}&cityId=${CITY}`);
        else await call(w % 2 ? '/api/city/list' : '/api/health/ready');
      }
    };
    let terminated = 0;
    const killer = async () => {
      const end = Date.now() + CHAOS_MS;
      while (Date.now() < end) {
        terminated += await terminateShopBackends();
        await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
      }
      chaos = false;
    };
    await Promise.all([killer(), ...Array.from({ length: CONCURRENCY }, (_, w) => worker(w))]);

    expect(terminated).toBeGreaterThan(0);
    expect(alive(), output().slice(-4000)).toBe(true);
    expect(dropped).toEqual([]);
    const failures = [...statuses].filter(([s]) => s >= 300);
    expect(
      failures.filter(([s]) => s !== 503),
      `${JSON.stringify([...statuses])}\n${output().slice(-4000)}`,
    ).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(0);

    // Readiness comes back by itself (the pool reconnects), and so do orders.
    await expect
      .poll(async () => (await fetch(`${origin}/api/health/ready`)).status, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(200);
    const before = acknowledged.length;
    await order(afterFaults);
    expect(acknowledged.length).toBe(before + 1);
    // An order refused with 503 — its transaction rolled back, or committed with the answer lost — repeated with its
    // key is placed once: never twice, never half.
    const repeated = refused.splice(0);
    for (const r of repeated) expect(await order(r.buyer, r.key)).toBe(200);
    const ordersOf = new Map<string, number>();
    for (const o of await db.selectFrom('order').select('customer_id').execute())
      ordersOf.set(o.customer_id, (ordersOf.get(o.customer_id) ?? 0) + 1);
    expect([...ordersOf.values()].filter((n) => n > 1)).toEqual([]);
    for (const r of repeated) expect(ordersOf.get(r.buyer.id)).toBe(1);
    const bare = await db
      .selectFrom('order')
      .leftJoin('order_line', 'order_line.order_id', 'order.id')
      .select('order.number')
      .where('order_line.id', 'is', null)
      .execute();
    expect(bare).toEqual([]);

    const stored = new Set(
      (await db.selectFrom('order').select('number').execute()).map((o) => String(o.number)),
    );
    expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
    expect(alive()).toBe(true);
    // The pool's errors were logged as such, never as a crash or an unhandled error.
    expect(output().match(/.*(unhandled error|uncaught).*/gi) ?? []).toEqual([]);
    console.info(
      `faults: ${terminated} backends terminated, ${acknowledged.length} orders acknowledged (${repeated.length} after a 503); answers ${JSON.stringify([...statuses])}`,
    );
  }, 180_000);
});
