import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { catalogVersion } from './catalog.repository.ts';

// The catalogue version and its change log under stock changes (decision 008's invariant, decision 018's model), on
// SQLite and PostgreSQL (DATABASE_URL): every stock row changed moves `catalog_version` by one and logs its product in
// `catalog_change` at that version, in the same commit as the change. On PostgreSQL the bump happens at commit
// (migration 20261214T090000, a deferred constraint trigger), so an open transaction that changed stock keeps
// nobody else waiting for the counter row, and nobody sees its version before its stock.

let t: TestContext;
/** Two SKUs of different products with stock in one city. */
let a: { sku: number; product: number };
let b: { sku: number; product: number };
let city: number;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .selectFrom('stock')
    .innerJoin('sku', 'sku.id', 'stock.sku_id')
    .select(['stock.sku_id', 'stock.city_id', 'sku.product_id'])
    .where('stock.quantity', '>=', 5)
    .orderBy('stock.city_id')
    .orderBy('sku.id')
    .execute();
  city = rows[0]!.city_id;
  const inCity = rows.filter((r) => r.city_id === city);
  const first = inCity[0]!;
  const other = inCity.find((r) => r.product_id !== first.product_id)!;
  a = { sku: first.sku_id, product: first.product_id };
  b = { sku: other.sku_id, product: other.product_id };
});
afterAll(async () => {
  await t?.close();
});

const take = (sku: number, by = 1) =>
  sql`update stock set quantity = quantity - ${by} where sku_id = ${sku} and city_id = ${city}`;
const changesAfter = (version: number) =>
  t.db
    .selectFrom('catalog_change')
    .select(['version', 'product_id'])
    .where('version', '>', version)
    .orderBy('version')
    .orderBy('product_id')
    .execute();
const unitsOf = async (sku: number) =>
  (
    await t.db
      .selectFrom('stock')
      .select('quantity')
      .where('sku_id', '=', sku)
      .where('city_id', '=', city)
      .executeTakeFirstOrThrow()
  ).quantity;

describe('catalogue version under stock changes', () => {
  it('moves by one per stock row changed and logs each row’s product at its version', async () => {
    const before = await catalogVersion(t.db);
    await sql`update stock set quantity = quantity - 1 where city_id = ${city} and sku_id in (${a.sku}, ${b.sku})`.execute(
      t.db,
    );
    expect(await catalogVersion(t.db)).toBe(before + 2);
    // An update logs the row's old and new product (the same here): two rows per version.
    const log = await changesAfter(before);
    expect(log.map((r) => r.version)).toEqual([before + 1, before + 1, before + 2, before + 2]);
    expect(new Set(log.map((r) => r.product_id))).toEqual(new Set([a.product, b.product]));
  });

  it('moves with a stock row inserted and deleted, and not for a change of no stock column', async () => {
    const before = await catalogVersion(t.db);
    await sql`update stock set updated_at = updated_at where sku_id = ${a.sku} and city_id = ${city}`.execute(
      t.db,
    );
    expect(await catalogVersion(t.db)).toBe(before);
    const row = await t.db
      .selectFrom('stock')
      .selectAll()
      .where('sku_id', '=', a.sku)
      .where('city_id', '=', city)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('stock').where('sku_id', '=', a.sku).where('city_id', '=', city).execute();
    expect(await catalogVersion(t.db)).toBe(before + 1);
    await t.db.insertInto('stock').values(row).execute();
    expect(await catalogVersion(t.db)).toBe(before + 2);
    expect(await changesAfter(before)).toEqual([
      { version: before + 1, product_id: a.product },
      { version: before + 2, product_id: a.product },
    ]);
  });

  it('leaves no version and no log row behind a stock change rolled back', async () => {
    const before = await catalogVersion(t.db);
    const units = await unitsOf(a.sku);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await take(a.sku).execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await catalogVersion(t.db)).toBe(before);
    expect(await changesAfter(before)).toEqual([]);
    expect(await unitsOf(a.sku)).toBe(units);
  });

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: bumps at commit — an open stock change holds no one up and shows its version only with its stock',
    async () => {
      const before = await catalogVersion(t.db);
      const unitsA = await unitsOf(a.sku);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let changed!: () => void;
      const hasChanged = new Promise<void>((resolve) => (changed = resolve));
      const open = t.db.transaction().execute(async (trx) => {
        await take(a.sku).execute(trx);
        changed();
        await released;
      });
      await hasChanged;
      try {
        // Another stock change commits while the first is open (it waited for the counter row before: lock_timeout).
        await t.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '2s'`.execute(trx);
          await take(b.sku).execute(trx);
        });
        // Readers see the committed change only: its version, its log row, not the open one's stock.
        expect(await catalogVersion(t.db)).toBe(before + 1);
        expect((await changesAfter(before)).map((r) => r.product_id)).toEqual([b.product, b.product]);
        expect(await unitsOf(a.sku)).toBe(unitsA);
      } finally {
        release();
        await open;
      }
      expect(await catalogVersion(t.db)).toBe(before + 2);
      expect(await changesAfter(before + 1)).toEqual([
        { version: before + 2, product_id: a.product },
        { version: before + 2, product_id: a.product },
      ]);
      expect(await unitsOf(a.sku)).toBe(unitsA - 1);
    },
  );
});

// PostgreSQL only: on SQLite the held read would hold the one connection, so nothing could commit meanwhile (and an
// idle SQLite connection is read at once, unshared).
describe.runIf(!!process.env.DATABASE_URL)(
  'catalogue version read shared by callers of the same moment',
  () => {
    it('shares one read among the callers that arrive while another runs, never one that began before them', async () => {
      // A handle of its own (with a plugin: never the synchronous SQLite read) whose first version read is held.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let reads = 0;
      const holdFirst: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          if (++reads === 1) await gate;
          return args.result;
        },
      };
      const handle = t.db.withPlugin(holdFirst);
      const before = await catalogVersion(t.db);
      const first = catalogVersion(handle);
      await vi.waitFor(() => expect(reads).toBe(1));
      // A change committed while the first read is under way, then ten callers: none may get the first read's answer.
      await take(a.sku).execute(t.db);
      const after = await catalogVersion(t.db);
      expect(after).toBeGreaterThan(before);
      const callers = Array.from({ length: 10 }, () => catalogVersion(handle));
      release();
      expect(await first).toBe(before);
      expect(await Promise.all(callers)).toEqual(Array.from({ length: 10 }, () => after));
      expect(reads).toBe(2);
    });
  },
);
