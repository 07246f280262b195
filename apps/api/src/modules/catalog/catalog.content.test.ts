import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANNER_SLOTS,
  ErrorCode,
  StockState,
  type Banner,
  type BrandDetails,
  type CategoryTreeNode,
  type Product,
  type ProductCard,
  type RelatedProducts,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { masterFile } from '#app/modules/media/media.storage.ts';

// Brands, the category tree, banners, products by ids, product-page sliders and pictures drawn on demand
// (issue 5; spec §2, §9).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date('2026-11-20T10:00:00Z') } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(t.app.config.mediaDir, { recursive: true, force: true });
});

async function get<T = unknown>(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return {
    status: res.statusCode,
    body: res.json() as { data: T } & { code?: number; errors?: Record<string, string[]> },
    res,
  };
}

describe('GET /api/catalog/brands', () => {
  it('lists every brand by name with country, description and its number of active products', async () => {
    const { status, body } = await get<BrandDetails[]>('/api/catalog/brands');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(
      await t.db
        .selectFrom('brand')
        .select('id')
        .execute()
        .then((r) => r.length),
    );
    const names = body.data.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const dala = body.data.find((b) => b.slug === 'dala-denim')!;
    const count = await t.db
      .selectFrom('product')
      .select('id')
      .where('brand_id', '=', dala.id)
      .where('is_active', '=', 1)
      .execute();
    expect(dala).toMatchObject({ name: 'Dala Denim', country: 'Казахстан', productCount: count.length });
    expect(dala.description.length).toBeGreaterThan(20);
  });
});

describe('GET /api/catalog/category-tree', () => {
  it('groups categories by gender segment with product counts; one segment with gender', async () => {
    const { body } = await get<CategoryTreeNode[]>('/api/catalog/category-tree');
    expect(body.data.map((n) => [n.slug, n.name, n.gender])).toEqual([
      ['zhenshiny', 'Женщинам', 0],
      ['muzhchiny', 'Мужчинам', 1],
    ]);
    for (const node of body.data) {
      expect(node.categories).toHaveLength(5);
      expect(node.categories.every((c) => c.gender === node.gender)).toBe(true);
    }
    const jeans = body.data[0]!.categories[0]!;
    const n = await t.db
      .selectFrom('product')
      .select('id')
      .where('category_id', '=', jeans.id)
      .where('is_active', '=', 1)
      .execute();
    expect(jeans).toMatchObject({ slug: 'zhenskie-dzhinsy', productCount: n.length });
    const men = await get<CategoryTreeNode[]>('/api/catalog/category-tree?gender=1');
    expect(men.body.data.map((n) => n.slug)).toEqual(['muzhchiny']);
    expect((await get('/api/catalog/category-tree?gender=2')).status).toBe(400);
  });
});

describe('GET /api/catalog/banners', () => {
  it('answers the banners of the slots asked, by slot and position, with responsive pictures', async () => {
    const { status, body } = await get<Banner[]>('/api/catalog/banners?slot=home-women,home-women-mobile');
    expect(status).toBe(200);
    expect(body.data.map((b) => [b.slot, b.position])).toEqual([
      ['home-women', 1],
      ['home-women', 2],
      ['home-women-mobile', 1],
      ['home-women-mobile', 2],
    ]);
    const [desktop, , mobile] = body.data;
    expect(desktop!.title).toBe(mobile!.title);
    expect(desktop!.image).toMatchObject({ width: 1920, height: 720 });
    expect(desktop!.image.srcSet.split(', ')).toHaveLength(5);
    expect(mobile!.image).toMatchObject({
      width: 720,
      height: 900,
      src: expect.stringMatching(/^\/media\/banners\/\d+\/720\.webp$/),
    });
    expect(desktop!.href.startsWith('/')).toBe(true);
  });

  it('has banners in every slot of spec §9, four in four-large-banners', async () => {
    const { body } = await get<Banner[]>(
      `/api/catalog/banners?${BANNER_SLOTS.map((s) => `slot=${s}`).join('&')}`,
    );
    for (const slot of BANNER_SLOTS)
      expect(
        body.data.some((b) => b.slot === slot),
        slot,
      ).toBe(true);
    expect(body.data.filter((b) => b.slot === 'four-large-banners')).toHaveLength(4);
  });

  it('shows a banner only within its dates and while active', async () => {
    await t.db
      .updateTable('banner')
      .set({ ends_at: '2026-11-20T09:00:00.000Z' })
      .where('id', '=', 1)
      .execute();
    await t.db
      .updateTable('banner')
      .set({ starts_at: '2026-11-21T00:00:00.000Z' })
      .where('id', '=', 2)
      .execute();
    await t.db.updateTable('banner').set({ is_active: 0 }).where('id', '=', 3).execute();
    const { body } = await get<Banner[]>('/api/catalog/banners?slot=four-large-banners');
    expect(body.data.map((b) => b.id)).toEqual([4]);
  });

  it('rejects an unknown or missing slot with 400', async () => {
    for (const q of ['slot=sidebar', '', 'slot=home-women&x=1']) {
      const res = await get(`/api/catalog/banners?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe(ErrorCode.validation);
    }
  });
});

describe('GET /api/catalog/products/by-ids', () => {
  it('answers cards in the order given, leaving out unknown ids and repeats', async () => {
    const { status, body } = await get<ProductCard[]>(
      '/api/catalog/products/by-ids?ids=12,3,99999,7,3&cityId=1',
    );
    expect(status).toBe(200);
    expect(body.data.map((c) => c.id)).toEqual([12, 3, 7]);
    expect(body.data.every((c) => typeof c.stockState === 'string')).toBe(true);
  });

  it('rejects bad ids, too many ids and an unknown city', async () => {
    expect((await get('/api/catalog/products/by-ids?ids=abc')).status).toBe(400);
    expect((await get('/api/catalog/products/by-ids?ids=0')).status).toBe(400);
    expect(
      (
        await get(
          `/api/catalog/products/by-ids?ids=${Array.from({ length: 121 }, (_, i) => i + 1).join(',')}`,
        )
      ).status,
    ).toBe(400);
    expect((await get('/api/catalog/products/by-ids')).status).toBe(400);
    const city = await get('/api/catalog/products/by-ids?ids=1&cityId=999');
    expect(city.status).toBe(404);
    expect(city.body.code).toBe(ErrorCode.cityNotFound);
  });
});

describe('GET /api/catalog/product/:slug and its sliders', () => {
  it('links the size guide and names the colour slug', async () => {
    const p = await t.db
      .selectFrom('product')
      .select(['slug', 'colour_name'])
      .where('colour_name', '=', 'чёрный')
      .executeTakeFirstOrThrow();
    const { body } = await get<Product>(`/api/catalog/product/${p.slug}`);
    expect(body.data.sizeGuideUrl).toBe('/info/razmer');
    expect(body.data.colourSlug).toBe('chernyy');
  });

  it('answers similar products of the category and more of the brand, other models only', async () => {
    const p = await t.db.selectFrom('product').selectAll().where('id', '=', 5).executeTakeFirstOrThrow();
    const { status, body } = await get<RelatedProducts>(`/api/catalog/product/${p.slug}/related?cityId=1`);
    expect(status).toBe(200);
    const { similar, sameBrand } = body.data;
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(12);
    const rows = await t.db
      .selectFrom('product')
      .select(['id', 'model_code', 'category_id', 'brand_id'])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const c of similar) expect(byId.get(c.id)).toMatchObject({ category_id: p.category_id });
    for (const c of sameBrand) expect(byId.get(c.id)).toMatchObject({ brand_id: p.brand_id });
    for (const c of [...similar, ...sameBrand]) expect(byId.get(c.id)!.model_code).not.toBe(p.model_code);
    // In stock in the city first.
    const rank = (c: ProductCard) =>
      c.stockState === StockState.inStock ? 0 : c.stockState === StockState.otherCity ? 1 : 2;
    expect(similar.map(rank)).toEqual([...similar.map(rank)].sort());
    expect((await get('/api/catalog/product/no-such-product/related')).status).toBe(404);
  });
});

describe('pictures drawn on demand (media)', () => {
  it('draws a product master that the background job has not drawn yet, then serves and caches it', async () => {
    const dir = t.app.config.mediaDir;
    expect(fs.existsSync(masterFile(dir, 'products/40-1'))).toBe(false);
    const first = await t.app.inject({ url: '/media/products/40-1/360.webp' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 360,
      height: 480,
    });
    expect(fs.existsSync(masterFile(dir, 'products/40-1'))).toBe(true);
    const again = await t.app.inject({ url: '/media/products/40-1/360.webp' });
    expect(again.headers['x-media-cache']).toBe('hit');
  });

  it('draws banner pictures on demand at their widths, and 404s for unknown banners or widths', async () => {
    const res = await t.app.inject({ url: '/media/banners/5/720.webp' });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 720, height: 270 });
    for (const url of [
      '/media/banners/999/720.webp',
      '/media/banners/5/800.webp',
      '/media/banners/x/720.webp',
      '/media/banners/05/720.webp',
    ]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toMatchObject({ code: ErrorCode.notFound });
    }
  });
});
