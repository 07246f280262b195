import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type CompiledQuery,
  type DialectAdapter,
  type DatabaseConnection,
  type Driver,
  type Transaction,
} from 'kysely';
import { CASEFOLD_FUNCTION, casefold, isPostgres } from './dialect.ts';
import { createPgPool, DEFAULT_CONNECT_TIMEOUT_MS } from './pg-pool.ts';
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
import type { PaymentEventTable, PaymentTable, RefundTable } from '#app/modules/payment/payment.table.ts';
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
  ExchangeDraftTable,
  ExchangeDraftOfferTable,
  ExchangeImportTable,
  ExchangeSettingTable,
  ExchangeWarehouseTable,
} from '#app/modules/exchange/exchange.table.ts';
import type { NotificationTable } from '#app/modules/notification/notification.table.ts';

// Kept here for the modules that mark their statements (its home is the pool's file).
export { prepareOnPostgres } from './pg-pool.ts';

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
  refund: RefundTable;
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
  exchange_draft: ExchangeDraftTable;
  exchange_draft_offer: ExchangeDraftOfferTable;
  exchange_import: ExchangeImportTable;
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
export function createDatabase(opts: DatabaseOptions): { db: Db; dialect: Dialect } {
  if (opts.databaseUrl) {
    const pool = createPgPool({
      connectionString: opts.databaseUrl,
      max: opts.databasePoolSize ?? DEFAULT_POOL_SIZE,
      pgSchema: opts.pgSchema,
      connectTimeoutMs: opts.databaseConnectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      onError:
        opts.onPoolError ?? ((err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`)),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
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
  const db = new Kysely<Database>({ dialect });
  if (dialect instanceof DurableSqliteDialect) readersNow.set(db, dialect.readNow);
  return { db, dialect: 'sqlite' };
}

/** A synchronous read on an idle connection: its rows (none: an empty list), or undefined when the connection is in use. */
export type ReadNow = (compiled: CompiledQuery) => Record<string, unknown>[] | undefined;

const readersNow = new WeakMap<object, ReadNow>();

/**
 * The synchronous reader of `db` when it is a SQLite database (outside a transaction): a read run at once on the one
 * connection when no one holds it (no transaction or statement is under way: the read sees exactly what a read through
 * Kysely would), else undefined — as it is for PostgreSQL and transactions. For reads before every answer (the
 * catalogue version, docs/decisions/008; a product page's stock, decision 018), which Kysely's promise chain (its
 * connection lock and release) cost more than the read itself.
 */
export const readerNow = (db: DbOrTrx): ReadNow | undefined => readersNow.get(db);

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

/**
 * fsync of one file in libuv's thread pool, callers coalesced: one that asks while a sync runs waits for the next
 * sync (what it wrote may have come after the running one began), and all who asked meanwhile share that one.
 * @throws what fsync throws (the write it guards is then not known to be durable).
 */
function fileSyncer(file: string): { sync: () => Promise<void>; close: () => Promise<void> } {
  let handle: Promise<fsp.FileHandle> | undefined;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const sync = (async () => (await (handle ??= fsp.open(file, 'r'))).sync())();
    running = sync.finally(() => (running = null));
    return running;
  };
  const next = () => {
    queued = null;
    return start();
  };
  return {
    sync: () => (running ? (queued ??= running.then(next, next)) : start()),
    close: async () => (await handle)?.close(),
  };
}

/**
 * WAL frames past which the main connection checkpoints by itself, in the COMMIT that crosses it, on the event loop
 * (SQLite's default is 1,000): a backstop for when {@link walCheckpointer} cannot keep the WAL short.
 */
const BACKSTOP_CHECKPOINT_PAGES = 20_000;
/** How often the checkpointer looks for WAL frames not yet in the database file, in ms. */
const CHECKPOINT_INTERVAL_MS = 100;

/** The checkpointer thread's program (CommonJS, run with `eval`: no TypeScript loader needed in the thread). */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = FULL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch (err) {
    // SQLITE_BUSY and the like: the next turn tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

/**
 * Moves the WAL's frames into the database file off the event loop (issue 14, decision 001 amendment): a worker
 * thread with a connection of its own runs a PASSIVE checkpoint every {@link CHECKPOINT_INTERVAL_MS} ms — it never
 * waits for nor blocks the app's readers and writer, and fsyncs the WAL and then the database file itself, in the
 * thread. Before, the app's connection checkpointed every 1,000 pages inside the COMMIT that crossed it: 20–130 ms
 * of writing and fsync on the event loop, several times per 8 s of checkout load. When a checkpoint has copied
 * every frame, the next writer starts the WAL from its beginning again; should it never catch up, the app's
 * connection still checkpoints by itself past {@link BACKSTOP_CHECKPOINT_PAGES}. Started by the first write
 * (read-only handles start no thread); the thread does not keep the process alive.
 * Durability is the WAL's, as before: a commit is answered once the WAL holding it is fsynced
 * ({@link DurableSqliteDriver}); checkpoints only copy committed frames.
 */
function walCheckpointer(file: string): { start: () => void; close: () => Promise<void> } {
  let thread: { worker: Worker; exited: Promise<unknown> } | undefined;
  return {
    start: () => {
      if (thread) return;
      const worker = new Worker(CHECKPOINTER_SOURCE, {
        eval: true,
        workerData: {
          file,
          module: createRequire(import.meta.url).resolve('better-sqlite3'),
          intervalMs: CHECKPOINT_INTERVAL_MS,
        },
      });
      worker.unref();
      // A thread that failed (the file gone…) leaves checkpoints to the backstop.
      worker.on('error', () => {});
      thread = { worker, exited: new Promise((resolve) => worker.once('exit', resolve)) };
    },
    close: async () => {
      if (!thread) return;
      const { worker, exited } = thread;
      thread = undefined;
      // Held alive until the thread has closed its connection (unreferenced, the process could end meanwhile).
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}

/**
 * Kysely's SQLite driver for a WAL database in `synchronous = NORMAL`: whenever a use of the connection — a
 * transaction, or a statement outside one — changed rows, its promise resolves only after the WAL is fsynced, as
 * with `synchronous = FULL`; but the fsync runs in the thread pool after the connection is released, so it neither
 * blocks the event loop (FULL fsyncs inside COMMIT, on it: every request waited for every commit's disk flush) nor
 * holds the connection, and the commits of concurrent requests share one fsync. Rows changed are told by SQLite's
 * `total_changes()` (triggers included); a rolled-back change costs one needless fsync. (WAL recovery keeps every
 * transaction whose frames reached the disk, and WAL mode stays consistent in NORMAL whatever happens.)
 */
class DurableSqliteDriver extends SqliteDriver {
  readonly #sqlite: SQLite.Database;
  readonly #totalChanges: SQLite.Statement<[], number>;
  readonly #wal: ReturnType<typeof fileSyncer>;
  readonly #checkpointer: ReturnType<typeof walCheckpointer>;
  #synced = 0;
  /** Whether someone holds the connection (from its lock's acquisition to its release). */
  #held = false;
  /** Whether the holder's writes are answered before their fsync ({@link transactionAnsweredBeforeSync}). */
  #beforeSync = false;

  constructor(sqlite: SQLite.Database, walFile: string) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
    this.#totalChanges = sqlite.prepare<[], number>('select total_changes()').pluck();
    this.#wal = fileSyncer(walFile);
    this.#checkpointer = walCheckpointer(sqlite.name);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.#held = true;
    return connection;
  }

  /** See {@link readerNow}: undefined while the connection is held (a transaction may be open on it). */
  readNow(compiled: CompiledQuery): Record<string, unknown>[] | undefined {
    if (this.#held) return undefined;
    // The statement may be shared with Kysely (reusePreparedStatements): read it as Kysely does, in object mode.
    return this.#sqlite.prepare(compiled.sql).all(compiled.parameters as unknown[]) as Record<
      string,
      unknown
    >[];
  }

  /**
   * Marks the current holder's use of the connection as answered before its fsync (see
   * {@link transactionAnsweredBeforeSync}); the mark ends when the connection is released.
   * @throws Error when no one holds the connection (the mark would fall on the next holder's write).
   */
  answerBeforeSync(): void {
    if (!this.#held) throw new Error('answerBeforeSync outside a use of the connection');
    this.#beforeSync = true;
  }

  /**
   * Rolls back the open transaction — unless SQLite already did: after SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM (and
   * some SQLITE_BUSY) it rolls the whole transaction back itself, and a ROLLBACK then fails with «no transaction is
   * active», which would hide the fault that happened (issue 27: a 500 instead of its 503).
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#sqlite.inTransaction) await super.rollbackTransaction(connection);
  }

  override async releaseConnection(): Promise<void> {
    this.#held = false;
    const beforeSync = this.#beforeSync;
    this.#beforeSync = false;
    const changes = this.#totalChanges.get()!;
    const wrote = changes !== this.#synced;
    this.#synced = changes;
    await super.releaseConnection();
    if (wrote) {
      this.#checkpointer.start();
      // Answered before sync: the fsync still starts now (the write is on disk within one fsync, and a durable
      // write meanwhile waits for the next one, which covers it); its failure is the next durable write's to see.
      if (beforeSync) this.#wal.sync().catch(() => {});
      else await this.#wal.sync();
    }
  }

  override async destroy(): Promise<void> {
    await this.#checkpointer.close();
    await super.destroy();
    await this.#wal.close();
  }
}

/** Kysely's SQLite dialect with {@link DurableSqliteDriver}. */
class DurableSqliteDialect extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  readonly #walFile: string;
  #driver?: DurableSqliteDriver;

  constructor(sqlite: SQLite.Database, walFile: string) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
    this.#walFile = walFile;
  }

  override createDriver(): Driver {
    this.#driver = new DurableSqliteDriver(this.#sqlite, this.#walFile);
    return this.#driver;
  }

  override createAdapter(): DialectAdapter {
    return new DurableSqliteAdapter(() => this.#driver);
  }

  /** The driver's {@link DurableSqliteDriver.readNow} (undefined until Kysely has made its driver). */
  readonly readNow: ReadNow = (compiled) => this.#driver?.readNow(compiled);
}

/**
 * Kysely's SQLite adapter, which also leads from a handle or a transaction (`getExecutor().adapter`, kept by
 * `withPlugin` and transactions) to its {@link DurableSqliteDriver}: how {@link transactionAnsweredBeforeSync}
 * marks its transaction.
 */
class DurableSqliteAdapter extends SqliteAdapter {
  readonly #driver: () => DurableSqliteDriver | undefined;

  constructor(driver: () => DurableSqliteDriver | undefined) {
    super();
    this.#driver = driver;
  }

  /** See {@link DurableSqliteDriver.answerBeforeSync}. */
  answerBeforeSync(): void {
    this.#driver()?.answerBeforeSync();
  }
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
