import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { insertCartWithFirstLine } from './cart.repository.ts';

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
  /**
   * Each committed transaction: the statements it ran and its `synchronous_commit` at COMMIT; `alone` for a write
   * sent by itself (its own implicit transaction, no `begin`/`commit`).
   */
  const commits: { statements: string[]; synchronousCommit: string; alone: boolean }[] = [];
  /** What a write sent alone evaluates to commit without waiting for its fsync (db/database.ts ANSWER_BEFORE_SYNC). */
  const answerBeforeSync = "set_config('synchronous_commit', 'off', true)";

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
          .then((r) => commits.push({ statements, synchronousCommit: String(r.rows[0].s), alone: false }));
      } else if (text && running.has(this)) running.get(this)!.push(text);
      else if (text && /^(with|insert|update|delete)\b/.test(text)) {
        // Committed when answered. Its setting at its commit: off when it evaluates ANSWER_BEFORE_SYNC (its effect
        // is the subject of db/database.test.ts «PostgreSQL: ANSWER_BEFORE_SYNC»), else the connection's own, on.
        const synchronousCommit = text.includes(answerBeforeSync) ? 'off' : 'on';
        const answer = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
        answer.then(
          () => commits.push({ statements: [text], synchronousCommit, alone: true }),
          () => {}, // refused: nothing committed (the caller gets the error)
        );
        return answer as never;
      }
      return (query as (...a: unknown[]) => never).apply(this, args);
    });
  });

  /** The synchronous_commit of the committed transactions that ran a statement matching `pattern`. */
  const settingsOf = (pattern: RegExp) =>
    commits.filter((c) => c.statements.some((s) => pattern.test(s))).map((c) => c.synchronousCommit);

  it('writes a new cart and its first line in one statement: both rows, or neither', async () => {
    const [sku] = await t.db.selectFrom('sku').select('id').where('external_id', '=', externalId).execute();
    const at = new Date().toISOString();
    const rows = (uuid: string) =>
      Promise.all([
        t.db.selectFrom('cart').select(['customer_id', 'created_at']).where('id', '=', uuid).execute(),
        t.db
          .selectFrom('cart_item')
          .select(['sku_id', 'qty', 'position'])
          .where('cart_id', '=', uuid)
          .execute(),
      ]);
    const made = randomUUID();
    await insertCartWithFirstLine(t.db, made, sku!.id, 1200, at);
    expect(await rows(made)).toEqual([
      [{ customer_id: null, created_at: at }],
      [{ sku_id: sku!.id, qty: 999, position: 1 }], // capped at CART_LINE_MAX_QTY
    ]);
    const refused = randomUUID();
    await expect(insertCartWithFirstLine(t.db, refused, 2_000_000_000, 1, at)).rejects.toThrow(/foreign key/);
    expect(await rows(refused)).toEqual([[], []]);
    await expect(insertCartWithFirstLine(t.db, made, sku!.id, 1, at)).rejects.toThrow(/duplicate key/);
    expect((await rows(made))[1]).toEqual([{ sku_id: sku!.id, qty: 999, position: 1 }]);
  });

  it('commits cart and wishlist writes with synchronous_commit off, orders and attaches with it on', async () => {
    commits.length = 0; // this test's commits only
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

    // The new carts' adds (the first and the anonymous one: one statement each, sent alone) and the second add.
    const newCartWithLine = expect.stringMatching(/^with "new_cart" as \(insert into "cart"/);
    expect(settingsOf(/insert into "cart_item"/)).toEqual(['off', 'off', 'off']);
    expect(
      commits
        .filter((c) => c.alone && /insert into "cart_item"/.test(c.statements[0]!))
        .map((c) => c.statements),
    ).toEqual([[newCartWithLine], [newCartWithLine]]);
    expect(settingsOf(/^insert into "wishlist_item"/)).toEqual(['off']);
    expect(settingsOf(/^insert into "order"/)).toEqual(['on']);
    expect(settingsOf(/^update "cart" set "customer_id"/)).toEqual(['on', 'on']); // the order's claim, the attach
  });
});
