import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { visibleStockByCity } from './inventory.bulk.repository.ts';

// The bulk stock read of the Kaspi feed (decisions 076, 077) on a real database (SQLite, or PostgreSQL with
// DATABASE_URL): the same units as the stock table for visible cities, the ids bound as one parameter.

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('visibleStockByCity', () => {
  it('gives every SKU its units per visible city, as the stock rows say', async () => {
    const skus = (await t.db.selectFrom('sku').select('id').orderBy('id').limit(600).execute()).map(
      (r) => r.id,
    );
    const rows = await t.db
      .selectFrom('stock')
      .innerJoin('city', 'city.id', 'stock.city_id')
      .select(['stock.sku_id', 'stock.city_id', 'stock.quantity'])
      .where('city.visible_for_customers', '=', 1)
      .execute();
    const expected = new Map<number, Map<number, number>>();
    const wanted = new Set(skus);
    for (const r of rows) {
      if (!wanted.has(r.sku_id)) continue;
      const m = expected.get(r.sku_id) ?? new Map<number, number>();
      m.set(r.city_id, r.quantity);
      expected.set(r.sku_id, m);
    }
    expect(expected.size).toBeGreaterThan(0);
    // Duplicates and an unknown id change nothing.
    const got = await visibleStockByCity(t.db, [...skus, skus[0]!, 999_999_999]);
    expect(got).toEqual(expected);
    expect(await visibleStockByCity(t.db, [])).toEqual(new Map());
  });
});
