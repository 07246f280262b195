import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '#app/db/database.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { seedDemo } from '#app/seed/seed.ts';
import { issueToken } from '#app/modules/customer/customer.token.ts';
import { testDatabaseUrl, underSchemaLock } from '#app/test/helper.ts';

// Issue 27: PostgreSQL closes the shop's connections — a restart, a failover, an idle-session timeout — while the
// shop serves shoppers. The shop runs as its own process (src/server.ts: the real boot, with its payment and
// notification jobs); the test terminates every backend of that process again and again while requests and order
// creations go on. Then: the process is alive, every failure was a 503 (never a 500, never a dropped connection),
// every order answered 200 is in the database, and readiness is back to 200. Only that process's connections are
// terminated (its application_name): the test database is shared with the other test files.

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUYERS = 150;
const CONCURRENCY = 8;
/** How long the backends are terminated, and how often (ms). */
const CHAOS_MS = 4000;
const KILL_EVERY_MS = 400;
const CITY = 1;

let db: Db;
let schema: string;
let child: ChildProcess | undefined;
let output = '';
const application = `kiim-faults-${process.pid}-${randomBytes(3).toString('hex')}`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;

/** Starts src/server.ts on the prepared schema and waits until it answers. @returns its origin. */
async function startShop(): Promise<string> {
  const port = await freePort();
  const url = new URL(testDatabaseUrl!);
  url.searchParams.set('application_name', application);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-faults-media-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url.href,
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      MEDIA_DIR: media,
      MEDIA_PRERENDER: 'false',
      AUTO_SEED: 'false',
      // Errors only: every 503 is logged as a warning.
      LOG_LEVEL: 'error',
      // The background jobs run during the faults too.
      NOTIFICATION_INTERVAL_SECONDS: '1',
      PAYMENT_SWEEP_INTERVAL_SECONDS: '5',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!alive()) throw new Error(`the shop exited before answering:\n${output}`);
    try {
      if ((await fetch(`${origin}/api/health/ready`)).ok) return origin;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the shop did not start in 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
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
  beforeAll(async () => {
    schema = `faults_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '' });
    await admin.db.schema.createSchema(schema).execute();
    await admin.db.destroy();
    db = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '', pgSchema: schema }).db;
    await underSchemaLock('shared', async () => {
      await migrateToLatest(db);
      await seedDemo(db, { mediaDir: null });
    });
  }, 120_000);
  afterAll(async () => {
    if (alive()) child!.kill('SIGKILL');
    await db?.destroy();
    if (schema)
      await underSchemaLock('exclusive', async () => {
        const a = createDatabase({ databaseUrl: testDatabaseUrl, sqlitePath: '' });
        await a.db.schema.dropSchema(schema).ifExists().cascade().execute();
        await a.db.destroy();
      });
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

    // Migrations at the shop's start read every schema: no test file drops its schema meanwhile.
    const origin = await underSchemaLock('shared', startShop);
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
    expect(alive(), output.slice(-4000)).toBe(true);
    expect(dropped).toEqual([]);
    const failures = [...statuses].filter(([s]) => s >= 300);
    expect(
      failures.filter(([s]) => s !== 503),
      `${JSON.stringify([...statuses])}\n${output.slice(-4000)}`,
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
    await order(buyers[next++]!);
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
    expect(output.match(/.*(unhandled error|uncaught).*/gi) ?? []).toEqual([]);
    console.info(
      `faults: ${terminated} backends terminated, ${acknowledged.length} orders acknowledged (${repeated.length} after a 503); answers ${JSON.stringify([...statuses])}`,
    );
  }, 180_000);
});
