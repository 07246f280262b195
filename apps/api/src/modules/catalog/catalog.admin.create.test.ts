import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Issue 27 §5–§7 on a real database (SQLite, or PostgreSQL with DATABASE_URL): a product made in the back office
// alone — prices as the shop writes them, the slug proposed from the Russian name, SKU codes made by the shop, the
// first stock in the same save — and stock changes that do what their reason says, several lines in one
// all-or-nothing request.

let t: TestContext;
let cookie: string;
let almaty: number;
let astana: number;
let category: number;
let brandId: number;
const base = '/api/admin/catalogue';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  const city = async (name: string) =>
    (await t.db.selectFrom('city').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  almaty = await city('Алматы');
  astana = await city('Астана');
  category = (await t.db.selectFrom('category').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  brandId = (await t.db.selectFrom('brand').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Платье льняное миди',
  slug: '',
  categoryId: category,
  brandId,
  colourName: 'Оливковый',
  colourHex: '#6B7A3A',
  price: '24 990 ₸',
  originalPrice: '29\u202f990\u202f₸',
  skus: [
    { size: 'S', externalId: '', stock: [{ cityId: almaty, quantity: 3 }] },
    {
      size: 'M',
      externalId: '',
      stock: [
        { cityId: almaty, quantity: 2 },
        { cityId: astana, quantity: 1 },
      ],
    },
    { size: '42/44', externalId: 'LINEN-42' },
  ],
  ...over,
});

const stockRow = async (skuId: number, cityId: number) =>
  (
    await t.db
      .selectFrom('stock')
      .select('quantity')
      .where('sku_id', '=', skuId)
      .where('city_id', '=', cityId)
      .executeTakeFirst()
  )?.quantity;

const movements = (skuIds: number[]) =>
  t.db
    .selectFrom('stock_movement')
    .select(['sku_id', 'city_id', 'quantity_before', 'quantity_after', 'reason'])
    .where('sku_id', 'in', skuIds)
    .orderBy('id')
    .execute();

let product: { id: number; slug: string; skus: { id: number; size: string; externalId: string }[] };

describe('a new product without 1C (issue 27 §7)', () => {
  it('stores `24 990 ₸` as 24990, proposes the slug, makes the SKU codes and writes the first stock', async () => {
    const r = await staffCall(t.app, cookie, 'POST', `${base}/products`, form());
    expect(r.status).toBe(200);
    product = r.body.data;
    expect(product).toMatchObject({ slug: 'plate-lnyanoe-midi', price: 24_990, originalPrice: 29_990 });
    expect(product.skus.map((s) => s.externalId)).toEqual([
      `KIIM-${product.id}-S`,
      `KIIM-${product.id}-M`,
      'LINEN-42',
    ]);
    const row = await t.db
      .selectFrom('product')
      .select(['price', 'original_price', 'slug'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.price), Number(row.original_price), row.slug]).toEqual([
      24_990,
      29_990,
      'plate-lnyanoe-midi',
    ]);
    const [s, m, big] = product.skus;
    expect([
      await stockRow(s!.id, almaty),
      await stockRow(m!.id, almaty),
      await stockRow(m!.id, astana),
    ]).toEqual([3, 2, 1]);
    expect(await stockRow(big!.id, almaty)).toBeUndefined();
    expect(await movements([s!.id, m!.id])).toEqual([
      { sku_id: s!.id, city_id: almaty, quantity_before: 0, quantity_after: 3, reason: 'receipt' },
      { sku_id: m!.id, city_id: almaty, quantity_before: 0, quantity_after: 2, reason: 'receipt' },
      { sku_id: m!.id, city_id: astana, quantity_before: 0, quantity_after: 1, reason: 'receipt' },
    ]);
  });

  it('gives a second product of the same name the next free slug; a typed slug still must be free', async () => {
    const second = await staffCall(
      t.app,
      cookie,
      'POST',
      `${base}/products`,
      form({ skus: [{ size: 'S' }] }),
    );
    expect(second.body.data).toMatchObject({ slug: 'plate-lnyanoe-midi-2' });
    expect(second.body.data.skus[0].externalId).toBe(`KIIM-${second.body.data.id}-S`);
    const taken = await staffCall(
      t.app,
      cookie,
      'POST',
      `${base}/products`,
      form({ slug: 'plate-lnyanoe-midi', skus: [{ size: 'S' }] }),
    );
    expect(taken).toMatchObject({ status: 409, body: { code: CatalogueErrorCode.slugTaken } });
  });

  it('refuses tiyn, a bad price and stock on an existing product, changing nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('product')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const tiyn = await staffCall(t.app, cookie, 'POST', `${base}/products`, form({ price: '24 990,50' }));
    expect(tiyn).toMatchObject({
      status: 400,
      body: { errors: { price: ['Цена: только целые тенге, без тиынов — например 24 990'] } },
    });
    const unknownCity = await staffCall(
      t.app,
      cookie,
      'POST',
      `${base}/products`,
      form({ skus: [{ size: 'S', stock: [{ cityId: 987_654, quantity: 1 }] }] }),
    );
    expect(unknownCity.status).toBe(404);
    expect(await count()).toBe(before);
    const update = await staffCall(t.app, cookie, 'PUT', `${base}/products/${product.id}`, {
      ...form({ slug: product.slug }),
      skus: product.skus.map((s) => ({
        id: s.id,
        size: s.size,
        externalId: s.externalId,
        stock: [{ cityId: almaty, quantity: 9 }],
      })),
    });
    expect(update).toMatchObject({ status: 400, body: { errors: { 'skus.0.stock': [expect.any(String)] } } });
    expect(await stockRow(product.skus[0]!.id, almaty)).toBe(3);
  });

  it('makes a code for a size added later with an empty code', async () => {
    const r = await staffCall(t.app, cookie, 'PUT', `${base}/products/${product.id}`, {
      ...form({ slug: product.slug }),
      skus: [
        ...product.skus.map((s) => ({ id: s.id, size: s.size, externalId: s.externalId })),
        { size: 'L' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.skus.map((s: { externalId: string }) => s.externalId)).toEqual([
      `KIIM-${product.id}-S`,
      `KIIM-${product.id}-M`,
      'LINEN-42',
      `KIIM-${product.id}-L`,
    ]);
  });
});

describe('stock changes that do what their reason says (issue 27 §6)', () => {
  const change = (body: unknown) => staffCall(t.app, cookie, 'POST', `${base}/stock/changes`, body);

  it('adds a receipt, sets a stocktake, takes damage away — several sizes and cities in one request', async () => {
    const [s, m] = product.skus;
    const receipt = await change({
      reason: 'receipt',
      note: 'Поставка №7',
      lines: [
        { skuId: s!.id, cityId: almaty, quantity: '5' },
        { skuId: m!.id, cityId: astana, quantity: 4 },
      ],
    });
    expect(receipt.body.data.items).toEqual([
      { skuId: s!.id, cityId: almaty, before: 3, after: 8 },
      { skuId: m!.id, cityId: astana, before: 1, after: 5 },
    ]);
    const count = await change({
      reason: 'stocktake',
      lines: [
        { skuId: s!.id, cityId: almaty, quantity: 6 },
        { skuId: m!.id, cityId: almaty, quantity: 2 },
      ],
    });
    expect(count.body.data.items.map((i: { after: number }) => i.after)).toEqual([6, 2]);
    const single = await staffCall(t.app, cookie, 'PUT', `${base}/stock/${s!.id}/${almaty}`, {
      quantity: 2,
      reason: 'receipt',
    });
    expect(single.body.data).toMatchObject({ before: 6, after: 8 });
    const damage = await change({ reason: 'damage', lines: [{ skuId: s!.id, cityId: almaty, quantity: 1 }] });
    expect(damage.body.data.items[0]).toMatchObject({ before: 8, after: 7 });
    // The unchanged stocktake line (2 → 2) writes no movement.
    const reasons = (await movements([s!.id, m!.id])).slice(3).map((r) => [r.reason, r.quantity_after]);
    expect(reasons).toEqual([
      ['receipt', 8],
      ['receipt', 5],
      ['stocktake', 6],
      ['receipt', 8],
      ['damage', 7],
    ]);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'stock.level_set')
      .where('entity_id', 'in', [String(s!.id), String(m!.id)])
      .execute();
    expect(audited).toHaveLength(3 + 5);
  });

  it('refuses the whole request when one line would go below zero, naming the size and the city', async () => {
    const [s, m] = product.skus;
    const r = await change({
      reason: 'damage',
      lines: [
        { skuId: s!.id, cityId: almaty, quantity: 1 },
        { skuId: m!.id, cityId: astana, quantity: 9 },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe(CatalogueErrorCode.stockWouldBeNegative);
    expect(r.body.message).toContain(`размер M (KIIM-${product.id}-M), Астана`);
    expect(r.body.errors).toEqual({ 'lines.1.quantity': [r.body.message] });
    expect([await stockRow(s!.id, almaty), await stockRow(m!.id, astana)]).toEqual([7, 5]);
    const twice = await change({
      reason: 'receipt',
      lines: [
        { skuId: s!.id, cityId: almaty, quantity: 1 },
        { skuId: s!.id, cityId: almaty, quantity: 1 },
      ],
    });
    expect(twice).toMatchObject({
      status: 400,
      body: { errors: { 'lines.1.quantity': [expect.any(String)] } },
    });
    expect((await change({ reason: 'receipt', lines: [] })).status).toBe(400);
    expect(
      (await change({ reason: 'import', lines: [{ skuId: s!.id, cityId: almaty, quantity: 1 }] })).status,
    ).toBe(400);
    expect(
      (await change({ reason: 'receipt', lines: [{ skuId: s!.id, cityId: 987_654, quantity: 1 }] })).status,
    ).toBe(404);
    expect(await stockRow(s!.id, almaty)).toBe(7);
  });
});
