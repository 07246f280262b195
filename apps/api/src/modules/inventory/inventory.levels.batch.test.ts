import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode, ProductListQuery } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { catalogVersion } from '#app/modules/catalog/catalog.repository.ts';
import { catalogModel } from '#app/modules/catalog/read/index.ts';
import { listProductsSql } from '#app/modules/catalog/read/listing.oracle.testing.ts';
import { modelList } from '#app/modules/catalog/read/model-list.testing.ts';
import { setStockLevels, STOCK_BATCH, type StockLevelsChange } from './inventory.levels.ts';

// setStockLevels (the imports' batched stock writer) on a real database (SQLite, or PostgreSQL with DATABASE_URL):
// many levels in one call, a movement row per change, never below zero (the call refused, nothing written), nothing
// written when nothing changes, the stock summaries and the read model exact afterwards, no update lost when two
// batches run at once.

let t: TestContext;
let skus: number[];
let cities: number[];
const at = new Date('2026-03-11T06:00:00.000Z');
const integration = { type: 'api_key' as const, id: 'key-batch' };
const context = { reason: 'import' as const, actor: integration, at };

beforeAll(async () => {
  t = await createTestApp();
  skus = (await t.db.selectFrom('sku').select('id').orderBy('id').execute()).map((r) => r.id);
  cities = (await t.db.selectFrom('city').select('id').orderBy('id').execute()).map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

const levels = async (pairs: readonly { skuId: number; cityId: number }[]) => {
  const rows = await t.db
    .selectFrom('stock')
    .select(['sku_id', 'city_id', 'quantity'])
    .where(
      'sku_id',
      'in',
      pairs.map((p) => p.skuId),
    )
    .execute();
  const by = new Map(rows.map((r) => [`${r.sku_id}:${r.city_id}`, Number(r.quantity)]));
  return pairs.map((p) => by.get(`${p.skuId}:${p.cityId}`) ?? 0);
};
const movementCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('stock_movement')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The stock summary per product and city, computed from `stock` and as the triggers keep it. */
async function summariesAgree() {
  const fromStock = await t.db
    .selectFrom('stock')
    .innerJoin('sku', 'sku.id', 'stock.sku_id')
    .select(['sku.product_id', 'stock.city_id', (eb) => eb.fn.sum<number>('stock.quantity').as('q')])
    .groupBy(['sku.product_id', 'stock.city_id'])
    .execute();
  const kept = await t.db.selectFrom('product_stock').select(['product_id', 'city_id', 'quantity']).execute();
  const keptBy = new Map(kept.map((r) => [`${r.product_id}:${r.city_id}`, Number(r.quantity)]));
  for (const r of fromStock) expect(keptBy.get(`${r.product_id}:${r.city_id}`) ?? 0).toBe(Number(r.q));
}

describe('setStockLevels', () => {
  // More pairs than one batch, half of them without a stock row yet.
  const many = () =>
    Array.from({ length: STOCK_BATCH + 150 }, (_, i) => ({
      skuId: skus[i % skus.length]!,
      cityId: cities[Math.floor(i / skus.length) % cities.length]!,
    }));

  it('sets many levels in one call: a movement per change with its note, summaries and the read model exact', async () => {
    const pairs = many();
    expect(new Set(pairs.map((p) => `${p.skuId}:${p.cityId}`)).size).toBe(pairs.length);
    const model = await catalogModel(t.db);
    const version = await catalogVersion(t.db);
    const before = await levels(pairs);
    const movements = await movementCount();
    const changes: StockLevelsChange[] = pairs.map((p, i) => ({
      ...p,
      quantity: (before[i]! + 1 + (i % 4)) % 9,
      note: `CSV, строка ${i + 2}`,
    }));
    const results = await setStockLevels(t.db, changes, context);
    const after = await levels(pairs);
    expect(after).toEqual(changes.map((c) => c.quantity));
    expect(results).toEqual(pairs.map((p, i) => ({ ...p, before: before[i], after: after[i] })));
    const changed = results.filter((r) => r.before !== r.after).length;
    expect(await movementCount()).toBe(movements + changed);
    const last = await t.db
      .selectFrom('stock_movement')
      .selectAll()
      .where('sku_id', '=', pairs.at(-1)!.skuId)
      .where('city_id', '=', pairs.at(-1)!.cityId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({
      ...{ quantity_before: before.at(-1), quantity_after: after.at(-1), reason: 'import' },
      ...{ actor_type: 'api_key', actor_id: 'key-batch', note: `CSV, строка ${pairs.length + 1}` },
      created_at: at.toISOString(),
    });
    expect(await catalogVersion(t.db)).toBeGreaterThan(version);
    await summariesAgree();
    // The read model applies stock changes product by product (the same model, updated) and answers as SQL does.
    expect(await catalogModel(t.db)).toBe(model);
    for (const cityId of cities.slice(0, 3)) {
      const query = ProductListQuery.parse({ cityId: String(cityId), pageSize: '120' });
      expect(await modelList(t.db, query)).toEqual(await listProductsSql(t.db, query));
      const inStock = ProductListQuery.parse({ cityId: String(cityId), pageSize: '120', inStock: 'true' });
      expect(await modelList(t.db, inStock)).toEqual(await listProductsSql(t.db, inStock));
    }
  });

  it('changes nothing when applied again (the same import twice)', async () => {
    const pairs = many();
    const now = await levels(pairs);
    const version = await catalogVersion(t.db);
    const movements = await movementCount();
    const results = await setStockLevels(
      t.db,
      pairs.map((p, i) => ({ ...p, quantity: now[i]! })),
      context,
    );
    expect(results.every((r) => r.before === r.after)).toBe(true);
    expect(await movementCount()).toBe(movements);
    expect(await catalogVersion(t.db)).toBe(version);
  });

  it('refuses a level below zero with 422 and writes nothing of the call', async () => {
    const pairs = many();
    const now = await levels(pairs);
    const movements = await movementCount();
    const changes: StockLevelsChange[] = pairs.map((p) => ({ ...p, delta: 1 }));
    // The last pair (in the second batch) would go below zero.
    changes[changes.length - 1] = { ...pairs.at(-1)!, delta: -(now.at(-1)! + 1) };
    await expect(setStockLevels(t.db, changes, context)).rejects.toMatchObject({
      statusCode: 422,
      code: CatalogueErrorCode.stockWouldBeNegative,
    });
    await expect(setStockLevels(t.db, [{ ...pairs[0]!, quantity: -1 }], context)).rejects.toMatchObject({
      statusCode: 422,
    });
    expect(await levels(pairs)).toEqual(now);
    expect(await movementCount()).toBe(movements);
  });

  it('refuses fractional levels with 400, unknown SKUs and cities with 404', async () => {
    const [p] = many();
    await expect(setStockLevels(t.db, [{ ...p!, quantity: 1.5 }], context)).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      setStockLevels(t.db, [{ skuId: 987_654, cityId: p!.cityId, quantity: 1 }], context),
    ).rejects.toMatchObject({ statusCode: 404, code: CatalogueErrorCode.skuNotFound });
    await expect(
      setStockLevels(t.db, [{ skuId: p!.skuId, cityId: 987_654, quantity: 1 }], context),
    ).rejects.toMatchObject({ statusCode: 404, code: CatalogueErrorCode.cityNotFound });
  });

  it('takes the changes of a pair named twice in order, a movement each', async () => {
    const [p] = many();
    const [start] = await levels([p!]);
    const results = await setStockLevels(
      t.db,
      [
        { ...p!, quantity: 10, note: 'первая' },
        { ...p!, delta: -3, note: 'вторая' },
      ],
      context,
    );
    expect(results).toEqual([
      { ...p, before: start, after: 10 },
      { ...p, before: 10, after: 7 },
    ]);
    expect(await levels([p!])).toEqual([7]);
    const notes = await t.db
      .selectFrom('stock_movement')
      .select(['note', 'quantity_before', 'quantity_after'])
      .where('sku_id', '=', p!.skuId)
      .where('city_id', '=', p!.cityId)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(notes.reverse()).toEqual([
      { note: 'первая', quantity_before: start, quantity_after: 10 },
      { note: 'вторая', quantity_before: 10, quantity_after: 7 },
    ]);
  });

  it('loses no update when two batches change the same levels at once', async () => {
    const pairs = many().slice(0, 80);
    const now = await levels(pairs);
    await Promise.all(
      [1, 2].map(() =>
        setStockLevels(
          t.db,
          pairs.map((p) => ({ ...p, delta: 1 })),
          { ...context, reason: 'receipt' },
        ),
      ),
    );
    expect(await levels(pairs)).toEqual(now.map((q) => q + 2));
    await summariesAgree();
  });
});
