// Builds the demo catalogue rows in memory, deterministically: same seed and date, same rows.
import type { Insertable } from 'kysely';
import type { Database } from '#app/db/database.ts';
import { CITIES, PICKUP_POINTS } from './seed.places.ts';
import {
  BRANDS,
  BRA_SIZES,
  CATEGORIES,
  MATERIALS,
  MODELS_PER_CATEGORY,
  PALETTES,
  PRICE_RANGE,
  SIZE_SCALES,
  SOCK_SIZES,
  STYLING_NOTES,
  TEMPLATES,
  WOMEN_ONLY_COLOURS,
  type GarmentShape,
  type ModelTemplate,
} from './seed.catalog-data.ts';
import { createRng, slugify, type Rng } from './seed.random.ts';
import { BANNERS } from './seed.banners.ts';
import { COMPOSITION_WORDS, KK_CATALOGUE_TEXTS } from './seed.catalog-data.kk.ts';

/** Size of every product image master, pixels (3:4 portrait): as wide as the largest rendition (960). */
export const MASTER_WIDTH = 960;
export const MASTER_HEIGHT = 1280;
/** Pictures per product: 1 front view, 2 close-up detail. */
export const IMAGES_PER_PRODUCT = 2;

/** Every row the demo seed inserts, table by table, in insertion order. */
export interface DemoCatalogue {
  city: Insertable<Database['city']>[];
  pickup_point: Insertable<Database['pickup_point']>[];
  brand: Insertable<Database['brand']>[];
  category: Insertable<Database['category']>[];
  product: Insertable<Database['product']>[];
  product_image: Insertable<Database['product_image']>[];
  sku: Insertable<Database['sku']>[];
  stock: Insertable<Database['stock']>[];
  banner: Insertable<Database['banner']>[];
}

const DAY_MS = 86_400_000;
const DISCOUNTS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.3, 0.4, 0.5] as const;

/** Rounds tenge to the nearest price tag ending in 490 or 990 (…490, …990). */
export function priceTag(tenge: number): number {
  return Math.max(490, Math.round((tenge + 10) / 500) * 500 - 10);
}

/** The largest price tag ending in 490 or 990 that is not above `tenge`. */
const priceTagFloor = (tenge: number) => Math.floor((tenge + 10) / 500) * 500 - 10;

/**
 * Silhouette to draw for a product, found from its category and name (model templates are unique by
 * name within a category). Falls back to a T-shirt for names not in the demo templates.
 */
export function garmentShapeOf(categoryId: number, name: string): GarmentShape {
  return TEMPLATES[categoryId]?.find((m) => m.name === name)?.shape ?? 'tshirt';
}

/** Sizes a product of this template is sold in: a run of 3–7 neighbouring sizes of its scale. */
function sizesFor(
  rng: Rng,
  kind: number,
  gender: number,
  template: ModelTemplate,
): { size: string; order: number }[] {
  let scale: readonly string[];
  if (template.shape === 'bra') scale = BRA_SIZES;
  else if (template.shape === 'socks') scale = SOCK_SIZES[gender] ?? [];
  else scale = SIZE_SCALES[`${kind}-${gender}`] ?? [];
  const len = Math.min(scale.length, rng.int(3, 7));
  const start = rng.int(0, scale.length - len);
  return scale.slice(start, start + len).map((size, i) => ({ size, order: start + i + 1 }));
}

/** A stock quantity: about a third small (1–4), the rest 5–30 with fewer high values. */
const quantity = (rng: Rng) => (rng.chance(0.35) ? rng.int(1, 4) : 5 + Math.floor(rng.next() ** 2 * 26));

type StockMode = 'normal' | 'elsewhere' | 'none';

/**
 * Stock rows of one SKU (units per city). `normal`: in Алматы and a share of other cities; `elsewhere`:
 * none in Алматы (id 1) but in 1–3 other visible cities; `none`: nothing anywhere (sometimes zero rows).
 */
function stockFor(rng: Rng, skuId: number, mode: StockMode, stamp: string): Insertable<Database['stock']>[] {
  const rows: Insertable<Database['stock']>[] = [];
  const add = (cityId: number, qty: number) =>
    rows.push({ sku_id: skuId, city_id: cityId, quantity: qty, created_at: stamp, updated_at: stamp });
  if (mode === 'none') {
    if (rng.chance(0.3)) add(1, 0);
    return rows;
  }
  if (mode === 'elsewhere') {
    if (rng.chance(0.5)) add(1, 0);
    const others = CITIES.filter((c) => c.id !== 1 && c.visible).map((c) => c.id);
    for (const id of rng.sample(others, rng.int(1, 3)).sort((a, b) => a - b)) add(id, quantity(rng));
    return rows;
  }
  for (const city of CITIES) {
    if (city.id === 1) add(1, rng.chance(0.04) ? 0 : quantity(rng));
    else if (rng.chance(city.stockShare * 0.6)) add(city.id, rng.chance(0.06) ? 0 : quantity(rng));
  }
  return rows;
}

/**
 * Builds the whole demo catalogue (spec §3 entities) from a seed: 13 cities (id 1 Алматы, 13 hidden),
 * 31 pickup points, 24 brands, the 10 categories, about 450 products with 2 images each, 3–7 SKUs per
 * product, stock per city and the banners of every slot of spec §9. Prices are whole tenge ending in 490/990; about a third are discounted.
 * @param now fixes every timestamp and the arrival dates (the last 12 months before it).
 */
export function buildDemoCatalogue(now: Date, seed = 20261101): DemoCatalogue {
  const rng = createRng(seed);
  const stamp = now.toISOString();
  const stamps = { created_at: stamp, updated_at: stamp };
  const out: DemoCatalogue = {
    city: [],
    pickup_point: [],
    brand: [],
    category: [],
    product: [],
    product_image: [],
    sku: [],
    stock: [],
    banner: [],
  };

  for (const c of CITIES) {
    out.city.push({
      id: c.id,
      name: c.name,
      slug: c.slug,
      time_zone: c.timeZone,
      visible_for_customers: c.visible ? 1 : 0,
      courier_available: c.courierPrice > 0 ? 1 : 0,
      courier_price: c.courierPrice,
      sort_order: c.id,
      cdek_code: c.cdekCode ?? null,
      ...stamps,
    });
  }
  PICKUP_POINTS.forEach((pp, i) => {
    const city = CITIES.find((c) => c.id === pp.cityId);
    out.pickup_point.push({
      id: i + 1,
      city_id: pp.cityId,
      title: pp.title,
      building_name: pp.buildingName,
      address_city: city?.name ?? '',
      address_street_number: pp.street,
      address_entrance_number: pp.entrance,
      address_floor: pp.floor,
      address_apartment_number: pp.apartment,
      address_comment: pp.comment,
      opening_hours: pp.hours,
      longitude: pp.lon,
      latitude: pp.lat,
      ...stamps,
    });
  });
  BRANDS.forEach((b, i) =>
    out.brand.push({
      id: i + 1,
      slug: b.slug,
      name: b.name,
      country: b.country,
      description: b.description,
      ...stamps,
    }),
  );
  for (const c of CATEGORIES)
    out.category.push({
      id: c.id,
      slug: c.slug,
      name: c.name,
      kind: c.kind,
      gender: c.gender,
      sort_order: c.id,
      ...stamps,
    });

  // Models → colour siblings. Product ids are given after a shuffle so that lists mix models naturally.
  type Draft = {
    row: Omit<Insertable<Database['product']>, 'id' | 'slug'>;
    sizes: { size: string; order: number }[];
  };
  const drafts: Draft[] = [];
  let modelSeq = 0;
  for (const cat of CATEGORIES) {
    const templates = TEMPLATES[cat.id] ?? [];
    const brands = BRANDS.map((b, i) => ({ ...b, id: i + 1 })).filter(
      (b) => b.kinds.includes(cat.kind) && (b.genders ?? [cat.gender]).includes(cat.gender),
    );
    const models = MODELS_PER_CATEGORY[cat.id] ?? 0;
    for (let m = 0; m < models; m++) {
      modelSeq += 1;
      const template = templates[m % templates.length] as ModelTemplate;
      const brand = rng.pick(brands);
      const material = MATERIALS[template.material];
      const [min, max] = template.price ?? PRICE_RANGE[cat.kind] ?? [4990, 9990];
      const basePrice = Math.min(max, Math.max(min, priceTag(min + (max - min) * rng.next() ** 1.3)));
      const composition = rng.pick(material.compositions);
      const arrival = new Date(now.getTime() - rng.int(1, 365) * DAY_MS);
      const colourCount = rng.chance(0.12) ? 1 : rng.chance(0.5) ? 2 : 3;
      const palette = (PALETTES[cat.kind] ?? []).filter(
        (c) => cat.gender === 0 || !WOMEN_ONLY_COLOURS.has(c.name),
      );
      const colours = rng.sample(palette, colourCount);
      const sizes = sizesFor(rng, cat.kind, cat.gender, template);
      const modelCode = `KM-M${String(modelSeq).padStart(4, '0')}`;
      for (const colour of colours) {
        const description = [
          template.about,
          material.note,
          ...(rng.chance(0.5) ? [rng.pick(STYLING_NOTES)] : []),
        ].join(' ');
        let price = basePrice;
        if (rng.chance(1 / 3)) {
          // Never below the kind's lowest price tag: a sale does not turn a coat into a T-shirt price.
          const floor = PRICE_RANGE[cat.kind]?.[0] ?? 490;
          const discounted = Math.max(floor, priceTagFloor(basePrice * (1 - rng.pick(DISCOUNTS))));
          if (discounted < basePrice) price = discounted;
        }
        // A sibling colour sometimes arrived a few weeks later.
        const arrived = rng.chance(0.25)
          ? new Date(Math.min(now.getTime() - DAY_MS, arrival.getTime() + rng.int(7, 40) * DAY_MS))
          : arrival;
        const arrivalDate = arrived.toISOString().slice(0, 10);
        drafts.push({
          sizes,
          row: {
            model_code: modelCode,
            name: template.name,
            brand_id: brand.id,
            category_id: cat.id,
            kind: cat.kind,
            gender: cat.gender,
            colour_name: colour.name,
            colour_hex: colour.hex,
            description,
            composition,
            care: material.care,
            price,
            original_price: basePrice,
            arrival_date: arrivalDate,
            is_active: 1,
            created_at: `${arrivalDate}T06:00:00.000Z`,
            updated_at: stamp,
          },
        });
      }
    }
  }

  for (const b of BANNERS)
    out.banner.push({
      id: b.id,
      slot: b.slot,
      position: b.position,
      title: b.title,
      subtitle: b.subtitle,
      button_text: b.buttonText,
      href: b.href,
      media_key: `banners/${b.id}`,
      width: b.width,
      height: b.height,
      alt: b.alt,
      theme: b.theme,
      starts_at: null,
      ends_at: null,
      is_active: 1,
      ...stamps,
    });

  let skuId = 0;
  rng.shuffle(drafts).forEach(({ row: d, sizes }, i) => {
    const id = i + 1;
    out.product.push({ id, slug: `${slugify(`${d.name} ${d.colour_name}`)}-${id}`, ...d });
    for (let pos = 1; pos <= IMAGES_PER_PRODUCT; pos++) {
      out.product_image.push({
        id: (id - 1) * IMAGES_PER_PRODUCT + pos,
        product_id: id,
        position: pos,
        media_key: `products/${id}-${pos}`,
        width: MASTER_WIDTH,
        height: MASTER_HEIGHT,
        alt: pos === 1 ? `${d.name}, цвет ${d.colour_name}` : `${d.name}, цвет ${d.colour_name}: детали`,
        ...stamps,
      });
    }
    const productRoll = rng.next();
    const productMode: StockMode =
      productRoll < 0.025 ? 'none' : productRoll < 0.075 ? 'elsewhere' : 'normal';
    for (const s of sizes) {
      skuId += 1;
      out.sku.push({
        id: skuId,
        external_id: `KM-${String(id).padStart(6, '0')}-${s.size}`,
        product_id: id,
        size: s.size,
        size_order: s.order,
        ...stamps,
      });
      let mode = productMode;
      if (mode === 'normal') {
        const r = rng.next();
        mode = r < 0.03 ? 'none' : r < 0.09 ? 'elsewhere' : 'normal';
      }
      out.stock.push(...stockFor(rng, skuId, mode, stamp));
    }
  });
  return out;
}

/**
 * The Kazakh texts of a demo catalogue (issue 13), keyed by the Russian text as `catalogue_text` keeps them: the
 * building blocks' texts (names, colours, description and care sentences, countries, cities, banners) and each
 * composition of the products, translated word by word (`98% хлопок, 2% эластан` → `98% мақта, 2% эластан`).
 */
export function demoKazakhTexts(rows: Pick<DemoCatalogue, 'product'>): Record<string, string> {
  const texts: Record<string, string> = { ...KK_CATALOGUE_TEXTS, ...pickupPointTexts() };
  for (const p of rows.product) {
    // Picture descriptions (alt) as the generator writes them: «name, цвет colour» and «…: детали».
    const alt = `${texts[p.name] ?? p.name}, түсі ${texts[p.colour_name] ?? p.colour_name}`;
    texts[`${p.name}, цвет ${p.colour_name}`] = alt;
    texts[`${p.name}, цвет ${p.colour_name}: детали`] = `${alt}: бөлшектері`;
    let kk = p.composition;
    for (const [ru, word] of COMPOSITION_WORDS) kk = kk.split(ru).join(word);
    // Fibre names such as полиамид, вискоза, эластан read the same in Kazakh: such a composition is stored as is.
    texts[p.composition] = kk;
  }
  return texts;
}

/**
 * Kazakh names of the demo streets (Kazakh addresses put the name first, in its own spelling and without the
 * Russian genitive: «пр. Абая, 38» → «Абай даңғ., 38»).
 */
const KAZAKH_STREETS: Record<string, string> = {
  Абая: 'Абай',
  'Абилкайыр хана': 'Әбілқайыр хан',
  Азаттык: 'Азаттық',
  'Аль-Фараби': 'Әл-Фараби',
  Ауэзова: 'Әуезов',
  'Достык-Дружбы': 'Достық',
  'Кабанбай батыра': 'Қабанбай батыр',
  Кунаева: 'Қонаев',
  'Нуркена Абдирова': 'Нүркен Әбдіров',
  'Санкибай батыра': 'Саңқыбай батыр',
  Сарыарка: 'Сарыарқа',
  Сатпаева: 'Сәтпаев',
  'Тауке хана': 'Тәуке хан',
  Туран: 'Тұран',
  'Айтеке би': 'Әйтеке би',
  Баймагамбетова: 'Баймағамбетов',
  Байтурсынова: 'Байтұрсынұлы',
  'Бухар-Жырау': 'Бұқар жырау',
  Достык: 'Достық',
  Ихсанова: 'Ықсанов',
  Казахстан: 'Қазақстан',
  Луначарского: 'Луначарский',
  Макатаева: 'Мақатаев',
  Розыбакиева: 'Розыбакиев',
  Торайгырова: 'Торайғыров',
  'Самал-2': 'Самал-2',
};

/**
 * A demo street in Kazakh: `ул. Сатпаева, 17` → `Сәтпаев көш., 17`, `пр.` даңғ., `мкр. Самал-2` → `Самал-2 ш/а`,
 * `14-й мкр., 61` → `14 ш/а, 61`; a name missing from KAZAKH_STREETS keeps its spelling.
 */
const kazakhStreet = (street: string) => {
  const numbered = /^(\d+)-й мкр\.(.*)$/.exec(street);
  if (numbered) return `${numbered[1]} ш/а${numbered[2]}`;
  const m = /^(ул\.|пр\.|мкр\.) ([^,]+)(.*)$/.exec(street);
  if (!m) return street;
  const kind = { 'ул.': 'көш.', 'пр.': 'даңғ.', 'мкр.': 'ш/а' }[m[1]!]!;
  return `${KAZAKH_STREETS[m[2]!] ?? m[2]} ${kind}${m[3]}`;
};

/** Kazakh day abbreviations of opening hours: `Пн–Вс 10:00–22:00` → `Дс–Жс 10:00–22:00`. */
const DAYS: Record<string, string> = { Пн: 'Дс', Вт: 'Сс', Ср: 'Ср', Чт: 'Бс', Пт: 'Жм', Сб: 'Сб', Вс: 'Жс' };

/** Kazakh texts of the demo pickup points: titles, buildings (ТРЦ → СОО), streets and opening hours. */
function pickupPointTexts(): Record<string, string> {
  const texts: Record<string, string> = {};
  const building = (b: string) =>
    b
      .replace(/^ТРЦ (.+)$/, '$1 СОО')
      .replace(/^ТЦ (.+)$/, '$1 СО')
      .replace(/^БЦ (.+)$/, '$1 БО');
  for (const p of PICKUP_POINTS) {
    if (p.buildingName) texts[p.buildingName] = building(p.buildingName);
    texts[p.street] = kazakhStreet(p.street);
    if (p.apartment) texts[p.apartment] = p.apartment.replace(/^офис (.+)$/, '$1-кеңсе');
    texts[p.hours] = p.hours.replace(/Пн|Вт|Ср|Чт|Пт|Сб|Вс/g, (d) => DAYS[d] ?? d);
    const street = kazakhStreet(p.street).replace(/, [^,]+$/, '');
    texts[p.title] = p.title.startsWith('Пункт выдачи')
      ? `Беру пункті, ${street}`
      : p.title
          .replace(
            /^Kiim в (ТРЦ|ТЦ) (.+)$/,
            (_m, kind: string, name: string) => `Kiim, ${building(`${kind} ${name}`)}`,
          )
          .replace('Kiim в Туркестане (скоро открытие)', 'Kiim, Түркістан (жақында ашылады)');
  }
  return texts;
}
