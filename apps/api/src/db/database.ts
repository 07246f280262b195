import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent, type Transaction } from 'kysely';
import type pg from 'pg';
import { CASEFOLD_FUNCTION, casefold, isPostgres } from './dialect.ts';
import {
  BACKSTOP_CHECKPOINT_PAGES,
  DurableSqliteAdapter,
  DurableSqliteDialect,
  reusePreparedStatements,
  type ReadNow,
  type ValueNow,
} from './sqlite-durable.ts';
import { createPgPool, DEFAULT_CONNECT_TIMEOUT_MS } from './pg-pool.ts';
import type {
  BannerTable,
  BrandTable,
  CategoryTable,
  CityTable,
  PickupPointTable,
  ProductImageTable,
  ProductSearchTermTable,
  SearchSynonymTable,
  ProductMeasurementTable,
  ProductStockTable,
  CatalogChangeTable,
  ProductTable,
  SkuTable,
  CatalogueTextTable,
} from '#app/modules/catalog/catalog.table.ts';
import type { StockMovementTable, StockTable } from '#app/modules/inventory/inventory.table.ts';
import type { StockAlertTable } from '#app/modules/stock-alert/stock-alert.table.ts';
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
import type { PaymentEventTable, PaymentTable, RefundTable } from '#app/modules/payment/payment.table.ts';
import type { AuditLogTable } from '#app/modules/audit/audit.table.ts';
import type { KaspiAttemptTable, KaspiDeviceTable } from '#app/modules/kaspi/kaspi.table.ts';
import type { KaspiShopPollTable } from '#app/modules/order/kaspi-shop/kaspi-shop.table.ts';
import type {
  KaspiCityTable,
  KaspiFeedSentTable,
  KaspiFeedSettingTable,
  KaspiReserveTable,
  KaspiSkuTable,
  KaspiStoreTable,
} from '#app/modules/kaspi/kaspi.feed.table.ts';
import type {
  ApiKeyTable,
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
  ReviewPhotoTable,
  ReviewTable,
  ReviewVoteTable,
} from '#app/modules/review/review.table.ts';
import type { ContentPageTable } from '#app/modules/content/content.table.ts';
import type {
  OrderCarrierTable,
  ShipmentStatusTable,
  ShipmentTable,
} from '#app/modules/shipping/shipping.table.ts';
import type { JobRunTable } from '#app/db/job-run.table.ts';
import type { RateLimitHitTable } from '#app/db/rate-limit-hit.table.ts';
import type {
  ExchangeGroupTable,
  ExchangeProductTable,
  ExchangeSessionTable,
  ExchangeDraftTable,
  ExchangeDraftOfferTable,
  ExchangeImportTable,
  ExchangeSettingTable,
  ExchangeWarehouseTable,
} from '#app/modules/exchange/exchange.table.ts';
import type { NotificationTable } from '#app/modules/notification/notification.table.ts';
import type { FiscalCashboxTable, FiscalReceiptTable } from '#app/modules/fiscal/fiscal.table.ts';

// Kept here for the modules that mark their statements (its home is the pool's file).
export { prepareOnPostgres } from './pg-pool.ts';
export type { ReadNow, ValueNow } from './sqlite-durable.ts';

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
  stock_alert: StockAlertTable;
  product_stock: ProductStockTable;
  catalog_change: CatalogChangeTable;
  product_search_term: ProductSearchTermTable;
  search_synonym: SearchSynonymTable;
  product_measurement: ProductMeasurementTable;
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
  refund: RefundTable;
  kaspi_device: KaspiDeviceTable;
  kaspi_attempt: KaspiAttemptTable;
  kaspi_feed_setting: KaspiFeedSettingTable;
  kaspi_store: KaspiStoreTable;
  kaspi_city: KaspiCityTable;
  kaspi_sku: KaspiSkuTable;
  kaspi_reserve: KaspiReserveTable;
  kaspi_feed_sent: KaspiFeedSentTable;
  kaspi_shop_poll: KaspiShopPollTable;
  staff_member: StaffMemberTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  staff_session: StaffSessionTable;
  staff_invitation: StaffInvitationTable;
  staff_auth_failure: StaffAuthFailureTable;
  api_key: ApiKeyTable;
  audit_log: AuditLogTable;
  review: ReviewTable;
  review_vote: ReviewVoteTable;
  review_photo: ReviewPhotoTable;
  shipment: ShipmentTable;
  shipment_status: ShipmentStatusTable;
  order_carrier: OrderCarrierTable;
  question: QuestionTable;
  question_answer: QuestionAnswerTable;
  review_author: ReviewAuthorTable;
  content_page: ContentPageTable;
  job_run: JobRunTable;
  rate_limit_hit: RateLimitHitTable;
  exchange_group: ExchangeGroupTable;
  exchange_warehouse: ExchangeWarehouseTable;
  exchange_product: ExchangeProductTable;
  exchange_setting: ExchangeSettingTable;
  exchange_session: ExchangeSessionTable;
  exchange_draft: ExchangeDraftTable;
  exchange_draft_offer: ExchangeDraftOfferTable;
  exchange_import: ExchangeImportTable;
  catalogue_text: CatalogueTextTable;
  notification: NotificationTable;
  fiscal_receipt: FiscalReceiptTable;
  fiscal_cashbox: FiscalCashboxTable;
}

export type Db = Kysely<Database>;
/** A database handle or an open transaction: repository functions take either first. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, `sqlitePath` is used. */
  databaseUrl?: string;
  /** Most connections of the PostgreSQL pool (default {@link DEFAULT_POOL_SIZE}). */
  databasePoolSize?: number;
  sqlitePath: string;
  /** PostgreSQL schema to use (tests give each worker its own). */
  pgSchema?: string;
  /** PostgreSQL: longest wait for a connection, ms (DATABASE_CONNECT_TIMEOUT_MS; default 5 s), then the query fails. */
  databaseConnectTimeoutMs?: number;
  /** SQLite: how long a write waits for another connection's lock before SQLITE_BUSY, ms (SQLITE_BUSY_TIMEOUT_MS). */
  sqliteBusyTimeoutMs?: number;
  /**
   * Told of a PostgreSQL connection closed while idle in the pool (the process goes on; the pool reconnects). Default:
   * a warning on stderr.
   */
  onPoolError?: (err: Error) => void;
  /** Told of every query this handle runs: its duration in seconds and whether it failed (metrics, decision 042). */
  onQuery?: (seconds: number, failed: boolean) => void;
}

/** PostgreSQL connections per pool when the options name none (the config's default DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;
/** SQLite's busy timeout when the options name none (the config's default SQLITE_BUSY_TIMEOUT_MS), ms. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise the SQLite file (created with its
 * folder). SQLite runs in WAL mode, every write durable before it is answered so that a confirmed order survives
 * a crash (the WAL fsynced off the event loop: {@link DurableSqliteDriver}), with foreign keys on and a busy
 * timeout (architecture: Data).
 */
export function createDatabase(opts: DatabaseOptions): { db: Db; dialect: Dialect; pool?: pg.Pool } {
  const log = opts.onQuery
    ? (event: LogEvent) => opts.onQuery!(event.queryDurationMillis / 1000, event.level === 'error')
    : undefined;
  if (opts.databaseUrl) {
    const pool = createPgPool({
      connectionString: opts.databaseUrl,
      max: opts.databasePoolSize ?? DEFAULT_POOL_SIZE,
      pgSchema: opts.pgSchema,
      connectTimeoutMs: opts.databaseConnectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      onError:
        opts.onPoolError ?? ((err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`)),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, dialect: 'postgres', pool };
  }
  if (opts.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(opts.sqlitePath), { recursive: true });
  const sqlite = new SQLite(opts.sqlitePath);
  const wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  // Commits write the WAL without fsync; the driver fsyncs it before a write is answered (same durability as FULL).
  sqlite.pragma(wal ? 'synchronous = NORMAL' : 'synchronous = FULL');
  // Checkpoints run in a worker thread ({@link walCheckpointer}); the connection's own is only a backstop.
  if (wal) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${opts.sqliteBusyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS}`);
  sqlite.function(CASEFOLD_FUNCTION, { deterministic: true }, casefold);
  reusePreparedStatements(sqlite);
  const dialect = wal
    ? new DurableSqliteDialect(sqlite, `${sqlite.name}-wal`)
    : new SqliteDialect({ database: sqlite });
  const db = new Kysely<Database>({ dialect, log });
  if (dialect instanceof DurableSqliteDialect) {
    readersNow.set(db, dialect.readNow);
    valueReadersNow.set(db, dialect.readValueNow);
  }
  return { db, dialect: 'sqlite' };
}

const readersNow = new WeakMap<object, ReadNow>();

/**
 * The synchronous reader of `db` when it is a SQLite database (outside a transaction): a read run at once on the one
 * connection when no one holds it (no transaction or statement is under way: the read sees exactly what a read through
 * Kysely would), else undefined — as it is for PostgreSQL and transactions. For reads before every answer (the
 * catalogue version, docs/decisions/008; a product page's stock, decision 018), which Kysely's promise chain (its
 * connection lock and release) cost more than the read itself.
 */
export const readerNow = (db: DbOrTrx): ReadNow | undefined => readersNow.get(db);

const valueReadersNow = new WeakMap<object, ValueNow>();

/**
 * As {@link readerNow}, for a query of one value (first column, first row; no row: null, held: undefined): the
 * catalogue version read before every answer (docs/decisions/008), without the row object and list a `readerNow`
 * read makes (docs/perf/catalogue-read-side.md §13). Undefined for PostgreSQL and transactions.
 */
export const valueReaderNow = (db: DbOrTrx): ValueNow | undefined => valueReadersNow.get(db);

/**
 * Runs `work` in a transaction that is answered BEFORE its commit is on disk (docs/decisions/005, amendment «cart
 * writes answered before their fsync»): for the writes of the cart and wishlist only — never an order, a payment, an
 * account, stock, or anything an order refers to. A crash of the shop's process loses nothing (the commit is in the
 * OS's page cache); an OS crash or power loss may lose the last few milliseconds of such writes. The WAL is written
 * and flushed in order, so the fsync that every later durable write still waits for (an order's) makes every earlier
 * answered-before-sync write durable too.
 * - SQLite (WAL, {@link DurableSqliteDriver}): the transaction's own use of the one connection is marked, so its
 *   release starts the WAL's fsync without awaiting it; the mark ends with that use, it cannot reach another
 *   request's write (the connection is held by this transaction alone from BEGIN to release).
 * - PostgreSQL: `set local synchronous_commit = off`, for this transaction only, sent with its `begin` as one simple
 *   query (one round trip, not two: issue 14, decision 005 amendment «add to cart on PostgreSQL»); `work` gets the
 *   handle of the transaction's one connection, and the transaction ends with `commit` (or `rollback`).
 * - SQLite without WAL (`:memory:`): an ordinary transaction.
 * Rolls back and rethrows when `work` throws, as `db.transaction().execute` does.
 */
export async function transactionAnsweredBeforeSync<T>(
  db: Db,
  work: (trx: DbOrTrx) => Promise<T>,
): Promise<T> {
  if (isPostgres(db)) {
    return db.connection().execute(async (conn) => {
      await BEGIN_ANSWERED_BEFORE_SYNC.execute(conn);
      let result: T;
      try {
        result = await work(conn);
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
      await sql`commit`.execute(conn);
      return result;
    });
  }
  return db.transaction().execute(async (trx) => {
    const adapter = trx.getExecutor().adapter;
    if (adapter instanceof DurableSqliteAdapter) adapter.answerBeforeSync();
    return work(trx);
  });
}

/**
 * PostgreSQL: an expression that makes the ONE statement evaluating it commit without waiting for its fsync, when
 * that statement is sent alone (its own implicit transaction: no `begin`, no `commit`) — the one-round-trip form of
 * {@link transactionAnsweredBeforeSync}, for the same writes only (decision 005, amendment «add to cart on
 * PostgreSQL: one statement»). `set_config('synchronous_commit', 'off', true)`: local to the transaction, so it is in
 * effect at that transaction's commit («the behavior for any one transaction is determined by the setting in effect
 * when it commits», PostgreSQL's documentation) and gone after it — the pooled connection keeps its own setting. Its
 * value is the text `off`. The statement must evaluate it exactly once (e.g. in a data-modifying CTE's `returning`,
 * which always runs to completion).
 */
export const ANSWER_BEFORE_SYNC = sql<string>`set_config('synchronous_commit', 'off', true)`;

/**
 * PostgreSQL's `begin` and `set local synchronous_commit = off` in one query: without parameters node-postgres sends it
 * by the simple query protocol, which runs both statements in one round trip.
 */
const BEGIN_ANSWERED_BEFORE_SYNC = sql.raw('begin; set local synchronous_commit = off');

/** The current time as stored: ISO 8601 UTC text with milliseconds (fixed width, so it sorts). */
export const isoNow = (d: Date) => d.toISOString();
