import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  StockState,
  type Product,
  type ProductCard,
  type ProductList,
  type Sort,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { decodeStock } from '#app/modules/inventory/inventory.rules.ts';
import { listSkusWithStock } from './catalog.page.repository.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get<T = unknown>(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return {
    status: res.statusCode,
    body: res.json() as T & { code?: number; message?: string; errors?: Record<string, string[]> },
    raw: res.body,
  };
}

/** Exact units per product for a city, computed here independently of the API (spec §4). */
async function unitsByProduct(cityId: number) {
  const city = await t.db.selectFrom('city').selectAll().where('id', '=', cityId).executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('stock')
    .innerJoin('sku', 'sku.id', 'stock.sku_id')
    .innerJoin('city', 'city.id', 'stock.city_id')
    .select([
      'sku.product_id',
      'sku.id as sku_id',
      'stock.city_id',
      'stock.quantity',
      'city.visible_for_customers',
    ])
    .execute();
  const byProduct = new Map<number, { regional: number; global: number }>();
  const bySku = new Map<number, { regional: number; global: number }>();
  for (const r of rows) {
    for (const [map, key] of [
      [byProduct, r.product_id],
      [bySku, r.sku_id],
    ] as const) {
      const u = map.get(key) ?? { regional: 0, global: 0 };
      if (r.city_id === cityId && city.visible_for_customers === 1) u.regional += r.quantity;
      if (r.visible_for_customers === 1) u.global += r.quantity;
      map.set(key, u);
    }
  }
  return { city, byProduct, bySku };
}

async function activeProducts(filter: { categoryId?: number } = {}) {
  return t.db
    .selectFrom('product')
    .selectAll()
    .where('is_active', '=', 1)
    .$if(filter.categoryId !== undefined, (q) => q.where('category_id', '=', filter.categoryId!))
    .execute();
}

/** Every page of a list, concatenated. */
async function allPages(query: string, pageSize = 15) {
  const items: ProductCard[] = [];
  let pageCount = 1;
  for (let page = 1; page <= pageCount; page++) {
    const res = await get<{ data: ProductList }>(
      `/api/catalog/products?${query}&page=${page}&pageSize=${pageSize}`,
    );
    expect(res.status).toBe(200);
    pageCount = res.body.data.pageCount;
    expect(res.body.data.items.length).toBeLessThanOrEqual(pageSize);
    items.push(...res.body.data.items);
  }
  return items;
}

describe('GET /api/city/list', () => {
  it('lists every city by sort order with boolean flags and delivery days', async () => {
    const rows = await t.db.selectFrom('city').selectAll().orderBy('sort_order').orderBy('id').execute();
    const res = await get<{ data: unknown[] }>('/api/city/list');
    expect(res.status).toBe(200);
    expect(rows.length).toBeGreaterThan(0);
    expect(res.body.data).toEqual(
      rows.map((c) => ({
        id: c.id,
        name: c.name,
        timeZone: c.time_zone,
        visibleForCustomers: c.visible_for_customers === 1,
        courierAvailable: c.courier_available === 1,
        deliveryDays: c.delivery_days,
      })),
    );
  });
});

describe('GET /api/city/:cityId/pickup-points', () => {
  it('lists the pickup points of the city with the fields of spec §3', async () => {
    const withPoints = await t.db
      .selectFrom('pickup_point')
      .select(['city_id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('city_id')
      .execute();
    expect(withPoints.length).toBeGreaterThan(0);
    for (const { city_id, n } of withPoints) {
      const res = await get<{ data: Record<string, unknown>[] }>(`/api/city/${city_id}/pickup-points`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(Number(n));
      for (const p of res.body.data) {
        expect(p.regionId).toBe(city_id);
        expect(Object.keys(p).sort()).toEqual(
          [
            'id',
            'regionId',
            'title',
            'buildingName',
            'addressCity',
            'addressStreetNumber',
            'addressEntranceNumber',
            'addressFloor',
            'addressApartmentNumber',
            'addressComment',
            'openingHours',
            'longitude',
            'latitude',
          ].sort(),
        );
        expect(typeof p.longitude).toBe('number');
      }
    }
  });

  it('answers 404 cityNotFound for an unknown city and 400 for a bad id', async () => {
    const missing = await get('/api/city/999999/pickup-points');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(ErrorCode.cityNotFound);
    const bad = await get('/api/city/abc/pickup-points');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.validation);
  });
});

describe('GET /api/catalog/categories', () => {
  it('lists all categories, or one gender', async () => {
    const all = await get<{ data: { gender: number; kind: number }[] }>('/api/catalog/categories');
    expect(all.status).toBe(200);
    const count = await t.db
      .selectFrom('category')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.body.data).toHaveLength(Number(count.n));
    for (const gender of [0, 1]) {
      const one = await get<{ data: { gender: number }[] }>(`/api/catalog/categories?gender=${gender}`);
      expect(one.status).toBe(200);
      expect(one.body.data.length).toBeGreaterThan(0);
      expect(one.body.data.every((c) => c.gender === gender)).toBe(true);
    }
  });

  it('rejects a gender outside 0 and 1', async () => {
    for (const q of ['gender=2', 'gender=x', 'foo=1']) {
      const res = await get(`/api/catalog/categories?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe(ErrorCode.validation);
    }
  });
});

describe('GET /api/catalog/products', () => {
  it('answers the default page: 60 cards, total of active products, page count', async () => {
    const total = (await activeProducts()).length;
    const res = await get<{ data: ProductList }>('/api/catalog/products');
    expect(res.status).toBe(200);
    const list = res.body.data;
    expect(list.total).toBe(total);
    expect(list.page).toBe(1);
    expect(list.pageSize).toBe(60);
    expect(list.pageCount).toBe(Math.ceil(total / 60));
    expect(list.items).toHaveLength(Math.min(60, total));
    expect(list.category).toBeNull();
  });

  it('accepts page sizes 15, 60 and 120 only (spec §9)', async () => {
    for (const size of [15, 60, 120]) {
      const res = await get<{ data: ProductList }>(`/api/catalog/products?pageSize=${size}`);
      expect(res.status).toBe(200);
      expect(res.body.data.pageSize).toBe(size);
      expect(res.body.data.items.length).toBe(Math.min(size, res.body.data.total));
    }
    for (const size of [61, 0, 14, 'abc']) {
      const res = await get(`/api/catalog/products?pageSize=${size}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.validation);
    }
  });

  it('rejects page 0, an unknown sort, an unknown parameter and a bad gender with 400', async () => {
    for (const q of ['page=0', 'page=-1', 'page=1.5', 'sort=cheapest', 'color=red', 'gender=3', 'cityId=0']) {
      const res = await get(`/api/catalog/products?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe(ErrorCode.validation);
      expect(res.body.errors, q).toBeDefined();
    }
  });

  it('answers 404 for an unknown category slug and an unknown city', async () => {
    const cat = await get('/api/catalog/products?category=no-such-category');
    expect(cat.status).toBe(404);
    expect(cat.body.code).toBe(ErrorCode.notFound);
    const city = await get('/api/catalog/products?cityId=999999');
    expect(city.status).toBe(404);
    expect(city.body.code).toBe(ErrorCode.cityNotFound);
  });

  it('filters by category and by gender', async () => {
    const categories = await t.db.selectFrom('category').selectAll().execute();
    const products = await activeProducts();
    const category = categories.find((c) => products.some((p) => p.category_id === c.id))!;
    const inCategory = products.filter((p) => p.category_id === category.id);
    const res = await get<{ data: ProductList }>(
      `/api/catalog/products?category=${category.slug}&pageSize=120`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.category).toMatchObject({
      id: category.id,
      slug: category.slug,
      kind: category.kind,
    });
    expect(res.body.data.total).toBe(inCategory.length);
    const ids = new Set(inCategory.map((p) => p.id));
    expect(res.body.data.items).toHaveLength(Math.min(120, inCategory.length));
    expect(
      res.body.data.items.every(
        (i) => ids.has(i.id) && i.categoryKind === category.kind && i.gender === category.gender,
      ),
    ).toBe(true);
    const men = await get<{ data: ProductList }>('/api/catalog/products?gender=1&pageSize=120');
    expect(men.body.data.total).toBe(products.filter((p) => p.gender === 1).length);
    expect(men.body.data.items.every((i) => i.gender === 1)).toBe(true);
  });

  it('fills cards with brand, price in tenge, stock levels and never exact quantities', async () => {
    const { byProduct } = await unitsByProduct(1);
    const products = new Map((await activeProducts()).map((p) => [p.id, p]));
    const res = await get<{ data: ProductList }>('/api/catalog/products?pageSize=120');
    expect(res.raw).not.toMatch(/quantity|"regional"|"global"/);
    for (const card of res.body.data.items) {
      const p = products.get(card.id)!;
      expect(card).toMatchObject({
        slug: p.slug,
        price: p.price,
        originalPrice: p.original_price,
        arrivalDate: p.arrival_date,
      });
      expect(Number.isInteger(card.price)).toBe(true);
      expect(card.brand.id).toBe(p.brand_id);
      const u = byProduct.get(card.id) ?? { regional: 0, global: 0 };
      expect(card.regionalStockAmount).toBe(decodeStock(u.regional));
      expect(card.globalStockAmount).toBe(decodeStock(u.global));
      expect(card.stockState).toBe(
        u.regional > 0 ? StockState.inStock : u.global > 0 ? StockState.otherCity : StockState.none,
      );
    }
  });

  it('gives each product its first image by position, or null', async () => {
    const images = await t.db
      .selectFrom('product_image')
      .selectAll()
      .orderBy('position')
      .orderBy('id')
      .execute();
    const res = await get<{ data: ProductList }>('/api/catalog/products?pageSize=120');
    for (const card of res.body.data.items) {
      const first = images.find((i) => i.product_id === card.id);
      if (!first) expect(card.image).toBeNull();
      else {
        expect(card.image!.alt).toBe(first.alt);
        expect(card.image!.src).toContain(`/media/${first.media_key}/`);
      }
    }
  });

  describe('sorts (spec §4): each order holds across pages, pages never overlap', () => {
    const discount = (p: { price: number; original_price: number }) =>
      Math.floor(((p.original_price - p.price) * 100) / p.original_price);

    async function expectedOrder(sort: Sort, cityId: number) {
      const { byProduct } = await unitsByProduct(cityId);
      const units = (id: number) => byProduct.get(id) ?? { regional: 0, global: 0 };
      const tier = (id: number) => (units(id).regional > 0 ? 0 : units(id).global > 0 ? 1 : 2);
      const cmp = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0);
      const keys: Record<Sort, (p: Awaited<ReturnType<typeof activeProducts>>[number]) => number[]> = {
        default: (p) => [tier(p.id), invert(p.arrival_date)],
        'price-asc': (p) => [p.price],
        'price-desc': (p) => [-p.price],
        'regional-availability': (p) => [-units(p.id).regional, -units(p.id).global],
        'new-arrivals': (p) => [invert(p.arrival_date)],
        'discount-desc': (p) => [-discount(p)],
      };
      const products = await activeProducts();
      return products
        .map((p) => ({ id: p.id, key: [...keys[sort](p), p.id] }))
        .sort((a, b) => {
          for (let i = 0; i < a.key.length; i++) {
            const c = cmp(a.key[i] as number, b.key[i] as number);
            if (c) return c;
          }
          return 0;
        })
        .map((p) => p.id);
    }
    /** Turns a YYYY-MM-DD date into a number that sorts newest first. */
    const invert = (date: string) => -Number(date.replaceAll('-', ''));

    for (const sort of [
      'default',
      'price-asc',
      'price-desc',
      'regional-availability',
      'new-arrivals',
      'discount-desc',
    ] as const) {
      it(sort, async () => {
        const cities = await t.db.selectFrom('city').select('id').orderBy('id').execute();
        for (const cityId of [1, cities.at(-1)!.id]) {
          const items = await allPages(`sort=${sort}&cityId=${cityId}`);
          const ids = items.map((i) => i.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids).toEqual(await expectedOrder(sort, cityId));
        }
      });
    }

    it('orders prices and dates visibly on the cards', async () => {
      const asc = (await allPages('sort=price-asc', 60)).map((i) => i.price);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      const desc = (await allPages('sort=price-desc', 60)).map((i) => i.price);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      const dates = (await allPages('sort=new-arrivals', 60)).map((i) => i.arrivalDate);
      expect(dates).toEqual([...dates].sort().reverse());
      const discounts = (await allPages('sort=discount-desc', 60)).map((i) =>
        discount({ price: i.price, original_price: i.originalPrice }),
      );
      expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
      expect(discounts[0]).toBeGreaterThan(0);
    });

    it('answers an empty page past the end', async () => {
      const res = await get<{ data: ProductList }>('/api/catalog/products?page=9999');
      expect(res.status).toBe(200);
      expect(res.body.data.items).toEqual([]);
      expect(res.body.data.page).toBe(9999);
    });
  });
});

describe('GET /api/catalog/product/:slug', () => {
  it('answers the full product: images by position, sizes by order, colours, category', async () => {
    const siblingModels = await t.db
      .selectFrom('product')
      .select(['model_code', (eb) => eb.fn.countAll().as('n')])
      .where('is_active', '=', 1)
      .groupBy('model_code')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(siblingModels.length).toBeGreaterThan(0);
    const p = await t.db
      .selectFrom('product')
      .selectAll()
      .where('model_code', '=', siblingModels[0]!.model_code)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await get<{ data: Product }>(`/api/catalog/product/${encodeURIComponent(p.slug)}`);
    expect(res.status).toBe(200);
    const product = res.body.data;
    expect(product).toMatchObject({
      id: p.id,
      slug: p.slug,
      name: p.name,
      description: p.description,
      composition: p.composition,
      care: p.care,
      price: p.price,
      originalPrice: p.original_price,
      colour: { name: p.colour_name, hex: p.colour_hex },
    });
    const category = await t.db
      .selectFrom('category')
      .selectAll()
      .where('id', '=', p.category_id)
      .executeTakeFirstOrThrow();
    expect(product.category).toEqual({
      id: category.id,
      slug: category.slug,
      name: category.name,
      kind: category.kind,
      gender: category.gender,
    });

    const images = await t.db
      .selectFrom('product_image')
      .selectAll()
      .where('product_id', '=', p.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    expect(product.images.map((i) => i.src.split('/').slice(0, -1).join('/'))).toEqual(
      images.map((i) => `/media/${i.media_key}`),
    );
    expect(product.image?.alt ?? null).toBe(images[0]?.alt ?? null);

    const skus = await t.db
      .selectFrom('sku')
      .selectAll()
      .where('product_id', '=', p.id)
      .orderBy('size_order')
      .orderBy('id')
      .execute();
    expect(product.skus.map((s) => s.externalId)).toEqual(skus.map((s) => s.external_id));
    expect(product.skus.map((s) => s.size)).toEqual(skus.map((s) => s.size));

    const siblings = await t.db
      .selectFrom('product')
      .selectAll()
      .where('model_code', '=', p.model_code)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
    expect(product.colours).toEqual(
      siblings.map((s) => ({ slug: s.slug, name: s.colour_name, hex: s.colour_hex })),
    );
    expect(product.colours.map((c) => c.slug)).toContain(p.slug);
    expect(res.raw).not.toMatch(/quantity/);
  });

  it("shows 'Доставка из другого города' for a size stocked only in other cities, 'В наличии' where it is", async () => {
    const { bySku } = await unitsByProduct(1);
    const stock = await t.db
      .selectFrom('stock')
      .innerJoin('city', 'city.id', 'stock.city_id')
      .select(['stock.sku_id', 'stock.city_id', 'stock.quantity'])
      .where('city.visible_for_customers', '=', 1)
      .where('stock.quantity', '>', 0)
      .execute();
    const target = stock.find((s) => s.city_id !== 1 && (bySku.get(s.sku_id)?.regional ?? 0) === 0);
    expect(target, 'seed has a SKU stocked only outside city 1').toBeDefined();
    const sku = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['sku.external_id', 'product.slug', 'product.id as product_id'])
      .where('sku.id', '=', target!.sku_id)
      .executeTakeFirstOrThrow();

    const here = await get<{ data: Product }>(`/api/catalog/product/${sku.slug}?cityId=1`);
    const size = here.body.data.skus.find((s) => s.externalId === sku.external_id)!;
    expect(size).toMatchObject({
      regionalStockAmount: 'not-available',
      stockState: StockState.otherCityOnProductPage,
    });
    expect(size.globalStockAmount).not.toBe('not-available');

    const there = await get<{ data: Product }>(`/api/catalog/product/${sku.slug}?cityId=${target!.city_id}`);
    const sizeThere = there.body.data.skus.find((s) => s.externalId === sku.external_id)!;
    expect(sizeThere.stockState).toBe(StockState.inStock);
    expect(sizeThere.regionalStockAmount).toBe(decodeStock(target!.quantity));
  });

  it('sums the product stock over its sizes', async () => {
    const { byProduct } = await unitsByProduct(1);
    const p = (await activeProducts())[0]!;
    const res = await get<{ data: Product }>(`/api/catalog/product/${p.slug}`);
    const u = byProduct.get(p.id) ?? { regional: 0, global: 0 };
    expect(res.body.data.regionalStockAmount).toBe(decodeStock(u.regional));
    expect(res.body.data.globalStockAmount).toBe(decodeStock(u.global));
  });

  it("reads a product's SKU stock with its statement compiled once: ids of each call, inside a transaction too", async () => {
    const cities = [1, 2];
    // A stock row in one of the cities, of the first product checked (changed below).
    const row = await t.db
      .selectFrom('stock')
      .innerJoin('sku', 'sku.id', 'stock.sku_id')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['stock.sku_id', 'stock.city_id', 'stock.quantity', 'sku.product_id'])
      .where('product.is_active', '=', 1)
      .where('stock.city_id', 'in', cities)
      .orderBy('stock.sku_id')
      .executeTakeFirstOrThrow();
    const products = [
      { id: row.product_id },
      ...(await activeProducts()).filter((p) => p.id !== row.product_id).slice(0, 2),
    ];
    const expected = async (productId: number, cityId: number | null) => {
      const { bySku } = await unitsByProduct(cityId ?? 1);
      const skus = await t.db
        .selectFrom('sku')
        .innerJoin('product', 'product.id', 'sku.product_id')
        .select(['sku.id', 'external_id', 'size', 'size_order', 'product.price', 'product.original_price'])
        .where('product_id', '=', productId)
        .orderBy('size_order')
        .orderBy('sku.id')
        .execute();
      // The seed gives no size a price of its own: each sells at its product's (decision 032).
      return skus.map((s) => ({
        ...s,
        regional: cityId === null ? 0 : (bySku.get(s.id)?.regional ?? 0),
        global: bySku.get(s.id)?.global ?? 0,
      }));
    };
    const check = async () => {
      for (const p of products)
        for (const cityId of [...cities, null]) {
          const want = await expected(p.id, cityId);
          expect(want.length).toBeGreaterThan(0);
          // Outside a transaction (SQLite: read at once on the idle connection) and inside one (through Kysely).
          expect(await listSkusWithStock(t.db, p.id, { regionalCityId: cityId })).toEqual(want);
          const inside = await t.db
            .transaction()
            .execute((trx) => listSkusWithStock(trx, p.id, { regionalCityId: cityId }));
          expect(inside).toEqual(want);
        }
    };
    await check();
    // A stock change is seen by the next read (the statement is kept, never its rows).
    const setQuantity = (quantity: number) =>
      t.db
        .updateTable('stock')
        .set({ quantity })
        .where('sku_id', '=', row.sku_id)
        .where('city_id', '=', row.city_id)
        .execute();
    await setQuantity(row.quantity + 7);
    try {
      await check();
    } finally {
      await setQuantity(row.quantity);
    }
  });

  it('answers 404 «Товар не найден» for an unknown slug and cityNotFound for an unknown city', async () => {
    const missing = await get('/api/catalog/product/no-such-product');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: ErrorCode.notFound, message: 'Товар не найден' });
    const p = (await activeProducts())[0]!;
    const city = await get(`/api/catalog/product/${p.slug}?cityId=424242`);
    expect(city.status).toBe(404);
    expect(city.body.code).toBe(ErrorCode.cityNotFound);
    const bad = await get(`/api/catalog/product/${p.slug}?cityId=x`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.validation);
  });

  it('hides an inactive product', async () => {
    const p = (await activeProducts())[0]!;
    await t.db.updateTable('product').set({ is_active: 0 }).where('id', '=', p.id).execute();
    try {
      const res = await get(`/api/catalog/product/${p.slug}`);
      expect(res.status).toBe(404);
      const list = await get<{ data: ProductList }>('/api/catalog/products?pageSize=120');
      expect(list.body.data.items.some((i) => i.id === p.id)).toBe(false);
    } finally {
      await t.db.updateTable('product').set({ is_active: 1 }).where('id', '=', p.id).execute();
    }
  });
});

describe('a city hidden from customers (spec §4)', () => {
  it('shows no regional stock there, only stock of visible cities', async () => {
    // Hide a city that holds stock (the seed's hidden city if it has stock, otherwise hide one for this test).
    const stocked = await t.db
      .selectFrom('stock')
      .innerJoin('city', 'city.id', 'stock.city_id')
      .select(['stock.city_id', 'stock.sku_id', 'city.visible_for_customers'])
      .where('stock.quantity', '>', 0)
      .orderBy('city.visible_for_customers')
      .orderBy('stock.city_id', 'desc')
      .executeTakeFirstOrThrow();
    const wasVisible = stocked.visible_for_customers;
    await t.db
      .updateTable('city')
      .set({ visible_for_customers: 0 })
      .where('id', '=', stocked.city_id)
      .execute();
    try {
      const { bySku, byProduct } = await unitsByProduct(stocked.city_id);
      const sku = await t.db
        .selectFrom('sku')
        .innerJoin('product', 'product.id', 'sku.product_id')
        .select(['sku.external_id', 'product.slug', 'product.id'])
        .where('sku.id', '=', stocked.sku_id)
        .executeTakeFirstOrThrow();
      const res = await get<{ data: Product }>(`/api/catalog/product/${sku.slug}?cityId=${stocked.city_id}`);
      expect(res.status).toBe(200);
      for (const s of res.body.data.skus) {
        expect(s.regionalStockAmount).toBe('not-available');
        expect(s.stockState).not.toBe(StockState.inStock);
      }
      const size = res.body.data.skus.find((s) => s.externalId === sku.external_id)!;
      const global = bySku.get(stocked.sku_id)!.global;
      expect(size.globalStockAmount).toBe(decodeStock(global));
      expect(size.stockState).toBe(global > 0 ? StockState.otherCityOnProductPage : StockState.none);

      const list = await get<{ data: ProductList }>(
        `/api/catalog/products?cityId=${stocked.city_id}&pageSize=120`,
      );
      for (const card of list.body.data.items) {
        expect(card.regionalStockAmount).toBe('not-available');
        expect(card.stockState).not.toBe(StockState.inStock);
        expect(card.globalStockAmount).toBe(decodeStock(byProduct.get(card.id)?.global ?? 0));
      }
      const cities = await get<{ data: { id: number; visibleForCustomers: boolean }[] }>('/api/city/list');
      expect(cities.body.data.find((c) => c.id === stocked.city_id)?.visibleForCustomers).toBe(false);
    } finally {
      await t.db
        .updateTable('city')
        .set({ visible_for_customers: wasVisible })
        .where('id', '=', stocked.city_id)
        .execute();
    }
  });
});

describe('OpenAPI', () => {
  it('lists every catalogue route with tags and a summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, { get?: { tags?: string[]; summary?: string; parameters?: { name: string }[] } }>;
    };
    for (const path of [
      '/api/city/list',
      '/api/city/{cityId}/pickup-points',
      '/api/catalog/categories',
      '/api/catalog/products',
      '/api/catalog/product/{slug}',
    ]) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeDefined();
      expect(op!.tags?.length, path).toBeGreaterThan(0);
      expect(op!.summary, path).toBeTruthy();
    }
    const params = doc.paths['/api/catalog/products']!.get!.parameters!.map((p) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['category', 'gender', 'cityId', 'sort', 'page', 'pageSize']),
    );
  });
});
