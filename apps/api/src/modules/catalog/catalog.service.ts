import type {
  Banner,
  BannerSlot,
  BrandDetails,
  Category,
  CategoryTreeNode,
  City,
  DeliveryCity,
  PickupPoint,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from './catalog.repository.ts';
import { cachedAnswer } from './catalog.cache.ts';
import { shopperSay } from './read/index.ts';
import { asIs, langKey, textsOf, translateText, type CatalogueLang } from './catalog.texts.ts';
import { toBanner, toCategory, toCity, toPickupPoint } from './catalog.mapper.ts';
import { requireCity } from './catalog.page.ts';

// Catalogue rules: cities, categories, product lists and product pages with stock decoded for one city.
//
// Stock (spec §3, §4): "regional" = units of the SKU in the requested city, counted only when that city is
// visible to customers (a hidden city shows no regional stock); "global" = units summed over every city
// with visible_for_customers = 1 (the requested one included). A product's units are the sum over its SKUs.
// Exact units stay on the server: answers carry the decoded levels and the Russian state label only.
// `lang` is the shopper's catalogue language (null: Russian): the mappers put its texts in (docs/decisions/046).

// Product pages, sliders and cards by id: catalog.page.ts.
export {
  getProductJson,
  productCardsByIds,
  productsByIds,
  relatedProductsJson,
  requireCity,
} from './catalog.page.ts';

/**
 * The shop's own cities in display order, with their visibility and courier flags (spec §3), names in `lang`;
 * `withCarrierFound` adds the cities shoppers found through the carrier (decision 073).
 */
export async function listCities(
  db: DbOrTrx,
  lang: CatalogueLang | null = null,
  withCarrierFound = false,
): Promise<City[]> {
  const rows = await repo.listCities(db, withCarrierFound);
  const say = lang ? await shopperSay(db, lang) : asIs;
  return rows.map((c) => toCity(c, say));
}

/**
 * Pickup points of a city (spec §3), by id, texts in `lang`.
 * @throws AppError 404 `cityNotFound` for an unknown city.
 */
export async function listPickupPoints(
  db: DbOrTrx,
  cityId: number,
  lang: CatalogueLang | null = null,
): Promise<PickupPoint[]> {
  await requireCity(db, cityId);
  const rows = await repo.listPickupPoints(db, cityId);
  const say = lang ? await shopperSay(db, lang) : asIs;
  return rows.map((p) => toPickupPoint(p, say));
}

/**
 * Where the shop delivers (the delivery and stores pages): every city visible to customers in display order,
 * with its courier price in tenge (null where there is no courier) and days, and its pickup points (spec §3 fields).
 * A city hidden from customers (a shop not open yet) is left out. Names and addresses in `lang`.
 */
export async function deliveryCities(
  db: DbOrTrx,
  lang: CatalogueLang | null = null,
): Promise<DeliveryCity[]> {
  const [cities, points] = await Promise.all([repo.listCities(db), repo.listAllPickupPoints(db)]);
  const say = lang ? await shopperSay(db, lang) : asIs;
  return cities
    .filter((c) => c.visible_for_customers === 1)
    .map((c) => ({
      id: c.id,
      name: say(c.name),
      timeZone: c.time_zone,
      courierPrice: c.courier_available === 1 ? Number(c.courier_price) : null,
      courierDays: Number(c.delivery_days),
      pickupPoints: points.filter((p) => p.city_id === c.id).map((p) => toPickupPoint(p, say)),
    }));
}

/**
 * Pickup points by id (spec §3 fields), keyed by id; unknown ids are absent. For orders that name one. Texts in
 * `lang` (null: Russian).
 */
export async function pickupPointsByIds(
  db: DbOrTrx,
  ids: readonly number[],
  lang: CatalogueLang | null = null,
): Promise<Map<number, PickupPoint>> {
  if (ids.length === 0) return new Map();
  const rows = await repo.findPickupPointsByIds(db, ids);
  const say = lang ? await shopperSay(db, lang) : asIs;
  return new Map(rows.map((p) => [p.id, toPickupPoint(p, say)]));
}

/** The catalogue's version: changes with every catalogue or stock change (catalog.cache.ts). */
export const catalogueVersion = (db: DbOrTrx): Promise<number> => repo.catalogVersion(db);

/** Whether city `id` is in the reference data (visible or not). */
export const cityExists = async (db: DbOrTrx, id: number): Promise<boolean> =>
  (await repo.findCity(db, id)) !== undefined;

/** IANA time zones of cities by id (`Asia/Almaty`, …); unknown ids are absent. Dates are shown in them (§9). */
export function cityTimeZones(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> {
  return ids.length === 0 ? Promise.resolve(new Map()) : repo.findCityTimeZones(db, ids);
}

/** Whether the storefront lists a category or brand (the back office may hide one, issue 27). */
const shown = (row: { is_hidden: number }) => Number(row.is_hidden) !== 1;

/**
 * Categories (spec §3) shown in the storefront, of one gender (0 female, 1 male) or of both, in display order, names
 * in `lang`.
 */
export async function listCategories(
  db: DbOrTrx,
  gender?: number,
  lang: CatalogueLang | null = null,
): Promise<Category[]> {
  const rows = await repo.listCategories(db, gender);
  const say = lang ? await shopperSay(db, lang) : asIs;
  return rows.filter(shown).map((c) => toCategory(c, say));
}

/**
 * Brands not hidden, by name, with country, description and number of active products (the brands page); country
 * and description in `lang` (brand names are names). Cached per catalogue version and language.
 */
export async function listBrands(db: DbOrTrx, lang: CatalogueLang | null = null): Promise<BrandDetails[]> {
  return cachedAnswer(db, `${langKey(lang)}brands`, async () => {
    const rows = await repo.listBrandsWithCounts(db);
    const say = lang ? await shopperSay(db, lang) : asIs;
    return rows.filter(shown).map((b) => ({
      id: b.id,
      slug: b.slug,
      name: b.name,
      country: say(b.country),
      description: say(b.description),
      productCount: b.product_count,
    }));
  });
}

/** Segment names and slugs of the category tree (spec §2 `/home-{slug}`, §3 gender 0 female, 1 male). */
const SEGMENTS = [
  { gender: 0, slug: 'zhenshiny', name: 'Женщинам' },
  { gender: 1, slug: 'muzhchiny', name: 'Мужчинам' },
] as const;

/**
 * Categories shown in the storefront grouped by gender segment (women first), each with its number of active
 * products; with `gender`, that segment only. Segment and category names in `lang`.
 */
export async function categoryTree(
  db: DbOrTrx,
  gender?: number,
  lang: CatalogueLang | null = null,
): Promise<CategoryTreeNode[]> {
  const [categories, counts] = await cachedAnswer(db, 'category-tree', () =>
    Promise.all([repo.listCategories(db), repo.productCountsByCategory(db)]),
  );
  const say = lang ? await shopperSay(db, lang) : asIs;
  return SEGMENTS.filter((s) => gender === undefined || s.gender === gender).map((s) => ({
    ...s,
    name: say(s.name),
    categories: categories
      .filter((c) => c.gender === s.gender && shown(c))
      .map((c) => ({ ...toCategory(c, say), productCount: counts.get(c.id) ?? 0 })),
  }));
}

/**
 * Banners of the given slots (spec §9) shown at `now`: active and within their dates (`starts_at` ≤ now <
 * `ends_at`), by slot, then position, texts in `lang`. Not cached: their dates make them change without a
 * catalogue change.
 */
export async function listBanners(
  db: DbOrTrx,
  slots: readonly BannerSlot[],
  now: Date,
  lang: CatalogueLang | null = null,
): Promise<Banner[]> {
  const rows = await repo.listBanners(db, slots, now.toISOString());
  const say = lang ? await shopperSay(db, lang) : asIs;
  return rows.map((b) => toBanner(b, say));
}

/** Slug and last change date (YYYY-MM-DD) of every active product, for the sitemap (cached per catalogue version). */
export function productSlugs(db: DbOrTrx): Promise<{ slug: string; updatedAt: string }[]> {
  return cachedAnswer(db, 'product-slugs', async () =>
    (await repo.listActiveProductSlugs(db)).map((r) => ({
      slug: r.slug,
      updatedAt: r.updated_at.slice(0, 10),
    })),
  );
}

// What other modules name products and SKUs by (reviews, questions, the dashboard): catalog.refs.ts.
export { activeProductRef, activeSkuRef, productRefs, skuRefs, type ActiveSkuRef } from './catalog.refs.ts';

/**
 * Puts a catalogue text in a customer's language (issue 13): for `kk` the Kazakh text of a Russian one — a
 * product or colour name, a pickup point's title, address or hours (`catalogue_text`, whole or sentence by
 * sentence) — falling back to the Russian text; `ru` returns texts as they are. For order emails and SMS, whose
 * lines keep the Russian names they were ordered under.
 * @returns a function from a Russian text to the text to show.
 */
export async function catalogueTranslator(
  db: DbOrTrx,
  language: 'ru' | 'kk',
): Promise<(text: string) => string> {
  if (language === 'ru') return (text) => text;
  const texts = await textsOf(db, language);
  return (text) => translateText(texts, text);
}

export { bumpCatalogueVersion } from './catalog.version.repository.ts';
