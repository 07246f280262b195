import { z } from 'zod';

/**
 * The Kaspi Магазин price feed's settings staff edit on the «Kaspi» screen (issue 33 Part B items 5 and 7,
 * docs/decisions/063), under `/api/admin/kaspi/feed`, permission catalogue.edit. Every change is audited.
 */

const text = (max: number, message: string) => z.string().trim().max(max, { message });

/** A Kaspi store (PP1…) offered the stock of our city, less a default safety reserve per SKU (units). */
export const KaspiFeedStore = z.object({
  storeId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Латинские буквы, цифры, «-» и «_», до 64 символов' }),
  cityId: z.number().int().positive(),
  defaultReserve: z.number().int().min(0, { message: 'Не меньше 0' }).max(100_000),
});
export type KaspiFeedStore = z.infer<typeof KaspiFeedStore>;

/** Our city → Kaspi cityId (KATO code, digits). */
export const KaspiFeedCity = z.object({
  cityId: z.number().int().positive(),
  kaspiCityId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, { message: 'Код КАТО: только цифры' }),
});
export type KaspiFeedCity = z.infer<typeof KaspiFeedCity>;

/** A problem of the last build: a marked SKU left out (no name, price 0). */
export const KaspiFeedProblem = z.object({ sku: z.string(), reason: z.enum(['no_name', 'zero_price']) });

/** What the «Kaspi» screen shows of the feed. `feedPath`: null while the feed is off (no secret). */
export const KaspiFeedState = z.object({
  /** KASPI_PAY_MODE and KASPI_SHOP_MODE as the shop runs them. */
  payMode: z.enum(['off', 'simulator', 'live']),
  shopMode: z.enum(['off', 'simulator', 'live']),
  company: z.string(),
  merchantId: z.string(),
  feedPath: z.string().nullable(),
  stores: z.array(KaspiFeedStore),
  cities: z.array(KaspiFeedCity),
  markedSkus: z.number().int(),
  lastBuild: z
    .object({
      at: z.string(),
      offers: z.number().int(),
      bytes: z.number().int(),
      problems: z.array(KaspiFeedProblem),
    })
    .nullable(),
});
export type KaspiFeedState = z.infer<typeof KaspiFeedState>;

/** Company and merchant; `secret`: `new` makes a new URL (the old stops working), `off` turns the feed off. */
export const KaspiFeedSettingsInput = z.object({
  company: text(200, 'Не длиннее 200 символов'),
  merchantId: text(64, 'Не длиннее 64 символов'),
  secret: z.enum(['keep', 'new', 'off']).default('keep'),
});

/** The whole store and city mapping (replaces the old one). */
export const KaspiFeedMappingInput = z.object({
  stores: z.array(KaspiFeedStore).max(200),
  cities: z.array(KaspiFeedCity).max(200),
});

/** Marks (on) or unmarks the SKUs of a category, a brand or listed SKU ids (exactly one of them). */
export const KaspiFeedMarkInput = z
  .object({
    on: z.boolean(),
    categoryId: z.number().int().positive().optional(),
    brandId: z.number().int().positive().optional(),
    skuIds: z.array(z.number().int().positive()).min(1).max(1000).optional(),
  })
  .refine((b) => [b.categoryId, b.brandId, b.skuIds].filter((x) => x !== undefined).length === 1, {
    message: 'Укажите одно: категорию, бренд или список SKU',
    path: ['categoryId'],
  });

/** Safety reserve of one SKU in one store, units; null removes it (the store's default applies). */
export const KaspiFeedReserveInput = z.object({
  skuId: z.number().int().positive(),
  storeId: z.string().trim().min(1).max(64),
  units: z.number().int().min(0, { message: 'Не меньше 0' }).max(100_000).nullable(),
});
