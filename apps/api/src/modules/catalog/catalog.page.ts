import {
  ErrorCode,
  Product as ProductSchema,
  RelatedProducts as RelatedProductsSchema,
  SIZE_GUIDE_PATH,
  dataOf,
  type ProductCard,
  type RelatedProducts,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { ownBuffer } from '#app/lib/own-buffer.ts';
import { slugify } from '#app/lib/slug.ts';
import { stockLevels } from '#app/modules/inventory/inventory.rules.ts';
import type { CityRow } from './catalog.table.ts';
import * as listing from './catalog.listing.repository.ts';
import * as pageRepo from './catalog.page.repository.ts';
import * as repo from './catalog.repository.ts';
import { cachedReply, jsonAnswer } from './catalog.cache.ts';
import { catalogModel, modelSay, publishedRatings, shopperSay, type CatalogModel } from './read/index.ts';
import { asIs, langKey, type CatalogueLang, type Say } from './catalog.texts.ts';
import { scopeOf, toCategory, toImage, toProductCard } from './catalog.mapper.ts';
import { pageMeasurements } from './catalog.measurements.ts';

// Product pages, their sliders and cards by id for one city, in the shopper's language (docs/decisions/046): the
// texts go in where the answer is built, and each language is cached as an answer of its own.

/**
 * The city with this id.
 * @throws AppError 404 `cityNotFound` when there is none.
 */
export async function requireCity(db: DbOrTrx, cityId: number): Promise<CityRow> {
  const city = await repo.findCity(db, cityId);
  if (!city) throw notFound(ErrorCode.cityNotFound, 'Город не найден');
  return city;
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
function pageBase(
  db: DbOrTrx,
  m: CatalogModel,
  slug: string,
  lang: CatalogueLang | null,
): Promise<PageBase | null> {
  let bases = pageBases.get(m);
  if (!bases) pageBases.set(m, (bases = new Map()));
  const key = langKey(lang) + slug;
  let base = bases.get(key);
  if (!base) {
    if (bases.size >= MAX_PAGE_BASES) bases.clear();
    const kept = bases;
    base = lang
      ? modelSay(db, m, lang).then((say) => loadPageBase(db, slug, say))
      : loadPageBase(db, slug, asIs);
    kept.set(key, base);
    base.catch(() => kept.delete(key));
  }
  return base;
}

/** The page base of `slug` with its texts in `say`'s language (see {@link pageBase}). */
async function loadPageBase(db: DbOrTrx, slug: string, say: Say): Promise<PageBase | null> {
  const product = await pageRepo.findActiveCardBySlug(db, slug);
  if (!product) return null;
  const [images, siblings, category, brands, ratings, measurements] = await Promise.all([
    repo.listProductImages(db, product.id),
    repo.listColourSiblings(db, product.model_code),
    repo.findCategory(db, product.category_id),
    repo.brandsByIds(db, [product.brand_id]),
    publishedRatings(db, [product.id]),
    pageMeasurements(db, product.id),
  ]);
  const none = { regional: 0, global: 0 };
  const rating = {
    rating_sum: ratings.get(product.id)?.sum ?? 0,
    rating_count: ratings.get(product.id)?.count ?? 0,
  };
  const page = ProductSchema.parse({
    ...toProductCard(
      { ...product, ...rating },
      brands.get(product.brand_id)!,
      images[0],
      none,
      true,
      true,
      say,
    ),
    description: say(product.description),
    composition: say(product.composition),
    care: say(product.care),
    category: toCategory(category!, say),
    images: images.map((i) => toImage(i, say)),
    skus: [],
    colours: siblings.map((s) => ({ slug: s.slug, name: say(s.colour_name), hex: s.colour_hex })),
    sizeGuideUrl: SIZE_GUIDE_PATH,
    colourSlug: slugify(product.colour_name),
    measurements,
  });
  const { regionalStockAmount: _r, globalStockAmount: _g, stockState: _s, skus: _k, ...fields } = page;
  return { productId: product.id, head: ownBuffer(`{"data":${JSON.stringify(fields).slice(0, -1)}`) };
}

/**
 * The answer of `GET /api/catalog/product/:slug` as UTF-8 JSON (`{"data": Product}`) for one city: images by
 * position, SKUs by size order each with stock levels and the product-page label ('Доставка из другого города',
 * spec §4), colour siblings (same model, itself included) and its category; the product's own stock is the sum over
 * its SKUs. The page without its stock is kept per read model ({@link pageBase}); the stock is read at the current
 * version. Cached per catalogue version (docs/decisions/008) and language.
 * @param lang the shopper's catalogue language (null: Russian; docs/decisions/046).
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Товар не найден» for an unknown or inactive
 *   slug (errors are never cached).
 */
export async function getProductJson(
  db: DbOrTrx,
  slug: string,
  cityId: number,
  lang: CatalogueLang | null = null,
): Promise<Buffer> {
  const version = await repo.catalogVersion(db);
  return cachedReply(
    db,
    `${langKey(lang)}product:${cityId}:${slug}`,
    async () => {
      const m = await catalogModel(db, version);
      const city = m.cities.get(cityId);
      if (!city) throw notFound(ErrorCode.cityNotFound, 'Город не найден');
      const base = await pageBase(db, m, slug, lang);
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

/** Cards of products with their stock rows for one city (images and brands in one query each), texts in `say`'s. */
async function cardsOf(
  db: DbOrTrx,
  rows: listing.ProductWithStock[],
  city: CityRow,
  say: Say,
): Promise<ProductCard[]> {
  const ids = rows.map((r) => r.id);
  const [images, brands, ratings] = await Promise.all([
    repo.firstImages(db, ids),
    repo.brandsByIds(
      db,
      rows.map((r) => r.brand_id),
    ),
    publishedRatings(db, ids),
  ]);
  const visible = city.visible_for_customers === 1;
  return rows.map((r) => {
    const rating = { rating_sum: ratings.get(r.id)?.sum ?? 0, rating_count: ratings.get(r.id)?.count ?? 0 };
    return toProductCard(
      { ...r, ...rating },
      brands.get(r.brand_id)!,
      images.get(r.id),
      r,
      visible,
      false,
      say,
    );
  });
}

/** Cards per product-page slider (spec §2: brand and product sliders). */
const RELATED_LIMIT = 12;

/**
 * Sliders of a product page for one city (spec §2): `similar` — other models of the same category, in stock in
 * the city first, then nearest in price; `sameBrand` — other models of the brand, in stock first, then newest.
 * At most {@link RELATED_LIMIT} cards each. Cached per catalogue version and language as UTF-8 JSON (`{"data": …}`).
 * @param lang the shopper's catalogue language (null: Russian; docs/decisions/046).
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Товар не найден» for an unknown slug.
 */
export function relatedProductsJson(
  db: DbOrTrx,
  slug: string,
  cityId: number,
  lang: CatalogueLang | null = null,
): Promise<Buffer> {
  return cachedReply(db, `${langKey(lang)}related:${cityId}:${slug}`, async () => {
    const city = await requireCity(db, cityId);
    const say = lang ? await shopperSay(db, lang) : asIs;
    const product = await pageRepo.findActiveCardBySlug(db, slug);
    if (!product) throw notFound(ErrorCode.notFound, 'Товар не найден');
    const scope = scopeOf(city);
    const [similar, sameBrand] = await Promise.all([
      listing.relatedProducts(db, product, 'similar', scope, RELATED_LIMIT),
      listing.relatedProducts(db, product, 'sameBrand', scope, RELATED_LIMIT),
    ]);
    const data: RelatedProducts = {
      similar: await cardsOf(db, similar, city, say),
      sameBrand: await cardsOf(db, sameBrand, city, say),
    };
    return jsonAnswer(RelatedAnswer, { data });
  });
}

/**
 * Cards of active products in the order of `ids` (sliders, recently viewed) for one city; unknown or inactive
 * ids are left out, a repeated id shows once. Names in `lang` (null: Russian; docs/decisions/046).
 * @throws AppError 404 `cityNotFound` for an unknown city.
 */
export async function productsByIds(
  db: DbOrTrx,
  ids: readonly number[],
  cityId: number,
  lang: CatalogueLang | null = null,
): Promise<ProductCard[]> {
  const cards = await productCardsByIds(db, ids, cityId, lang);
  return [...new Set(ids)].flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));
}

/**
 * Cards of the given active products for one city (spec §3, §4: stock levels and label of the city), keyed
 * by product id, in a fixed number of queries (stock, first images, brands) whatever their number. Products
 * no longer sold or unknown are absent from the map. For lists kept elsewhere (the wishlist). Names in `lang`
 * (null: Russian; docs/decisions/046).
 * @throws AppError 404 `cityNotFound` for an unknown city.
 */
export async function productCardsByIds(
  db: DbOrTrx,
  productIds: readonly number[],
  cityId: number,
  lang: CatalogueLang | null = null,
): Promise<Map<number, ProductCard>> {
  const city = await requireCity(db, cityId);
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await listing.listProductPage(db, { productIds: ids }, scopeOf(city), 'default', {
    limit: ids.length,
    offset: 0,
  });
  const cards = await cardsOf(db, rows, city, lang ? await shopperSay(db, lang) : asIs);
  return new Map(rows.map((r, i) => [r.id, cards[i]!]));
}
