import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductListQuery, SORTS, StockState, type Product } from '@kiim/contract';
import { slugify } from '#app/lib/slug.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { catalogModel, loadModel, type CatalogModel } from './model.ts';
import { modelList } from './model-list.testing.ts';
import { listProductsSql } from './listing.oracle.testing.ts';
import { isExactForm, resolveQuery } from '../search.rules.ts';

// The in-memory read model (docs/decisions/018) against the SQL path: the same items, counts, facets and order
// for many random filter combinations, on the demo catalogue, right after stock changes (applied product by
// product from the change log) and after concurrent orders; any other catalogue change reloads the model.

let t: TestContext;
let fx: ReturnType<typeof orderFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  fx = orderFixtures(t);
});
afterAll(async () => {
  await t?.close();
});

/** mulberry32: the same random queries on every run and both databases. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the catalogue offers to filter on, straight from the database. */
async function offer() {
  const [categories, brands, sizes, colours, cities] = await Promise.all([
    t.db.selectFrom('category').select(['slug', 'gender']).execute(),
    t.db.selectFrom('brand').select('slug').execute(),
    t.db.selectFrom('sku').select('size').distinct().execute(),
    t.db.selectFrom('product').select('colour_name').distinct().execute(),
    t.db.selectFrom('city').select('id').execute(),
  ]);
  return {
    categories: categories.map((c) => c.slug),
    brands: [...brands.map((b) => b.slug), 'no-such-brand'],
    sizes: [...sizes.map((s) => s.size), '999'],
    colours: colours.map((c) => slugify(c.colour_name)),
    cities: cities.map((c) => c.id),
    words: [
      'джинсы',
      'джинсов',
      'бел',
      'платье',
      'куртк',
      'рубашка',
      'черный',
      'levis',
      'zara',
      'l;bycs',
      'пальто',
      'ыы',
    ],
  };
}

type Offer = Awaited<ReturnType<typeof offer>>;

/** A random query of the listing (category, gender or search; filters; sort; page; city). */
function randomQuery(rnd: () => number, o: Offer): ProductListQuery {
  const one = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const some = (xs: string[]) =>
    [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => one(xs)))].join(',');
  const q: Record<string, string> = { sort: one(SORTS), cityId: String(one(o.cities)) };
  const scope = rnd();
  if (scope < 0.4) q.category = one(o.categories);
  else if (scope < 0.6) q.gender = String(one([0, 1]));
  else if (scope < 0.85) q.q = one(o.words);
  if (rnd() < 0.3) q.brand = some(o.brands);
  if (rnd() < 0.3) q.size = some(o.sizes);
  if (rnd() < 0.25) q.colour = some(o.colours);
  if (rnd() < 0.2) q.categorySlug = some(o.categories);
  if (rnd() < 0.25) q.priceMin = String(Math.floor(rnd() * 20_000));
  if (rnd() < 0.25) q.priceMax = String(20_000 + Math.floor(rnd() * 40_000));
  if (rnd() < 0.4) q.inStock = '1';
  if (rnd() < 0.2) q.discount = '1';
  if (rnd() < 0.3) q.pageSize = String(one([15, 120]));
  if (rnd() < 0.3) q.page = String(1 + Math.floor(rnd() * 3));
  return ProductListQuery.parse(q);
}

/** Both answers of one query, or both errors (status and message). */
async function both(query: ProductListQuery) {
  const settle = (p: Promise<unknown>) =>
    p.then(
      (value) => ({ value }),
      (e: { statusCode?: number; message?: string }) => ({ error: `${e.statusCode} ${e.message}` }),
    );
  return Promise.all([settle(listProductsSql(t.db, query)), settle(modelList(t.db, query))]);
}

async function expectSameAnswers(seed: number, n: number) {
  const o = await offer();
  const rnd = random(seed);
  let nonEmpty = 0;
  for (let k = 0; k < n; k++) {
    const query = randomQuery(rnd, o);
    const [sql, model] = await both(query);
    expect(model, JSON.stringify(query)).toEqual(sql);
    if ('value' in sql && (sql.value as { total: number }).total > 0) nonEmpty++;
  }
  // The random queries must reach real products, not only empty lists.
  expect(nonEmpty).toBeGreaterThan(n / 4);
}

/**
 * The model's size bitsets and scales say what its SKU arrays say, and the SKUs with units what the database's
 * stock rows say: per product the sizes it has, per city the sizes with units there, per size its lowest order.
 */
async function expectSizeStructures(m: CatalogModel) {
  const units = await t.db
    .selectFrom('stock')
    .select(['sku_id', 'city_id'])
    .where('quantity', '>', 0)
    .execute();
  const inStock = new Set(units.map((u) => `${u.sku_id}:${u.city_id}`));
  const bitsOf = (bits: Int32Array, i: number) =>
    m.sizes.filter((_, s) => (bits[i * m.sizeWords + (s >> 5)]! >>> (s & 31)) & 1);
  let checked = 0;
  for (let i = 0; i < m.n; i++) {
    const skus = Array.from({ length: m.skuStart[i + 1]! - m.skuStart[i]! }, (_, j) => m.skuStart[i]! + j);
    const labels = (ks: number[]) => [...new Set(ks.map((k) => m.sizes[m.skuSize[k]!]!))].sort();
    expect(bitsOf(m.sizeBits, i).sort()).toEqual(labels(skus));
    for (const [city, bits] of m.sizeBitsInCity) {
      const stocked = skus.filter((k) => inStock.has(`${m.skuId[k]}:${city}`));
      expect(skus.filter((k) => m.skuInCity.get(city)![k] === 1)).toEqual(stocked);
      expect(bitsOf(bits, i).sort()).toEqual(labels(stocked));
    }
    for (const k of skus) {
      const lowest = Math.min(
        ...skus.filter((j) => m.skuSize[j] === m.skuSize[k]).map((j) => m.skuOrder[j]!),
      );
      expect(m.scaleOrder[m.sizeScale[i]! * m.sizes.length + m.skuSize[k]!]).toBe(lowest);
    }
    checked += skus.length;
  }
  expect(checked).toBeGreaterThan(100);
}

// 300 random queries through both paths take seconds on PostgreSQL, many more on a loaded machine: a generous
// limit (the test checks answers, never timings).
const MANY_QUERIES_MS = 180_000;

describe('catalogue read model', () => {
  it(
    'answers random lists exactly as the SQL path does',
    async () => {
      await expectSameAnswers(1, 300);
    },
    MANY_QUERIES_MS,
  );

  it('loads the same model whatever the ranges of product ids its rows are read in', async () => {
    const { version } = await catalogModel(t.db);
    const whole = await loadModel(t.db, version);
    expect(whole.n).toBeGreaterThan(7);
    // One product per range and 7 per range: every range boundary falls between two products' rows.
    for (const chunk of [1, 7]) expect(await loadModel(t.db, version, chunk)).toEqual(whole);
    // Every row of the active products is in the model (once), and the vocabulary is of every term row.
    const active = t.db.selectFrom('product').select('id').where('is_active', '=', 1);
    const [skus, termRows, terms] = await Promise.all([
      t.db.selectFrom('sku').select('id').where('product_id', 'in', active).orderBy('id').execute(),
      t.db.selectFrom('product_search_term').select('term').where('product_id', 'in', active).execute(),
      t.db.selectFrom('product_search_term').select('term').distinct().execute(),
    ]);
    expect([...whole.skuId].sort((a, b) => a - b)).toEqual(skus.map((s) => s.id));
    expect([...whole.terms.values()].reduce((sum, l) => sum + l.positions.length, 0)).toBe(termRows.length);
    expect(whole.vocabulary).toEqual(
      terms
        .map((r) => r.term)
        .filter((term) => !isExactForm(term))
        .sort(),
    );
  });

  it('ranks search results: sold out last, then relevance (name and brand first), then stock in the city', async () => {
    let mixed = 0;
    for (const q of ['черный', 'джинсы', 'бел', 'платье белое', 'синий', 'джинсовая куртка']) {
      const list = await modelList(t.db, ProductListQuery.parse({ q, pageSize: '120', cityId: '1' }));
      if (list.total < 2) continue;
      const groups = resolveQuery(q, (await catalogModel(t.db)).vocabulary);
      const terms = [...new Set(groups.flat())];
      const rows = await t.db
        .selectFrom('product_search_term')
        .select(['product_id', 'weight'])
        .where('term', 'in', terms)
        .execute();
      const score = new Map<number, number>();
      for (const r of rows) score.set(r.product_id, (score.get(r.product_id) ?? 0) + r.weight);
      const cls = (c: (typeof list.items)[number]) =>
        c.regionalStockAmount !== 'not-available' ? 0 : c.globalStockAmount !== 'not-available' ? 1 : 2;
      const keys = list.items.map((c) => [cls(c) === 2 ? 1 : 0, -(score.get(c.id) ?? 0), cls(c)] as const);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
      expect(keys, q).toEqual(sorted);
      if (new Set(keys.map((k) => k[1])).size > 1) mixed++;
    }
    // Some of the searches mix stronger and weaker matches, so the order is really tested.
    expect(mixed).toBeGreaterThan(0);
  });

  it('applies stock changes product by product (the same model, updated) and stays equal to SQL', async () => {
    const before = await catalogModel(t.db);
    const rnd = random(7);
    const rows = await t.db
      .selectFrom('stock')
      .select(['sku_id', 'city_id', 'quantity'])
      .orderBy('sku_id')
      .orderBy('city_id')
      .execute();
    for (let k = 0; k < 40; k++) {
      const r = rows[Math.floor(rnd() * rows.length)]!;
      const quantity = rnd() < 0.5 ? 0 : Math.floor(rnd() * 5);
      await t.db
        .updateTable('stock')
        .set({ quantity })
        .where('sku_id', '=', r.sku_id)
        .where('city_id', '=', r.city_id)
        .execute();
    }
    const gone = rows[Math.floor(rnd() * rows.length)]!;
    await t.db
      .deleteFrom('stock')
      .where('sku_id', '=', gone.sku_id)
      .where('city_id', '=', gone.city_id)
      .execute();
    const after = await catalogModel(t.db);
    expect(after).toBe(before);
    await expectSizeStructures(after);
    await expectSameAnswers(2, 150);
  });

  it('answers a product page from the model with its stock read at once after each change', async () => {
    const product = await t.db
      .selectFrom('product')
      .select(['id', 'slug'])
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const skus = await t.db.selectFrom('sku').select('id').where('product_id', '=', product.id).execute();
    const page = async () =>
      (await t.app.inject(`/api/catalog/product/${product.slug}?cityId=1`)).json().data as Product;
    const model = await catalogModel(t.db);
    for (const s of skus) await fx.setStock(s.id, {});
    expect(await page()).toMatchObject({ stockState: StockState.none, regionalStockAmount: 'not-available' });
    await fx.setStock(skus[0]!.id, { 1: 3 });
    const stocked = await page();
    expect(stocked).toMatchObject({ stockState: StockState.inStock, regionalStockAmount: 'less-than-5' });
    expect(stocked.skus.map((s) => s.regionalStockAmount)).toEqual(
      skus.map((_, k) => (k === 0 ? 'less-than-5' : 'not-available')),
    );
    // Asked again at the same version: the kept answer; the model was updated, not loaded again.
    expect(await page()).toEqual(stocked);
    expect(await catalogModel(t.db)).toBe(model);
  });

  it('stays equal to SQL after concurrent orders take the last units', async () => {
    const cities = await fx.cities();
    const [sku] = await fx.skus(1, 5);
    await fx.setStock(sku!.id, { [cities.courier.id]: 3 });
    await catalogModel(t.db);
    const buyers = await fx.buyers(6, [{ skuId: sku!.id, qty: 1 }]);
    const results = await Promise.all(
      buyers.map(async (b, i) => {
        const [order] = await Promise.all([
          fx.create(b.token, fx.draft(b.cartId, cities.courier)),
          i % 2 ? catalogModel(t.db) : null,
        ]);
        return order.status;
      }),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(3);
    await expectSizeStructures(await catalogModel(t.db));
    await expectSameAnswers(3, 150);
  });

  it('reloads the whole model on any other catalogue change (a price)', async () => {
    const before = await catalogModel(t.db);
    const p = await t.db
      .selectFrom('product')
      .select(['id', 'original_price'])
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('product')
      .set({ price: p.original_price - 1 })
      .where('id', '=', p.id)
      .execute();
    const after = await catalogModel(t.db);
    expect(after).not.toBe(before);
    expect(after.price[after.index.get(p.id)!]).toBe(p.original_price - 1);
    await expectSameAnswers(4, 100);
  });

  it('reads the sizes’ own prices as the SQL path does: the cheapest filters and sorts, «от» up to the dearest', async () => {
    // Every third SKU gets a price of its own around its product's, some discounted (decision 032).
    const skus = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['sku.id', 'product.price'])
      .orderBy('sku.id')
      .execute();
    for (const s of skus.filter((_, i) => i % 3 === 0)) {
      const price = Math.max(1, Number(s.price) + ((s.id % 5) - 2) * 1500);
      const original = s.id % 2 ? price : price + 3000;
      await t.db.updateTable('sku').set({ price, original_price: original }).where('id', '=', s.id).execute();
    }
    const m = await catalogModel(t.db);
    const varied = [...m.index.values()].filter((i) => m.rows[i]!.max_price > m.price[i]!);
    expect(varied.length).toBeGreaterThan(5);
    await expectSameAnswers(5, 150);
  });
});
