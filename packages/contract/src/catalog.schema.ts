import { z } from 'zod';
import { Image, IdParam, Tenge } from './common.schema.ts';
import { PAGE_SIZE, SORTS, STOCK_LEVELS } from './enums.ts';

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

/** Query of `GET /api/catalog/products`. Page sizes are those of spec §9. */
export const ProductListQuery = z
  .object({
    category: z.string().max(100).optional(),
    gender: z.coerce.number().int().min(0).max(1).optional(),
    cityId: IdParam.optional(),
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

export const ProductList = z.object({
  items: z.array(ProductCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  category: Category.nullable(),
});
export type ProductList = z.infer<typeof ProductList>;
