import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type {
  BrandTable,
  CategoryTable,
  CityTable,
  PickupPointTable,
  ProductImageTable,
  ProductTable,
  SkuTable,
  StockTable,
} from '#app/modules/catalog/catalog.table.ts';
import type { CustomerTable, CustomerTokenTable, OneTimeCodeTable } from '#app/modules/customer/customer.table.ts';
import type { SmsMessageTable } from '#app/modules/sms/sms.table.ts';
import type { CartItemTable, CartTable } from '#app/modules/cart/cart.table.ts';
import type { CounterTable, OrderLineTable, OrderTable } from '#app/modules/order/order.table.ts';

/** Every table of the shop, as Kysely sees it. */
export interface Database {
  city: CityTable;
  pickup_point: PickupPointTable;
  brand: BrandTable;
  category: CategoryTable;
  product: ProductTable;
  product_image: ProductImageTable;
  sku: SkuTable;
  stock: StockTable;
  customer: CustomerTable;
  customer_token: CustomerTokenTable;
  one_time_code: OneTimeCodeTable;
  sms_message: SmsMessageTable;
  cart: CartTable;
  cart_item: CartItemTable;
  order: OrderTable;
  order_line: OrderLineTable;
  counter: CounterTable;
}

export type Db = Kysely<Database>;
/** A database handle or an open transaction: repository functions take either first. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, `sqlitePath` is used. */
  databaseUrl?: string;
  sqlitePath: string;
  /** PostgreSQL schema to use (tests give each worker its own). */
  pgSchema?: string;
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise the SQLite file (created with its
 * folder). SQLite runs in WAL mode with `synchronous=FULL` so that a confirmed order survives a crash,
 * with foreign keys on and a busy timeout (architecture: Data).
 */
export function createDatabase(opts: DatabaseOptions): { db: Db; dialect: Dialect } {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (opts.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(opts.sqlitePath), { recursive: true });
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}

/** The current time as stored: ISO 8601 UTC text with milliseconds (fixed width, so it sorts). */
export const isoNow = (d: Date) => d.toISOString();
