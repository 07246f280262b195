// The database's faults that are not the request's doing (issue 27, docs/decisions/026): the database is
// unreachable, restarting, busy, read-only, out of disk or failing its disk. A request that meets one is answered
// 503 with Retry-After (plugins/error-handler.ts), never 500, and the process goes on.

/**
 * What kind of fault: `unavailable` — PostgreSQL unreachable, restarting, shutting down or closing connections, or
 * no connection came free in time; `busy` — SQLite's write lock held past the busy timeout; `read-only` — the
 * database takes no writes (SQLite file or disk read-only, a PostgreSQL standby after a failover); `full` — no disk
 * space left; `io` — the disk fails reads or writes.
 */
export type DatabaseFault = 'unavailable' | 'busy' | 'read-only' | 'full' | 'io';

/** PostgreSQL's SQLSTATEs of a database that cannot serve now (besides class 08, connection exceptions). */
const PG_CODES: Record<string, DatabaseFault> = {
  '57P01': 'unavailable', // admin_shutdown: the backend was terminated (pg_terminate_backend, fast shutdown)
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now: starting up or in recovery
  '57P05': 'unavailable', // idle_session_timeout
  '53300': 'unavailable', // too_many_connections
  '25006': 'read-only', // read_only_sql_transaction: a standby (a failover not yet finished)
  '53100': 'full', // disk_full
  '58030': 'io', // io_error
};

/** Socket and file errors of Node with the fault they mean. */
const NODE_CODES: Record<string, DatabaseFault> = {
  ECONNREFUSED: 'unavailable',
  ECONNRESET: 'unavailable',
  ECONNABORTED: 'unavailable',
  ETIMEDOUT: 'unavailable',
  EPIPE: 'unavailable',
  EHOSTUNREACH: 'unavailable',
  ENETUNREACH: 'unavailable',
  ENOTFOUND: 'unavailable',
  EAI_AGAIN: 'unavailable',
  // The WAL's fsync (db/database.ts) or a file of the database.
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read-only',
  EIO: 'io',
};

/** node-postgres's own errors (no code) of a lost or unobtainable connection, by their message. */
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/, // the server closed the socket (also «… due to connection timeout»)
  /is not queryable$/, // a client whose connection already failed
  /^timeout exceeded when trying to connect$/, // pool: no connection within connectionTimeoutMillis
  /^Query read timeout$/,
];

/** SQLite's result codes (better-sqlite3's `code`, extended codes included) with the fault they mean. */
function sqliteFault(code: string): DatabaseFault | null {
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return 'io';
  return null;
}

/**
 * The database fault `err` reports, looking through its `cause`s; null for any other error (a bug, a refused
 * value…). Reads `code` (PostgreSQL's SQLSTATE, SQLite's result code, Node's errno name) and, for node-postgres's
 * errors without one, the message.
 */
export function databaseFault(err: unknown): DatabaseFault | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      const fault =
        PG_CODES[code] ??
        (/^08[0-9A-Z]{3}$/.test(code) ? 'unavailable' : null) ??
        NODE_CODES[code] ??
        (code.startsWith('SQLITE_') ? sqliteFault(code) : null);
      if (fault) return fault;
    }
    if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((m) => m.test(message))) return 'unavailable';
    e = cause;
  }
  return null;
}

/**
 * Seconds a client should wait before trying again (the answer's Retry-After): a lost connection is usually back
 * within seconds (the pool reconnects at the next query), a write lock within one; a full, read-only or failing
 * disk needs someone to act.
 */
export const RETRY_AFTER_SECONDS: Record<DatabaseFault, number> = {
  unavailable: 5,
  busy: 1,
  'read-only': 60,
  full: 60,
  io: 60,
};
