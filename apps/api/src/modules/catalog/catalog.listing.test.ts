import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, StockState, type ProductCard, type ProductList } from '@kiim/contract';
import { slugify } from '#app/lib/slug.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { sellOutInCity } from '#app/test/catalog.fixtures.ts';

// The listing filters, facets, page bounds and the stock summary behind them (issue 5; spec §4, §9).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get<T = unknown>(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.headers['content-type'], url).toMatch(/^application\/json/);
  return {
    status: res.statusCode,
    body: res.json() as { data: T } & { code?: number; message?: string; errors?: Record<string, string[]> },
  };
}

/** Every card of a list (all pages of 120). */
async function all(query: string): Promise<{ items: ProductCard[]; list: ProductList }> {
  const items: ProductCard[] = [];
  let first: ProductList | undefined;
  for (let page = 1; ; page++) {
    const res = await get<ProductList>(`/api/catalog/products?${query}&pageSize=120&page=${page}`);
    expect(res.status, query).toBe(200);
    first ??= res.body.data;
    items.push(...res.body.data.items);
    if (page >= res.body.data.pageCount) break;
  }
  expect(items).toHaveLength(first!.total);
  return { items, list: first! };
}

/** Active products with their brand slug, category and sizes, straight from the database. */
async function products() {
  const rows = await t.db
    .selectFrom('product as p')
    .innerJoin('brand as b', 'b.id', 'p.brand_id')
    .innerJoin('category as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.price',
      'p.original_price',
      'p.colour_name',
      'p.gender',
      'b.slug as brand',
      'c.slug as category',
    ])
    .where('p.is_active', '=', 1)
    .execute();
  const skus = await t.db.selectFrom('sku').select(['id', 'product_id', 'size']).execute();
  return rows.map((p) => ({ ...p, sizes: skus.filter((s) => s.product_id === p.id) }));
}

/** Units per SKU in one city. */
async function skuUnits(cityId: number) {
  const rows = await t.db
    .selectFrom('stock')
    .select(['sku_id', 'quantity'])
    .where('city_id', '=', cityId)
    .execute();
  return new Map(rows.map((r) => [r.sku_id, r.quantity]));
}

const ids = (items: { id: number }[]) => items.map((i) => i.id).sort((a, b) => a - b);

describe('GET /api/catalog/products — filters', () => {
  it('filters by brand (several brands are alternatives) and counts brands over the other filters', async () => {
    const ps = await products();
    const { items, list } = await all('category=zhenskie-dzhinsy&brand=dala-denim&brand=hanse-denim');
    const expected = ps.filter(
      (p) => p.category === 'zhenskie-dzhinsy' && ['dala-denim', 'hanse-denim'].includes(p.brand),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(items)).toEqual(ids(expected));
    // The same list with the comma form.
    expect(ids((await all('category=zhenskie-dzhinsy&brand=hanse-denim,dala-denim')).items)).toEqual(
      ids(expected),
    );
    // Brand counts leave the brand filter out: every brand of the category, with its count.
    const inCategory = ps.filter((p) => p.category === 'zhenskie-dzhinsy');
    for (const facet of list.facets.brands)
      expect(facet.count, facet.slug).toBe(inCategory.filter((p) => p.brand === facet.slug).length);
    expect(list.facets.brands.reduce((n, f) => n + f.count, 0)).toBe(inCategory.length);
  });

  it('filters by size and lists sizes in size order with their counts', async () => {
    const ps = await products();
    const { items, list } = await all('category=zhenskaya-odezhda&size=M');
    const expected = ps.filter(
      (p) => p.category === 'zhenskaya-odezhda' && p.sizes.some((s) => s.size === 'M'),
    );
    expect(ids(items)).toEqual(ids(expected));
    const labels = list.facets.sizes.map((s) => s.size);
    expect(labels.indexOf('XS')).toBeLessThan(labels.indexOf('S'));
    expect(labels.indexOf('S')).toBeLessThan(labels.indexOf('XL'));
    expect(list.facets.sizes.find((s) => s.size === 'M')?.count).toBe(expected.length);
  });

  it('filters by colour slug and answers colours with names, hex and counts', async () => {
    const ps = await products();
    const { items, list } = await all('category=zhenskie-dzhinsy&colour=siniy');
    const expected = ps.filter((p) => p.category === 'zhenskie-dzhinsy' && p.colour_name === 'синий');
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(items)).toEqual(ids(expected));
    const blue = list.facets.colours.find((c) => c.slug === 'siniy');
    expect(blue).toMatchObject({ name: 'синий', count: expected.length });
    expect(blue?.hex).toMatch(/^#[0-9a-f]{6}$/);
    for (const c of list.facets.colours) expect(c.slug).toBe(slugify(c.name));
  });

  it('filters by a price range in tenge (inclusive) and reports the range the other filters leave', async () => {
    const ps = (await products()).filter((p) => p.category === 'muzhskaya-verhnyaya-odezhda');
    const prices = ps.map((p) => p.price).sort((a, b) => a - b);
    const [lo, hi] = [prices[Math.floor(prices.length / 4)]!, prices[Math.floor((prices.length * 3) / 4)]!];
    const { items, list } = await all(`category=muzhskaya-verhnyaya-odezhda&priceMin=${lo}&priceMax=${hi}`);
    expect(ids(items)).toEqual(ids(ps.filter((p) => p.price >= lo && p.price <= hi)));
    expect(items.every((i) => i.price >= lo && i.price <= hi)).toBe(true);
    expect(list.facets.price).toEqual({ min: prices[0], max: prices.at(-1) });
    expect((await all(`category=muzhskaya-verhnyaya-odezhda&priceMin=${prices.at(-1)! + 1}`)).items).toEqual(
      [],
    );
  });

  it('shows only discounted products with discount=1, and counts them', async () => {
    const ps = (await products()).filter((p) => p.gender === 0);
    const { items } = await all('gender=0&discount=1');
    const expected = ps.filter((p) => p.original_price > p.price);
    expect(ids(items)).toEqual(ids(expected));
    expect(items.every((i) => i.originalPrice > i.price)).toBe(true);
    const plain = await get<ProductList>('/api/catalog/products?gender=0');
    expect(plain.body.data.facets.discountCount).toBe(expected.length);
    expect((await all('gender=0&discount=0')).items).toHaveLength(ps.length);
  });

  it('shows only products in stock in the current city with inStock=1 — per city', async () => {
    for (const cityId of [1, 5]) {
      const units = await skuUnits(cityId);
      const ps = (await products()).filter((p) => p.category === 'muzhskie-dzhinsy');
      const { items, list } = await all(`category=muzhskie-dzhinsy&inStock=1&cityId=${cityId}`);
      const expected = ps.filter((p) => p.sizes.some((s) => (units.get(s.id) ?? 0) > 0));
      expect(ids(items), `city ${cityId}`).toEqual(ids(expected));
      expect(items.every((i) => i.stockState === StockState.inStock)).toBe(true);
      expect(list.facets.inStockCount).toBe(expected.length);
    }
  });

  it('with inStock=1 and a size, shows products having that size in stock in the city', async () => {
    const units = await skuUnits(1);
    const ps = (await products()).filter((p) => p.category === 'zhenskaya-odezhda');
    const { items, list } = await all('category=zhenskaya-odezhda&inStock=1&size=S');
    const expected = ps.filter((p) => p.sizes.some((s) => s.size === 'S' && (units.get(s.id) ?? 0) > 0));
    expect(ids(items)).toEqual(ids(expected));
    expect(list.facets.sizes.find((s) => s.size === 'S')?.count).toBe(expected.length);
  });

  it('finds nothing in stock in a city hidden from customers (spec §4)', async () => {
    const hidden = await t.db
      .selectFrom('city')
      .select('id')
      .where('visible_for_customers', '=', 0)
      .executeTakeFirstOrThrow();
    const res = await get<ProductList>(`/api/catalog/products?inStock=1&cityId=${hidden.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 0, items: [], pageCount: 0 });
    expect(res.body.data.facets.inStockCount).toBe(0);
    const everything = await get<ProductList>(`/api/catalog/products?cityId=${hidden.id}&pageSize=120`);
    expect(everything.body.data.items.some((i) => i.stockState === StockState.inStock)).toBe(false);
  });

  it('combines filters: all must hold; categorySlug narrows a list to categories and counts categories', async () => {
    const ps = await products();
    const { items, list } = await all(
      'gender=1&categorySlug=muzhskie-bryuki,muzhskie-dzhinsy&discount=1&priceMax=30000',
    );
    const expected = ps.filter(
      (p) =>
        ['muzhskie-bryuki', 'muzhskie-dzhinsy'].includes(p.category) &&
        p.original_price > p.price &&
        p.price <= 30000,
    );
    expect(ids(items)).toEqual(ids(expected));
    const men = ps.filter((p) => p.gender === 1 && p.original_price > p.price && p.price <= 30000);
    for (const c of list.facets.categories)
      expect(c.count, c.slug).toBe(men.filter((p) => p.category === c.slug).length);
    expect(list.facets.categories.map((c) => c.slug)).toContain('muzhskaya-odezhda');
  });

  it('treats unknown brand and colour slugs as matching nothing', async () => {
    expect((await get<ProductList>('/api/catalog/products?brand=no-such-brand')).body.data.total).toBe(0);
    expect((await get<ProductList>('/api/catalog/products?colour=no-such-colour')).body.data.total).toBe(0);
  });
});

describe('GET /api/catalog/products — page sizes and bounds', () => {
  it('pages of 15, 60 and 120 split the same order without overlap', async () => {
    const order = (await all('category=zhenskaya-odezhda&sort=price-asc')).items.map((i) => i.id);
    for (const size of [15, 60]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(order.length / size); page++) {
        const res = await get<ProductList>(
          `/api/catalog/products?category=zhenskaya-odezhda&sort=price-asc&pageSize=${size}&page=${page}`,
        );
        expect(res.body.data.items.length).toBeLessThanOrEqual(size);
        expect(res.body.data.pageCount).toBe(Math.ceil(order.length / size));
        seen.push(...res.body.data.items.map((i) => i.id));
      }
      expect(seen).toEqual(order);
    }
  });

  it('answers 4xx JSON errors for bad parameters, with the field named', async () => {
    const cases: [string, number, string][] = [
      ['sort=cheapest', 400, 'sort'],
      ['page=0', 400, 'page'],
      ['page=10001', 400, 'page'],
      ['pageSize=50', 400, 'pageSize'],
      ['priceMin=-1', 400, 'priceMin'],
      ['priceMax=-500', 400, 'priceMax'],
      ['priceMin=abc', 400, 'priceMin'],
      ['priceMin=5000&priceMax=1000', 400, 'priceMax'],
      ['discount=maybe', 400, 'discount'],
      ['inStock=2', 400, 'inStock'],
      ['brand=Dala%20Denim', 400, 'brand'],
      [`q=${'я'.repeat(101)}`, 400, 'q'],
      ['cityId=-3', 400, 'cityId'],
    ];
    for (const [query, status, field] of cases) {
      const res = await get(`/api/catalog/products?${query}`);
      expect(res.status, query).toBe(status);
      expect(res.body.code, query).toBe(ErrorCode.validation);
      expect(
        Object.keys(res.body.errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`)),
        query,
      ).toBe(true);
    }
    const unknownCategory = await get('/api/catalog/products?category=no-such-category');
    expect(unknownCategory.status).toBe(404);
    expect(unknownCategory.body).toMatchObject({ code: ErrorCode.notFound, message: 'Категория не найдена' });
    const unknownCity = await get('/api/catalog/products?cityId=999');
    expect(unknownCity.status).toBe(404);
    expect(unknownCity.body.code).toBe(ErrorCode.cityNotFound);
  });
});

describe('search (q): names, brands, categories and colours in any Russian word form', () => {
  /**
   * Ids of active products whose name, brand, category or colour has a word beginning with `needle` (lower
   * case, ё as е), or, with `forms`, a word that is one of them.
   */
  async function containing(needle: string, forms?: readonly string[]) {
    const rows = await t.db
      .selectFrom('product as p')
      .innerJoin('brand as b', 'b.id', 'p.brand_id')
      .innerJoin('category as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.name', 'b.name as brand', 'c.name as category', 'p.colour_name'])
      .where('p.is_active', '=', 1)
      .execute();
    return rows
      .filter((r) =>
        [r.name, r.brand, r.category, r.colour_name]
          .join(' ')
          .toLowerCase()
          .replace(/ё/g, 'е')
          .split(/[^а-яa-z0-9]+/)
          .some((w) => (forms ? forms.includes(w) : w.startsWith(needle))),
      )
      .map((r) => r.id)
      .sort((a, b) => a - b);
  }
  const search = async (q: string, extra = '') => (await all(`q=${encodeURIComponent(q)}${extra}`)).items;

  it('finds jeans by «джинсы», «джинсов», «ДЖИНСАМИ» and a typo «джнсы» alike', async () => {
    const expected = await containing('', ['джинсы', 'джинсов', 'джинсам', 'джинсами', 'джинсах']);
    expect(expected.length).toBeGreaterThan(10);
    for (const q of ['джинсы', 'ДЖИНСАМИ', 'джнсы']) expect(ids(await search(q)), q).toEqual(expected);
    // «джинсов» is also how «джинсовый» begins: jeans and denim pieces.
    const genitive = await search('джинсов');
    expect(ids(genitive)).toEqual(expect.arrayContaining(expected));
    expect(ids(genitive)).toEqual(await containing('джинс'));
  });

  it('finds Russian typed in Latin letters and Latin brands typed in Cyrillic (issue 35 item 3)', async () => {
    const jeans = await containing('', ['джинсы', 'джинсов', 'джинсам', 'джинсами', 'джинсах']);
    expect(ids(await search('dzhinsy'))).toEqual(jeans);
    for (const [q, as] of [
      ['kurtka', 'куртка'],
      ['puhovik', 'пуховик'],
      ['дала', 'dala'],
      ['номад', 'nomad'],
    ] as const) {
      const found = ids(await search(q));
      expect(found.length, q).toBeGreaterThan(0);
      expect(found, q).toEqual(ids(await search(as)));
    }
  });

  it('reads a size in the text as the size filter: «джинсы 28», «платье m» (issue 35 item 3)', async () => {
    // Jeans are sized «W28»: «28» reads as that.
    const withSize = ids(await search('джинсы 28'));
    expect(withSize.length).toBeGreaterThan(0);
    expect(withSize).toEqual(ids(await search('джинсы', '&size=W28')));
    expect(withSize.length).toBeLessThan(ids(await search('джинсы')).length);
    const m = ids(await search('платье m'));
    expect(m.length).toBeGreaterThan(0);
    expect(m).toEqual(ids(await search('платье', '&size=M')));
    // Only a size: every product with it; a word that is no size still finds nothing.
    expect(ids(await search('44'))).toEqual(ids((await all('size=44')).items));
    expect(await search('джинсы 999')).toEqual([]);
    // The answer says what it took, for the page to show as chosen filters; a text without sizes says nothing.
    expect((await all('q=джинсы%2028')).list.sizesFromText).toEqual({ q: 'джинсы', sizes: ['W28'] });
    expect((await all('q=44')).list.sizesFromText).toEqual({ q: '', sizes: ['44'] });
    expect((await all('q=джинсы')).list.sizesFromText).toBeUndefined();
  });

  it('finds inflected and unfinished words: «курток», «пуховиков», «рубашек», «пухов»', async () => {
    for (const [q, stem] of [
      ['курток', 'куртк'],
      ['пуховиков', 'пуховик'],
      ['рубашек', 'рубашк'],
      ['пухов', 'пухов'],
    ] as const) {
      const found = await search(q);
      expect(found.length, q).toBeGreaterThan(0);
      // The seeded synonym «пуховик = куртка зимняя» (decision 059) makes every puffer a jacket too.
      const also = stem === 'куртк' ? await containing('пуховик') : [];
      expect(ids(found), q).toEqual(
        [...new Set([...(await containing(stem)), ...also])].sort((a, b) => a - b),
      );
    }
  });

  it('requires every word: «женские джинсы» finds women’s jeans only; a colour narrows further', async () => {
    const women = await search('женские джинсы');
    expect(women.length).toBeGreaterThan(0);
    expect(women.every((p) => p.gender === 0 && p.categoryKind === 0)).toBe(true);
    const black = await search('черные джинсы женские');
    expect(black.length).toBeGreaterThan(0);
    expect(black.every((p) => p.colour.name === 'чёрный' && p.gender === 0)).toBe(true);
  });

  it('finds by brand, also typed with a slip or on the wrong keyboard layout', async () => {
    const brand = await t.db
      .selectFrom('brand')
      .select('id')
      .where('slug', '=', 'dala-denim')
      .executeTakeFirstOrThrow();
    const expected = (
      await t.db
        .selectFrom('product')
        .select('id')
        .where('brand_id', '=', brand.id)
        .where('is_active', '=', 1)
        .execute()
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(ids(await search('dala denim'))).toEqual(expected);
    expect(ids(await search('Dala Denin'))).toEqual(expected);
    // «пуховик» typed on the Latin layout.
    expect(ids(await search('ge[jdbr'))).toEqual(await containing('пуховик'));
  });

  it('combines with filters and sorts, and finds nothing for nonsense or a text without words', async () => {
    const cheap = await search('джинсы', '&sort=price-asc&gender=1');
    expect(cheap.every((p) => p.gender === 1)).toBe(true);
    expect(cheap.map((p) => p.price)).toEqual([...cheap.map((p) => p.price)].sort((a, b) => a - b));
    expect(await search('qqqzzz')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });
});

describe('stock summary and cache follow every stock change', () => {
  it('a product sold out in the city moves from «В наличии» and out of inStock, at once', async () => {
    const list = await get<ProductList>(
      '/api/catalog/products?category=zhenskie-bryuki&sort=regional-availability&pageSize=15',
    );
    const top = list.body.data.items[0]!;
    expect(top.stockState).toBe(StockState.inStock);
    await sellOutInCity(t.db, top.id, 1);
    const after = await all('category=zhenskie-bryuki&sort=regional-availability');
    const card = after.items.find((i) => i.id === top.id)!;
    expect(card.stockState).not.toBe(StockState.inStock);
    expect(card.regionalStockAmount).toBe('not-available');
    expect((await all('category=zhenskie-bryuki&inStock=1')).items.map((i) => i.id)).not.toContain(top.id);
    const page = await get<{ stockState: string }>(`/api/catalog/product/${top.slug}`);
    expect(page.body.data.stockState).not.toBe(StockState.inStock);
  });

  it('keeps product_stock and stock_global equal to the SKU stock after inserts, updates and deletes', async () => {
    const sku = await t.db
      .selectFrom('sku')
      .select(['id', 'product_id'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('stock').where('sku_id', '=', sku.id).where('city_id', '=', 2).execute();
    await t.db
      .insertInto('stock')
      .values({ sku_id: sku.id, city_id: 2, quantity: 7, created_at: 'x', updated_at: 'x' })
      .execute();
    await t.db
      .updateTable('stock')
      .set((eb) => ({ quantity: eb('quantity', '+', 3) }))
      .where('sku_id', '=', sku.id)
      .execute();
    const perCity = await t.db
      .selectFrom('stock')
      .innerJoin('sku', 'sku.id', 'stock.sku_id')
      .select(['sku.product_id', 'stock.city_id', (eb) => eb.fn.sum<number>('stock.quantity').as('n')])
      .groupBy(['sku.product_id', 'stock.city_id'])
      .execute();
    const summary = await t.db.selectFrom('product_stock').selectAll().where('quantity', '>', 0).execute();
    const key = (p: number, c: number) => `${p}:${c}`;
    expect(new Map(summary.map((r) => [key(r.product_id, r.city_id), r.quantity]))).toEqual(
      new Map(perCity.filter((r) => Number(r.n) > 0).map((r) => [key(r.product_id, r.city_id), Number(r.n)])),
    );
    const visible = await t.db
      .selectFrom('stock')
      .innerJoin('sku', 'sku.id', 'stock.sku_id')
      .innerJoin('city', 'city.id', 'stock.city_id')
      .select(['sku.product_id', (eb) => eb.fn.sum<number>('stock.quantity').as('n')])
      .where('city.visible_for_customers', '=', 1)
      .groupBy('sku.product_id')
      .execute();
    const globals = await t.db.selectFrom('product').select(['id', 'stock_global']).execute();
    const expected = new Map(visible.map((r) => [r.product_id, Number(r.n)]));
    for (const p of globals) expect(p.stock_global, `product ${p.id}`).toBe(expected.get(p.id) ?? 0);
  });

  it('recounts global stock when a city is hidden from customers', async () => {
    const product = await t.db
      .selectFrom('product_stock')
      .select(['product_id', 'quantity'])
      .where('city_id', '=', 3)
      .where('quantity', '>', 0)
      .executeTakeFirstOrThrow();
    const before = await t.db
      .selectFrom('product')
      .select('stock_global')
      .where('id', '=', product.product_id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('city').set({ visible_for_customers: 0 }).where('id', '=', 3).execute();
    const hidden = await t.db
      .selectFrom('product')
      .select('stock_global')
      .where('id', '=', product.product_id)
      .executeTakeFirstOrThrow();
    expect(hidden.stock_global).toBe(before.stock_global - product.quantity);
    await t.db.updateTable('city').set({ visible_for_customers: 1 }).where('id', '=', 3).execute();
    const back = await t.db
      .selectFrom('product')
      .select('stock_global')
      .where('id', '=', product.product_id)
      .executeTakeFirstOrThrow();
    expect(back.stock_global).toBe(before.stock_global);
  });
});
