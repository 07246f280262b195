// `npm run db:migrate`: applies pending migrations to the configured database.
import { loadConfig } from '#app/config.ts';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const config = loadConfig();
const { db, dialect } = createDatabase(config);
try {
  const applied = await migrateToLatest(db);
  console.log(`${dialect}: ${applied.length ? `applied ${applied.join(', ')}` : 'schema is up to date'}`);
} finally {
  await db.destroy();
}
