import { PostgresAdapter, sql, type Expression, type QueryExecutorProvider, type SqlBool } from 'kysely';

// What differs between the two databases in queries the modules write (architecture: Data). Handles are taken
// as any Kysely handle (`QueryExecutorProvider`), so this file needs nothing of database.ts, which imports it.

/** Whether `db` talks to PostgreSQL (else SQLite). */
export const isPostgres = (db: QueryExecutorProvider) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * SQLite's function lower-casing any letters (`casefold(text)`): SQLite's own `lower()` and `LIKE` fold Latin
 * letters only, so «айгерим» would not find «Айгерим». Registered on every SQLite connection (database.ts).
 */
export const CASEFOLD_FUNCTION = 'casefold';

/** JavaScript's lower case of a text value (null stays null): the body of `casefold`. */
export const casefold = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * `expr` contains `text` in any letter case, Cyrillic and Kazakh letters included: PostgreSQL's ILIKE, SQLite's
 * LIKE over `casefold`. The wildcard characters `%`, `_` and `\` in `text` are dropped (a search box, not a
 * pattern).
 */
export function containsText(
  db: QueryExecutorProvider,
  expr: Expression<string | null>,
  text: string,
): Expression<SqlBool> {
  const plain = text.replace(/[%_\\]/g, '');
  if (isPostgres(db)) return sql<SqlBool>`${expr} ilike ${`%${plain}%`}`;
  return sql<SqlBool>`${sql.raw(CASEFOLD_FUNCTION)}(${expr}) like ${`%${plain.toLowerCase()}%`}`;
}
