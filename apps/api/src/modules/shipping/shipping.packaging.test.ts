import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { cityCdekCode, setCityCdekCode } from '#app/modules/catalog/catalog.packaging.ts';
import { DEFAULT_PACKAGING } from './shipping.parcel.ts';
import { parcelForLines } from './shipping.service.ts';

// Packaging data (issue 34 item 5, migration 20261229T080000) on the demo catalogue, SQLite and PostgreSQL: a
// unit's packed size is its SKU's, else its category's, else its kind's default; the lines stack into one parcel;
// a city carries CDEK's code.

let t: TestContext;
let skus: { id: number; categoryId: number; kind: number }[];

beforeAll(async () => {
  t = await createTestApp();
  skus = await t.db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .innerJoin('category', 'category.id', 'product.category_id')
    .select(['sku.id as id', 'category.id as categoryId', 'category.kind as kind'])
    .orderBy('sku.id')
    .limit(400)
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('packaging data', () => {
  it('falls back to the kind default, then uses the category, then the SKU, field by field', async () => {
    const sku = skus[0]!;
    expect(await parcelForLines(t.db, [{ skuId: sku.id, quantity: 1 }])).toEqual(DEFAULT_PACKAGING[sku.kind]);
    await t.db
      .updateTable('category')
      .set({ package_weight_g: 900, package_height_cm: 7 })
      .where('id', '=', sku.categoryId)
      .execute();
    await t.db.updateTable('sku').set({ package_weight_g: 650 }).where('id', '=', sku.id).execute();
    const d = DEFAULT_PACKAGING[sku.kind]!;
    expect(await parcelForLines(t.db, [{ skuId: sku.id, quantity: 2 }])).toEqual({
      weightG: 1300,
      lengthCm: d.lengthCm,
      widthCm: d.widthCm,
      heightCm: 14,
    });
  });

  it('stacks lines of different categories and leaves out unknown SKUs', async () => {
    const a = skus[0]!;
    const b = skus.find((s) => s.categoryId !== a.categoryId)!;
    const one = await parcelForLines(t.db, [{ skuId: a.id, quantity: 1 }]);
    const other = await parcelForLines(t.db, [{ skuId: b.id, quantity: 1 }]);
    const both = await parcelForLines(t.db, [
      { skuId: a.id, quantity: 1 },
      { skuId: b.id, quantity: 1 },
      { skuId: 999_999_999, quantity: 3 },
    ]);
    expect(both).toEqual({
      weightG: one.weightG + other.weightG,
      lengthCm: Math.max(one.lengthCm, other.lengthCm),
      widthCm: Math.max(one.widthCm, other.widthCm),
      heightCm: one.heightCm + other.heightCm,
    });
    await expect(parcelForLines(t.db, [{ skuId: 999_999_999, quantity: 1 }])).rejects.toThrow(/no units/);
  });

  it('refuses a packed size of zero', async () => {
    await expect(
      t.db.updateTable('sku').set({ package_length_cm: 0 }).where('id', '=', skus[0]!.id).execute(),
    ).rejects.toThrow();
  });

  it('keeps CDEK’s code on a city', async () => {
    // A city the demo seed left without a code (it gives the cities the CDEK simulator knows theirs).
    const city = await t.db
      .selectFrom('city')
      .select('id')
      .where('cdek_code', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(await cityCdekCode(t.db, city.id)).toBeNull();
    expect(await setCityCdekCode(t.db, city.id, 4756, new Date().toISOString())).toBe(true);
    expect(await cityCdekCode(t.db, city.id)).toBe(4756);
    expect(await setCityCdekCode(t.db, 999_999, 1, new Date().toISOString())).toBe(false);
  });
});
