import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode, StockState } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { ORIGIN, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// The back office's catalogue API on a real database (SQLite, or PostgreSQL with DATABASE_URL): a catalogue member
// makes a product with two sizes and a picture, sets its stock in Алматы with a reason, publishes it, and the shop
// shows it at once; refusals change nothing; every change is in the audit log and the stock movement history.

let t: TestContext;
let cookie: string;
let warehouse: string;
let almaty: number;
let category: { id: number; gender: number; slug: string };
let brandId: number;
const base = '/api/admin/catalogue';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  warehouse = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
  almaty = (await t.db.selectFrom('city').select('id').where('name', '=', 'Алматы').executeTakeFirstOrThrow())
    .id;
  category = await t.db
    .selectFrom('category')
    .select(['id', 'gender', 'slug'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  brandId = (await t.db.selectFrom('brand').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Платье миди из льна',
  slug: 'plate-midi-iz-lna',
  description: 'Лёгкое платье на лето.',
  categoryId: category.id,
  brandId,
  colourName: 'Оливковый',
  colourHex: '#6B7A3A',
  composition: 'Лён 100%',
  care: 'Стирка при 30 °C',
  price: 24_990,
  originalPrice: 29_990,
  skus: [
    { size: 'S', externalId: 'LINEN-DRESS-S' },
    { size: 'M', externalId: 'LINEN-DRESS-M' },
  ],
  ...over,
});

/** A picture of `width` × `height` px in `format`. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 140, b: 90 } } })
    .toFormat(format)
    .toBuffer();

const upload = (productId: number, body: Buffer, type: string) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/products/${productId}/images`,
    payload: body,
    headers: { origin: ORIGIN, 'content-type': type },
    cookies: { kiim_staff: cookie },
  });

const auditActions = async (entityId: string) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', entityId)
      .orderBy('created_at')
      .execute()
  ).map((r) => r.action);

describe('a product from the back office to the shop', () => {
  let id: number;

  it('creates a product unpublished with two sizes, its gender from the category', async () => {
    const r = await staffCall(t.app, cookie, 'POST', `${base}/products`, form());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id = r.body.data.id;
    expect(r.body.data).toMatchObject({
      name: 'Платье миди из льна',
      colourHex: '#6b7a3a',
      gender: category.gender,
      price: 24_990,
      originalPrice: 29_990,
      published: false,
      skus: [
        { size: 'S', externalId: 'LINEN-DRESS-S', stock: {} },
        { size: 'M', externalId: 'LINEN-DRESS-M', stock: {} },
      ],
      images: [],
    });
    expect((await t.app.inject(`/api/catalog/product/plate-midi-iz-lna`)).statusCode).toBe(404);
    expect(await auditActions(String(id))).toEqual(['catalogue.product_created']);
  });

  it('refuses a taken slug or externalId, bad prices and an unknown category, changing nothing', async () => {
    const slug = await staffCall(t.app, cookie, 'POST', `${base}/products`, form());
    expect(slug).toMatchObject({ status: 409, body: { code: CatalogueErrorCode.slugTaken } });
    const sku = await staffCall(t.app, cookie, 'POST', `${base}/products`, form({ slug: 'drugoe-plate' }));
    expect(sku.status).toBe(409);
    expect(sku.body.errors).toEqual({
      'skus.0.externalId': ['Этот код уже у другого размера'],
      'skus.1.externalId': ['Этот код уже у другого размера'],
    });
    const bad = await staffCall(
      t.app,
      cookie,
      'POST',
      `${base}/products`,
      form({ slug: 'x', price: 100, originalPrice: 50, skus: [] }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['originalPrice', 'skus', 'slug']);
    const cat = await staffCall(
      t.app,
      cookie,
      'POST',
      `${base}/products`,
      form({ slug: 'tretie-plate', categoryId: 99_999, skus: [{ size: 'S', externalId: 'NEW-1' }] }),
    );
    expect(cat).toMatchObject({ status: 400, body: { errors: { categoryId: ['Такой категории нет'] } } });
    expect(
      await t.db.selectFrom('sku').select('id').where('external_id', '=', 'NEW-1').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('uploads pictures: checks type, size and dimensions, renders every width, moves and removes them', async () => {
    const small = await upload(id, await picture(300, 400), 'image/png');
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({
      code: CatalogueErrorCode.imageRejected,
      errors: { file: [expect.stringContaining('слишком маленькая')] },
    });
    const notPicture = await upload(id, Buffer.from('GIF89a…'), 'image/png');
    expect(notPicture.statusCode).toBe(422);
    expect((await upload(id, await picture(800, 1000), 'image/gif')).statusCode).toBe(415);

    const first = await upload(id, await picture(900, 1200, 'jpeg'), 'image/jpeg');
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload(id, await picture(800, 1000), 'image/png');
    const [a, b] = second.json().data.images;
    expect(a).toMatchObject({
      position: 1,
      src: `/media/products/${id}-1/480.webp`,
      width: 480,
      height: 640,
    });
    expect(b.src).toBe(`/media/products/${id}-2/480.webp`);
    for (const w of [240, 360, 480, 720, 960]) {
      expect(
        fs.existsSync(path.join(t.app.config.mediaDir, 'cache', 'products', `${id}-1`, `${w}.webp`)),
      ).toBe(true);
    }
    const served = await t.app.inject(`/media/products/${id}-2/360.webp`);
    expect(served.headers['x-media-cache']).toBe('hit');

    const moved = await staffCall(t.app, cookie, 'POST', `${base}/products/${id}/images/${b.id}/move`, {
      direction: 'up',
    });
    expect(moved.body.data.images.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
    const removed = await staffCall(t.app, cookie, 'DELETE', `${base}/products/${id}/images/${a.id}`);
    expect(removed.body.data.images.map((i: { id: number }) => i.id)).toEqual([b.id]);
    expect((await staffCall(t.app, cookie, 'DELETE', `${base}/products/${id}/images/${a.id}`)).status).toBe(
      404,
    );
    const again = await upload(id, await picture(800, 1000), 'image/png');
    expect(again.json().data.images[1].src).toBe(`/media/products/${id}-3/480.webp`);
  });

  it('sets stock in Алматы with a reason; refuses negative units; keeps the movement history', async () => {
    const product = (await staffCall(t.app, cookie, 'GET', `${base}/products/${id}`)).body.data;
    const [s, m] = product.skus;
    const set = await staffCall(t.app, cookie, 'PUT', `${base}/stock/${s.id}/${almaty}`, {
      quantity: 3,
      reason: 'receipt',
      note: 'Поставка №12',
    });
    expect(set).toMatchObject({ status: 200, body: { data: { before: 0, after: 3 } } });
    const negative = await staffCall(t.app, warehouse, 'PUT', `${base}/stock/${m.id}/${almaty}`, {
      quantity: -1,
      reason: 'stocktake',
    });
    expect(negative).toMatchObject({ status: 400, body: { errors: { quantity: [expect.any(String)] } } });
    const badReason = await staffCall(t.app, warehouse, 'PUT', `${base}/stock/${m.id}/${almaty}`, {
      quantity: 1,
      reason: 'order',
    });
    expect(badReason.status).toBe(400);
    expect(
      (
        await staffCall(t.app, warehouse, 'PUT', `${base}/stock/${m.id}/999999`, {
          quantity: 1,
          reason: 'stocktake',
        })
      ).status,
    ).toBe(404);
    const counted = await staffCall(t.app, warehouse, 'PUT', `${base}/stock/${s.id}/${almaty}`, {
      quantity: 1,
      reason: 'damage',
    });
    expect(counted.body.data).toMatchObject({ before: 3, after: 2 });

    const history = await staffCall(t.app, cookie, 'GET', `${base}/stock/movements?productId=${id}`);
    expect(history.body.data.items).toEqual([
      expect.objectContaining({
        size: 'S',
        cityName: 'Алматы',
        before: 3,
        after: 2,
        reason: 'damage',
        actor: 'Сотрудник warehouse',
        note: null,
      }),
      expect.objectContaining({
        size: 'S',
        before: 0,
        after: 3,
        reason: 'receipt',
        actor: 'Сотрудник catalogue',
        note: 'Поставка №12',
      }),
    ]);
    expect(await auditActions(String(s.id))).toEqual(['stock.level_set', 'stock.level_set']);
    const low = [];
    for (let page = 1, pageCount = 1; page <= pageCount; page++) {
      const r = await staffCall(
        t.app,
        cookie,
        'GET',
        `${base}/stock/low?threshold=2&cityId=${almaty}&page=${page}`,
      );
      low.push(...r.body.data.items);
      pageCount = r.body.data.pageCount;
    }
    expect(low).toContainEqual(
      expect.objectContaining({ skuId: s.id, size: 'S', cityName: 'Алматы', quantity: 2 }),
    );
    expect(low.every((r) => r.quantity <= 2 && r.cityId === almaty)).toBe(true);
    expect((await staffCall(t.app, cookie, 'GET', `${base}/products/${id}`)).body.data.skus[0].stock).toEqual(
      { [almaty]: 2 },
    );
  });

  it('publishes it: the shop shows it at once, «В наличии» in Алматы, in its category', async () => {
    const r = await staffCall(t.app, cookie, 'POST', `${base}/products/${id}/publish`, { published: true });
    expect(r.body.data.published).toBe(true);
    const page = await t.app.inject(`/api/catalog/product/plate-midi-iz-lna?cityId=${almaty}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      name: 'Платье миди из льна',
      price: 24_990,
      stockState: StockState.inStock,
    });
    expect(page.json().data.images).toHaveLength(2);
    const list = await t.app.inject(
      `/api/catalog/products?category=${category.slug}&cityId=${almaty}&inStock=1&sort=new-arrivals&pageSize=120`,
    );
    const card = list.json().data.items.find((c: { slug: string }) => c.slug === 'plate-midi-iz-lna');
    expect(card).toMatchObject({ stockState: StockState.inStock, price: 24_990, originalPrice: 29_990 });

    const edit = await staffCall(
      t.app,
      cookie,
      'PUT',
      `${base}/products/${id}`,
      form({
        price: 19_990,
        originalPrice: null,
        skus: r.body.data.skus
          .map((s: { id: number; size: string; externalId: string }) => ({
            id: s.id,
            size: s.size,
            externalId: s.externalId,
          }))
          .concat([{ size: 'L', externalId: 'LINEN-DRESS-L' }]),
      }),
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data).toMatchObject({ price: 19_990, originalPrice: 19_990 });
    expect(
      (await t.app.inject(`/api/catalog/product/plate-midi-iz-lna?cityId=${almaty}`)).json().data,
    ).toMatchObject({
      price: 19_990,
      skus: [{ size: 'S' }, { size: 'M' }, { size: 'L' }],
    });
    const dropped = await staffCall(
      t.app,
      cookie,
      'PUT',
      `${base}/products/${id}`,
      form({ skus: [{ id: r.body.data.skus[0].id, size: 'S', externalId: 'LINEN-DRESS-S' }] }),
    );
    expect(dropped).toMatchObject({
      status: 400,
      body: { errors: { skus: [expect.stringContaining('нельзя удалить')] } },
    });

    await staffCall(t.app, cookie, 'POST', `${base}/products/${id}/publish`, { published: false });
    expect((await t.app.inject(`/api/catalog/product/plate-midi-iz-lna`)).statusCode).toBe(404);
    expect(await auditActions(String(id))).toEqual(
      expect.arrayContaining([
        'catalogue.product_published',
        'catalogue.product_updated',
        'catalogue.product_unpublished',
        'catalogue.image_added',
        'catalogue.images_reordered',
        'catalogue.image_removed',
      ]),
    );
  });

  it('lists products with search and filters', async () => {
    const q = async (query: string) =>
      (await staffCall(t.app, cookie, 'GET', `${base}/products?${query}`)).body.data.items.map(
        (p: { id: number }) => p.id,
      );
    expect(await q('q=льна')).toContain(id);
    expect((await q('q=LINEN-DRESS-M'))[0]).toBe(id);
    expect((await q('q=plate-midi'))[0]).toBe(id);
    expect(await q(`published=no&categoryId=${category.id}`)).toContain(id);
    expect(await q('published=yes')).not.toContain(id);
    expect(await q(`gender=${1 - category.gender}`)).not.toContain(id);
    expect(await q(`inStock=yes&brandId=${brandId}`)).toContain(id);
    expect((await staffCall(t.app, cookie, 'GET', `${base}/products?gender=5`)).status).toBe(400);
  });

  it('leaves products to the catalogue role: the warehouse may set stock but not edit products', async () => {
    expect(
      (await staffCall(t.app, warehouse, 'POST', `${base}/products`, form({ slug: 'sklad-plate' }))).status,
    ).toBe(403);
    expect((await staffCall(t.app, undefined, 'GET', `${base}/products`)).status).toBe(401);
  });
});
