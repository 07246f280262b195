// The large generated catalogue of the benchmark (`npm run bench`): 100,000 SKUs in 20 cities, in a SQLite
// file of its own — never the shop's ./data/kiim.db. Same schema (the app's migrations), same categories,
// models, colours and banners as the demo, many more products, brands and cities. Deterministic for a seed.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '#app/db/database.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { reindexSearch } from '#app/modules/catalog/catalog.search.ts';
import { slugify } from '#app/lib/slug.ts';
import { BANNERS } from './seed.banners.ts';
import { CITIES, PICKUP_POINTS } from './seed.places.ts';
import {
  BRANDS,
  BRA_SIZES,
  CATEGORIES,
  MATERIALS,
  PALETTES,
  PRICE_RANGE,
  SIZE_SCALES,
  SOCK_SIZES,
  TEMPLATES,
  WOMEN_ONLY_COLOURS,
  type ModelTemplate,
} from './seed.catalog-data.ts';
import { MASTER_HEIGHT, MASTER_WIDTH, priceTag } from './seed.catalogue.ts';
import { createRng } from './seed.random.ts';

/** Version of the generator: a file made by another version is rebuilt. */
export const LARGE_CATALOGUE_VERSION = 3;

/** The 7 cities added to the demo's 13 for 20 in all (visible, no courier, a small warehouse). */
const MORE_CITIES = [
  ['Петропавловск', 'petropavlovsk', 'Asia/Almaty'],
  ['Кокшетау', 'kokshetau', 'Asia/Almaty'],
  ['Талдыкорган', 'taldykorgan', 'Asia/Almaty'],
  ['Тараз', 'taraz', 'Asia/Almaty'],
  ['Семей', 'semey', 'Asia/Almaty'],
  ['Экибастуз', 'ekibastuz', 'Asia/Almaty'],
  ['Жезказган', 'zhezkazgan', 'Asia/Almaty'],
] as const;

/** Brand names made of parts, added to the demo's 24 for 60 in all. */
const BRAND_FIRST = ['Altyn', 'Aru', 'Kok', 'Samal', 'Zhibek', 'Bota', 'Dana', 'Ulan', 'Asyl'];
const BRAND_SECOND = ['Wear', 'Line', 'Studio', 'Denim'];

export interface LargeCatalogueSummary {
  file: string;
  cities: number;
  brands: number;
  products: number;
  skus: number;
  stockRows: number;
  searchTerms: number;
  seconds: number;
}

/**
 * Builds the benchmark catalogue into `file` (replaced when it exists): migrates an empty SQLite database with
 * the app's migrations, then inserts 20 cities (the demo's 13 — id 1 Алматы, 13 hidden — and 7 more), their
 * pickup points, 60 brands, the 10 categories, products until exactly `skus` SKUs (≈5 sizes each, 1–3
 * colours per model, two pictures each, drawn on demand), stock in about a third of the city × SKU pairs,
 * the demo banners, and the search index. Bulk inserts run in one transaction with prepared statements;
 * the stock summary triggers of the migrations fill `product_stock` as rows go in.
 */
export async function buildLargeCatalogue(
  file: string,
  opts: { skus?: number; seed?: number; now?: Date } = {},
): Promise<LargeCatalogueSummary> {
  const started = Date.now();
  const target = opts.skus ?? 100_000;
  const rng = createRng(opts.seed ?? 42);
  const stamp = (opts.now ?? new Date('2026-11-01T06:00:00Z')).toISOString();
  const nowMs = Date.parse(stamp);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  await migrateToLatest(db);

  const cities = [
    ...CITIES.map((c) => ({ ...c })),
    ...MORE_CITIES.map(([name, slug, timeZone], i) => ({
      id: 14 + i,
      name,
      slug,
      timeZone,
      visible: true,
      courierPrice: 0,
      stockShare: 0.2,
    })),
  ];
  const brands = [
    ...BRANDS.map((b) => ({ ...b })),
    ...BRAND_FIRST.flatMap((a) => BRAND_SECOND.map((b) => `${a} ${b}`))
      .slice(0, 36)
      .map((name, i) => ({
        slug: slugify(name),
        name,
        country: 'Казахстан',
        description: `Казахстанская марка ${name}: одежда на каждый день.`,
        kinds: [
          [0, 1],
          [2, 3],
          [3, 4],
          [0, 3],
        ][i % 4]!,
        genders: undefined as readonly number[] | undefined,
      })),
  ];
  let skuCount = 0;
  let stockRows = 0;
  let productCount = 0;
  raw.transaction(() => {
    const ins = (sqlText: string) => raw.prepare(sqlText);
    const city = ins(
      'insert into city (id, name, slug, time_zone, visible_for_customers, courier_available, courier_price, sort_order, created_at, updated_at) values (?,?,?,?,?,?,?,?,?,?)',
    );
    for (const c of cities)
      city.run(
        c.id,
        c.name,
        c.slug,
        c.timeZone,
        c.visible ? 1 : 0,
        c.courierPrice > 0 ? 1 : 0,
        c.courierPrice,
        c.id,
        stamp,
        stamp,
      );
    const pp = ins(
      'insert into pickup_point (id, city_id, title, building_name, address_city, address_street_number, address_entrance_number, address_floor, address_apartment_number, address_comment, opening_hours, longitude, latitude, created_at, updated_at) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
    );
    PICKUP_POINTS.forEach((p, i) =>
      pp.run(
        i + 1,
        p.cityId,
        p.title,
        p.buildingName,
        cities.find((c) => c.id === p.cityId)!.name,
        p.street,
        p.entrance,
        p.floor,
        p.apartment,
        p.comment,
        p.hours,
        p.lon,
        p.lat,
        stamp,
        stamp,
      ),
    );
    MORE_CITIES.forEach(([name], i) =>
      pp.run(
        PICKUP_POINTS.length + i + 1,
        14 + i,
        `Kiim ${name}`,
        null,
        name,
        'ул. Абая, 10',
        null,
        null,
        null,
        null,
        'Ежедневно 10:00–21:00',
        70 + i,
        45 + i / 2,
        stamp,
        stamp,
      ),
    );
    const brand = ins(
      'insert into brand (id, slug, name, country, description, created_at, updated_at) values (?,?,?,?,?,?,?)',
    );
    brands.forEach((b, i) => brand.run(i + 1, b.slug, b.name, b.country, b.description, stamp, stamp));
    const category = ins(
      'insert into category (id, slug, name, kind, gender, sort_order, created_at, updated_at) values (?,?,?,?,?,?,?,?)',
    );
    for (const c of CATEGORIES) category.run(c.id, c.slug, c.name, c.kind, c.gender, c.id, stamp, stamp);
    const banner = ins(
      'insert into banner (id, slot, position, title, subtitle, button_text, href, media_key, width, height, alt, theme, starts_at, ends_at, is_active, created_at, updated_at) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
    );
    for (const b of BANNERS)
      banner.run(
        b.id,
        b.slot,
        b.position,
        b.title,
        b.subtitle,
        b.buttonText,
        b.href,
        `banners/${b.id}`,
        b.width,
        b.height,
        b.alt,
        b.theme,
        null,
        null,
        1,
        stamp,
        stamp,
      );

    const product = ins(
      'insert into product (id, slug, model_code, name, brand_id, category_id, kind, gender, colour_name, colour_hex, description, composition, care, price, original_price, arrival_date, is_active, created_at, updated_at) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
    );
    const image = ins(
      'insert into product_image (id, product_id, position, media_key, width, height, alt, created_at, updated_at) values (?,?,?,?,?,?,?,?,?)',
    );
    const sku = ins(
      'insert into sku (id, external_id, product_id, size, size_order, created_at, updated_at) values (?,?,?,?,?,?,?)',
    );
    const stock = ins(
      'insert into stock (sku_id, city_id, quantity, created_at, updated_at) values (?,?,?,?,?)',
    );
    let model = 0;
    while (skuCount < target) {
      const cat = CATEGORIES[model % CATEGORIES.length]!;
      model += 1;
      const templates = TEMPLATES[cat.id] ?? [];
      const template = rng.pick(templates) as ModelTemplate;
      const brandIds = brands
        .map((b, i) => ({ b, id: i + 1 }))
        .filter(({ b }) => b.kinds.includes(cat.kind) && (b.genders ?? [cat.gender]).includes(cat.gender));
      const brandId = rng.pick(brandIds).id;
      const material = MATERIALS[template.material];
      const [min, max] = template.price ?? PRICE_RANGE[cat.kind] ?? [4990, 9990];
      const base = Math.min(max, Math.max(min, priceTag(min + (max - min) * rng.next())));
      const arrival = new Date(nowMs - rng.int(1, 365) * 86_400_000).toISOString().slice(0, 10);
      const palette = (PALETTES[cat.kind] ?? []).filter(
        (c) => cat.gender === 0 || !WOMEN_ONLY_COLOURS.has(c.name),
      );
      let scale: readonly string[];
      if (template.shape === 'bra') scale = BRA_SIZES;
      else if (template.shape === 'socks') scale = SOCK_SIZES[cat.gender] ?? [];
      else scale = SIZE_SCALES[`${cat.kind}-${cat.gender}`] ?? [];
      const len = Math.min(scale.length, rng.int(4, 6));
      const start = rng.int(0, scale.length - len);
      for (const colour of rng.sample(palette, rng.int(1, 3))) {
        if (skuCount >= target) break;
        productCount += 1;
        const id = productCount;
        const price = rng.chance(1 / 3)
          ? Math.max(490, priceTag(base * (1 - rng.pick([0.1, 0.2, 0.3, 0.4, 0.5]))))
          : base;
        product.run(
          id,
          `${slugify(`${template.name} ${colour.name}`)}-${id}`,
          `KB-M${String(model).padStart(6, '0')}`,
          template.name,
          brandId,
          cat.id,
          cat.kind,
          cat.gender,
          colour.name,
          colour.hex,
          `${template.about} ${material.note}`,
          rng.pick(material.compositions),
          material.care,
          Math.min(price, base),
          base,
          arrival,
          1,
          `${arrival}T06:00:00.000Z`,
          stamp,
        );
        for (let pos = 1; pos <= 2; pos++)
          image.run(
            (id - 1) * 2 + pos,
            id,
            pos,
            `products/${id}-${pos}`,
            MASTER_WIDTH,
            MASTER_HEIGHT,
            `${template.name}, цвет ${colour.name}${pos === 2 ? ': детали' : ''}`,
            stamp,
            stamp,
          );
        for (let k = 0; k < len && skuCount < target; k++) {
          skuCount += 1;
          const size = scale[start + k]!;
          sku.run(
            skuCount,
            `KB-${String(id).padStart(6, '0')}-${size}`,
            id,
            size,
            start + k + 1,
            stamp,
            stamp,
          );
          for (const c of cities) {
            const share = c.id === 1 ? 0.8 : c.stockShare * 0.6;
            if (rng.chance(share)) {
              stock.run(skuCount, c.id, rng.chance(0.35) ? rng.int(1, 4) : rng.int(5, 30), stamp, stamp);
              stockRows += 1;
            }
          }
        }
      }
    }
  })();
  const search = await reindexSearch(db);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  await db.destroy();
  return {
    file,
    cities: cities.length,
    brands: brands.length,
    products: productCount,
    skus: skuCount,
    stockRows,
    searchTerms: search.terms,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
