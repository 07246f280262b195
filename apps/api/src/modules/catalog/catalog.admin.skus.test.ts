import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { packagingOfSkus } from './catalog.packaging.ts';

// A size's own packaging in the back office's product form (issue 34 item 5, decision 070): weight in grams and
// package size in whole cm, stored on the SKU and read by the shipping module's parcel, kept when the form leaves
// the fields out, cleared by an empty field (then the category's, then the kind's default), refused out of bounds
// with nothing changed, and audited with the product.

let t: TestContext;
let cookie: string;
const base = '/api/admin/catalogue';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
});
afterAll(async () => {
  await t?.close();
});

const form = async (skus: Record<string, unknown>[], slug = '') => ({
  name: 'Пуховик длинный',
  slug,
  categoryId: (await t.db.selectFrom('category').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  brandId: (await t.db.selectFrom('brand').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  colourName: 'Чёрный',
  colourHex: '#111111',
  price: '59 990',
  skus,
});

type Sku = { id: number; size: string; packaging: Record<string, number | null> };

describe('a size’s own packaging in the product form', () => {
  let product: { id: number; slug: string; skus: Sku[] };
  const put = async (skus: Record<string, unknown>[]) =>
    staffCall(t.app, cookie, 'PUT', `${base}/products/${product.id}`, await form(skus, product.slug));

  it('stores grams and centimetres per size and answers them with the form’s data', async () => {
    const r = await staffCall(
      t.app,
      cookie,
      'POST',
      `${base}/products`,
      await form([
        {
          size: 'S',
          packageWeightG: '1200',
          packageLengthCm: 45,
          packageWidthCm: '35',
          packageHeightCm: '12',
        },
        { size: 'M' },
      ]),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    product = r.body.data;
    expect(product.skus.map((s) => s.packaging)).toEqual([
      { weightG: 1200, lengthCm: 45, widthCm: 35, heightCm: 12 },
      { weightG: null, lengthCm: null, widthCm: null, heightCm: null },
    ]);
    const [s] = await packagingOfSkus(t.db, [product.skus[0]!.id]);
    expect(s!.sku).toEqual({ weightG: 1200, lengthCm: 45, widthCm: 35, heightCm: 12 });
  });

  it('keeps the packaging when the form leaves the fields out and clears a field sent empty; audited', async () => {
    const [s, m] = product.skus;
    const kept = await put([
      { id: s!.id, size: 'S' },
      { id: m!.id, size: 'M', packageWeightG: 1300 },
    ]);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.skus.map((k: Sku) => k.packaging.weightG)).toEqual([1200, 1300]);
    const cleared = await put([
      { id: s!.id, size: 'S', packageWeightG: '', packageHeightCm: null },
      { id: m!.id, size: 'M' },
    ]);
    expect(cleared.body.data.skus[0].packaging).toEqual({
      weightG: null,
      lengthCm: 45,
      widthCm: 35,
      heightCm: null,
    });
    const entries = await auditOf(t.db, 'catalogue.product_updated');
    const last = entries.at(-1)!;
    expect(last.before.skus[0].packaging.weightG).toBe(1200);
    expect(last.after.skus[0].packaging.weightG).toBeNull();
  });

  it('refuses a weight or size out of bounds or not whole, changing nothing', async () => {
    const [s, m] = product.skus;
    const before = await packagingOfSkus(t.db, [s!.id, m!.id]);
    for (const [field, value] of [
      ['packageWeightG', '0'],
      ['packageWeightG', '50001'],
      ['packageLengthCm', '12.5'],
      ['packageWidthCm', '301'],
      ['packageHeightCm', 'высокий'],
    ] as const) {
      const r = await put([
        { id: s!.id, size: 'S', [field]: value },
        { id: m!.id, size: 'M' },
      ]);
      expect(r.status, `${field}=${value}`).toBe(400);
      expect(Object.keys(r.body.errors)).toEqual([`skus.0.${field}`]);
    }
    expect(await packagingOfSkus(t.db, [s!.id, m!.id])).toEqual(before);
  });
});
