import type { Generated } from 'kysely';

/** A 1C group (Группа of import.xml) and the shop category it maps to; null while unmapped. Owned by `exchange`. */
export interface ExchangeGroupTable {
  external_id: string;
  name: string;
  parent_external_id: string | null;
  category_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A 1C warehouse (Склад) and the city whose stock it is; null while unmapped (its stock is not imported). */
export interface ExchangeWarehouseTable {
  external_id: string;
  name: string;
  city_id: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * The shop product a 1C product became: `external_id` is the Товар Ид, or `Ид|Цвет` for each further colour (a shop
 * product has one colour); the 1C group it was last listed in; whether 1C wants it shown (a mapped group, not
 * deleted) and has priced it; when import.xml last listed it.
 */
export interface ExchangeProductTable {
  external_id: string;
  product_1c_id: string;
  product_id: number;
  group_external_id: string | null;
  publish: number;
  priced: number;
  /** Packaging 1C sent for the product, JSON (migration 20261231T130000); null when none. */
  packaging: Generated<string | null>;
  listed_at: string;
  created_at: string;
  updated_at: string;
}

/** Settings of the exchange by key (`price_type`). */
export interface ExchangeSettingTable {
  key: string;
  value: string;
  created_at: string;
  updated_at: string;
}

/** A session of the 1C protocol: opened by checkauth (token stored as SHA-256), valid until `expires_at`. */
export interface ExchangeSessionTable {
  id: string;
  token_hash: string;
  actor_type: 'staff' | 'api_key';
  actor_id: string;
  /** The exchange the session was opened for: `catalog` or `sale`. */
  exchange_type: 'catalog' | 'sale';
  /** JSON array of the order numbers the last `type=sale&mode=query` handed out (null before any). */
  sale_numbers: string | null;
  /** What opened the session, checked again at every request (staff.basic.ts `credentialTag`); null: sign in again. */
  credential_tag: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/**
 * A 1C product waiting for its group to be mapped (issue 28): not a shop product yet. `group_external_id` is its
 * group, or `NO_GROUP` for a product without Группы; `data` the product as 1C sent it (JSON of ProductData).
 */
export interface ExchangeDraftTable {
  product_1c_id: string;
  group_external_id: string;
  name: string;
  data: string;
  listed_at: string;
  created_at: string;
  updated_at: string;
}

/** An offer (size) of a draft product, as offers.xml last sent it (JSON of OfferData), applied once it is mapped. */
export interface ExchangeDraftOfferTable {
  external_id: string;
  product_1c_id: string;
  data: string;
  created_at: string;
  updated_at: string;
}

/** The state of a 1C import job: made, being read by an instance, answered `success`, answered `failure`. */
export type ExchangeImportState = 'queued' | 'running' | 'done' | 'failed';

/**
 * The import of one 1C file of a session (issue 28 item 14, docs/decisions/034): seen by every instance, kept until
 * its answer is handed to 1C (or the session folder is swept). `heartbeat_at` is renewed by the running instance;
 * a job whose heartbeat is stale is failed with a clear answer.
 */
export interface ExchangeImportTable {
  id: string;
  session_id: string;
  filename: string;
  state: ExchangeImportState;
  /** Items read so far (the `progress` answer shows it). */
  items: number;
  /** JSON of what the import did (counts), once done. */
  summary: string | null;
  /** JSON array of the warnings 1C was told, once done. */
  warnings: string | null;
  /** The protocol's answer (`success…` or `failure\n<reason>`) once done or failed. */
  answer: string | null;
  /** The instance (host:pid) that runs it. */
  instance: string | null;
  heartbeat_at: string;
  created_at: string;
  updated_at: string;
}
