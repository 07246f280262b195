import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// A size's own price in the back office's product form (issue 28 item 4, docs/decisions/032): given as the shop
// writes money, read back in the form's data, kept when the form leaves the field out (a form that does not know
// it never clears a price 1C sent), cleared by an empty field, refused below the price before a discount; the
// storefront sells each size at its price.

let t: TestContext;
let cookie: string;
let city: number;
const base = '/api/admin/catalogue';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  city = (await t.db.selectFrom('city').select('id').where('name', '=', 'Алматы').executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => {
  await t?.close();
});

const form = async (skus: Record<string, unknown>[], slug = '') => ({
  name: 'Юбка плиссе',
  slug,
  categoryId: (await t.db.selectFrom('category').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  brandId: (await t.db.selectFrom('brand').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  colourName: 'Бордовый',
  colourHex: '#7B1E2B',
  price: '24 990 ₸',
  skus,
});

type Sku = {
  id: number;
  size: string;
  externalId: string;
  price: number | null;
  originalPrice: number | null;
};

describe('a size’s own price in the product form', () => {
  let product: { id: number; slug: string; skus: Sku[] };
  const prices = (skus: Sku[]) => skus.map((s) => [s.size, s.price, s.originalPrice]);
  const put = async (skus: Record<string, unknown>[]) =>
    staffCall(t.app, cookie, 'PUT', `${base}/products/${product.id}`, await form(skus, product.slug));

  it('stores a size’s price as the shop writes money and answers it with the form’s data', async () => {
    const r = await staffCall(
      t.app,
      cookie,
      'POST',
      `${base}/products`,
      await form([
        { size: 'S' },
        { size: 'M', price: '26 990 ₸', originalPrice: '' },
        { size: 'L', price: 27990, originalPrice: '31 990' },
      ]),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    product = r.body.data;
    expect(prices(product.skus)).toEqual([
      ['S', null, null],
      ['M', 26990, 26990],
      ['L', 27990, 31990],
    ]);
  });

  it('keeps a price the form leaves out, clears an empty one, refuses a price before a discount below it', async () => {
    const [s, m, l] = product.skus;
    const kept = await put([
      { id: s!.id, size: 'S', externalId: s!.externalId },
      { id: m!.id, size: 'M', externalId: m!.externalId, price: '' },
      { id: l!.id, size: 'L', externalId: l!.externalId },
    ]);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(prices(kept.body.data.skus)).toEqual([
      ['S', null, null],
      ['M', null, null],
      ['L', 27990, 31990],
    ]);
    const before = await t.db.selectFrom('sku').selectAll().where('product_id', '=', product.id).execute();
    const below = await put([
      { id: s!.id, size: 'S', externalId: s!.externalId, price: '19 990', originalPrice: '18 990' },
      { id: m!.id, size: 'M', externalId: m!.externalId, originalPrice: '30 000' },
      { id: l!.id, size: 'L', externalId: l!.externalId, price: '0' },
    ]);
    expect(below.status).toBe(400);
    expect(Object.keys(below.body.errors ?? {}).sort()).toEqual([
      'skus.0.originalPrice',
      'skus.1.originalPrice',
      'skus.2.price',
    ]);
    expect(await t.db.selectFrom('sku').selectAll().where('product_id', '=', product.id).execute()).toEqual(
      before,
    );
  });

  it('sells each size at its own price on the storefront', async () => {
    const publish = { published: true };
    const shown = await staffCall(t.app, cookie, 'POST', `${base}/products/${product.id}/publish`, publish);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/catalog/product/${product.slug}?cityId=${city}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ price: 24990, originalPrice: 24990, maxPrice: 27990 });
    expect(
      page.skus.map((k: { size: string; price: number; originalPrice: number }) => [
        k.size,
        k.price,
        k.originalPrice,
      ]),
    ).toEqual([
      ['S', 24990, 24990],
      ['M', 24990, 24990],
      ['L', 27990, 31990],
    ]);
  });
});
