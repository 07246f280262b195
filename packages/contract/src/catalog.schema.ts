import { z } from 'zod';
import { SizeMeasurements } from './measurement.schema.ts';
import { Image, IdParam, IdText, PageNumber, Tenge } from './common.schema.ts';
import { BANNER_SLOTS, DEFAULT_CITY_ID, PAGE_SIZE, SIZE_GUIDE_PATH, SORTS, STOCK_LEVELS } from './enums.ts';

/** City (spec §3): `visibleForCustomers` false hides its stock from shoppers (spec §4). */
export const City = z.object({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  visibleForCustomers: z.boolean(),
  courierAvailable: z.boolean(),
  /** Days a courier delivery takes in the city (0: the same day), set in the back office (issue 27). */
  deliveryDays: z.number().int().min(0),
  /**
   * Present (true) on a city a shopper found through the carrier (issue 34 item 1, decision 073): no own points
   * or courier; everything comes by CDEK. Absent on the shop's own cities.
   */
  carrierFound: z.boolean().optional(),
  /** Working days the carrier takes to bring a parcel here (carrier cities, `GET /api/city/{id}`); null: unknown. */
  carrierPeriod: z
    .object({ minDays: z.number().int().nonnegative(), maxDays: z.number().int().nonnegative() })
    .nullable()
    .optional(),
});
export type City = z.infer<typeof City>;

/**
 * What makes a pickup point a carrier's (issue 34 item 2): the carrier (`cdek`), its point code, the kind
 * (`pickup_point` or parcel `locker`), the tariff quoted to it, the price in tenge and the period in working days.
 */
export const CarrierPointInfo = z.object({
  carrier: z.string(),
  code: z.string(),
  kind: z.enum(['pickup_point', 'locker']),
  tariffCode: z.number().int(),
  price: Tenge,
  periodMinDays: z.number().int().nonnegative(),
  periodMaxDays: z.number().int().nonnegative(),
  /** The shop's signed quote for this point (split cart only): sent back in the order's `carrier` (decision 069). */
  quoteToken: z.string().optional(),
});
export type CarrierPointInfo = z.infer<typeof CarrierPointInfo>;

/**
 * Pickup point with every field of spec §3. A carrier's point (issue 34 item 2) has `id` 0 (it is not one of the
 * shop's points and is chosen by `carrier.code`) and `carrier` set; the shop's own points have no `carrier`.
 */
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
  carrier: CarrierPointInfo.optional(),
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
  /** The cheapest size's selling price and its price before a discount (issue 28 item 4, decision 032). */
  price: Tenge,
  originalPrice: Tenge,
  /** The dearest size's selling price: above `price`, sizes cost differently and the card says «от {price}». */
  maxPrice: Tenge,
  image: Image.nullable(),
  regionalStockAmount: StockLevelSchema,
  globalStockAmount: StockLevelSchema,
  /** Russian stock label of spec §4 ('В наличии', 'В другом городе', 'Нет в наличии'). */
  stockState: z.string(),
  arrivalDate: z.string(),
  /**
   * Average of the published reviews' ratings (1–5, one decimal) and their count (issue 35 item 5; decision 058);
   * null without published reviews, absent from old answers.
   */
  rating: z
    .object({ average: z.number().min(1).max(5), count: z.number().int().positive() })
    .nullable()
    .optional(),
});
export type ProductCard = z.infer<typeof ProductCard>;

/** One size of a product: a SKU with its own prices (tenge; decision 032) and its stock levels in the requested city. */
export const ProductSku = z.object({
  externalId: z.string(),
  size: z.string(),
  price: Tenge,
  originalPrice: Tenge,
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
  /** The size guide page (spec §2). */
  sizeGuideUrl: z.literal(SIZE_GUIDE_PATH),
  /** Slug of the product's colour for list filters (`colour=…`). */
  colourSlug: z.string(),
  /**
   * Garment measurements by size in cm (issue 35 item 6, decision 066), only the sizes with one; absent from old
   * answers.
   */
  measurements: z.array(SizeMeasurements).optional(),
});
export type Product = z.infer<typeof Product>;

/**
 * A list filter given as `a,b` or as the key repeated (`brand=a&brand=b`, as an HTML form sends it):
 * trimmed, empty parts dropped, duplicates removed, sorted (so equal filters read the same).
 */
const ListParam = <T extends z.ZodType<string>>(item: T, max: number, tooMany: string) =>
  z.preprocess(
    (v) =>
      v === undefined
        ? undefined
        : [
            ...new Set(
              (Array.isArray(v) ? v : [v])
                .flatMap((x) => String(x).split(','))
                .map((x) => x.trim())
                .filter(Boolean),
            ),
          ].sort(),
    z.array(item).max(max, { message: tooMany }),
  );

/** A yes/no flag of a query string: `1`/`true` or `0`/`false`. */
const Flag = z
  .enum(['1', 'true', '0', 'false'], { message: 'Значение: 1 или 0' })
  .transform((v) => v === '1' || v === 'true');

/** A price bound of a filter, whole tenge. */
const PriceBound = z.coerce
  .number({ message: 'Цена — целое число тенге' })
  .int({ message: 'Цена — целое число тенге' })
  .min(0, { message: 'Цена не может быть отрицательной' })
  .max(100_000_000, { message: 'Слишком большая цена' });

/** A brand, category or colour slug in a filter. */
const FilterSlug = z
  .string()
  .max(100, { message: 'Не длиннее 100 символов' })
  .regex(/^[a-z0-9-]+$/, { message: 'Латиница, цифры и дефис' });

/**
 * Query of `GET /api/catalog/products` (spec §4, §9): a category and/or gender, the filters, a search text,
 * one of the six sorts and a page.
 * Filters (all optional; values within one filter are alternatives, different filters must all hold):
 * - `brand`, `colour`: slugs; `size`: size labels as sold (`M`, `W28`, `44`); `categorySlug` narrows a search
 *   or brand list to categories;
 * - `priceMin`/`priceMax`: selling price bounds in whole tenge, inclusive;
 * - `discount=1`: only discounted products (price below originalPrice);
 * - `inStock=1`: only products in stock in the city `cityId` (with `size`: that size in stock there); a city
 *   hidden from customers has no stock to show (spec §4), so nothing matches there;
 * - `q`: search text across names, brands, categories and colours, tolerant of Russian word forms and small
 *   typos; every word must match.
 * Sorts:
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
    sort: z.enum(SORTS, { message: `Сортировка: ${SORTS.join(', ')}` }).default('default'),
    page: PageNumber,
    pageSize: z.coerce
      .number({ message: 'Размер страницы: 15, 60 или 120' })
      .int({ message: 'Размер страницы: 15, 60 или 120' })
      .refine((n) => Object.values(PAGE_SIZE).includes(n as 60), {
        message: 'Размер страницы: 15, 60 или 120',
      })
      .default(PAGE_SIZE.default),
    brand: ListParam(FilterSlug, 50, 'Не больше 50 брендов').optional(),
    categorySlug: ListParam(FilterSlug, 20, 'Не больше 20 категорий').optional(),
    size: ListParam(
      z.string().max(20, { message: 'Не длиннее 20 символов' }),
      50,
      'Не больше 50 размеров',
    ).optional(),
    colour: ListParam(FilterSlug, 50, 'Не больше 50 цветов').optional(),
    priceMin: PriceBound.optional(),
    priceMax: PriceBound.optional(),
    discount: Flag.optional(),
    inStock: Flag.optional(),
    q: z
      .string()
      .trim()
      .max(100, { message: 'Не длиннее 100 символов' })
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict()
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: 'Цена «до» меньше цены «от»',
    path: ['priceMax'],
  });
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** One value of a filter with the number of products it would show (the other filters applied). */
const FacetValue = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });

/**
 * Counts for the filters of a list (disjunctive: each filter's counts apply every other filter, so picking
 * one more value of the same filter never shows 0 where products exist).
 */
export const ListFacets = z.object({
  categories: z.array(FacetValue),
  brands: z.array(FacetValue),
  sizes: z.array(z.object({ size: z.string(), count: z.number().int() })),
  colours: z.array(FacetValue.extend({ hex: z.string() })),
  /** Lowest and highest selling price of the products the other filters leave; null when none. */
  price: z.object({ min: Tenge, max: Tenge }).nullable(),
  /** Products that would remain with `discount=1` / `inStock=1`. */
  discountCount: z.number().int(),
  inStockCount: z.number().int(),
});
export type ListFacets = z.infer<typeof ListFacets>;

/** One page of products. `total` counts every matching product; `pageCount` is 0 when there are none. */
export const ProductList = z.object({
  items: z.array(ProductCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  category: Category.nullable(),
  facets: ListFacets,
  /**
   * Present when the search text named sizes («джинсы 28»; issue 35 item 3): the text left to search and the sizes
   * taken as the size filter, so the page can show them as chosen filters (the storefront moves them into the URL).
   */
  sizesFromText: z.object({ q: z.string(), sizes: z.array(z.string()) }).optional(),
});
export type ProductList = z.infer<typeof ProductList>;

/** Query of `GET /api/catalog/products/by-ids`: up to 120 product ids (sliders, recently viewed). */
export const ProductsByIdsQuery = z
  .object({
    ids: ListParam(IdText, 120, 'Не больше 120 товаров').transform((ids) => ids.map(Number)),
    cityId: IdParam.default(DEFAULT_CITY_ID),
  })
  .strict();
export type ProductsByIdsQuery = z.infer<typeof ProductsByIdsQuery>;

/** Sliders of a product page: the same category (similar products) and the same brand. */
export const RelatedProducts = z.object({ similar: z.array(ProductCard), sameBrand: z.array(ProductCard) });
export type RelatedProducts = z.infer<typeof RelatedProducts>;

/** A brand with what the brands page shows. */
export const BrandDetails = Brand.extend({
  country: z.string(),
  description: z.string(),
  /** Active products of the brand. */
  productCount: z.number().int(),
});
export type BrandDetails = z.infer<typeof BrandDetails>;

/** Categories of one gender segment (spec §2, §6: zhenshiny, muzhchiny) with their product counts. */
export const CategoryTreeNode = z.object({
  gender: z.number().int().min(0).max(1),
  /** Segment slug of `/home-{slug}`. */
  slug: z.enum(['zhenshiny', 'muzhchiny']),
  name: z.string(),
  categories: z.array(Category.extend({ productCount: z.number().int() })),
});
export type CategoryTreeNode = z.infer<typeof CategoryTreeNode>;

/** Query of `GET /api/catalog/banners`: one or more slots of spec §9. */
export const BannerQuery = z
  .object({
    slot: ListParam(
      z.enum(BANNER_SLOTS, { message: `Слот: ${BANNER_SLOTS.join(', ')}` }),
      BANNER_SLOTS.length,
      'Слишком много слотов',
    ),
  })
  .strict();
export type BannerQuery = z.infer<typeof BannerQuery>;

/** A banner of a slot (spec §9): a picture with a title over it and a link. */
export const Banner = z.object({
  id: z.number().int(),
  slot: z.enum(BANNER_SLOTS),
  position: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  buttonText: z.string().nullable(),
  href: z.string(),
  image: Image,
  /** `light` text over a dark picture, `dark` text over a light one. */
  theme: z.enum(['light', 'dark']),
});
export type Banner = z.infer<typeof Banner>;
