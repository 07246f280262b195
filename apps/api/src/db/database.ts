import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { CASEFOLD_FUNCTION, casefold } from './dialect.ts';
import type {
  BannerTable,
  BrandTable,
  CategoryTable,
  CityTable,
  PickupPointTable,
  ProductImageTable,
  ProductSearchTermTable,
  ProductStockTable,
  CatalogChangeTable,
  ProductTable,
  SkuTable,
  CatalogueTextTable,
} from '#app/modules/catalog/catalog.table.ts';
import type { StockMovementTable, StockTable } from '#app/modules/inventory/inventory.table.ts';
import type {
  AuthFailureTable,
  CustomerTable,
  CustomerTokenTable,
  OneTimeCodeTable,
} from '#app/modules/customer/customer.table.ts';
import type { SmsMessageTable, SmsSendTable } from '#app/modules/sms/sms.table.ts';
import type { CartItemTable, CartTable } from '#app/modules/cart/cart.table.ts';
import type { WishlistItemTable, WishlistTable } from '#app/modules/wishlist/wishlist.table.ts';
import type {
  CounterTable,
  OrderLineTable,
  OrderStatusHistoryTable,
  OrderTable,
} from '#app/modules/order/order.table.ts';
import type { PaymentEventTable, PaymentTable } from '#app/modules/payment/payment.table.ts';
import type {
  ApiKeyTable,
  AuditLogTable,
  StaffAuthFailureTable,
  StaffInvitationTable,
  StaffMemberTable,
  StaffRecoveryCodeTable,
  StaffSessionTable,
} from '#app/modules/staff/staff.table.ts';
import type {
  QuestionAnswerTable,
  QuestionTable,
  ReviewAuthorTable,
  ReviewTable,
  ReviewVoteTable,
} from '#app/modules/review/review.table.ts';
import type { ContentPageTable } from '#app/modules/content/content.table.ts';
import type { JobRunTable } from '#app/lib/job-run.ts';
import type {
  ExchangeGroupTable,
  ExchangeProductTable,
  ExchangeSessionTable,
  ExchangeSettingTable,
  ExchangeWarehouseTable,
} from '#app/modules/exchange/exchange.table.ts';
import type { NotificationTable } from '#app/modules/notification/notification.table.ts';

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
  stock_movement: StockMovementTable;
  product_stock: ProductStockTable;
  catalog_change: CatalogChangeTable;
  product_search_term: ProductSearchTermTable;
  banner: BannerTable;
  customer: CustomerTable;
  customer_token: CustomerTokenTable;
  one_time_code: OneTimeCodeTable;
  sms_message: SmsMessageTable;
  sms_send: SmsSendTable;
  auth_failure: AuthFailureTable;
  cart: CartTable;
  cart_item: CartItemTable;
  wishlist: WishlistTable;
  wishlist_item: WishlistItemTable;
  order: OrderTable;
  order_line: OrderLineTable;
  counter: CounterTable;
  order_status_history: OrderStatusHistoryTable;
  payment: PaymentTable;
  payment_event: PaymentEventTable;
  staff_member: StaffMemberTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  staff_session: StaffSessionTable;
  staff_invitation: StaffInvitationTable;
  staff_auth_failure: StaffAuthFailureTable;
  api_key: ApiKeyTable;
  audit_log: AuditLogTable;
  review: ReviewTable;
  review_vote: ReviewVoteTable;
  question: QuestionTable;
  question_answer: QuestionAnswerTable;
  review_author: ReviewAuthorTable;
  content_page: ContentPageTable;
  job_run: JobRunTable;
  exchange_group: ExchangeGroupTable;
  exchange_warehouse: ExchangeWarehouseTable;
  exchange_product: ExchangeProductTable;
  exchange_setting: ExchangeSettingTable;
  exchange_session: ExchangeSessionTable;
  catalogue_text: CatalogueTextTable;
  notification: NotificationTable;
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
  sqlite.function(CASEFOLD_FUNCTION, { deterministic: true }, casefold);
  reusePreparedStatements(sqlite);
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
  };
}

/** Prepared statements kept per SQLite connection (the distinct SQL texts of the app are a few hundred). */
const STATEMENT_CACHE_SIZE = 1000;
/**
 * Statements with more parameters are not kept: they are bulk statements (hundreds of values or ids, one SQL text per
 * count: imports, id lists), each a large compiled program (with the triggers it fires) seldom run again — a thousand
 * of them would hold hundreds of MB — while preparing one costs little next to running it.
 */
const STATEMENT_CACHE_MAX_PARAMETERS = 100;

/** How many `?` placeholders an SQL text has (Kysely's SQLite parameters), stopping past `limit`. */
function parametersOver(source: string, limit: number): boolean {
  let n = 0;
  for (let i = source.indexOf('?'); i !== -1; i = source.indexOf('?', i + 1)) if (++n > limit) return true;
  return false;
}

/**
 * Kysely's SQLite driver prepares every statement it runs anew; preparing costs more than running a small
 * query (docs/decisions/008: the catalogue version read before each cached answer). This keeps prepared
 * statements by SQL text and hands them out again. Safe because Kysely runs them synchronously (`all`/`run`);
 * the app never streams results (`.stream()`), which would keep a statement busy across awaits.
 */
function reusePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    if (parametersOver(source, STATEMENT_CACHE_MAX_PARAMETERS)) return prepare(source);
    let statement = statements.get(source);
    if (!statement) {
      statement = prepare(source);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}

/** The current time as stored: ISO 8601 UTC text with milliseconds (fixed width, so it sorts). */
export const isoNow = (d: Date) => d.toISOString();
