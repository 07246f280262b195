import { z } from 'zod';
import { BANNER_SLOTS } from './enums.ts';
import { Banner } from './catalog.schema.ts';
import { RefId, Line, OptionalText, required } from './catalogue.admin.schema.ts';
import { DegreesField } from './form.numbers.ts';
import { localPath } from './local-path.ts';

// ——— Pickup points and banners (`…/pickup-points|banners`; cities: catalogue.structure.schema.ts) ———

/** A checkbox of a form or a JSON boolean. */
const Flag = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean());

/** Body of `POST …/pickup-points` and `PUT …/pickup-points/{id}`: every field of spec §3. */
export const PickupPointInput = z
  .object({
    regionId: RefId('город'),
    title: Line('название', 200),
    buildingName: OptionalText(200),
    addressCity: Line('город в адресе', 100),
    addressStreetNumber: Line('улицу и дом', 200),
    addressEntranceNumber: OptionalText(20),
    addressFloor: OptionalText(20),
    addressApartmentNumber: OptionalText(20),
    addressComment: OptionalText(500),
    openingHours: Line('часы работы', 200),
    latitude: DegreesField('Широта', 90),
    longitude: DegreesField('Долгота', 180),
  })
  .strict();
export type PickupPointInput = z.input<typeof PickupPointInput>;

/** A local link of the shop (`/category/…`, `/search?…`), kept as the URL parser normalises it. */
const LocalHref = z
  .string(required('ссылку'))
  .trim()
  .max(300, { message: 'Не длиннее 300 символов' })
  .transform((v, ctx) => {
    // The redirects' rule (local-path.ts): `/\evil.example` and the like are refused, not stored.
    const path = /\s/.test(v) ? null : localPath(v, { hash: true });
    if (path === null)
      ctx.addIssue({
        code: 'custom',
        message: 'Ссылка внутри магазина, например /category/zhenskie-dzhinsy',
      });
    return path ?? z.NEVER;
  });

/** A day and time (`2026-12-01T09:00` from a form, or ISO 8601) as ISO 8601 UTC; empty → null. */
const Instant = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const t = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(v) ? v : `${v}+05:00`);
    if (Number.isNaN(t)) {
      ctx.addIssue({ code: 'custom', message: 'Дата в виде 2026-12-01 09:00' });
      return z.NEVER;
    }
    return new Date(t).toISOString();
  });

/** Body of `POST …/banners` and `PUT …/banners/{id}` (spec §9 slots); dates are Almaty time without a zone. */
export const BannerInput = z
  .object({
    slot: z.enum(BANNER_SLOTS, { message: 'Выберите место баннера' }),
    position: z.coerce
      .number({ message: 'Укажите порядок' })
      .int()
      .min(1, { message: 'Порядок — от 1' })
      .max(100),
    title: Line('заголовок', 120),
    subtitle: OptionalText(200),
    buttonText: OptionalText(40),
    href: LocalHref,
    alt: Line('описание картинки', 200),
    theme: z.enum(['light', 'dark'], { message: 'Выберите цвет текста' }),
    startsAt: Instant,
    endsAt: Instant,
    active: Flag,
  })
  .strict()
  .refine((b) => !b.startsAt || !b.endsAt || b.startsAt < b.endsAt, {
    path: ['endsAt'],
    message: 'Окончание показа должно быть позже начала',
  });
export type BannerInput = z.input<typeof BannerInput>;

/** A banner as the back office lists it: its fields, picture (null before the first upload) and show dates. */
export const AdminBanner = Banner.omit({ image: true }).extend({
  alt: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  image: z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type AdminBanner = z.infer<typeof AdminBanner>;

/** Smallest banner picture, px. */
export const BANNER_MIN_WIDTH = 480;
export const BANNER_MIN_HEIGHT = 240;
