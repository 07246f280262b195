// Errors of the databases that a write can meet in normal use and that the shop answers as a client error.

/**
 * Whether `err` is a unique (or primary key) violation: PostgreSQL SQLSTATE 23505, SQLite
 * SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY (better-sqlite3's `code`). Two requests creating the same
 * thing at the same moment end here: the one that lost gets a 409, never a 500 (issue 29 item 5).
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
