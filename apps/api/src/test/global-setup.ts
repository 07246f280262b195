import fs from 'node:fs';
import { createDatabase } from '#app/db/database.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { seedDemo } from '#app/seed/seed.ts';
import { newTemplatePath } from './template.ts';

/** Vitest global setup: one migrated, seeded SQLite file that every SQLite test file copies. */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const file = newTemplatePath();
  const { db } = createDatabase({ sqlitePath: file });
  await migrateToLatest(db);
  await seedDemo(db, { mediaDir: null });
  await db.destroy();
  // Fold the WAL into the main file so a plain copy is complete.
  const Database = (await import('better-sqlite3')).default;
  const raw = new Database(file);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.pragma('journal_mode = DELETE');
  raw.close();
  process.env.KIIM_TEST_TEMPLATE = file;
  return () => {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  };
}
