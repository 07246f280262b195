import type { Generated, Selectable } from 'kysely';

/** Booleans are stored as 0/1 integers: the subset SQLite and PostgreSQL share. Times are ISO 8601 UTC text. */
export interface CityTable {
  id: number;
  name: string;
  slug: string;
  time_zone: string;
  visible_for_customers: number;
  courier_available: number;
  /** Courier price in tenge (0 when the city has no courier). */
  courier_price: number;
  /** Days a courier delivery takes in the city (issue 12). */
  delivery_days: Generated<number>;
  sort_order: number;
  /** CDEK's city `code`; null: no carrier delivery to this city (migration 20261229T080000). */
  cdek_code: number | null;
  /** CDEK office parcels are handed in at in this warehouse city (migration 20261231T120000); null: collected. */
  cdek_shipment_point: string | null;
  /** 0/1: the carrier is offered here beside the shop's own delivery (migration 20261231T130000). */
  carrier_in_own_city: Generated<number>;
  /** 0/1: made when a shopper chose a carrier city the shop does not serve (migration 20261231T140000). */
  carrier_found: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PickupPointTable {
  id: number;
  city_id: number;
  title: string;
  building_name: string | null;
  address_city: string;
  address_street_number: string;
  address_entrance_number: string | null;
  address_floor: string | null;
  address_apartment_number: string | null;
  address_comment: string | null;
  opening_hours: string;
  longitude: number;
  latitude: number;
  created_at: string;
  updated_at: string;
}

export interface BrandTable {
  id: number;
  slug: string;
  name: string;
  country: string;
  description: string;
  /** 1: left off the storefront's brands page (migration 20261216T090000). */
  is_hidden: Generated<number>;
  /** Master key of the uploaded logo (`brands/{id}-{n}`), '' when none; its pixel size (0 when none). */
  logo_key: Generated<string>;
  logo_width: Generated<number>;
  logo_height: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CategoryTable {
  id: number;
  slug: string;
  name: string;
  /** spec §3: jeans 0, trousers 1, outerwear 2, clothes 3, underwear 4. */
  kind: number;
  /** spec §3: female 0, male 1. */
  gender: number;
  sort_order: number;
  /** 1: left out of the storefront's menus and category lists (migration 20261216T090000). */
  is_hidden: Generated<number>;
  /** Packed size of one unit, grams and whole cm; null: the default above it (migration 20261229T080000). */
  package_weight_g: number | null;
  package_length_cm: number | null;
  package_width_cm: number | null;
  package_height_cm: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProductTable {
  id: number;
  slug: string;
  /** Products of one model in other colours share it (colour siblings). */
  model_code: string;
  name: string;
  brand_id: number;
  category_id: number;
  kind: number;
  gender: number;
  colour_name: string;
  colour_hex: string;
  description: string;
  composition: string;
  care: string;
  /** Selling price, whole tenge: of every size without a price of its own (`sku.price`, decision 032). */
  price: number;
  /** Price before discount, whole tenge; equals price when not discounted. */
  original_price: number;
  /** Date the product arrived (YYYY-MM-DD), for the new-arrivals sort. */
  arrival_date: string;
  is_active: number;
  /** Units over the cities visible to customers: derived from `stock` by a trigger (never written by the app). */
  stock_global: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProductImageTable {
  id: number;
  product_id: number;
  position: number;
  /** Key of the master image under the media directory, e.g. `products/12-1`. */
  media_key: string;
  width: number;
  height: number;
  alt: string;
  created_at: string;
  updated_at: string;
}

/** SKU: one product in one size (and its product's colour); `external_id` is the ERP identifier. */
export interface SkuTable {
  id: number;
  external_id: string;
  product_id: number;
  size: string;
  size_order: number;
  /**
   * This size's selling price in whole tenge; null: its product's `price` (migration 20261228T020000,
   * docs/decisions/032).
   */
  price: number | null;
  /** This size's price before a discount (>= `price`); null: `price` when that is set, else the product's. */
  original_price: number | null;
  /** Packed size of one unit, grams and whole cm; null: the default above it (migration 20261229T080000). */
  package_weight_g: number | null;
  package_length_cm: number | null;
  package_width_cm: number | null;
  package_height_cm: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * Units of a product in a city (sum over its SKUs): derived from `stock` by database triggers in the same
 * statement that changes stock (docs/decisions/008), so listings never aggregate SKUs per request.
 */
export interface ProductStockTable {
  product_id: number;
  city_id: number;
  quantity: number;
}

/**
 * One bump of `catalog_version` (docs/decisions/018): the product whose stock changed, or null for any other
 * catalogue change. Written by triggers only; read by the in-memory read model (read/model.ts).
 */
export interface CatalogChangeTable {
  version: number;
  product_id: number | null;
}

/** A normalised search term of a product (stem or word), with its weight; filled by catalog/search.index.ts. */
export interface ProductSearchTermTable {
  term: string;
  product_id: number;
  /** 3 name or brand, 2 category, 1 colour. */
  weight: number;
}

/**
 * A product's garment measurements for one size label, millimetres (tenths of a cm), 10–3000 or null; at least one
 * set (migration 20261231T090000, issue 35 item 6, decision 066).
 */
export interface ProductMeasurementTable {
  product_id: number;
  size: string;
  chest_mm: number | null;
  waist_mm: number | null;
  hips_mm: number | null;
  length_mm: number | null;
  inseam_mm: number | null;
  created_at: string;
  updated_at: string;
}

/** Phrases staff say mean the same in search (migration 20261231T050000, decision 059). */
export interface SearchSynonymTable {
  id: number;
  /** JSON array of the phrases as staff wrote them. */
  phrases: string;
  /** 1 once a full re-index has applied this row; 0 after a change a start must still apply. */
  indexed: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A banner in a slot of spec §9 (`home-women`, `home-women-mobile`, …, `four-large-banners`). */
export interface BannerTable {
  id: number;
  slot: string;
  position: number;
  title: string;
  subtitle: string | null;
  button_text: string | null;
  /** Local link the banner leads to (`/category/…`, `/search?…`). */
  href: string;
  /** Key of the master under the media directory, e.g. `banners/3`. */
  media_key: string;
  width: number;
  height: number;
  alt: string;
  /** Text colour over the picture: `dark` text on a light picture or `light` text on a dark one. */
  theme: 'light' | 'dark';
  /** Shown from / until (ISO 8601 UTC); null means no bound. */
  starts_at: string | null;
  ends_at: string | null;
  is_active: number;
  created_at: string;
  updated_at: string;
}

/** A catalogue text in another language, keyed by its Russian text (issue 13; migration 20261211T100000). */
export interface CatalogueTextTable {
  /** Language of `text`: `kk`. */
  lang: string;
  /** The Russian text it translates (a name, a sentence of a description, a composition). */
  source: string;
  text: string;
  updated_at: string;
}

export type CityRow = Selectable<CityTable>;
export type PickupPointRow = Selectable<PickupPointTable>;
export type ProductRow = Selectable<ProductTable>;
export type SearchSynonymRow = Selectable<SearchSynonymTable>;
export type ProductMeasurementRow = Selectable<ProductMeasurementTable>;
export type BrandRow = Selectable<BrandTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type ProductImageRow = Selectable<ProductImageTable>;
export type BannerRow = Selectable<BannerTable>;
