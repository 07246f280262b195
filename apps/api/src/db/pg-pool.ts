import pg from 'pg';

/** How the PostgreSQL pool is opened (createDatabase's options for PostgreSQL). */
export interface PgPoolOptions {
  connectionString: string;
  /** Most connections of the pool. */
  max: number;
  /** PostgreSQL schema to use (tests give each worker its own). */
  pgSchema?: string;
  /**
   * Longest wait for a connection, milliseconds: to open one, or for one of the pool's to come free. Past it the
   * query fails (`timeout exceeded when trying to connect`, answered 503: db/faults.ts) instead of hanging.
   */
  connectTimeoutMs: number;
  /** Told of a connection PostgreSQL closed while it sat idle in the pool (restart, failover, idle timeout). */
  onError: (err: Error) => void;
}

/** Default of {@link PgPoolOptions.connectTimeoutMs} (the config's DATABASE_CONNECT_TIMEOUT_MS). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

/**
 * The pool of PostgreSQL connections, made to outlive the database's faults (issue 27, docs/decisions/026): a
 * connection PostgreSQL closes (`pg_terminate_backend`, a restart, a failover, `idle_session_timeout`) never ends
 * the process. node-postgres emits `error` on the pool for an idle connection and on the client for one that is
 * checked out between two queries; an `error` event without a listener is thrown, so both get one. The broken
 * connection leaves the pool (pg-pool drops a client that is no longer queryable when it is released) and the next
 * query opens a new one: the pool reconnects by itself. A query under way when its connection dies fails with the
 * connection's error (answered 503). TCP keep-alive finds connections a vanished server left open.
 */
export function createPgPool(opts: PgPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max,
    connectionTimeoutMillis: opts.connectTimeoutMs,
    keepAlive: true,
    ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
  });
  pool.on('error', opts.onError);
  pool.on('connect', (client) => {
    // A checked-out client's error also fails its query under way, or its next one (`not queryable`): that query's
    // caller reports it; an idle client's error reaches the pool's listener above.
    client.on('error', () => {});
    runNamedStatements(client);
  });
  return pool;
}

/** SQL texts run as named prepared statements on PostgreSQL ({@link prepareOnPostgres}), with their names. */
const namedStatements = new Map<string, string>();

/**
 * Marks a statement of fixed text (a statement of the code, never one built from data: the set stays bounded) to run
 * as a named prepared statement on PostgreSQL: parsed and planned once per connection, then only bound and executed
 * (decision 018, amendment «prepared statements on PostgreSQL»: the product page's stock read cost ≈ 0.75 ms of
 * PostgreSQL's time unnamed, ≈ 0.4 ms named). Each text keeps its name for the life of the process, so a connection
 * never sees one name with two texts. A transaction-pooling proxy in front of PostgreSQL (PgBouncer's transaction
 * mode) would need its own prepared-statement support: `DATABASE_URL` names PostgreSQL itself or a session pool.
 */
export function prepareOnPostgres(sqlText: string): void {
  if (!namedStatements.has(sqlText)) namedStatements.set(sqlText, `kiim_${namedStatements.size + 1}`);
}

/**
 * Makes a new pool client run the texts marked by {@link prepareOnPostgres} as named statements (node-postgres
 * prepares a name once per connection); every other text goes as before, unnamed.
 */
function runNamedStatements(client: pg.PoolClient): void {
  // The class's `query`, looked up at each call (not kept from now): what wraps the class later still sees it.
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' ? namedStatements.get(text) : undefined;
    return name
      ? proto.query.call(client, { name, text, values }, callback)
      : proto.query.call(client, text, values, callback);
  }) as typeof client.query;
}
