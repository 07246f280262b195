import { z } from 'zod';
import { TengeField } from './form.numbers.ts';

/**
 * The catalogue's structure in the back office (issue 27, docs/decisions/029): cities, categories and brands
 * created, changed, ordered, hidden and deleted under `/api/admin/catalogue/{cities|categories|brands}`. Names and
 * texts are Russian (the catalogue's own language) with their Kazakh text beside (`…Kk`, stored as `catalogue_text`
 * rows keyed by the Russian text; empty: the Kazakh storefront shows the Russian text).
 */

const required = (what: string) => ({ message: `Укажите ${what}` });
const tooLong = (max: number) => ({ message: `Не длиннее ${max} символов` });
/** A required line of text, trimmed, 1–`max` characters. */
const Line = (what: string, max: number) =>
  z.string(required(what)).trim().min(1, required(what)).max(max, tooLong(max));
/** An optional text (a translation), trimmed, '' when none. */
const Text = (max: number) => z.string().trim().max(max, tooLong(max)).default('');
/** A checkbox of a form or a JSON boolean. */
const Flag = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean());
/** A whole number from a form field or JSON. */
const Whole = (what: string, min: number, max: number, unit: string) =>
  z.coerce
    .number({ message: `Укажите ${what}` })
    .int({ message: `${unit} — целое число` })
    .min(min, { message: `Не меньше ${min}` })
    .max(max, { message: `Не больше ${max}` });

/**
 * An optional whole number of a form field or JSON (issue 34 item 5: packaging): '' or null clears it (null), an
 * absent field leaves the stored value; spaces between digits are allowed («1 200»).
 */
const OptionalWhole = (min: number, max: number, unit: string) =>
  z.preprocess(
    (v) =>
      v === '' || v === null
        ? null
        : typeof v === 'string'
          ? v.trim() === ''
            ? null
            : Number(v.replace(/[\s\u00a0\u202f]/g, ''))
          : v,
    z
      .number({ message: `${unit} — целое число` })
      .int({ message: `${unit} — целое число` })
      .min(min, { message: `Не меньше ${min}` })
      .max(max, { message: `Не больше ${max}` })
      .nullable(),
  );

/**
 * The packed size of one unit (issue 34 item 5): weight in grams, length, width and height in whole cm; null: the
 * default of the level above (a category's kind; docs/shipping.md).
 */
export const PackagingInput = {
  packageWeightG: OptionalWhole(1, 50_000, 'Вес').optional(),
  packageLengthCm: OptionalWhole(1, 300, 'Длина').optional(),
  packageWidthCm: OptionalWhole(1, 300, 'Ширина').optional(),
  packageHeightCm: OptionalWhole(1, 300, 'Высота').optional(),
};

/** A unit's packed size as stored (grams, cm), each null when not set. */
export const Packaging = z.object({
  weightG: z.number().int().nullable(),
  lengthCm: z.number().int().nullable(),
  widthCm: z.number().int().nullable(),
  heightCm: z.number().int().nullable(),
});
export type Packaging = z.infer<typeof Packaging>;

/** An address part (`/category/{slug}`, a city's or brand's key): lower-case Latin letters, digits and dashes. */
export const StructureSlugInput = z
  .string(required('адрес'))
  .trim()
  .min(2, { message: 'Адрес — не короче 2 символов' })
  .max(80, { message: 'Адрес — не длиннее 80 символов' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: 'Адрес — латинские строчные буквы, цифры и дефисы, например zhenskie-dzhinsy',
  });

/** Kazakhstan's IANA time zones, offered first in the city form (east to west). */
export const KAZAKHSTAN_TIME_ZONES = [
  'Asia/Almaty',
  'Asia/Qostanay',
  'Asia/Qyzylorda',
  'Asia/Aqtobe',
  'Asia/Aqtau',
  'Asia/Atyrau',
  'Asia/Oral',
] as const;

/** Whether `zone` is an IANA time zone this runtime knows (`Asia/Almaty`; not `UTC+5`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone, e.g. `Asia/Almaty` (dates of a city's orders are shown in it, spec §9). */
export const TimeZoneInput = z
  .string(required('часовой пояс'))
  .trim()
  .max(64, tooLong(64))
  .refine(isTimeZone, { message: 'Выберите часовой пояс из списка, например Asia/Almaty' });

/** Most days a courier delivery may be promised in (a typo guard). */
export const MAX_DELIVERY_DAYS = 60;

/** A city as the back office edits it (spec §3, issue 27). */
export const AdminCity = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Kazakh name, '' when the Kazakh storefront shows the Russian one. */
  nameKk: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  visibleForCustomers: z.boolean(),
  courierAvailable: z.boolean(),
  /** Whole tenge; 0 without a courier. */
  courierPrice: z.number().int(),
  /** Days a courier delivery takes (0: the same day), shown at checkout and on product pages. */
  deliveryDays: z.number().int(),
  /** Place in the shop's city list, 1 first. */
  position: z.number().int(),
});
export type AdminCity = z.infer<typeof AdminCity>;

/**
 * Body of `POST …/cities` and `PUT …/cities/{id}`: names, address key, time zone, visibility, courier offered, its
 * price (whole tenge, > 0 when offered) and delivery days.
 */
export const CityInput = z
  .object({
    name: Line('название', 100),
    nameKk: Text(100),
    slug: StructureSlugInput,
    timeZone: TimeZoneInput,
    visibleForCustomers: Flag,
    courierAvailable: Flag,
    // As people type it and as the shop writes it: `1 500`, `1 500 ₸` (form.numbers.ts).
    courierPrice: TengeField('Цена доставки', { min: 0, max: 1_000_000 }),
    deliveryDays: Whole('срок доставки', 0, MAX_DELIVERY_DAYS, 'Срок'),
  })
  .strict()
  .refine((c) => !c.courierAvailable || c.courierPrice > 0, {
    path: ['courierPrice'],
    message: 'Укажите цену курьерской доставки',
  });
export type CityInput = z.input<typeof CityInput>;

/** Body of `POST …/{cities|categories|brands}/{id}/visibility`: shown to shoppers or hidden. */
export const VisibilityInput = z.object({ visible: z.boolean() }).strict();

/** Body of `POST …/{cities|categories}/{id}/move`: one place up or down the list. */
export const MoveInput = z.object({ direction: z.enum(['up', 'down']) }).strict();

/** Category kinds (spec §3) as staff name them, by kind number. */
export const CATEGORY_KIND_NAME = ['Джинсы', 'Брюки', 'Верхняя одежда', 'Одежда', 'Нижнее бельё'] as const;

/** A category as the back office edits it (spec §3: a kind 0–4 in a gender segment 0 women, 1 men). */
export const AdminCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  nameKk: z.string(),
  slug: z.string(),
  gender: z.number().int(),
  kind: z.number().int(),
  /** Place within its gender segment, 1 first. */
  position: z.number().int(),
  hidden: z.boolean(),
  /** Products in it (published or not). */
  productCount: z.number().int(),
  /** Banner slots (spec §9) of its segment's category pages: `category-women`, `category-women-mobile`… */
  bannerSlots: z.array(z.string()),
  /** One unit's packed size for carrier delivery (issue 34 item 5); null fields: the kind's default. */
  packaging: Packaging,
});
export type AdminCategory = z.infer<typeof AdminCategory>;

/**
 * Body of `POST …/categories` and `PUT …/categories/{id}`. Changing the gender or kind moves its products with it
 * (a product's gender and kind come from its category).
 */
export const CategoryInput = z
  .object({
    name: Line('название', 100),
    nameKk: Text(100),
    slug: StructureSlugInput,
    gender: z.coerce
      .number({ message: 'Выберите раздел' })
      .int({ message: 'Выберите раздел' })
      .min(0, { message: 'Выберите раздел' })
      .max(1, { message: 'Выберите раздел' }),
    kind: z.coerce
      .number({ message: 'Выберите вид одежды' })
      .int({ message: 'Выберите вид одежды' })
      .min(0, { message: 'Выберите вид одежды' })
      .max(4, { message: 'Выберите вид одежды' }),
    hidden: Flag,
    ...PackagingInput,
  })
  .strict();
export type CategoryInput = z.input<typeof CategoryInput>;

/** A brand as the back office edits it. */
export const AdminBrand = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  country: z.string(),
  countryKk: z.string(),
  description: z.string(),
  descriptionKk: z.string(),
  hidden: z.boolean(),
  /** Products of the brand (published or not). */
  productCount: z.number().int(),
  logo: z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type AdminBrand = z.infer<typeof AdminBrand>;

/** Body of `POST …/brands` and `PUT …/brands/{id}` (the logo is uploaded apart: `POST …/brands/{id}/logo`). */
export const BrandInput = z
  .object({
    name: Line('название', 100),
    slug: StructureSlugInput,
    country: Line('страну', 100),
    countryKk: Text(100),
    description: Text(2000),
    descriptionKk: Text(2000),
    hidden: Flag,
  })
  .strict();
export type BrandInput = z.input<typeof BrandInput>;

/** Smallest brand logo, px (logos are wide: a 240 px wide rendition must stay sharp). */
export const BRAND_LOGO_MIN_WIDTH = 120;
export const BRAND_LOGO_MIN_HEIGHT = 40;
