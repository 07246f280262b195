import { z } from 'zod';
import { PickupPoint } from './catalog.schema.ts';
import { Tenge } from './common.schema.ts';
import { CONTENT_LOCALES, DEFAULT_CONTENT_LOCALE } from './enums.ts';

// Information pages (spec §1, §2: contact, public offer, delivery and payment, FAQ, privacy policy, size guide,
// stores, returns): texts kept as Markdown in the database (API module `content`), rendered to HTML on the
// server, and the seller's legal details from configuration.

/** A page's address part: lower-case Latin letters and digits in words joined by single hyphens. */
export const ContentSlug = z
  .string({ message: 'Обязательное поле' })
  .min(1, { message: 'Обязательное поле' })
  .max(100, { message: 'Не длиннее 100 символов' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Латинские строчные буквы, цифры и дефис' });

/** The language of a page: `ru` (the default) or `kk` (issue 13). */
export const ContentLocaleSchema = z.enum(CONTENT_LOCALES, {
  message: `Язык: ${CONTENT_LOCALES.join(', ')}`,
});

/**
 * Parts of a page's body generated from data, placed in the Markdown by a line of their own `{{block:name}}`:
 * - `delivery-cities`: cities with their courier price and number of pickup points (catalogue data);
 * - `delivery-terms`: when an order can be received (the checkout's delivery-date rules);
 * - `payment-methods`: the three payment methods of spec §4;
 * - `stores`: pickup points by city with address, hours and a map link (catalogue data);
 * - `seller-details`: the seller's legal details from configuration.
 */
export const CONTENT_BLOCKS = [
  'delivery-cities',
  'delivery-terms',
  'payment-methods',
  'stores',
  'seller-details',
] as const;
export type ContentBlock = (typeof CONTENT_BLOCKS)[number];

/** A piece of a rendered page: sanitised HTML of the stored text, or a block the storefront draws from data. */
export const ContentPart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), html: z.string() }),
  z.object({ kind: z.literal('block'), block: z.enum(CONTENT_BLOCKS) }),
]);
export type ContentPart = z.infer<typeof ContentPart>;

/**
 * A city as the delivery and stores pages show it: courier price in tenge (null: no courier there) and the days a
 * courier takes (set in the back office, issue 27).
 */
export const DeliveryCity = z.object({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  courierPrice: Tenge.nullable(),
  courierDays: z.number().int().min(0),
  pickupPoints: z.array(PickupPoint),
});
export type DeliveryCity = z.infer<typeof DeliveryCity>;

/**
 * The seller's legal details and customer service (configuration `SELLER_*`). `demo` is true while the
 * shop runs on the demonstration values (they must be replaced before real sales; production refuses them).
 */
export const SellerDetails = z.object({
  companyName: z.string(),
  /** Business identification number (БИН), 12 digits. */
  bin: z.string(),
  legalAddress: z.string(),
  /** Customer service phone as shown (`+7 727 200 00 00`) and as dialled (`+77272000000`). */
  phone: z.string(),
  phoneHref: z.string(),
  email: z.string(),
  /** Customer service hours, as a phrase (`ежедневно с 9:00 до 21:00`). */
  serviceHours: z.string(),
  demo: z.boolean(),
  /** The payment methods the shop accepts (spec §4 ids; 4 = Kaspi while Kaspi Pay is on, issue 33). */
  paymentMethodIds: z.array(z.number().int().min(1).max(4)),
});
export type SellerDetails = z.infer<typeof SellerDetails>;

/** A published page in a list: what the information index and the footer need. */
export const ContentPageSummary = z.object({
  slug: z.string(),
  locale: ContentLocaleSchema,
  title: z.string(),
  description: z.string(),
  /** Last change of the text, ISO 8601 UTC. */
  updatedAt: z.string(),
});
export type ContentPageSummary = z.infer<typeof ContentPageSummary>;

/**
 * A published page ready to show: its text as HTML parts in order with the data blocks between them, and the
 * data those blocks need (`cities` only when the page has a `delivery-cities` or `stores` block, else empty).
 */
export const ContentPage = ContentPageSummary.extend({
  parts: z.array(ContentPart),
  cities: z.array(DeliveryCity),
  seller: SellerDetails,
});
export type ContentPage = z.infer<typeof ContentPage>;

/** Path params of `GET /api/content/pages/:slug`. */
export const ContentPageParams = z.object({ slug: ContentSlug });

/** Query of the content calls: the page language (default `ru`). */
export const ContentQuery = z
  .object({ locale: ContentLocaleSchema.default(DEFAULT_CONTENT_LOCALE) })
  .strict();
export type ContentQuery = z.infer<typeof ContentQuery>;

/**
 * A page as the back office (and the seed) writes it: Markdown body (raw HTML is shown as text), title up to
 * 120 characters, description (the search-result snippet) up to 300.
 */
export const ContentPageInput = z
  .object({
    slug: ContentSlug,
    locale: ContentLocaleSchema.default(DEFAULT_CONTENT_LOCALE),
    title: z
      .string()
      .trim()
      .min(1, { message: 'Обязательное поле' })
      .max(120, { message: 'Не длиннее 120 символов' }),
    description: z
      .string()
      .trim()
      .min(1, { message: 'Обязательное поле' })
      .max(300, { message: 'Не длиннее 300 символов' }),
    body: z
      .string()
      .min(1, { message: 'Обязательное поле' })
      .max(200_000, { message: 'Не длиннее 200 000 символов' }),
    published: z.boolean().default(true),
  })
  .strict();
export type ContentPageInput = z.input<typeof ContentPageInput>;

/** A page as the back office edits it (published or not): the Markdown source and its state. */
export const AdminContentPage = z.object({
  slug: z.string(),
  locale: ContentLocaleSchema,
  title: z.string(),
  description: z.string(),
  body: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminContentPage = z.infer<typeof AdminContentPage>;

/** One language of a page in the back office's list: whether it exists and is published (null: not written). */
export const AdminContentVersion = z.object({ published: z.boolean(), updatedAt: z.string() }).nullable();
export type AdminContentVersion = z.infer<typeof AdminContentVersion>;

/**
 * A row of the back office's page list (`GET /api/admin/content/pages`): the page by slug with its title in the
 * asked language (else the Russian one) and the state of each language.
 */
export const AdminContentListItem = AdminContentPage.extend({
  languages: z.object({ ru: AdminContentVersion, kk: AdminContentVersion }),
});
export type AdminContentListItem = z.infer<typeof AdminContentListItem>;

/** Body of `PUT /api/admin/content/pages/:slug` (the page's language in the query, `ru` by default). */
export const AdminContentPageBody = ContentPageInput.omit({ slug: true, locale: true }).strict();
export type AdminContentPageBody = z.input<typeof AdminContentPageBody>;

/** Body of `POST /api/admin/content/preview`: Markdown to render as the storefront would. */
export const ContentPreviewBody = z
  .object({ body: z.string().max(200_000, { message: 'Не длиннее 200 000 символов' }) })
  .strict();
export type ContentPreviewBody = z.infer<typeof ContentPreviewBody>;
