/**
 * Enumerations and business constants of the specification (spec §3, §4, §9).
 * Numeric values are part of the API contract: never renumber them.
 */

/** Product category kinds (spec §3): jeans 0, trousers 1, outerwear 2, clothes 3, underwear 4. */
export const CategoryKind = { jeans: 0, trousers: 1, outerwear: 2, clothes: 3, underwear: 4 } as const;
export type CategoryKind = (typeof CategoryKind)[keyof typeof CategoryKind];

/** Gender of a product or customer (spec §3): female 0, male 1. */
export const Gender = { female: 0, male: 1 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/** Gender segments of the storefront (spec §2, §6): slug → gender. */
export const GenderSegment = { zhenshiny: Gender.female, muzhchiny: Gender.male } as const;

/** Delivery methods (spec §4): 1 pickup (default), 2 local courier. */
export const DeliveryMethod = { pickup: 1, courier: 2 } as const;
export type DeliveryMethod = (typeof DeliveryMethod)[keyof typeof DeliveryMethod];
export const DEFAULT_DELIVERY_METHOD: DeliveryMethod = DeliveryMethod.pickup;

/**
 * Payment methods (spec §4): 1 cash on delivery, 2 card on delivery (default), 3 card online; 4 Kaspi (Kaspi Pay,
 * issue 33 — offered only when KASPI_PAY_MODE is not `off`).
 */
export const PaymentMethod = { cashOnDelivery: 1, cardOnDelivery: 2, cardOnline: 3, kaspi: 4 } as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = PaymentMethod.cardOnDelivery;

/** Decoded stock level shown on product cards (spec §3). Exact quantities never leave the server. */
export const STOCK_LEVELS = ['not-available', 'less-than-5', 'more-than-5'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** Counted quantity of a decoded stock level (spec §9): less-than-5 → 4, more-than-5 → 6, not-available → 0. */
export const STOCK_LEVEL_COUNT: Record<StockLevel, number> = {
  'not-available': 0,
  'less-than-5': 4,
  'more-than-5': 6,
};

/** Stock state label shown to shoppers (spec §4). */
export const StockState = {
  inStock: 'В наличии',
  otherCity: 'В другом городе',
  otherCityOnProductPage: 'Доставка из другого города',
  none: 'Нет в наличии',
} as const;

/** Sort options of product lists (spec §4). */
export const SORTS = [
  'default',
  'price-asc',
  'price-desc',
  'regional-availability',
  'new-arrivals',
  'discount-desc',
] as const;
export type Sort = (typeof SORTS)[number];

/** List view options (spec §4). */
export const LIST_VIEWS = ['grid', 'hor'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

/** Order statuses. "pending" in the account means neither completed nor cancelled. */
export const ORDER_STATUSES = [
  'new',
  'awaiting_payment',
  'paid',
  'ready_for_pickup',
  'handed_to_courier',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FINISHED_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled'];

/** Page sizes (spec §9). */
export const PAGE_SIZE = { default: 60, home: 15, shopper: 120 } as const;

/** Default city id (spec §3, §9): Алматы. */
export const DEFAULT_CITY_ID = 1;

/** Cookie names (spec §3) and their lifetime (spec §9: 365 days, SameSite=Lax). */
export const COOKIE = {
  cartUuid: 'cart_uuid',
  wishlistUuid: 'wishlist_uuid',
  customerToken: 'customer_token',
  customerGender: 'customer_gender',
  cityId: 'city_id',
  stockApiRegionId: 'stock_api_region_id',
  regionName: 'region_name',
  checkoutDeliveryId: 'checkout_delivery_id',
  checkoutPaymentId: 'checkout_payment_id',
} as const;
export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Statuses the request client retries once, for idempotent requests only (spec §9). */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

/**
 * Banner slots (spec §9): home and category pages for women and men, each with a mobile variant, and the
 * four-large-banners slot of the main home page.
 */
export const BANNER_SLOTS = [
  'home-women',
  'home-women-mobile',
  'home-men',
  'home-men-mobile',
  'category-women',
  'category-women-mobile',
  'category-men',
  'category-men-mobile',
  'four-large-banners',
] as const;
export type BannerSlot = (typeof BANNER_SLOTS)[number];

/** Page of the size guide that product pages link to (spec §2: /info/razmer). */
export const SIZE_GUIDE_PATH = '/info/razmer';

/**
 * Information pages of spec §2 (`/info/{slug}`) in the order the footer and the index list them. Their texts are
 * content (API module `content`); the slugs are routes, so they live here. Their names in each language are the
 * message catalogue's `info.{slug}` (text/messages.shell.ru.ts, messages.shell.kk.ts): the footer's links and the titles the
 * seed gives the pages.
 */
export const INFO_PAGES = [
  { slug: 'dostavka-i-oplata' },
  { slug: 'vozvrat' },
  { slug: 'razmer' },
  { slug: 'faq' },
  { slug: 'stores' },
  { slug: 'contact' },
  { slug: 'dogovor-publichnoj-oferty' },
  { slug: 'politika-konfidencialnosti' },
] as const;
export type InfoPageSlug = (typeof INFO_PAGES)[number]['slug'];

/**
 * Languages the shop speaks to a customer in (issue 13): Russian (the default) and Kazakh. Stored with the
 * customer (`customer.language`) and used for the storefront and the customer's SMS and emails.
 */
export const CUSTOMER_LANGUAGES = ['ru', 'kk'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];
export const DEFAULT_CUSTOMER_LANGUAGE: CustomerLanguage = 'ru';

/**
 * Languages content pages are written in: Russian (the default) and Kazakh (issue 13). A page missing in Kazakh is
 * served in Russian (API module `content`).
 */
export const CONTENT_LOCALES = ['ru', 'kk'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
export const DEFAULT_CONTENT_LOCALE: ContentLocale = 'ru';

/** Names of the delivery methods (spec §4) as checkout and the information pages show them. */
export const DELIVERY_METHOD_NAMES: Record<DeliveryMethod, string> = {
  [DeliveryMethod.pickup]: 'Самовывоз',
  [DeliveryMethod.courier]: 'Курьерская доставка',
};

/** True for the methods paid online before the order is handed over: card online (3) and Kaspi (4). */
export const isPaidOnline = (paymentId: number): boolean =>
  paymentId === PaymentMethod.cardOnline || paymentId === PaymentMethod.kaspi;

/** The name of payment 4 (Kaspi Pay) at checkout, in Russian and Kazakh alike (a brand). */
export const KASPI_PAYMENT_NAME = 'Kaspi';

/**
 * Names of the spec's payment methods (spec §4) as checkout, the footer and the information pages show them
 * (Kaspi, 4, is offered only when switched on: {@link KASPI_PAYMENT_NAME}).
 */
export const PAYMENT_METHOD_NAMES: Record<Exclude<PaymentMethod, 4>, string> = {
  [PaymentMethod.cashOnDelivery]: 'Наличными при получении',
  [PaymentMethod.cardOnDelivery]: 'Картой при получении',
  [PaymentMethod.cardOnline]: 'Картой онлайн',
};

/** How often the storefront asks whether a newer build is live (spec §7 "polls the latest build id"), ms. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;
/** Reload guard (spec §9): after a script part failed to load, the page reloads at most once in this time, ms. */
export const RELOAD_GUARD_MS = 10_000;

/**
 * Fit feedback of a review (issue 10): the item runs small, is true to size, or runs large. Optional in a
 * review.
 */
export const REVIEW_FITS = ['small', 'true_to_size', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

/** Most photos one review may carry (issue 35 item 5). */
export const REVIEW_PHOTOS_MAX = 5;

/**
 * Moderation of reviews and questions (issue 10): a new one is `pending`; staff publish it or reject it with a
 * reason. Only `published` ones are public.
 */
export const MODERATION_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Lengths of the texts of reviews and questions, in characters after trimming (issue 10: limits). */
export const FEEDBACK_TEXT_LIMITS = {
  review: { min: 10, max: 2000 },
  question: { min: 10, max: 1000 },
  answer: { min: 2, max: 2000 },
  rejectionReason: { min: 3, max: 500 },
} as const;

/**
 * How many reviews and questions (counted together) one customer may write (issue 10: rate per customer):
 * per rolling hour and per rolling 24 hours; past either, 429 with the wait.
 */
export const FEEDBACK_RATE_LIMITS = { perHour: 5, perDay: 20 } as const;

/** Reviews and questions per page of a product page (the API allows 1–50). */
export const FEEDBACK_PAGE_SIZE = 10;

/** Sorts of a product's reviews: newest first, or most useful (most «helpful» votes) first. */
export const REVIEW_SORTS = ['newest', 'useful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/**
 * `deliveryInformation` texts of a cart line (spec §3), chosen by where the SKU is in stock for the cart's
 * city (spec §4): in the city (and the city visible) → how it reaches the shopper there; only in another
 * visible city → delivery from there; nowhere → not available.
 */
export const CartDeliveryInformation = {
  /** In stock in the city, which has pickup points. */
  pickup: 'Самовывоз сегодня–завтра, бесплатно',
  /** In stock in the city, which has no pickup points but a courier. */
  courier: 'Курьерская доставка сегодня–завтра',
  /** In stock in the city, which offers no delivery method. */
  inStock: 'В наличии',
  /** Not in the city, but in stock in another city visible to customers. */
  otherCity: 'Доставка из другого города за 3–5 дней',
  /** In stock nowhere (or the product is no longer sold). */
  none: 'Нет в наличии',
} as const;

/**
 * The five garment measurements of a size (issue 35 item 6, measurement.schema.ts), in the order the tables show
 * them. Here, apart from the schemas, so the product page's script takes no zod with it.
 */
export const MEASUREMENT_KEYS = ['chest', 'waist', 'hips', 'length', 'inseam'] as const;
export type MeasurementKey = (typeof MEASUREMENT_KEYS)[number];
