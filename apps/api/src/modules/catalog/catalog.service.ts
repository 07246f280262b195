import {
  ErrorCode,
  Product as ProductSchema,
  RelatedProducts as RelatedProductsSchema,
  SIZE_GUIDE_PATH,
  dataOf,
  type Banner,
  type BannerSlot,
  type BrandDetails,
  type Category,
  type CategoryTreeNode,
  type City,
  type DeliveryCity,
  type PickupPoint,
  type ProductCard,
  type RelatedProducts,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { slugify } from '#app/lib/slug.ts';
import type { CityRow } from './catalog.table.ts';
import * as listing from './catalog.listing.repository.ts';
import * as pageRepo from './catalog.page.repository.ts';
import * as repo from './catalog.repository.ts';
import { cachedAnswer, cachedReply, jsonAnswer } from './catalog.cache.ts';
import { catalogModel, type CatalogModel } from './read/index.ts';
import { textsOf, translateText } from './catalog.texts.ts';
import {
  scopeOf,
  toBanner,
  toCategory,
  toCity,
  toImage,
  toPickupPoint,
  toProductCard,
} from './catalog.mapper.ts';
import { stockLevels } from '#app/modules/inventory/inventory.rules.ts';
import { ownBuffer } from '#app/lib/own-buffer.ts';

// Catalogue rules: cities, categories, product lists and product pages with stock decoded for one city.
//
// Stock (spec §3, §4): "regional" = units of the SKU in the requested city, counted only when that city is
// visible to customers (a hidden city shows no regional stock); "global" = units summed over every city
// with visible_for_customers = 1 (the requested one included). A product's units are the sum over its SKUs.
// Exact units stay on the server: answers carry the decoded levels and the Russian state label only.

/**
 * The city with this id.
 * @throws AppError 404 `cityNotFound` when there is none.
 */
export async function requireCity(db: DbOrTrx, cityId: number): Promise<CityRow> {
  const city = await repo.findCity(db, cityId);
  if (!city) throw notFound(ErrorCode.cityNotFound, 'Город не найден');
  return city;
}

/** Every city in display order, with its visibility and courier flags (spec §3). */
export async function listCities(db: DbOrTrx): Promise<City[]> {
  return (await repo.listCities(db)).map(toCity);
}

/**
 * Pickup points of a city (spec §3), by id.
 * @throws AppError 404 `cityNotFound` for an unknown city.
 */
export async function listPickupPoints(db: DbOrTrx, cityId: number): Promise<PickupPoint[]> {
  await requireCity(db, cityId);
  return (await repo.listPickupPoints(db, cityId)).map(toPickupPoint);
}

/**
 * Where the shop delivers (the delivery and stores pages): every city visible to customers in display order,
 * with its courier price in tenge (null where there is no courier) and days, and its pickup points (spec §3 fields).
 * A city hidden from customers (a shop not open yet) is left out.
 */
export async function deliveryCities(db: DbOrTrx): Promise<DeliveryCity[]> {
  const [cities, points] = await Promise.all([repo.listCities(db), repo.listAllPickupPoints(db)]);
  return cities
    .filter((c) => c.visible_for_customers === 1)
    .map((c) => ({
      id: c.id,
      name: c.name,
      timeZone: c.time_zone,
      courierPrice: c.courier_available === 1 ? Number(c.courier_price) : null,
      courierDays: Number(c.delivery_days),
      pickupPoints: points.filter((p) => p.city_id === c.id).map(toPickupPoint),
    }));
}

/** Pickup points by id (spec §3 fields), keyed by id; unknown ids are absent. For orders that name one. */
export async function pickupPointsByIds(
  db: DbOrTrx,
  ids: readonly number[],
): Promise<Map<number, PickupPoint>> {
  if (ids.length === 0) return new Map();
  return new Map((await repo.findPickupPointsByIds(db, ids)).map((p) => [p.id, toPickupPoint(p)]));
}

/** IANA time zones of cities by id (`Asia/Almaty`, …); unknown ids are absent. Dates are shown in them (§9). */
export function cityTimeZones(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> {
  return ids.length === 0 ? Promise.resolve(new Map()) : repo.findCityTimeZones(db, ids);
}

/** Whether the storefront lists a category or brand (the back office may hide one, issue 27). */
const shown = (row: { is_hidden: number }) => Number(row.is_hidden) !== 1;

/** Categories (spec §3) shown in the storefront, of one gender (0 female, 1 male) or of both, in display order. */
export async function listCategories(db: DbOrTrx, gender?: number): Promise<Category[]> {
  return (await repo.listCategories(db, gender)).filter(shown).map(toCategory);
}

/** The JSON of a product page up to its stock (see {@link pageBase}), and the product's id for reading its stock. */
interface PageBase {
  productId: number;
  /** `{"data":{…` — every field of the page but its stock levels and sizes, without the closing braces. */
  head: Buffer;
}

/** Most page bases kept per model (a full map is emptied and filled again). */
const MAX_PAGE_BASES = 5_000;

const pageBases = new WeakMap<CatalogModel, Map<string, Promise<PageBase | null>>>();

/**
 * The parts of an active product's page that change only with a new read model — the product, its pictures, colour
 * siblings, category and brand (any change of them loads the model anew, docs/decisions/018) — checked against the
 * contract once and kept per model by slug (null: no active product has it), so a page costs its stock read only.
 * Read after the model was had, so never older than it.
 */
function pageBase(db: DbOrTrx, m: CatalogModel, slug: string): Promise<PageBase | null> {
  let bases = pageBases.get(m);
  if (!bases) pageBases.set(m, (bases = new Map()));
  let base = bases.get(slug);
  if (!base) {
    if (bases.size >= MAX_PAGE_BASES) bases.clear();
    const kept = bases;
    base = loadPageBase(db, slug);
    kept.set(slug, base);
    base.catch(() => kept.delete(slug));
  }
  return base;
}

async function loadPageBase(db: DbOrTrx, slug: string): Promise<PageBase | null> {
  const product = await pageRepo.findActiveCardBySlug(db, slug);
  if (!product) return null;
  const [images, siblings, category, brands] = await Promise.all([
    repo.listProductImages(db, product.id),
    repo.listColourSiblings(db, product.model_code),
    repo.findCategory(db, product.category_id),
    repo.brandsByIds(db, [product.brand_id]),
  ]);
  const none = { regional: 0, global: 0 };
  const page = ProductSchema.parse({
    ...toProductCard(product, brands.get(product.brand_id)!, images[0], none, true, true),
    description: product.description,
    composition: product.composition,
    care: product.care,
    category: toCategory(category!),
    images: images.map(toImage),
    skus: [],
    colours: siblings.map((s) => ({ slug: s.slug, name: s.colour_name, hex: s.colour_hex })),
    sizeGuideUrl: SIZE_GUIDE_PATH,
    colourSlug: slugify(product.colour_name),
  });
  const { regionalStockAmount: _r, globalStockAmount: _g, stockState: _s, skus: _k, ...fields } = page;
  return { productId: product.id, head: ownBuffer(`{"data":${JSON.stringify(fields).slice(0, -1)}`) };
}

/**
 * The answer of `GET /api/catalog/product/:slug` as UTF-8 JSON (`{"data": Product}`) for one city: images by
 * position, SKUs by size order each with stock levels and the product-page label ('Доставка из другого города',
 * spec §4), colour siblings (same model, itself included) and its category; the product's own stock is the sum over
 * its SKUs. The page without its stock is kept per read model ({@link pageBase}); the stock is read at the current
 * version. Cached per catalogue version (docs/decisions/008).
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Товар не найден» for an unknown or inactive
 *   slug (errors are never cached).
 */
export async function getProductJson(db: DbOrTrx, slug: string, cityId: number): Promise<Buffer> {
  const version = await repo.catalogVersion(db);
  return cachedReply(
    db,
    `product:${cityId}:${slug}`,
    async () => {
      const m = await catalogModel(db, version);
      const city = m.cities.get(cityId);
      if (!city) throw notFound(ErrorCode.cityNotFound, 'Город не найден');
      const base = await pageBase(db, m, slug);
      if (!base) throw notFound(ErrorCode.notFound, 'Товар не найден');
      const visible = city.visible_for_customers === 1;
      const skus = await pageRepo.listSkusWithStock(db, base.productId, scopeOf(city));
      const stock = { regional: 0, global: 0 };
      for (const s of skus) {
        stock.regional += s.regional;
        stock.global += s.global;
      }
      const rest = {
        ...stockLevels(stock.regional, stock.global, visible, true),
        skus: skus.map((s) => ({
          externalId: s.external_id,
          size: s.size,
          price: s.price,
          originalPrice: s.original_price,
          ...stockLevels(s.regional, s.global, visible, true),
        })),
      };
      return ownBuffer([base.head, Buffer.from(`,${JSON.stringify(rest).slice(1)}}`)]);
    },
    version,
  );
}

const RelatedAnswer = dataOf(RelatedProductsSchema);

/** Cards of products with their stock rows for one city (images and brands in one query each). */
async function cardsOf(db: DbOrTrx, rows: listing.ProductWithStock[], city: CityRow): Promise<ProductCard[]> {
  const [images, brands] = await Promise.all([
    repo.firstImages(
      db,
      rows.map((r) => r.id),
    ),
    repo.brandsByIds(
      db,
      rows.map((r) => r.brand_id),
    ),
  ]);
  const visible = city.visible_for_customers === 1;
  return rows.map((r) => toProductCard(r, brands.get(r.brand_id)!, images.get(r.id), r, visible));
}

/** Cards per product-page slider (spec §2: brand and product sliders). */
const RELATED_LIMIT = 12;

/**
 * Sliders of a product page for one city (spec §2): `similar` — other models of the same category, in stock in
 * the city first, then nearest in price; `sameBrand` — other models of the brand, in stock first, then newest.
 * At most {@link RELATED_LIMIT} cards each. Cached per catalogue version as UTF-8 JSON (`{"data": …}`).
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Товар не найден» for an unknown slug.
 */
export function relatedProductsJson(db: DbOrTrx, slug: string, cityId: number): Promise<Buffer> {
  return cachedReply(db, `related:${cityId}:${slug}`, async () => {
    const city = await requireCity(db, cityId);
    const product = await pageRepo.findActiveCardBySlug(db, slug);
    if (!product) throw notFound(ErrorCode.notFound, 'Товар не найден');
    const scope = scopeOf(city);
    const [similar, sameBrand] = await Promise.all([
      listing.relatedProducts(db, product, 'similar', scope, RELATED_LIMIT),
      listing.relatedProducts(db, product, 'sameBrand', scope, RELATED_LIMIT),
    ]);
    const data: RelatedProducts = {
      similar: await cardsOf(db, similar, city),
      sameBrand: await cardsOf(db, sameBrand, city),
    };
    return jsonAnswer(RelatedAnswer, { data });
  });
}

/**
 * Cards of active products in the order of `ids` (sliders, recently viewed) for one city; unknown or inactive
 * ids are left out, a repeated id shows once.
 * @throws AppError 404 `cityNotFound` for an unknown city.
 */
export async function productsByIds(
  db: DbOrTrx,
  ids: readonly number[],
  cityId: number,
): Promise<ProductCard[]> {
  const cards = await productCardsByIds(db, ids, cityId);
  return [...new Set(ids)].flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));
}

/** Brands not hidden, by name, with country, description and number of active products (the brands page). */
export async function listBrands(db: DbOrTrx): Promise<BrandDetails[]> {
  return cachedAnswer(db, 'brands', async () =>
    (await repo.listBrandsWithCounts(db)).filter(shown).map((b) => ({
      id: b.id,
      slug: b.slug,
      name: b.name,
      country: b.country,
      description: b.description,
      productCount: b.product_count,
    })),
  );
}

/** Segment names and slugs of the category tree (spec §2 `/home-{slug}`, §3 gender 0 female, 1 male). */
const SEGMENTS = [
  { gender: 0, slug: 'zhenshiny', name: 'Женщинам' },
  { gender: 1, slug: 'muzhchiny', name: 'Мужчинам' },
] as const;

/**
 * Categories shown in the storefront grouped by gender segment (women first), each with its number of active
 * products; with `gender`, that segment only.
 */
export async function categoryTree(db: DbOrTrx, gender?: number): Promise<CategoryTreeNode[]> {
  const [categories, counts] = await cachedAnswer(db, 'category-tree', () =>
    Promise.all([repo.listCategories(db), repo.productCountsByCategory(db)]),
  );
  return SEGMENTS.filter((s) => gender === undefined || s.gender === gender).map((s) => ({
    ...s,
    categories: categories
      .filter((c) => c.gender === s.gender && shown(c))
      .map((c) => ({ ...toCategory(c), productCount: counts.get(c.id) ?? 0 })),
  }));
}

/**
 * Banners of the given slots (spec §9) shown at `now`: active and within their dates (`starts_at` ≤ now <
 * `ends_at`), by slot, then position. Not cached: their dates make them change without a catalogue change.
 */
export async function listBanners(db: DbOrTrx, slots: readonly BannerSlot[], now: Date): Promise<Banner[]> {
  return (await repo.listBanners(db, slots, now.toISOString())).map(toBanner);
}

/**
 * Cards of the given active products for one city (spec §3, §4: stock levels and label of the city), keyed
 * by product id, in a fixed number of queries (stock, first images, brands) whatever their number. Products
 * no longer sold or unknown are absent from the map. For lists kept elsewhere (the wishlist).
 * @throws AppError 404 `cityNotFound` for an unknown city.
 */
export async function productCardsByIds(
  db: DbOrTrx,
  productIds: readonly number[],
  cityId: number,
): Promise<Map<number, ProductCard>> {
  const city = await requireCity(db, cityId);
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await listing.listProductPage(db, { productIds: ids }, scopeOf(city), 'default', {
    limit: ids.length,
    offset: 0,
  });
  const cards = await cardsOf(db, rows, city);
  return new Map(rows.map((r, i) => [r.id, cards[i]!]));
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
export { activeProductRef, productRefs, skuRefs } from './catalog.refs.ts';

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
