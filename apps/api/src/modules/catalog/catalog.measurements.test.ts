import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Garment measurements by size (issue 35 item 6, decision 066) on a real database (SQLite, or PostgreSQL with
// DATABASE_URL): staff read and save a product's table, refusals change nothing and are field errors, saves are
// audited, and the product page shows the measured sizes at once (the catalogue version, decision 018).

let t: TestContext;
let cookie: string;
let productId: number;
let slug: string;
let sizes: string[];

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  const product = await t.db
    .selectFrom('product')
    .select(['id', 'slug'])
    .where('is_active', '=', 1)
    .where((eb) => eb.exists(eb.selectFrom('sku').select('id').whereRef('sku.product_id', '=', 'product.id')))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  productId = Number(product.id);
  slug = product.slug;
  const skus = await t.db
    .selectFrom('sku')
    .select('size')
    .where('product_id', '=', productId)
    .orderBy('size_order')
    .execute();
  sizes = [...new Set(skus.map((s) => s.size))];
});
afterAll(async () => {
  await t?.close();
});

const url = () => `/api/admin/catalogue/products/${productId}/measurements`;
const page = async () => {
  const res = await t.app.inject({ url: `/api/catalog/product/${slug}` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('product measurements', () => {
  it('lists every size of the product empty at first, and the page has none', async () => {
    const res = await staffCall(t.app, cookie, 'GET', url());
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { size: string }) => i.size)).toEqual(sizes);
    expect(res.body.data.items[0]).toEqual({
      size: sizes[0],
      chest: null,
      waist: null,
      hips: null,
      length: null,
      inseam: null,
    });
    expect((await page()).measurements).toEqual([]);
  });

  it('saves cm with one decimal, audits it, and shows the measured sizes on the product page', async () => {
    const res = await staffCall(t.app, cookie, 'PUT', url(), {
      items: [{ size: sizes[0], chest: 96.5, waist: 80, length: 70.2 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items[0]).toEqual({
      size: sizes[0],
      chest: 96.5,
      waist: 80,
      hips: null,
      length: 70.2,
      inseam: null,
    });
    const audits = (await auditOf(t.db, 'catalogue.product_measurements_updated')).filter(
      (a) => a.entity_id === String(productId),
    );
    expect(audits).toHaveLength(1);
    expect(await page()).toMatchObject({
      measurements: [{ size: sizes[0], chest: 96.5, waist: 80, hips: null, length: 70.2, inseam: null }],
    });
    // The same save again changes nothing and is not audited twice.
    await staffCall(t.app, cookie, 'PUT', url(), {
      items: [{ size: sizes[0], chest: 96.5, waist: 80, length: 70.2 }],
    });
    expect(
      (await auditOf(t.db, 'catalogue.product_measurements_updated')).filter(
        (a) => a.entity_id === String(productId),
      ),
    ).toHaveLength(1);
  });

  it('refuses out-of-range, two-decimal, unknown and repeated sizes with field errors, changing nothing', async () => {
    const before = (await staffCall(t.app, cookie, 'GET', url())).body.data;
    const bad = [
      { items: [{ size: sizes[0], chest: 0.5 }] },
      { items: [{ size: sizes[0], chest: 301 }] },
      { items: [{ size: sizes[0], hips: 90.25 }] },
      { items: [{ size: sizes[0], inseam: '80' }] },
      { items: [{ size: 'XXXXXXL-нет', chest: 90 }] },
      {
        items: [
          { size: sizes[0], chest: 90 },
          { size: sizes[0], chest: 91 },
        ],
      },
      { items: [{ size: sizes[0], chest: 90, sleeve: 60 }] },
    ];
    for (const body of bad) {
      const res = await staffCall(t.app, cookie, 'PUT', url(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await staffCall(t.app, cookie, 'PUT', url(), {
      items: [{ size: 'нет-такого', chest: 90 }],
    });
    expect(unknown.body.errors).toEqual({ 'items.0.size': ['У товара нет такого размера'] });
    const range = await staffCall(t.app, cookie, 'PUT', url(), { items: [{ size: sizes[0], chest: 301 }] });
    expect(Object.keys(range.body.errors)).toEqual(['items.0.chest']);
    expect((await staffCall(t.app, cookie, 'GET', url())).body.data).toEqual(before);
  });

  it('clears a size sent empty, 404s an unknown product and needs catalogue.edit', async () => {
    const cleared = await staffCall(t.app, cookie, 'PUT', url(), {
      items: [{ size: sizes[0], chest: null }],
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.items[0].chest).toBeNull();
    expect((await page()).measurements).toEqual([]);
    const missing = await staffCall(
      t.app,
      cookie,
      'GET',
      '/api/admin/catalogue/products/999999/measurements',
    );
    expect(missing.status).toBe(404);
    const other = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
    expect((await staffCall(t.app, other, 'GET', url())).status).toBe(403);
  });
});
