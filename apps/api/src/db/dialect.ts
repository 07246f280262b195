import {
  PostgresAdapter,
  sql,
  type Expression,
  type QueryExecutorProvider,
  type RawBuilder,
  type SqlBool,
} from 'kysely';

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

/**
 * A one-column table (`value`) of `values`, bound as one parameter: SQLite's `json_each` of a JSON array,
 * PostgreSQL's `unnest` of an array of `type`. Use as `col in (${valuesTable(…)})` or `insert … select value
 * from (${valuesTable(…)}) as v`: a list of any length keeps one SQL text, so SQLite reuses its prepared statement
 * (a statement of more than 100 parameters is prepared anew each time) and no parameter per value is built.
 */
export function valuesTable(
  db: QueryExecutorProvider,
  values: readonly (number | string)[],
  type: 'integer' | 'text',
): RawBuilder<{ value: number | string }> {
  if (isPostgres(db)) return sql`select unnest(${values}::${sql.raw(type)}[]) as value`;
  return sql`select value from json_each(${JSON.stringify(values)})`;
}

/** `expr in (values)` with the values bound as one parameter ({@link valuesTable}). */
export function inValues(
  db: QueryExecutorProvider,
  expr: Expression<unknown>,
  values: readonly (number | string)[],
  type: 'integer' | 'text',
): Expression<SqlBool> {
  return sql<SqlBool>`${expr} in (${valuesTable(db, values, type)})`;
}
