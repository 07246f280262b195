// `npm run db:backup -- <file>` and `npm run db:restore -- <file>` (issue 31 item 5, db/backup.ts): the SQLite database
// of SQLITE_PATH copied while the shop runs, or a copy restored into an empty SQLITE_PATH. On PostgreSQL
// (DATABASE_URL set) both print the pg_dump/pg_restore commands and exit 2: the server's tools make those backups.
import path from 'node:path';
import { loadConfig } from '#app/config.ts';
import { POSTGRES_BACKUP_HELP, backupSqlite, restoreSqlite } from './backup.ts';

const [command, named] = process.argv.slice(2);
// A path as the operator typed it: npm runs this in apps/api, INIT_CWD is where the command was given.
const file = named && path.resolve(process.env.INIT_CWD ?? process.cwd(), named);
const config = loadConfig();
if (command !== 'backup' && command !== 'restore') {
  console.error('usage: backup.cli.ts backup|restore <file>');
  process.exit(2);
}
if (config.databaseUrl) {
  console.error(POSTGRES_BACKUP_HELP);
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
try {
  if (command === 'backup') {
    const target = file ?? `${config.sqlitePath}.backup-${stamp}`;
    const { bytes, pages } = await backupSqlite(config.sqlitePath, target);
    console.log(`backed up ${config.sqlitePath} to ${target}: ${pages} pages, ${bytes} bytes`);
  } else {
    if (!file) throw new Error('name the backup to restore: npm run db:restore -- <file>');
    const { migrations } = await restoreSqlite(file, config.sqlitePath);
    console.log(`restored ${file} into ${config.sqlitePath} (${migrations} migrations applied)`);
  }
} catch (err) {
  console.error(`${command} failed: ${(err as Error).message}`);
  process.exit(1);
}
