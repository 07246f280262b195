import { z } from 'zod';

/**
 * The catalogue import and export (issue 12 items 2–3, docs/decisions/021): spreadsheets (CSV) of stock, prices and
 * products with sizes, through the back office (`/api/admin/catalogue/…`) and for integrations with an API key of
 * scope `catalogue.import` (`/api/backoffice/catalogue/…`), and the 1C CommerceML exchange (`/api/exchange/1c`).
 */

/** Error codes of the catalogue exchange (8xxx). */
export const ExchangeErrorCode = {
  /** 422: the file cannot be read: not UTF-8, empty, broken CSV or XML. */
  unreadableFile: 8001,
  /** 422: the file's columns are not those of the import (missing or unknown columns). */
  wrongColumns: 8002,
  /** 422: applying a file with bad rows without choosing to skip them (`skipBadRows`). */
  badRows: 8003,
  /** 413: the file is larger than the import accepts. */
  fileTooLarge: 8004,
} as const;

/** What a spreadsheet holds: stock per SKU and city, prices per SKU's product, or products with their sizes. */
export const IMPORT_KINDS = ['stock', 'prices', 'products'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Names of the kinds as staff see them. */
export const IMPORT_KIND_NAME: Record<ImportKind, string> = {
  stock: 'Остатки',
  prices: 'Цены',
  products: 'Товары с размерами',
};

export const ImportKindParams = z.object({ kind: z.enum(IMPORT_KINDS) });
export type ImportKindParams = z.infer<typeof ImportKindParams>;

/** `?skipBadRows=true`: apply the good rows of a file that has bad ones. */
export const ImportApplyQuery = z.object({
  skipBadRows: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** A bad row of a file: its number as a spreadsheet shows it (the header is row 1), the column, the reason. */
export const ImportRowError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

/** One change an import makes (or would make): which row, which SKU or product, which field, before → after. */
export const ImportChange = z.object({
  row: z.number().int(),
  externalId: z.string(),
  field: z.string(),
  before: z.union([z.string(), z.number()]).nullable(),
  after: z.union([z.string(), z.number()]),
});
export type ImportChange = z.infer<typeof ImportChange>;

/** Most changes and errors an answer lists (the counts are always whole). */
export const IMPORT_LIST_LIMIT = 500;

/** The preview of a file, or the result of applying it (`applied`). */
export const ImportResult = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** Data rows of the file (without the header). */
  rowCount: z.number().int(),
  changeCount: z.number().int(),
  /** The first {@link IMPORT_LIST_LIMIT} changes. */
  changes: z.array(ImportChange),
  /** Good rows that change nothing. */
  unchangedRows: z.number().int(),
  errorCount: z.number().int(),
  /** The first {@link IMPORT_LIST_LIMIT} bad rows. */
  errors: z.array(ImportRowError),
  applied: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResult>;
export const ImportResultResponse = z.object({ data: ImportResult });

/** A 1C group and the shop category it maps to (null: unmapped — its products stay unpublished). */
export const ExchangeGroup = z.object({
  externalId: z.string(),
  name: z.string(),
  parentExternalId: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  /**
   * The category whose name has the same words as the group's (any order and case, ё = е), else the only one whose
   * words are all in the group's name; null when none. Only proposed: `categoryId` is what applies.
   */
  suggestedCategoryId: z.number().int().nullable(),
  /** 1C products last listed in this group: shop products, and drafts waiting for the group to be mapped. */
  productCount: z.number().int(),
  /** Of those, the ones hidden: drafts, and shop products unmapped, deleted or not listed in 1C, or not priced yet. */
  unpublishedCount: z.number().int(),
  /**
   * Of the shop products, those 1C wants shown that wait because they have no picture at all (issue 28 item 9): the
   * back office says «нет фотографий». Always 0 while the setting `publishWithoutPictures` is on.
   */
  waitingForPicturesCount: z.number().int(),
});
export type ExchangeGroup = z.infer<typeof ExchangeGroup>;
export const ExchangeGroupsResponse = z.object({ data: z.object({ items: z.array(ExchangeGroup) }) });

/** A 1C warehouse and the city whose stock it is (null: its stock is not imported). */
export const ExchangeWarehouse = z.object({
  externalId: z.string(),
  name: z.string(),
  cityId: z.number().int().nullable(),
  /** The city of the same name (case and ё ignored), else the only one whose name is in the warehouse's; proposed. */
  suggestedCityId: z.number().int().nullable(),
});
export type ExchangeWarehouse = z.infer<typeof ExchangeWarehouse>;
export const ExchangeWarehousesResponse = z.object({ data: z.object({ items: z.array(ExchangeWarehouse) }) });

export const ExchangeMappingParams = z.object({ externalId: z.string().min(1).max(200) });
export const GroupMappingBody = z.object({ categoryId: z.number().int().positive().nullable() });
export const WarehouseMappingBody = z.object({ cityId: z.number().int().positive().nullable() });

/**
 * Settings of the 1C exchange: the price type the shop sells at (it must be in tenge), the one shown crossed out
 * (optional), and the city that gets the stock of offers listing no warehouse (optional; the only city when unset).
 */
export const ExchangeSettings = z.object({
  priceType: z
    .string()
    .trim()
    .min(1, { message: 'Укажите тип цены из 1С, например «Розничная»' })
    .max(200, { message: 'Не длиннее 200 символов' }),
  originalPriceType: z.string().trim().max(200, { message: 'Не длиннее 200 символов' }).nullable(),
  defaultCityId: z.number().int().positive().nullable().optional(),
  /**
   * Whether 1C products that share an `Артикул` make one card with colour swatches (for configurations that keep each
   * colour as a product of its own); false: one card per 1C product (its Ид). Left out: unchanged (issue 28 item 11).
   */
  groupByArticle: z.boolean().optional(),
  /**
   * «Публиковать товары без фотографий»: whether a 1C product without any picture (its own or a colour's) is shown;
   * false (default): it waits unpublished until a picture arrives. Left out: unchanged (issue 28 item 9).
   */
  publishWithoutPictures: z.boolean().optional(),
});
export type ExchangeSettings = z.infer<typeof ExchangeSettings>;

/** A price type the last offers.xml sent; `tenge` says whether the shop can sell at it. */
export const ExchangePriceType = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  tenge: z.boolean(),
});
export type ExchangePriceType = z.infer<typeof ExchangePriceType>;

/**
 * The settings as they apply: `priceType` null while the staff chose none (then «Розничная» in tenge, else the first
 * type in tenge is used), the price types 1C sent, the default city.
 */
export const ExchangeSettingsView = z.object({
  priceType: z.string().nullable(),
  originalPriceType: z.string().nullable(),
  defaultCityId: z.number().int().nullable(),
  groupByArticle: z.boolean(),
  publishWithoutPictures: z.boolean(),
  priceTypes: z.array(ExchangePriceType),
});
export type ExchangeSettingsView = z.infer<typeof ExchangeSettingsView>;
export const ExchangeSettingsResponse = z.object({ data: ExchangeSettingsView });

/**
 * What a 1C property fills on the site (issue 28 items 3 and 10): a size, a colour, the composition, the care
 * instructions, or nothing.
 */
export const PropertyRole = z.enum(['size', 'colour', 'composition', 'care', 'none']);
export type PropertyRole = z.infer<typeof PropertyRole>;

/**
 * A property name 1C sent: a property of the classifier, a requisite of products or a characteristic of offers, with
 * one of its values; the staff's role for it (null: none chosen) and the role its name suggests (applied while none
 * is chosen).
 */
export const ExchangeProperty = z.object({
  name: z.string(),
  source: z.enum(['property', 'requisite', 'characteristic']),
  example: z.string(),
  role: PropertyRole.nullable(),
  suggestedRole: PropertyRole,
});
export type ExchangeProperty = z.infer<typeof ExchangeProperty>;
export const ExchangePropertiesResponse = z.object({ data: z.object({ items: z.array(ExchangeProperty) }) });

/** The staff's role of a property, by its name as 1C writes it (null: the name's suggestion applies). */
export const PropertyMappingBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Укажите свойство' })
    .max(200, { message: 'Не длиннее 200 символов' }),
  role: PropertyRole.nullable(),
});
export type PropertyMappingBody = z.infer<typeof PropertyMappingBody>;
