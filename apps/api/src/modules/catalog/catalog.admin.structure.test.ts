import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode, StaffErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { ORIGIN, auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { packagingOfSkus } from './catalog.packaging.ts';

// Categories and brands in the back office (issue 27) on a real database (SQLite, or PostgreSQL with DATABASE_URL):
// what staff create, change, order, hide or delete reaches the storefront's catalogue answers at once (no restart:
// the catalogue version, decision 018); every change is audited; refusals change nothing.

let t: TestContext;
let cookie: string;
let warehouseCookie: string;
const base = '/api/admin/catalogue';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  warehouseCookie = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
});
afterAll(async () => {
  await t?.close();
});

type Named = { id: number; name: string; slug: string };
const shop = async <T = Named[]>(url: string, lang?: 'kk') =>
  (await t.app.inject({ url, headers: lang ? { 'accept-language': lang } : {} })).json().data as T;
const womenTree = async (lang?: 'kk') =>
  (await shop<{ categories: Named[] }[]>('/api/catalog/category-tree?gender=0', lang))[0]!.categories;

const category = {
  name: 'Женские платья',
  nameKk: 'Әйелдер көйлектері',
  slug: 'zhenskie-platya',
  gender: 0,
  kind: 3,
  hidden: false,
};

describe('categories', () => {
  it('creates a category the public catalogue lists at once, in Russian and Kazakh', async () => {
    const before = await shop('/api/catalog/categories?gender=0'); // cached until the catalogue changes
    const created = await staffCall(t.app, cookie, 'POST', `${base}/categories`, category);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      ...category,
      position: before.length + 1,
      productCount: 0,
      bannerSlots: ['category-women', 'category-women-mobile'],
    });
    expect(await shop('/api/catalog/categories?gender=0')).toContainEqual(
      expect.objectContaining({ id, name: 'Женские платья', slug: 'zhenskie-platya' }),
    );
    expect((await womenTree('kk')).find((c) => c.id === id)?.name).toBe('Әйелдер көйлектері');
    expect(await auditOf(t.db, 'catalogue.category_created')).toContainEqual(
      expect.objectContaining({ entity_id: String(id), before: null }),
    );
  });

  it('moves, hides and shows a category; the storefront follows each change', async () => {
    const list = (await staffCall(t.app, cookie, 'GET', `${base}/categories`)).body.data.items as Named[];
    const mine = list.find((c) => c.slug === 'zhenskie-platya')!;
    const moved = await staffCall(t.app, cookie, 'POST', `${base}/categories/${mine.id}/move`, {
      direction: 'up',
    });
    const women = moved.body.data.items.filter((c: { gender: number }) => c.gender === 0);
    expect(women.at(-2).id).toBe(mine.id);
    expect((await womenTree()).map((c) => c.id)).toEqual(women.map((c: Named) => c.id));

    const hidden = await staffCall(t.app, cookie, 'POST', `${base}/categories/${mine.id}/visibility`, {
      visible: false,
    });
    expect(hidden.body.data.hidden).toBe(true);
    expect((await shop('/api/catalog/categories')).some((c) => c.id === mine.id)).toBe(false);
    expect((await womenTree()).some((c) => c.id === mine.id)).toBe(false);
    await staffCall(t.app, cookie, 'POST', `${base}/categories/${mine.id}/visibility`, { visible: true });
    expect((await shop('/api/catalog/categories')).some((c) => c.id === mine.id)).toBe(true);
    expect((await auditOf(t.db, 'catalogue.category_moved')).length).toBe(1);
  });

  it('changing a category’s kind moves its products with it; its new name finds them', async () => {
    const r = await staffCall(t.app, cookie, 'PUT', `${base}/categories/2`, {
      name: 'Женские брюки и леггинсы',
      nameKk: '',
      slug: 'zhenskie-bryuki',
      gender: 0,
      kind: 3,
      hidden: false,
    });
    expect(r.body.data).toMatchObject({ kind: 3, name: 'Женские брюки и леггинсы' });
    // Found by the category's new word at once (the search terms were rebuilt in the same transaction).
    const found = await shop<{ items: { id: number }[]; total: number }>('/api/catalog/products?q=леггинсы');
    expect(found.total).toBeGreaterThan(0);
    const kinds = await t.db
      .selectFrom('product')
      .select('kind')
      .distinct()
      .where('category_id', '=', 2)
      .execute();
    expect(kinds).toEqual([{ kind: 3 }]);
  });

  it('keeps a category’s packaging for carrier delivery: set, left as it is when absent, cleared (issue 34)', async () => {
    const put = (extra: Record<string, unknown>) =>
      staffCall(t.app, cookie, 'PUT', `${base}/categories/3`, { ...category3, ...extra });
    const current = (await staffCall(t.app, cookie, 'GET', `${base}/categories`)).body.data.items.find(
      (c: { id: number }) => c.id === 3,
    );
    const category3 = {
      name: current.name,
      nameKk: current.nameKk,
      slug: current.slug,
      gender: current.gender,
      kind: current.kind,
      hidden: current.hidden,
    };
    expect(current.packaging).toEqual({ weightG: null, lengthCm: null, widthCm: null, heightCm: null });
    // As the back office's form sends it: strings, one left empty.
    const set = await put({
      packageWeightG: '1200',
      packageLengthCm: '40',
      packageWidthCm: '30',
      packageHeightCm: '',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.packaging).toEqual({ weightG: 1200, lengthCm: 40, widthCm: 30, heightCm: null });
    const sku = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select('sku.id')
      .where('product.category_id', '=', 3)
      .executeTakeFirstOrThrow();
    expect((await packagingOfSkus(t.db, [sku.id]))[0]!.category).toEqual({
      weightG: 1200,
      lengthCm: 40,
      widthCm: 30,
      heightCm: null,
    });
    expect((await put({})).body.data.packaging.weightG).toBe(1200);
    for (const [field, value] of [
      ['packageWeightG', '0'],
      ['packageLengthCm', '12.5'],
      ['packageHeightCm', 'высокий'],
      ['packageWidthCm', '301'],
    ] as const) {
      const bad = await put({ [field]: value });
      expect(bad.status, field).toBe(400);
      expect(Object.keys(bad.body.errors ?? {}), field).toContain(field);
    }
    const cleared = await put({ packageWeightG: null, packageLengthCm: '', packageWidthCm: '' });
    expect(cleared.body.data.packaging).toEqual({
      weightG: null,
      lengthCm: null,
      widthCm: null,
      heightCm: null,
    });
  });

  it('refuses bad fields (400), a taken address (409) and deleting a used category (409 naming why)', async () => {
    const bad = await staffCall(t.app, cookie, 'POST', `${base}/categories`, {
      ...category,
      name: '',
      slug: 'Платья',
      gender: 2,
      kind: 9,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['gender', 'kind', 'name', 'slug']);
    const taken = await staffCall(t.app, cookie, 'POST', `${base}/categories`, {
      ...category,
      slug: 'zhenskie-dzhinsy',
    });
    expect(taken).toMatchObject({ status: 409, body: { code: CatalogueErrorCode.slugTaken } });
    expect(taken.body.errors.slug).toEqual(['Такой адрес уже у другой категории']);

    const used = await staffCall(t.app, cookie, 'DELETE', `${base}/categories/1`);
    expect(used.status).toBe(409);
    expect(used.body.code).toBe(CatalogueErrorCode.inUse);
    expect(used.body.message).toMatch(/^Категорию «Женские джинсы» нельзя удалить: в ней \d+ товар/);
    expect(used.body.message).toContain('баннер');
    expect((await shop('/api/catalog/categories')).some((c) => c.id === 1)).toBe(true);
  });

  it('deletes an unused category; it leaves the storefront at once', async () => {
    const list = (await staffCall(t.app, cookie, 'GET', `${base}/categories`)).body.data.items as Named[];
    const mine = list.find((c) => c.slug === 'zhenskie-platya')!;
    const r = await staffCall(t.app, cookie, 'DELETE', `${base}/categories/${mine.id}`);
    expect(r).toMatchObject({ status: 200, body: { data: { ok: true } } });
    expect((await shop('/api/catalog/categories')).some((c) => c.id === mine.id)).toBe(false);
    expect(await auditOf(t.db, 'catalogue.category_deleted')).toContainEqual(
      expect.objectContaining({ entity_id: String(mine.id), after: null }),
    );
    expect((await staffCall(t.app, cookie, 'DELETE', `${base}/categories/${mine.id}`)).status).toBe(404);
  });
});

const brand = {
  name: 'Steppe Wool',
  slug: 'steppe-wool',
  country: 'Казахстан',
  countryKk: 'Қазақстан',
  description: 'Шерсть казахских овец. Вяжем в Караганде.',
  descriptionKk: 'Қазақ қойларының жүні. Қарағандыда тоқимыз.',
  hidden: false,
};
type ShopBrand = { id: number; name: string; country: string; description: string };

describe('brands', () => {
  it('creates a brand the brands page shows at once (Kazakh texts too), hides it, uploads its logo', async () => {
    await shop('/api/catalog/brands'); // cached until the catalogue changes
    const created = await staffCall(t.app, cookie, 'POST', `${base}/brands`, brand);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ ...brand, productCount: 0, logo: null });
    expect(await shop<ShopBrand[]>('/api/catalog/brands')).toContainEqual(
      expect.objectContaining({ id, name: 'Steppe Wool', country: 'Казахстан' }),
    );
    expect((await shop<ShopBrand[]>('/api/catalog/brands', 'kk')).find((b) => b.id === id)).toMatchObject({
      country: 'Қазақстан',
      description: 'Қазақ қойларының жүні. Қарағандыда тоқимыз.',
    });

    await staffCall(t.app, cookie, 'POST', `${base}/brands/${id}/visibility`, { visible: false });
    expect((await shop<ShopBrand[]>('/api/catalog/brands')).some((b) => b.id === id)).toBe(false);

    const upload = async (width: number, height: number) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/brands/${id}/logo`,
        payload: await sharp({ create: { width, height, channels: 3, background: '#1f2a44' } })
          .png()
          .toBuffer(),
        headers: { origin: ORIGIN, 'content-type': 'image/png' },
        cookies: { kiim_staff: cookie },
      });
    expect((await upload(60, 20)).statusCode).toBe(422);
    const withLogo = await upload(400, 160);
    expect(withLogo.json().data.logo).toEqual({
      src: `/media/brands/${id}-1/240.webp`,
      width: 400,
      height: 160,
    });
    const picture = await t.app.inject(`/media/brands/${id}-1/480.webp`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await auditOf(t.db, 'catalogue.brand_logo')).map((e) => e.entity_id)).toEqual([String(id)]);
    expect((await auditOf(t.db, 'catalogue.brand_updated')).map((e) => e.entity_id)).toEqual([String(id)]);
  });

  it('refuses bad fields, a taken address and deleting a brand with products; deletes an unused one', async () => {
    const bad = await staffCall(t.app, cookie, 'POST', `${base}/brands`, { ...brand, name: '', country: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['country', 'name']);
    const taken = await staffCall(t.app, cookie, 'POST', `${base}/brands`, brand);
    expect(taken).toMatchObject({ status: 409, body: { code: CatalogueErrorCode.slugTaken } });

    const used = await staffCall(t.app, cookie, 'DELETE', `${base}/brands/1`);
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(/^Бренд «.+» нельзя удалить: у него \d+ товар/);
    expect(used.body.details.products).toBeGreaterThan(0);

    const mine = (await staffCall(t.app, cookie, 'GET', `${base}/brands`)).body.data.items.find(
      (b: { slug: string }) => b.slug === 'steppe-wool',
    );
    expect((await staffCall(t.app, cookie, 'DELETE', `${base}/brands/${mine.id}`)).status).toBe(200);
    expect(await auditOf(t.db, 'catalogue.brand_deleted')).toContainEqual(
      expect.objectContaining({ entity_id: String(mine.id), after: null }),
    );
    expect((await staffCall(t.app, cookie, 'GET', `${base}/brands`)).body.data.items).not.toContainEqual(
      expect.objectContaining({ id: mine.id }),
    );
  });

  it('needs catalogue.edit for category and brand routes', async () => {
    const calls = [
      ['GET', `${base}/categories`, undefined],
      ['POST', `${base}/categories`, category],
      ['DELETE', `${base}/categories/1`, undefined],
      ['GET', `${base}/brands`, undefined],
      ['PUT', `${base}/brands/1`, brand],
      ['DELETE', `${base}/brands/1`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const r = await staffCall(t.app, warehouseCookie, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body.code).toBe(StaffErrorCode.permissionDenied);
    }
  });
});
