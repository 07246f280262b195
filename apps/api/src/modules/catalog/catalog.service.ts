import {
  ErrorCode,
  type Category,
  type City,
  type PickupPoint,
  type Product,
  type ProductList,
  type ProductListQuery,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import type { CityRow } from './catalog.table.ts';
import * as repo from './catalog.repository.ts';
import { toCategory, toCity, toImage, toPickupPoint, toProductCard } from './catalog.mapper.ts';
import { stockLevels } from './stock.rules.ts';

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

/** Which units count as regional for a city: none when it is hidden from customers (spec §4). */
const scopeOf = (city: CityRow): repo.StockScope => ({
  regionalCityId: city.visible_for_customers === 1 ? city.id : null,
});

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

/** Categories (spec §3), of one gender (0 female, 1 male) or of both, in display order. */
export async function listCategories(db: DbOrTrx, gender?: number): Promise<Category[]> {
  return (await repo.listCategories(db, gender)).map(toCategory);
}

/**
 * One page of active products (spec §4 sorts, §9 page sizes) as cards with stock for `query.cityId`:
 * stock aggregated by one grouped subquery, then the page's first images and brands by one query each.
 * Prices are whole tenge. `pageCount` is 0 when nothing matches; a page past the end is empty.
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` for an unknown category slug.
 */
export async function listProducts(db: DbOrTrx, query: ProductListQuery): Promise<ProductList> {
  const city = await requireCity(db, query.cityId);
  let category: Category | null = null;
  if (query.category !== undefined) {
    const row = await repo.findCategoryBySlug(db, query.category);
    if (!row) throw notFound(ErrorCode.notFound, 'Категория не найдена');
    category = toCategory(row);
  }
  const filter: repo.ProductFilter = { categoryId: category?.id, gender: query.gender };
  const [total, rows] = await Promise.all([
    repo.countProducts(db, filter),
    repo.listProductPage(db, filter, scopeOf(city), query.sort, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  ]);
  const ids = rows.map((r) => r.id);
  const [images, brands] = await Promise.all([
    repo.firstImages(db, ids),
    repo.brandsByIds(
      db,
      rows.map((r) => r.brand_id),
    ),
  ]);
  const visible = city.visible_for_customers === 1;
  return {
    items: rows.map((r) => toProductCard(r, brands.get(r.brand_id)!, images.get(r.id), r, visible)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(total / query.pageSize),
    category,
  };
}

/**
 * The page of an active product by slug for one city: images by position, SKUs by size order each with
 * stock levels and the product-page label ('Доставка из другого города', spec §4), colour siblings (same
 * model, itself included) and its category. The product's own stock is the sum over its SKUs.
 * @throws AppError 404 `cityNotFound` for an unknown city, `notFound` «Товар не найден» for an unknown
 * or inactive slug.
 */
export async function getProduct(db: DbOrTrx, slug: string, cityId: number): Promise<Product> {
  const city = await requireCity(db, cityId);
  const product = await repo.findActiveProductBySlug(db, slug);
  if (!product) throw notFound(ErrorCode.notFound, 'Товар не найден');
  const scope = scopeOf(city);
  const visible = city.visible_for_customers === 1;
  const [images, skus, siblings, category, brands] = await Promise.all([
    repo.listProductImages(db, product.id),
    repo.listSkusWithStock(db, product.id, scope),
    repo.listColourSiblings(db, product.model_code),
    repo.findCategory(db, product.category_id),
    repo.brandsByIds(db, [product.brand_id]),
  ]);
  const stock = skus.reduce(
    (sum, s) => ({ regional: sum.regional + s.regional, global: sum.global + s.global }),
    {
      regional: 0,
      global: 0,
    },
  );
  const card = toProductCard(product, brands.get(product.brand_id)!, images[0], stock, visible, true);
  return {
    ...card,
    description: product.description,
    composition: product.composition,
    care: product.care,
    category: toCategory(category!),
    images: images.map(toImage),
    skus: skus.map((s) => ({
      externalId: s.external_id,
      size: s.size,
      ...stockLevels(s.regional, s.global, visible, true),
    })),
    colours: siblings.map((s) => ({ slug: s.slug, name: s.colour_name, hex: s.colour_hex })),
  };
}
