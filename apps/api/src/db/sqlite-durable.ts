import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import {
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DialectAdapter,
  type DatabaseConnection,
  type Driver,
} from 'kysely';

/** A synchronous read on an idle connection: its rows (none: an empty list), or undefined when the connection is in use. */
export type ReadNow = (compiled: CompiledQuery) => Record<string, unknown>[] | undefined;

/**
 * A synchronous read of one value on an idle connection: the first column of the first row (no row: null), or
 * undefined when the connection is in use.
 */
export type ValueNow = (compiled: CompiledQuery) => unknown;

// SQLite made durable without fsync on the event loop (split from database.ts, issue 27): the WAL fsynced off the loop
// after each write ({@link DurableSqliteDriver}), checkpoints in a worker thread, and prepared statements reused.
// database.ts opens the database with these; nothing here changes what a query does.

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
export const BACKSTOP_CHECKPOINT_PAGES = 20_000;
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
  /** {@link readValueNow}'s statements by SQL text, plucked: prepared apart from the ones Kysely shares. */
  readonly #values = new Map<string, SQLite.Statement>();
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
   * See {@link valueReaderNow}: the first column of the first row (no row: null) of a fixed query (one of a few SQL
   * texts: each keeps a statement), undefined while the connection is held. A plucked `get` makes no row object nor
   * list: the catalogue version read before every answer costs ≈ 2 µs less of the event loop than through `readNow`.
   */
  readValueNow(compiled: CompiledQuery): unknown {
    if (this.#held) return undefined;
    let statement = this.#values.get(compiled.sql);
    if (!statement) {
      // The prototype's prepare, not the instance's sharing one: plucking Kysely's statement would change its rows.
      statement = (Object.getPrototypeOf(this.#sqlite) as SQLite.Database).prepare
        .call(this.#sqlite, compiled.sql)
        .pluck();
      this.#values.set(compiled.sql, statement);
    }
    return statement.get(compiled.parameters as unknown[]) ?? null;
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
export class DurableSqliteDialect extends SqliteDialect {
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

  /** The driver's {@link DurableSqliteDriver.readValueNow} (undefined until Kysely has made its driver). */
  readonly readValueNow: ValueNow = (compiled) => this.#driver?.readValueNow(compiled);
}

/**
 * Kysely's SQLite adapter, which also leads from a handle or a transaction (`getExecutor().adapter`, kept by
 * `withPlugin` and transactions) to its {@link DurableSqliteDriver}: how {@link transactionAnsweredBeforeSync}
 * marks its transaction.
 */
export class DurableSqliteAdapter extends SqliteAdapter {
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
export function reusePreparedStatements(sqlite: SQLite.Database): void {
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
