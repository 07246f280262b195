import { z } from 'zod';
import { isPrintableId, MAX_EXTERNAL_ID } from './common.schema.ts';
import { TengeField } from './form.numbers.ts';
import { Packaging, PackagingInput } from './catalogue.structure.schema.ts';

/**
 * Catalogue operations of the back office (issue 12, docs/decisions/020): products, sizes and pictures, and the price
 * rules shared by the back-office screens, the CSV import and the 1C exchange. Stock levels and their movement
 * history are in catalogue.stock.schema.ts.
 */

/** Error codes of catalogue operations (81xx). */
export const CatalogueErrorCode = {
  /** 422: the change would leave a SKU's stock in a city below zero; nothing was changed. */
  stockWouldBeNegative: 8101,
  /** 422 (fields `price`/`originalPrice`): the original price is below the selling price. */
  invalidPrice: 8102,
  /** 404: no such product. */
  productNotFound: 8103,
  /** 404: no such SKU. */
  skuNotFound: 8104,
  /** 404: no such city. */
  cityNotFound: 8105,
  /** 409 (field `slug`): another product already has this slug. */
  slugTaken: 8106,
  /** 409 (field `externalId`): another SKU already has this external id. */
  externalIdTaken: 8107,
  /** 422 (field `file`): the uploaded picture is not a JPEG, PNG or WebP, too big, or too small. */
  imageRejected: 8108,
  /** 404: no such picture, pickup point or banner. */
  entityNotFound: 8109,
  /** 409: the entity is still used (a category of products, a city with stock or orders). */
  inUse: 8110,
} as const;

/** Most units of one SKU in one city the shop accepts (a typo guard, not a business limit). */
export const MAX_STOCK_UNITS = 1_000_000;

/** Units on a shelf: a whole number from 0 to {@link MAX_STOCK_UNITS}. */
export const StockUnitsInput = z.coerce
  .number({ message: 'Укажите количество' })
  .int({ message: 'Количество — целое число' })
  .min(0, { message: 'Количество не может быть меньше нуля' })
  .max(MAX_STOCK_UNITS, { message: 'Слишком большое количество' });

/** Most tenge a price may be (a typo guard). */
export const MAX_PRICE_TENGE = 100_000_000;

/**
 * A price in whole tenge, from 1 to {@link MAX_PRICE_TENGE} (spec §9: no minor units), as typed or as the shop writes
 * it (`24 990 ₸`, form.numbers.ts); `24 990,50` is refused.
 */
export const PriceInput = TengeField('Цена', { min: 1, max: MAX_PRICE_TENGE });
/** The price before a discount, read as {@link PriceInput}. */
export const OriginalPriceInput = TengeField('Цена до скидки', { min: 1, max: MAX_PRICE_TENGE });

/** A size's own price, read as {@link PriceInput} (decision 032). */
export const SkuPriceInput = TengeField('Цена размера', { min: 1, max: MAX_PRICE_TENGE });
/** A size's own price before a discount, read as {@link PriceInput}. */
export const SkuOriginalPriceInput = TengeField('Цена размера до скидки', { min: 1, max: MAX_PRICE_TENGE });

/** The message when the original price is below the selling price. */
export const ORIGINAL_PRICE_RULE = 'Цена до скидки не может быть меньше цены продажи';

/**
 * A product's prices: `price` (what the shopper pays) and `originalPrice` (before the discount; absent or equal to
 * `price` when not discounted), whole tenge.
 */
export const ProductPricesInput = z
  .object({ price: PriceInput, originalPrice: PriceInput.optional() })
  .strict()
  .refine((p) => p.originalPrice === undefined || p.originalPrice >= p.price, {
    message: ORIGINAL_PRICE_RULE,
    path: ['originalPrice'],
  });
export type ProductPricesInput = z.infer<typeof ProductPricesInput>;

// ——— The back office's catalogue API (`/api/admin/catalogue/*`) ———

export const required = (what: string) => ({ message: `Укажите ${what}` });
/** A required line of text, trimmed, 1–`max` characters. */
export const Line = (what: string, max: number) =>
  z
    .string(required(what))
    .trim()
    .min(1, required(what))
    .max(max, { message: `Не длиннее ${max} символов` });
/** An optional text: empty becomes null. */
export const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Не длиннее ${max} символов` })
    .nullish()
    .transform((v) => (v ? v : null));
/** A positive id in a body or query. */
export const RefId = (what: string) =>
  z.coerce
    .number({ message: `Выберите ${what}` })
    .int({ message: `Выберите ${what}` })
    .positive({ message: `Выберите ${what}` })
    .max(2_147_483_647, { message: `Выберите ${what}` });

/** A product's address part of `/product/{slug}`: lower-case Latin letters, digits and dashes. */
export const SlugInput = z
  .string(required('адрес товара'))
  .trim()
  .min(3, { message: 'Адрес — не короче 3 символов' })
  .max(120, { message: 'Адрес — не длиннее 120 символов' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: 'Адрес — латинские строчные буквы, цифры и дефисы, например dzhinsy-mom-golubye',
  });

/** A SKU's external id (the ERP's identifier; 1C's `товар#характеристика` allowed). */
export const SkuExternalIdInput = z
  .string(required('внешний код размера'))
  .trim()
  .min(1, required('внешний код размера'))
  .max(MAX_EXTERNAL_ID, { message: `Не длиннее ${MAX_EXTERNAL_ID} символов` })
  .refine(isPrintableId, { message: 'В коде недопустимые (управляющие) символы' });

/** Empty text (or only spaces) as absent: a field staff may leave for the shop to fill. */
const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Empty text (or only spaces) as null: a size's price left for its product's. */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * One size of a product: an existing SKU (`id`) or a new one. `externalId` empty: the API makes one (naming.ts
 * skuCode, `KIIM-{productId}-{SIZE}`). `stock` (a new product only): its first units per city, written as goods
 * received (needs the permission stock.edit). `price`/`originalPrice` (issue 28 item 4, docs/decisions/032): the
 * size's own prices in whole tenge; empty or null: it sells at the product's price; absent: kept as they are (a form
 * without the field never clears a price 1C sent). `package…` (issue 34 item 5): the size's own packed weight in
 * grams and size in whole cm; empty or null: its category's (then its kind's default); absent: kept.
 */
export const SkuInput = z
  .object({
    id: z.number().int().positive().optional(),
    size: Line('размер', 20),
    externalId: z.preprocess(blankAsAbsent, SkuExternalIdInput.optional()),
    stock: z
      .array(z.object({ cityId: RefId('город'), quantity: StockUnitsInput }).strict())
      .max(100, { message: 'Не больше 100 городов' })
      .optional(),
    price: z.preprocess(blankAsNull, SkuPriceInput.nullable()).optional(),
    originalPrice: z.preprocess(blankAsNull, SkuOriginalPriceInput.nullable()).optional(),
    ...PackagingInput,
  })
  .strict()
  .refine((s) => s.originalPrice == null || s.price != null, {
    message: 'Цену до скидки размера укажите вместе с его ценой',
    path: ['originalPrice'],
  })
  .refine((s) => s.originalPrice == null || s.price == null || s.originalPrice >= s.price, {
    message: ORIGINAL_PRICE_RULE,
    path: ['originalPrice'],
  });
export type SkuInput = z.infer<typeof SkuInput>;

/** A colour as `#rrggbb`. */
export const ColourHexInput = z
  .string(required('цвет'))
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Цвет — в виде #1f2a44' })
  .transform((v) => v.toLowerCase());

/**
 * Body of `POST /api/admin/catalogue/products` and `PUT …/products/{id}`: every field of the product form. Sizes
 * are listed in display order; existing ones keep their `id` (a size is never deleted: it may be in orders — set
 * its stock to zero instead).
 */
/** An optional translation: trimmed, up to `max` characters, empty when there is none. */
const Translation = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Не длиннее ${max} символов` })
    .default('');

/**
 * The Kazakh texts of a product form (issue 13): each one translates the Russian field of the same name and is
 * stored as a `catalogue_text` row keyed by that Russian text (shared by every product with the same Russian
 * text). Empty: no Kazakh text written (a stored one stays; the storefront otherwise shows the Russian).
 */
export const ProductKazakhInput = z
  .object({
    name: Translation(200),
    description: Translation(5000),
    colourName: Translation(60),
    composition: Translation(1000),
    care: Translation(1000),
  })
  .strict();
export type ProductKazakhInput = z.input<typeof ProductKazakhInput>;
export type ProductKazakh = z.output<typeof ProductKazakhInput>;

export const ProductInput = z
  .object({
    name: Line('название', 200),
    /** Empty: the API proposes one from the name (naming.ts proposeSlug), adding `-2`, `-3`… when taken. */
    slug: z.preprocess(blankAsAbsent, SlugInput.optional()),
    description: z.string().trim().max(5000, { message: 'Не длиннее 5000 символов' }).default(''),
    categoryId: RefId('категорию'),
    brandId: RefId('бренд'),
    colourName: Line('цвет', 60),
    colourHex: ColourHexInput,
    composition: z.string().trim().max(1000, { message: 'Не длиннее 1000 символов' }).default(''),
    care: z.string().trim().max(1000, { message: 'Не длиннее 1000 символов' }).default(''),
    price: PriceInput,
    originalPrice: OriginalPriceInput.nullish(),
    skus: z
      .array(SkuInput)
      .min(1, { message: 'Добавьте хотя бы один размер' })
      .max(40, { message: 'Не больше 40 размеров' }),
    /** Kazakh texts (absent: the stored ones are left as they are). */
    kk: ProductKazakhInput.optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.originalPrice != null && p.originalPrice < p.price) {
      ctx.addIssue({ code: 'custom', path: ['originalPrice'], message: ORIGINAL_PRICE_RULE });
    }
    const seen = new Map<string, number>();
    p.skus.forEach((s, i) => {
      for (const [key, value] of [
        ['size', s.size.toLowerCase()],
        ['externalId', s.externalId],
      ] as const) {
        if (value === undefined) continue;
        const k = `${key}:${value}`;
        if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['skus', i, key], message: 'Повторяется' });
        seen.set(k, i);
      }
      const cities = new Set<number>();
      s.stock?.forEach((c, j) => {
        if (cities.has(c.cityId))
          ctx.addIssue({
            code: 'custom',
            path: ['skus', i, 'stock', j, 'cityId'],
            message: 'Город повторяется',
          });
        cities.add(c.cityId);
      });
    });
  });
export type ProductInput = z.input<typeof ProductInput>;
export type ProductInputParsed = z.output<typeof ProductInput>;

/** Body of `POST …/products/{id}/publish`: shown in the shop or hidden. */
export const PublishInput = z.object({ published: z.boolean() }).strict();

/** Query of `GET /api/admin/catalogue/products`: search text and filters, page of 50. */
export const AdminProductQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    categoryId: RefId('категорию').optional(),
    brandId: RefId('бренд').optional(),
    gender: z.enum(['0', '1']).transform(Number).optional(),
    published: z.enum(['yes', 'no']).optional(),
    inStock: z.enum(['yes', 'no']).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type AdminProductQuery = z.input<typeof AdminProductQuery>;
export type AdminProductFilters = z.output<typeof AdminProductQuery>;

/** Page size of the back office's product list. */
export const ADMIN_PRODUCT_PAGE_SIZE = 50;

/** A row of the back office's product list. */
export const AdminProductRow = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  category: z.string(),
  gender: z.number().int(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  published: z.boolean(),
  /** Units over every city visible to customers. */
  units: z.number().int(),
  thumbnail: z.string().nullable(),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductPage = z.object({
  items: z.array(AdminProductRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AdminProductPage = z.infer<typeof AdminProductPage>;

/** A product's picture in the back office: its id, position and a small and a large rendition. */
export const AdminImage = z.object({
  id: z.number().int(),
  position: z.number().int(),
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminImage = z.infer<typeof AdminImage>;

/**
 * A size with its exact units per city id and its own prices in tenge (null: it sells at the product's price;
 * decision 032).
 */
export const AdminSku = z.object({
  id: z.number().int(),
  size: z.string(),
  externalId: z.string(),
  price: z.number().int().nullable(),
  originalPrice: z.number().int().nullable(),
  stock: z.record(z.string(), z.number().int()),
  /** The size's own packed size (grams, cm); null fields: its category's (issue 34 item 5). */
  packaging: Packaging,
});
export type AdminSku = z.infer<typeof AdminSku>;

/** The product form's data: every field, sizes with stock per city, pictures in order. */
export const AdminProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  categoryId: z.number().int(),
  brandId: z.number().int(),
  gender: z.number().int(),
  colourName: z.string(),
  colourHex: z.string(),
  composition: z.string(),
  care: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  published: z.boolean(),
  skus: z.array(AdminSku),
  images: z.array(AdminImage),
  /**
   * The Kazakh texts the storefront shows for the current Russian ones (`catalogue_text`; a description may be
   * put together sentence by sentence); empty where there is none.
   */
  kk: z.object({
    name: z.string(),
    description: z.string(),
    colourName: z.string(),
    composition: z.string(),
    care: z.string(),
  }),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

/** What the catalogue forms choose from. */
export const AdminCatalogueOptions = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), gender: z.number().int() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cities: z.array(z.object({ id: z.number().int(), name: z.string(), visibleForCustomers: z.boolean() })),
});
export type AdminCatalogueOptions = z.infer<typeof AdminCatalogueOptions>;

/** Body of `POST …/products/{id}/images/{imageId}/move`. */
export const MoveImageInput = z.object({ direction: z.enum(['up', 'down']) }).strict();

/** Accepted picture uploads: types, at most 10 MB, at least 600 × 800 px, at most 8000 px a side. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIN_WIDTH = 600;
export const IMAGE_MIN_HEIGHT = 800;
export const IMAGE_MAX_SIDE = 8000;
