// Kaspi Магазин feed settings tables (migration 20261231T060000, docs/decisions/063). Owned by the kaspi module.

/** The one settings row (id 1): secret of the feed URL (null: feed off), company, merchant, last build's figures. */
export interface KaspiFeedSettingTable {
  id: number;
  secret: string | null;
  company: string;
  merchant_id: string;
  /** Bumped by every settings, mapping, reserve or mark change: part of the served feed's cache key. */
  version: number;
  last_built_at: string | null;
  last_offers: number | null;
  last_bytes: number | null;
  /** JSON array of `{ sku, reason }` (FeedProblem) of the last build. */
  last_problems: string | null;
  created_at: string;
  updated_at: string;
}

/** A Kaspi store offered the stock of our city `city_id`, less `default_reserve` units per SKU. */
export interface KaspiStoreTable {
  store_id: string;
  city_id: number;
  default_reserve: number;
  created_at: string;
  updated_at: string;
}

/** Our city → Kaspi cityId (KATO code) used in `<cityprice>`. */
export interface KaspiCityTable {
  city_id: number;
  kaspi_city_id: string;
  created_at: string;
  updated_at: string;
}

/** A SKU marked for Kaspi. */
export interface KaspiSkuTable {
  sku_id: number;
  created_at: string;
  updated_at: string;
}

/** Safety reserve of one SKU in one Kaspi store, units (overrides the store's default). */
export interface KaspiReserveTable {
  sku_id: number;
  store_id: string;
  units: number;
  created_at: string;
  updated_at: string;
}

/** External id of a SKU sent in some feed (it is sent as withdrawn once no longer offered). */
export interface KaspiFeedSentTable {
  external_id: string;
  created_at: string;
  updated_at: string;
}
