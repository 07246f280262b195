import { z } from 'zod';
import { Image, IdParam, Tenge } from './common.schema.ts';
import { DEFAULT_CITY_ID, PAGE_SIZE, SORTS, STOCK_LEVELS } from './enums.ts';

/** City (spec §3): `visibleForCustomers` false hides its stock from shoppers (spec §4). */
export const City = z.object({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  visibleForCustomers: z.boolean(),
  courierAvailable: z.boolean(),
});
export type City = z.infer<typeof City>;

/** Pickup point with every field of spec §3. */
export const PickupPoint = z.object({
  id: z.number().int(),
  regionId: z.number().int(),
  title: z.string(),
  buildingName: z.string().nullable(),
  addressCity: z.string(),
  addressStreetNumber: z.string(),
  addressEntranceNumber: z.string().nullable(),
  addressFloor: z.string().nullable(),
  addressApartmentNumber: z.string().nullable(),
  addressComment: z.string().nullable(),
  openingHours: z.string(),
  longitude: z.number(),
  latitude: z.number(),
});
export type PickupPoint = z.infer<typeof PickupPoint>;

/** Path params of `GET /api/city/:cityId/pickup-points`. */
export const CityParams = z.object({ cityId: IdParam });
export type CityParams = z.infer<typeof CityParams>;

/** Optional gender filter (spec §3: female 0, male 1) as a query-string value. */
const GenderQuery = z.coerce
  .number({ message: 'Пол: 0 или 1' })
  .int({ message: 'Пол: 0 или 1' })
  .min(0, { message: 'Пол: 0 или 1' })
  .max(1, { message: 'Пол: 0 или 1' });

/** Query of `GET /api/catalog/categories`: without `gender`, the categories of both genders. */
export const CategoryListQuery = z.object({ gender: GenderQuery.optional() }).strict();
export type CategoryListQuery = z.infer<typeof CategoryListQuery>;

/** A product slug in a path (`/api/catalog/product/:slug`, storefront `/product/{slug}`, spec §2). */
export const ProductSlug = z
  .string()
  .min(1, { message: 'Обязательное поле' })
  .max(200, { message: 'Не длиннее 200 символов' });

/** Path params of `GET /api/catalog/product/:slug`. */
export const ProductParams = z.object({ slug: ProductSlug });
export type ProductParams = z.infer<typeof ProductParams>;

/** Query of `GET /api/catalog/product/:slug`: the city whose stock is shown (spec §9: default 1). */
export const ProductQuery = z.object({ cityId: IdParam.default(DEFAULT_CITY_ID) }).strict();
export type ProductQuery = z.infer<typeof ProductQuery>;

export const Brand = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type Brand = z.infer<typeof Brand>;

/** Category of one gender (spec §3: kinds 0–4, gender 0/1). */
export const Category = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.number().int().min(0).max(4),
  gender: z.number().int().min(0).max(1),
});
export type Category = z.infer<typeof Category>;

export const StockLevelSchema = z.enum(STOCK_LEVELS);

/** Product as a card in lists and sliders. Stock is decoded for the requested city (spec §3, §4). */
export const ProductCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  brand: Brand,
  categoryKind: z.number().int(),
  gender: z.number().int(),
  colour: z.object({ name: z.string(), hex: z.string() }),
  price: Tenge,
  originalPrice: Tenge,
  image: Image.nullable(),
  regionalStockAmount: StockLevelSchema,
  globalStockAmount: StockLevelSchema,
  /** Russian stock label of spec §4 ('В наличии', 'В другом городе', 'Нет в наличии'). */
  stockState: z.string(),
  arrivalDate: z.string(),
});
export type ProductCard = z.infer<typeof ProductCard>;

/** One size of a product: a SKU with its stock levels in the requested city. */
export const ProductSku = z.object({
  externalId: z.string(),
  size: z.string(),
  regionalStockAmount: StockLevelSchema,
  globalStockAmount: StockLevelSchema,
  stockState: z.string(),
});
export type ProductSku = z.infer<typeof ProductSku>;

/** Full product for its page. */
export const Product = ProductCard.extend({
  description: z.string(),
  composition: z.string(),
  care: z.string(),
  category: Category,
  images: z.array(Image),
  skus: z.array(ProductSku),
  colours: z.array(z.object({ slug: z.string(), name: z.string(), hex: z.string() })),
});
export type Product = z.infer<typeof Product>;

/**
 * Query of `GET /api/catalog/products`. Page sizes are those of spec §9; sorts those of spec §4:
 * - `default`: merchandising order — in stock in the city first, then available from other cities, then
 *   out of stock; within each, newest arrival first;
 * - `price-asc` / `price-desc`: by selling price;
 * - `regional-availability`: most units in the city first (a city hidden from customers counts none),
 *   then most units in all visible cities;
 * - `new-arrivals`: newest arrival date first;
 * - `discount-desc`: largest whole discount percent first (`(originalPrice − price) × 100 ÷ originalPrice`,
 *   rounded down).
 * Every sort ends with the product id ascending, so pages never overlap.
 */
export const ProductListQuery = z
  .object({
    /** Category slug; unknown → 404. */
    category: z.string().max(100).optional(),
    gender: GenderQuery.optional(),
    /** City whose stock is shown and sorted by (spec §3, §9: default 1). */
    cityId: IdParam.default(DEFAULT_CITY_ID),
    sort: z.enum(SORTS).default('default'),
    page: z.coerce.number().int().min(1, { message: 'Страница начинается с 1' }).max(10_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => Object.values(PAGE_SIZE).includes(n as 60), { message: 'Размер страницы: 15, 60 или 120' })
      .default(PAGE_SIZE.default),
  })
  .strict();
export type ProductListQuery = z.infer<typeof ProductListQuery>;
/** What a caller may send as `GET /api/catalog/products` query (every field optional). */
export type ProductListQueryInput = z.input<typeof ProductListQuery>;

/** One page of products. `total` counts every matching product; `pageCount` is 0 when there are none. */
export const ProductList = z.object({
  items: z.array(ProductCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  category: Category.nullable(),
});
export type ProductList = z.infer<typeof ProductList>;
