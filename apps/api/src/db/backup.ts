import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

// Backups of the shop's database (issue 31 item 5, docs/decisions/042, docs/deploy.md «Backups»). SQLite: SQLite's
// online backup API (better-sqlite3's `backup`), a consistent copy taken while the shop runs and writes — it copies
// the database page by page and starts over on its own when a write of another connection changes a page already
// copied, so the copy is one committed state, every write acknowledged before it began included. PostgreSQL:
// pg_dump/pg_restore and point-in-time recovery, the server's own tools (the commands below).

/** What a deployment on PostgreSQL runs instead (printed by `npm run db:backup` / `db:restore` on PostgreSQL). */
export const POSTGRES_BACKUP_HELP = [
  'PostgreSQL is backed up with its own tools:',
  '  pg_dump --format=custom --file=kiim-$(date +%F).dump "$DATABASE_URL"',
  'and restored into an empty database with',
  '  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" kiim-YYYY-MM-DD.dump',
  'For point-in-time recovery keep a base backup (pg_basebackup) and archive the WAL (archive_mode = on,',
  'archive_command); docs/deploy.md «Backups» has the steps.',
].join('\n');

/**
 * Writes a consistent copy of the SQLite database at `source` to `target` while the shop may be running (online
 * backup: other connections keep reading and writing). @returns the copy's size in bytes and its page count.
 * @throws when `source` is no SQLite database of the shop, or `target` exists (a backup never overwrites one).
 */
export async function backupSqlite(
  source: string,
  target: string,
): Promise<{ bytes: number; pages: number }> {
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  if (fs.existsSync(target)) throw new Error(`${target} exists: a backup never overwrites a file`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { totalPages } = await db.backup(target);
    return { bytes: fs.statSync(target).size, pages: totalPages };
  } finally {
    db.close();
  }
}

/**
 * Restores the backup `source` into `target`, which must not exist or be an empty database (the shop stopped, or a
 * new path): the backup's integrity is checked first, and it must hold the shop's migrations table.
 * @returns the number of migrations the restored database has applied.
 * @throws when the backup is damaged or no shop database, or `target` already holds tables.
 */
export async function restoreSqlite(source: string, target: string): Promise<{ migrations: number }> {
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    const check = backup.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the backup ${source} is damaged: ${String(check)}`);
    const hasMigrations = backup
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) throw new Error(`${source} is not a backup of the shop's database`);
    if (fs.existsSync(target)) {
      const existing = new SQLite(target, { readonly: true });
      const tables = existing
        .prepare("select count(*) as n from sqlite_master where type = 'table'")
        .get() as {
        n: number;
      };
      existing.close();
      if (tables.n > 0)
        throw new Error(`${target} is not empty: restore into a new path or an empty database`);
    }
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    await backup.backup(target);
    const restored = new SQLite(target, { readonly: true });
    const { n } = restored.prepare('select count(*) as n from kysely_migration').get() as { n: number };
    restored.close();
    return { migrations: n };
  } finally {
    backup.close();
  }
}
