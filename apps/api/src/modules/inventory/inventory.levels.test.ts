import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { catalogVersion } from '#app/modules/catalog/catalog.repository.ts';
import { listStockMovements, lowStock, setStockLevel, stockOfSkus } from './inventory.levels.ts';

// setStockLevel on a real database (SQLite, or PostgreSQL with DATABASE_URL): absolute and relative changes, the
// movement row written in the same transaction, never below zero, nothing written when nothing changes.

let t: TestContext;
let sku: number;
let city: number;
const at = new Date('2026-03-10T06:00:00.000Z');
const staff = { type: 'staff' as const, id: 'b9f0d3c6-2a1e-4f55-9a77-5a3f9f0c1d22' };

beforeAll(async () => {
  t = await createTestApp();
  sku = (await t.db.selectFrom('sku').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  city = (await t.db.selectFrom('city').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await t.db.deleteFrom('stock').where('sku_id', '=', sku).execute();
});
afterAll(async () => {
  await t?.close();
});

const units = async () => (await stockOfSkus(t.db, [sku])).find((r) => r.city_id === city)?.quantity;
const movements = async () => (await listStockMovements(t.db, { skuIds: [sku], cityId: city }, 1)).items;

describe('setStockLevel', () => {
  it('sets a level where the SKU had no stock row, and records who, why, before → after', async () => {
    const r = await setStockLevel(t.db, {
      skuId: sku,
      cityId: city,
      quantity: 7,
      reason: 'stocktake',
      actor: staff,
      note: ' полка 3 ',
      at,
    });
    expect(r).toMatchObject({ before: 0, after: 7 });
    expect(r.movementId).toEqual(expect.any(Number));
    expect(await units()).toBe(7);
    expect(await movements()).toEqual([
      {
        id: r.movementId,
        skuId: sku,
        cityId: city,
        before: 0,
        after: 7,
        reason: 'stocktake',
        actor: staff,
        note: 'полка 3',
        at: at.toISOString(),
      },
    ]);
  });

  it('adjusts by a difference and bumps the catalogue version (the storefront sees it at once)', async () => {
    const version = await catalogVersion(t.db);
    const r = await setStockLevel(t.db, {
      skuId: sku,
      cityId: city,
      delta: -2,
      reason: 'damage',
      actor: staff,
      at,
    });
    expect(r).toMatchObject({ before: 7, after: 5 });
    expect(await units()).toBe(5);
    expect(await catalogVersion(t.db)).toBeGreaterThan(version);
    expect((await movements())[0]).toMatchObject({ before: 7, after: 5, reason: 'damage', note: null });
  });

  it('refuses to go below zero with 422 and changes nothing', async () => {
    const before = (await movements()).length;
    await expect(
      setStockLevel(t.db, { skuId: sku, cityId: city, delta: -6, reason: 'damage', actor: staff, at }),
    ).rejects.toMatchObject({ statusCode: 422, code: CatalogueErrorCode.stockWouldBeNegative });
    await expect(
      setStockLevel(t.db, { skuId: sku, cityId: city, quantity: -1, reason: 'stocktake', actor: staff, at }),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await units()).toBe(5);
    expect(await movements()).toHaveLength(before);
  });

  it('refuses fractional or huge levels with 400, unknown SKUs and cities with 404', async () => {
    await expect(
      setStockLevel(t.db, { skuId: sku, cityId: city, quantity: 1.5, reason: 'stocktake', actor: staff, at }),
    ).rejects.toMatchObject({ statusCode: 400, errors: { quantity: [expect.any(String)] } });
    await expect(
      setStockLevel(t.db, {
        skuId: sku,
        cityId: city,
        delta: 2_000_000,
        reason: 'receipt',
        actor: staff,
        at,
      }),
    ).rejects.toMatchObject({ statusCode: 400, errors: { delta: [expect.any(String)] } });
    await expect(
      setStockLevel(t.db, { skuId: 987_654, cityId: city, quantity: 1, reason: 'import', actor: staff, at }),
    ).rejects.toMatchObject({ statusCode: 404, code: CatalogueErrorCode.skuNotFound });
    await expect(
      setStockLevel(t.db, { skuId: sku, cityId: 987_654, quantity: 1, reason: 'import', actor: staff, at }),
    ).rejects.toMatchObject({ statusCode: 404, code: CatalogueErrorCode.cityNotFound });
    expect(await units()).toBe(5);
  });

  it('writes nothing when the level is already right (an import applied twice)', async () => {
    const count = (await movements()).length;
    const integration = { type: 'api_key' as const, id: 'key-1' };
    const r = await setStockLevel(t.db, {
      skuId: sku,
      cityId: city,
      quantity: 5,
      reason: 'import',
      actor: integration,
      at,
    });
    expect(r).toEqual({ skuId: sku, cityId: city, before: 5, after: 5, movementId: null });
    expect(await movements()).toHaveLength(count);
  });

  it('rolls back with the caller’s transaction: the level and its movement go together', async () => {
    const count = (await movements()).length;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await setStockLevel(trx, {
          skuId: sku,
          cityId: city,
          quantity: 40,
          reason: 'receipt',
          actor: staff,
          at,
        });
        throw new Error('the import failed later');
      }),
    ).rejects.toThrow('the import failed later');
    expect(await units()).toBe(5);
    expect(await movements()).toHaveLength(count);
  });

  it('loses no update under concurrent adjustments', async () => {
    await Promise.all(
      Array.from({ length: 8 }, () =>
        setStockLevel(t.db, { skuId: sku, cityId: city, delta: 1, reason: 'return', actor: staff, at }),
      ),
    );
    expect(await units()).toBe(13);
    const chain = (await movements()).filter((m) => m.reason === 'return').map((m) => [m.before, m.after]);
    expect(chain.sort((a, b) => a[0]! - b[0]!)).toEqual(Array.from({ length: 8 }, (_, i) => [5 + i, 6 + i]));
  });
});

describe('lowStock', () => {
  it('lists stock rows at or below the threshold, fewest first, optionally in one city', async () => {
    await setStockLevel(t.db, {
      skuId: sku,
      cityId: city,
      quantity: 0,
      reason: 'stocktake',
      actor: staff,
      at,
    });
    const { rows, total } = await lowStock(t.db, 0, city, 0, 500);
    expect(rows).toContainEqual({ sku_id: sku, city_id: city, quantity: 0 });
    expect(rows.every((r) => r.quantity === 0 && r.city_id === city)).toBe(true);
    expect(total).toBe(rows.length);
    const two = await lowStock(t.db, 2, undefined, 0, 1000);
    expect(two.rows.every((r) => r.quantity <= 2)).toBe(true);
    expect(two.rows.map((r) => r.quantity)).toEqual(
      [...two.rows.map((r) => r.quantity)].sort((a, b) => a - b),
    );
  });
});
