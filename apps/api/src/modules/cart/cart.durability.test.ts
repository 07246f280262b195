import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';

// Cart and wishlist writes are answered before their fsync, orders and everything else after it (decision 005,
// amendment of issue 14). SQLite: with the WAL's fsync held, a cart or wishlist write is answered and an order is
// not until the fsync completes. PostgreSQL: the commit of a cart or wishlist transaction runs with
// synchronous_commit off, that of an order (and of an attach) with it on.

let t: TestContext;
let f: ReturnType<typeof orderFixtures>;
let token: string;
let externalId: string;
let cityId: number;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
  f = orderFixtures(t);
  const [sku] = await f.skus(1, 3);
  const { courier } = await f.cities();
  await f.setStock(sku!.id, { [courier.id]: 50 });
  externalId = sku!.externalId;
  cityId = courier.id;
  token = (await f.newCustomer()).token;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

/** Sends a request; `settled` tells whether it has been answered yet. */
function send(method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, auth = true) {
  let settled = false;
  const answer = t.app
    .inject({
      method,
      url,
      payload,
      headers: { ...(payload ? json : {}), ...(auth ? { 'x-authorization': token } : {}) },
    })
    .finally(() => (settled = true));
  return { answer, settled: () => settled };
}

const addToCart = (uuid: string | null, qty = 1) =>
  send('PUT', '/api/cart/add-or-update-item', { uuid, externalId, regionId: cityId, qty });

/** An anonymous visitor's new cart with one unit (no customer token): its answer. */
const anonymousCart = () =>
  send('PUT', '/api/cart/add-or-update-item', { externalId, regionId: cityId, qty: 1 }, false).answer;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(!process.env.DATABASE_URL)('SQLite: the WAL fsync held', () => {
  let release: () => void = () => {};
  let held: Promise<void> = Promise.resolve();
  let syncsAsked = 0;

  beforeAll(async () => {
    const file = path.join(os.tmpdir(), `kiim-probe-${process.pid}`);
    const probe = await fsp.open(file, 'w');
    const proto = Object.getPrototypeOf(probe) as fsp.FileHandle;
    await probe.close();
    await fsp.rm(file, { force: true });
    const sync = proto.sync;
    vi.spyOn(proto, 'sync').mockImplementation(async function (this: fsp.FileHandle) {
      syncsAsked++;
      await held;
      await sync.call(this);
    });
  });
  afterEach(() => release());
  const hold = () => {
    held = new Promise((resolve) => (release = resolve));
    syncsAsked = 0;
  };

  it('answers cart and wishlist writes before the fsync, and an order only after it', async () => {
    hold();
    const created = addToCart(null);
    // Without the change the add waits for the held fsync: give it 5 s, then fail.
    await Promise.race([created.answer, sleep(5_000)]);
    expect(created.settled(), 'the add is answered while its fsync is held').toBe(true);
    const res = await created.answer;
    expect(res.statusCode, res.body).toBe(200);
    const uuid = res.json<{ data: { uuid: string } }>().data.uuid;
    // The fsync was still asked for (it is what makes the line durable within a few ms): held here.
    expect(syncsAsked).toBeGreaterThan(0);

    const again = await addToCart(uuid, 2).answer;
    expect(again.statusCode, again.body).toBe(200);
    const wish = await send('POST', `/api/wishlist/item?externalId=${externalId}`, undefined, false).answer;
    expect(wish.statusCode, wish.body).toBe(200);
    const removed = await send('DELETE', '/api/cart/item', { uuid, externalId: 'no-such-sku' }).answer;
    expect(removed.statusCode).toBe(404); // refused before any write: answered either way

    const order = send('POST', '/api/order/create', { order: f.draft(uuid, (await f.cities()).courier) });
    await sleep(300);
    expect(order.settled(), 'an order is answered only once its fsync is done').toBe(false);
    release();
    const placed = await order.answer;
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it('keeps an attach (the cart changes owner) waiting for the disk', async () => {
    const anon = await anonymousCart();
    const uuid = anon.json<{ data: { uuid: string } }>().data.uuid;
    const other = await f.newCustomer();
    hold();
    const attach = send('PUT', '/api/cart/update-customer-id-by-customer-token', {
      uuid,
      token: other.token,
    });
    await sleep(300);
    expect(attach.settled()).toBe(false);
    release();
    expect((await attach.answer).statusCode).toBe(200);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('PostgreSQL: synchronous_commit of each commit', () => {
  /** Each committed transaction: the statements it ran and its `synchronous_commit` at COMMIT. */
  const commits: { statements: string[]; synchronousCommit: string }[] = [];

  beforeAll(() => {
    const query = pg.Client.prototype.query;
    const running = new WeakMap<object, string[]>();
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ): never {
      // A named prepared statement (db/database.ts prepareOnPostgres) comes as { name, text, values }.
      const first = args[0] as string | { text?: unknown } | undefined;
      const text =
        typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : undefined;
      if (text?.startsWith('begin')) running.set(this, []);
      else if (text === 'commit') {
        const statements = running.get(this) ?? [];
        running.delete(this);
        void (query as (q: string) => Promise<pg.QueryResult>)
          .call(this, "select current_setting('synchronous_commit') as s")
          .then((r) => commits.push({ statements, synchronousCommit: String(r.rows[0].s) }));
      } else if (text) running.get(this)?.push(text);
      return (query as (...a: unknown[]) => never).apply(this, args);
    });
  });

  /** The synchronous_commit of the committed transactions that ran a statement matching `pattern`. */
  const settingsOf = (pattern: RegExp) =>
    commits.filter((c) => c.statements.some((s) => pattern.test(s))).map((c) => c.synchronousCommit);

  it('commits cart and wishlist writes with synchronous_commit off, orders and attaches with it on', async () => {
    const res = await addToCart(null).answer;
    expect(res.statusCode, res.body).toBe(200);
    const uuid = res.json<{ data: { uuid: string } }>().data.uuid;
    expect((await addToCart(uuid, 2).answer).statusCode).toBe(200);
    expect(
      (await send('POST', `/api/wishlist/item?externalId=${externalId}`, undefined, false).answer).statusCode,
    ).toBe(200);
    const placed = await send('POST', '/api/order/create', {
      order: f.draft(uuid, (await f.cities()).courier),
    }).answer;
    expect(placed.statusCode, placed.body).toBe(200);
    const anon = await anonymousCart();
    const other = await f.newCustomer();
    const attached = await send('PUT', '/api/cart/update-customer-id-by-customer-token', {
      uuid: anon.json<{ data: { uuid: string } }>().data.uuid,
      token: other.token,
    }).answer;
    expect(attached.statusCode).toBe(200);
    await sleep(50); // the last setting read is answered after its COMMIT was sent

    expect(settingsOf(/^insert into "cart_item"/)).toEqual(['off', 'off', 'off']);
    expect(settingsOf(/^insert into "wishlist_item"/)).toEqual(['off']);
    expect(settingsOf(/^insert into "order"/)).toEqual(['on']);
    expect(settingsOf(/^update "cart" set "customer_id"/)).toEqual(['on', 'on']); // the order's claim, the attach
  });
});
