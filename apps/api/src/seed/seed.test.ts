import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CITY_ID } from '@kiim/contract';
import { createDatabase, type Db } from '#app/db/database.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { buildDemoCatalogue, priceTag } from './seed.catalogue.ts';
import { createRng, slugify } from './seed.random.ts';
import { buildDemoFeedback } from './seed.reviews.ts';
import sharp from 'sharp';
import { DEMO_SEED_DATE, demoMasterImages, ensureSeeded, isCatalogueEmpty, seedDemo } from './seed.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const count = async (
  table: 'city' | 'pickup_point' | 'brand' | 'category' | 'product' | 'sku' | 'product_image',
) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo catalogue seed (spec §3)', () => {
  it('has at least the required rows', async () => {
    expect(await count('city')).toBeGreaterThanOrEqual(10);
    expect(await count('pickup_point')).toBeGreaterThanOrEqual(25);
    expect(await count('brand')).toBeGreaterThanOrEqual(20);
    expect(await count('category')).toBe(10);
    expect(await count('product')).toBeGreaterThanOrEqual(400);
    expect(await count('sku')).toBeGreaterThanOrEqual(2000);
    expect(await count('product_image')).toBe(2 * (await count('product')));
  });

  it('makes Алматы the default, visible city with a courier, and hides one city', async () => {
    const cities = await t.db.selectFrom('city').selectAll().orderBy('id').execute();
    const almaty = cities.find((c) => c.id === DEFAULT_CITY_ID);
    expect(almaty).toMatchObject({
      name: 'Алматы',
      slug: 'almaty',
      time_zone: 'Asia/Almaty',
      visible_for_customers: 1,
      courier_available: 1,
    });
    expect(almaty!.courier_price).toBeGreaterThan(0);
    expect(cities.map((c) => c.id)).toEqual(cities.map((_, i) => i + 1));
    expect(cities.some((c) => c.visible_for_customers === 0)).toBe(true);
    for (const c of cities) {
      expect(c.courier_price > 0).toBe(c.courier_available === 1);
      expect(c.time_zone).toMatch(/^Asia\/(Almaty|Aqtobe|Aqtau|Atyrau|Oral|Qostanay|Qyzylorda)$/);
    }
    const withCourier = cities.filter((c) => c.courier_available === 1).map((c) => c.name);
    expect(withCourier).toEqual(expect.arrayContaining(['Алматы', 'Астана', 'Шымкент']));
    // CDEK's codes where the CDEK simulator knows the city, so the demo shop can send parcels from its warehouses;
    // none on the hidden city, whose shop is not open.
    expect(almaty!.cdek_code).toBe(4756);
    expect(cities.filter((c) => c.cdek_code !== null).length).toBe(7);
    expect(cities.filter((c) => c.visible_for_customers === 0).map((c) => c.cdek_code)).toEqual([null]);
  });

  it('gives every visible city a pickup point, with coordinates near the city', async () => {
    const points = await t.db
      .selectFrom('pickup_point')
      .innerJoin('city', 'city.id', 'pickup_point.city_id')
      .select([
        'pickup_point.city_id',
        'city.name',
        'city.visible_for_customers',
        'pickup_point.latitude',
        'pickup_point.longitude',
        'pickup_point.opening_hours',
        'pickup_point.address_city',
      ])
      .execute();
    const cities = await t.db.selectFrom('city').select(['id', 'visible_for_customers']).execute();
    for (const c of cities.filter((c) => c.visible_for_customers === 1)) {
      expect(
        points.some((p) => p.city_id === c.id),
        `city ${c.id}`,
      ).toBe(true);
    }
    expect(points.filter((p) => p.city_id === 1).length).toBeGreaterThanOrEqual(3);
    expect(points.filter((p) => p.city_id === 2).length).toBeGreaterThanOrEqual(2);
    for (const p of points) {
      expect(p.address_city).toBe(p.name);
      expect(p.latitude).toBeGreaterThan(40.5);
      expect(p.latitude).toBeLessThan(55.5);
      expect(p.longitude).toBeGreaterThan(46.5);
      expect(p.longitude).toBeLessThan(87.5);
      expect(p.opening_hours).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
    }
    const almaty = points.filter((p) => p.city_id === 1);
    for (const p of almaty) {
      expect(Math.abs(p.latitude - 43.24)).toBeLessThan(0.15);
      expect(Math.abs(p.longitude - 76.91)).toBeLessThan(0.15);
    }
  });

  it('has the ten categories of spec §3: five kinds × two genders', async () => {
    const cats = await t.db.selectFrom('category').selectAll().orderBy('id').execute();
    expect(cats.map((c) => `${c.kind}/${c.gender}`).sort()).toEqual(
      [0, 1, 2, 3, 4].flatMap((k) => [0, 1].map((g) => `${k}/${g}`)).sort(),
    );
    expect(cats.find((c) => c.id === 1)).toMatchObject({ slug: 'zhenskie-dzhinsy', kind: 0, gender: 0 });
    expect(cats.find((c) => c.slug === 'muzhskaya-verhnyaya-odezhda')).toMatchObject({ kind: 2, gender: 1 });
  });

  it('prices products in whole tenge ending in 490/990, about a third discounted', async () => {
    const products = await t.db
      .selectFrom('product')
      .select(['price', 'original_price', 'kind', 'arrival_date', 'slug', 'colour_hex'])
      .execute();
    const discounted = products.filter((p) => p.original_price !== p.price);
    expect(discounted.length / products.length).toBeGreaterThan(0.25);
    expect(discounted.length / products.length).toBeLessThan(0.42);
    for (const p of products) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(String(p.price)).toMatch(/[49]90$/);
      expect(String(p.original_price)).toMatch(/[49]90$/);
      expect(p.original_price).toBeGreaterThanOrEqual(p.price);
      expect(p.arrival_date).toMatch(/^2025-1[12]-\d\d$|^2026-\d\d-\d\d$/);
      expect(p.slug).toMatch(/^[a-z0-9-]+-\d+$/);
      expect(p.colour_hex).toMatch(/^#[0-9a-f]{6}$/);
    }
    for (const p of discounted) {
      expect(p.original_price).toBeGreaterThan(p.price);
      expect(1 - p.price / p.original_price).toBeLessThanOrEqual(0.55);
    }
    const underwear = products.filter((p) => p.kind === 4);
    expect(Math.min(...underwear.map((p) => p.price))).toBeGreaterThanOrEqual(2990);
    expect(Math.max(...underwear.map((p) => p.original_price))).toBeLessThanOrEqual(9990);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
  });

  it('sells models in several colours (colour siblings share model_code)', async () => {
    const rows = await t.db.selectFrom('product').select(['model_code', 'name', 'colour_name']).execute();
    const byModel = new Map<string, typeof rows>();
    for (const r of rows) byModel.set(r.model_code, [...(byModel.get(r.model_code) ?? []), r]);
    const multi = [...byModel.values()].filter((g) => g.length > 1);
    expect(multi.length).toBeGreaterThan(byModel.size / 2);
    for (const g of multi) {
      expect(new Set(g.map((r) => r.name)).size).toBe(1);
      expect(new Set(g.map((r) => r.colour_name)).size).toBe(g.length);
    }
  });

  it('gives every product 3–7 SKUs with ERP-style external ids', async () => {
    const skus = await t.db.selectFrom('sku').select(['product_id', 'external_id', 'size_order']).execute();
    const perProduct = new Map<number, number>();
    for (const s of skus) {
      expect(s.external_id).toMatch(/^KM-\d{6}-[A-Za-z0-9._-]+$/);
      perProduct.set(s.product_id, (perProduct.get(s.product_id) ?? 0) + 1);
    }
    expect(perProduct.size).toBe(await count('product'));
    for (const n of perProduct.values()) {
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
    }
  });

  it('spreads stock over cities, with SKUs only elsewhere and SKUs out of stock', async () => {
    const rows = await t.db.selectFrom('stock').select(['sku_id', 'city_id', 'quantity']).execute();
    const skuCount = await count('sku');
    const hidden = (
      await t.db.selectFrom('city').select('id').where('visible_for_customers', '=', 0).execute()
    ).map((c) => c.id);
    const units = new Map<number, { almaty: number; visibleElsewhere: number; total: number }>();
    for (const r of rows) {
      expect(r.quantity).toBeGreaterThanOrEqual(0);
      const u = units.get(r.sku_id) ?? { almaty: 0, visibleElsewhere: 0, total: 0 };
      if (r.city_id === 1) u.almaty += r.quantity;
      else if (!hidden.includes(r.city_id)) u.visibleElsewhere += r.quantity;
      u.total += r.quantity;
      units.set(r.sku_id, u);
    }
    const onlyElsewhere = [...units.values()].filter((u) => u.almaty === 0 && u.visibleElsewhere > 0).length;
    const withStock = [...units.values()].filter((u) => u.total > 0).length;
    expect(onlyElsewhere / skuCount).toBeGreaterThan(0.06);
    expect(onlyElsewhere / skuCount).toBeLessThan(0.2);
    expect((skuCount - withStock) / skuCount).toBeGreaterThan(0.02);
    expect((skuCount - withStock) / skuCount).toBeLessThan(0.1);
    const quantities = rows.map((r) => r.quantity);
    expect(quantities.filter((q) => q >= 1 && q <= 4).length).toBeGreaterThan(rows.length / 5);
    expect(quantities.filter((q) => q >= 5).length).toBeGreaterThan(rows.length / 3);
    expect(rows.some((r) => hidden.includes(r.city_id) && r.quantity > 0)).toBe(true);
  });

  it('describes two pictures per product by media key', async () => {
    const images = await t.db
      .selectFrom('product_image')
      .selectAll()
      .where('product_id', '=', 12)
      .orderBy('position')
      .execute();
    expect(images.map((i) => [i.position, i.media_key])).toEqual([
      [1, 'products/12-1'],
      [2, 'products/12-2'],
    ]);
    expect(images[0]!.width * 4).toBe(images[0]!.height * 3);
    expect(images[0]!.alt).toMatch(/цвет/);
  });

  it('rebuilds at start a search index made before exact word forms were stored (issue 14)', async () => {
    const exactForms = async () =>
      Number(
        (
          await t.db
            .selectFrom('product_search_term')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('term', 'like', '=%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stored = await exactForms();
    expect(stored).toBeGreaterThan(0);
    await t.db.deleteFrom('product_search_term').where('term', 'like', '=%').execute();
    const said: string[] = [];
    await ensureSeeded(
      t.db,
      { mediaDir: '', mediaPrerender: false },
      {
        info: (m: string) => void said.push(m),
        error: (m: string) => void said.push(m),
      },
    );
    expect(await exactForms()).toBe(stored);
    expect(said.join('\n')).toMatch(/Поисковый индекс построен/);
  });

  it('leaves an empty catalogue empty with AUTO_SEED=false, adding only the information pages', async () => {
    const file = path.join(os.tmpdir(), `kiim-noseed-${process.pid}-${Date.now()}.db`);
    const { db } = createDatabase({ sqlitePath: file });
    try {
      await migrateToLatest(db);
      const said: string[] = [];
      const log = { info: (m: string) => void said.push(m), error: (m: string) => void said.push(m) };
      const result = await ensureSeeded(db, { mediaDir: '', mediaPrerender: false, autoSeed: false }, log);
      expect(result.seeded).toBeNull();
      expect(await isCatalogueEmpty(db)).toBe(true);
      const pages = await db.selectFrom('content_page').select('slug').execute();
      expect(pages.length).toBeGreaterThan(0);
      expect(said.join('\n')).toMatch(/AUTO_SEED=false/);
    } finally {
      await db.destroy();
      for (const f of ['', '-wal', '-shm']) fs.rmSync(`${file}${f}`, { force: true });
    }
  });

  it('refuses to seed a catalogue that already has products', async () => {
    expect(await isCatalogueEmpty(t.db)).toBe(false);
    await expect(seedDemo(t.db, { mediaDir: null })).rejects.toThrow(/already/);
  });
});

describe('determinism', () => {
  const files: string[] = [];
  afterAll(() => {
    for (const f of files) for (const s of ['', '-wal', '-shm']) fs.rmSync(`${f}${s}`, { force: true });
  });
  async function freshSeeded(): Promise<Db> {
    const file = path.join(os.tmpdir(), `kiim-seed-${process.pid}-${files.length}-${Date.now()}.db`);
    files.push(file);
    const { db } = createDatabase({ sqlitePath: file });
    await migrateToLatest(db);
    await seedDemo(db, { mediaDir: null });
    return db;
  }

  it('gives identical rows on two fresh databases', async () => {
    const a = await freshSeeded();
    const b = await freshSeeded();
    try {
      for (const db of [a, b]) expect(await isCatalogueEmpty(db)).toBe(false);
      const sample = async (db: Db) => ({
        products: await db
          .selectFrom('product')
          .selectAll()
          .where('id', 'in', [1, 2, 57, 200, 399])
          .orderBy('id')
          .execute(),
        skus: await db
          .selectFrom('sku')
          .selectAll()
          .where('product_id', 'in', [1, 57, 399])
          .orderBy('id')
          .execute(),
        stock: await db
          .selectFrom('stock')
          .selectAll()
          .where('sku_id', '<=', 300)
          .orderBy('sku_id')
          .orderBy('city_id')
          .execute(),
        points: await db.selectFrom('pickup_point').selectAll().orderBy('id').execute(),
      });
      const [sa, sb] = [await sample(a), await sample(b)];
      expect(sa.products).toHaveLength(5);
      expect(sa.stock.length).toBeGreaterThan(300);
      expect(sb).toEqual(sa);
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });

  it('matches the test database, whichever dialect it runs on', async () => {
    const expected = buildDemoCatalogue(DEMO_SEED_DATE).product.find((p) => p.id === 77);
    const { stock_global: stockGlobal, ...actual } = await t.db
      .selectFrom('product')
      .selectAll()
      .where('id', '=', 77)
      .executeTakeFirstOrThrow();
    expect(actual).toEqual(expected);
    // Derived by the stock trigger: the units of its SKUs over the cities visible to customers.
    const units = await t.db
      .selectFrom('stock')
      .innerJoin('sku', 'sku.id', 'stock.sku_id')
      .innerJoin('city', 'city.id', 'stock.city_id')
      .select((eb) => eb.fn.sum<number>('stock.quantity').as('n'))
      .where('sku.product_id', '=', 77)
      .where('city.visible_for_customers', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stockGlobal).toBe(Number(units.n));
  });

  it('derives timestamps and arrival dates from the given date', () => {
    const later = buildDemoCatalogue(new Date('2027-03-01T06:00:00Z'));
    expect(later.city[0]!.created_at).toBe('2027-03-01T06:00:00.000Z');
    for (const p of later.product)
      expect(p.arrival_date < '2027-03-01' && p.arrival_date >= '2026-03-01').toBe(true);
  });
});

describe('seed helpers', () => {
  it('rounds to price tags ending in 490 or 990', () => {
    expect([12990, 13100, 13300, 2991, 100].map(priceTag)).toEqual([12990, 12990, 13490, 2990, 490]);
  });
  it('transliterates Russian into URL slugs', () => {
    expect(slugify('Джинсы slim fit чёрный')).toBe('dzhinsy-slim-fit-chernyy');
    expect(slugify('Мужская верхняя одежда')).toBe('muzhskaya-verhnyaya-odezhda');
    expect(slugify('Трусы-боксеры, 3 шт.')).toBe('trusy-boksery-3-sht');
  });
  it('repeats a random sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const xs = Array.from({ length: 5 }, () => a.int(0, 1000));
    expect(Array.from({ length: 5 }, () => b.int(0, 1000))).toEqual(xs);
    expect(createRng(43).int(0, 1000)).not.toBe(xs[0]);
  });
});

describe('the demo catalogue as the media route’s master source', () => {
  it('draws product pictures from their rows and demo banners, and knows no other key', async () => {
    const source = demoMasterImages(t.db);
    const product = await source.masterImage('products/1-1');
    expect(await sharp(product!).metadata()).toMatchObject({ format: 'webp', width: 960, height: 1280 });
    const banner = await source.masterImage('banners/1');
    expect((await sharp(banner!).metadata()).format).toBe('webp');
    for (const key of ['products/99999-1', 'products/1-9', 'banners/999', 'other/1']) {
      expect(await source.masterImage(key), key).toBeNull();
    }
  });
});

describe('demo reviews and questions (issue 10)', () => {
  it('are published, imported (no customer, no order) and tied to real products, with answers', async () => {
    const reviews = await t.db.selectFrom('review').selectAll().execute();
    const products = await count('product');
    const reviewed = new Set(reviews.map((r) => r.product_id));
    expect(reviewed.size).toBeGreaterThan(products / 5);
    expect(reviewed.size).toBeLessThan(products / 2);
    for (const r of reviews) {
      expect(r).toMatchObject({ status: 'published', source: 'import', customer_id: null, order_id: null });
      expect(r.rating >= 1 && r.rating <= 5).toBe(true);
      expect(r.author_name).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
      expect(r.body.length).toBeGreaterThanOrEqual(10);
      expect(r.body).not.toMatch(/[{|}]/);
      expect(r.published_at! > r.created_at && r.published_at! < DEMO_SEED_DATE.toISOString()).toBe(true);
    }
    // Varied: every rating and every fit answer occurs; most are good.
    expect(new Set(reviews.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(reviews.map((r) => r.fit))).toEqual(new Set([null, 'small', 'true_to_size', 'large']));
    const average = reviews.reduce((s, r) => s + r.rating, 0) / reviews.length;
    expect(average > 3.8 && average < 4.6).toBe(true);

    const questions = await t.db.selectFrom('question').selectAll().execute();
    const answers = await t.db.selectFrom('question_answer').selectAll().execute();
    expect(questions.length).toBeGreaterThan(20);
    expect(new Set(answers.map((a) => a.question_id))).toEqual(new Set(questions.map((q) => q.id)));
    for (const a of answers) expect(a.body).not.toMatch(/\{(composition|care)\}/);
  });

  it('are the same on every run and match the test database', async () => {
    const products = buildDemoCatalogue(DEMO_SEED_DATE).product.map((p) => ({
      id: p.id!,
      kind: p.kind,
      gender: p.gender,
      composition: p.composition,
      care: p.care,
    }));
    const first = buildDemoFeedback(products, DEMO_SEED_DATE);
    const second = buildDemoFeedback(products, DEMO_SEED_DATE);
    expect(second).toEqual(first);
    const stored = await t.db.selectFrom('review').selectAll().orderBy('id').execute();
    expect(stored.map((r) => r.id)).toEqual(first.review.map((r) => r.id).sort());
  });
});
