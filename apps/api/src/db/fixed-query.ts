import { PostgresAdapter, createQueryId, type CompiledQuery, type QueryResult } from 'kysely';
import { prepareOnPostgres, readerNow, type DbOrTrx } from './database.ts';

// Kysely builds and compiles every statement anew: on the add to cart it cost more CPU than SQLite running the
// statements (issue 14, decision 018 amendment «checkout path»). A query whose SQL never changes — only its values —
// is built and compiled once per database and run again with the new values.

/** Stands for the i-th argument while the query is built once. */
class Slot {
  constructor(readonly index: number) {}
}

/** What a fixed query's builder returns: a Kysely query builder. */
interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/**
 * A query of one fixed shape: `build` makes it from `args`, which it must use as VALUES only (compared, inserted,
 * set — never read in JavaScript, nor as lists, tables or columns), so that the SQL is the same whatever they are.
 * It is built and compiled once per database (dialect), each argument standing as a placeholder; each call gives
 * the compiled statement with the arguments in their places — to run through Kysely ({@link fixedQuery}) or read at
 * once on an idle SQLite connection (`readerNow`); on PostgreSQL it runs as a named prepared statement
 * (`prepareOnPostgres`: parsed and planned once per connection). A handle with plugins (the tests' query counter) builds it every
 * time, so the plugins see every query as before.
 * @throws Error at the first call when an argument did not become a parameter (a builder that reads it).
 */
export function fixedCompiled<A extends unknown[], R>(
  build: (db: DbOrTrx, ...args: A) => Compilable<R>,
): (db: DbOrTrx, ...args: A) => CompiledQuery<R> {
  const compiledFor = new WeakMap<object, CompiledQuery<R>>();
  return (db, ...args) => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return build(db, ...args).compile();
    let compiled = compiledFor.get(executor.adapter);
    if (!compiled) {
      compiled = build(db, ...(args.map((_, i) => new Slot(i)) as A)).compile();
      const seen = compiled.parameters.filter((p) => p instanceof Slot).map((p) => (p as Slot).index);
      if (new Set(seen).size !== args.length) {
        throw new Error(`fixedQuery: every argument must be one value of the query: ${compiled.sql}`);
      }
      compiledFor.set(executor.adapter, compiled);
      if (executor.adapter instanceof PostgresAdapter) prepareOnPostgres(compiled.sql);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    return { ...compiled, parameters, queryId: createQueryId() };
  };
}

/**
 * {@link fixedCompiled}, run through Kysely.
 * @returns a function running it: its result (rows; `numAffectedRows` for writes).
 * @throws Error at the first run when an argument did not become a parameter (a builder that reads it).
 */
export function fixedQuery<A extends unknown[], R>(
  build: (db: DbOrTrx, ...args: A) => Compilable<R>,
): (db: DbOrTrx, ...args: A) => Promise<QueryResult<R>> {
  const compiled = fixedCompiled(build);
  return async (db, ...args) => db.executeQuery<R>(compiled(db, ...args));
}

/**
 * {@link fixedCompiled} for a read: run at once on an idle SQLite connection (`readerNow`: without Kysely's promise
 * chain of taking and releasing the connection, which costs more than a small read), else through Kysely
 * (PostgreSQL, a transaction, a connection in use, a handle with plugins).
 * @returns a function running it: its rows.
 */
export function fixedRead<A extends unknown[], R>(
  build: (db: DbOrTrx, ...args: A) => Compilable<R>,
): (db: DbOrTrx, ...args: A) => Promise<R[]> {
  const compiled = fixedCompiled(build);
  return async (db, ...args) => {
    const query = compiled(db, ...args);
    return (readerNow(db)?.(query) as R[] | undefined) ?? (await db.executeQuery(query)).rows;
  };
}

/**
 * {@link fixedRead} of a query on one non-empty list of values (`in (…)`): compiled once per list length up to
 * `maxLength` (a cart's few SKUs, their cities), a longer list built every time. `build` must use the list's items
 * as values only, as {@link fixedCompiled} requires of its arguments.
 * @returns a function running it: its rows.
 */
export function fixedListRead<T, R>(
  build: (db: DbOrTrx, list: readonly T[]) => Compilable<R>,
  maxLength = 16,
): (db: DbOrTrx, list: readonly T[]) => Promise<R[]> {
  const byLength = new Map<number, (db: DbOrTrx, ...items: T[]) => Promise<R[]>>();
  return async (db, list) => {
    if (list.length > maxLength) {
      const query = build(db, list).compile();
      return (readerNow(db)?.(query) as R[] | undefined) ?? (await db.executeQuery(query)).rows;
    }
    let read = byLength.get(list.length);
    if (!read) {
      read = fixedRead((d: DbOrTrx, ...items: T[]) => build(d, items));
      byLength.set(list.length, read);
    }
    return read(db, ...list);
  };
}
