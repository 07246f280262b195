import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { catalogVersion } from './catalog.repository.ts';
import { setProductPrices, skuByExternalId } from './catalog.admin.service.ts';

// The catalogue's write rules on a real database (SQLite, or PostgreSQL with DATABASE_URL).

let t: TestContext;
let productId: number;
const at = new Date('2026-03-10T06:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  productId = (await t.db.selectFrom('product').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const pricesOf = async () =>
  t.db
    .selectFrom('product')
    .select(['price', 'original_price'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();

describe('setProductPrices', () => {
  it('sets a discounted price and bumps the catalogue version', async () => {
    const version = await catalogVersion(t.db);
    const r = await setProductPrices(t.db, productId, { price: 15_990, originalPrice: 19_990 }, at);
    expect(r).toMatchObject({ productId, after: { price: 15_990, originalPrice: 19_990 }, changed: true });
    expect(await pricesOf()).toEqual({ price: 15_990, original_price: 19_990 });
    expect(await catalogVersion(t.db)).toBeGreaterThan(version);
  });

  it('without an original price the product is not discounted; the same prices again change nothing', async () => {
    const r = await setProductPrices(t.db, productId, { price: 12_000 }, at);
    expect(r.before).toEqual({ price: 15_990, originalPrice: 19_990 });
    expect(await pricesOf()).toEqual({ price: 12_000, original_price: 12_000 });
    const version = await catalogVersion(t.db);
    expect(
      await setProductPrices(t.db, productId, { price: 12_000, originalPrice: 12_000 }, at),
    ).toMatchObject({
      changed: false,
    });
    expect(await catalogVersion(t.db)).toBe(version);
  });

  it('refuses an original price below the price, zero, fractions, and unknown products; nothing changes', async () => {
    await expect(
      setProductPrices(t.db, productId, { price: 5000, originalPrice: 4000 }, at),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: { originalPrice: ['Цена до скидки не может быть меньше цены продажи'] },
    });
    await expect(setProductPrices(t.db, productId, { price: 0 }, at)).rejects.toMatchObject({
      statusCode: 400,
      errors: { price: [expect.any(String)] },
    });
    await expect(setProductPrices(t.db, productId, { price: 99.5 }, at)).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(setProductPrices(t.db, 987_654, { price: 100 }, at)).rejects.toMatchObject({
      statusCode: 404,
      code: CatalogueErrorCode.productNotFound,
    });
    expect(await pricesOf()).toEqual({ price: 12_000, original_price: 12_000 });
  });
});

describe('skuByExternalId', () => {
  it('finds a SKU and its product by the ERP identifier', async () => {
    const sku = await t.db.selectFrom('sku').selectAll().orderBy('id').executeTakeFirstOrThrow();
    expect(await skuByExternalId(t.db, sku.external_id)).toEqual({
      skuId: sku.id,
      productId: sku.product_id,
      size: sku.size,
    });
    expect(await skuByExternalId(t.db, 'no-such-sku')).toBeUndefined();
  });
});
