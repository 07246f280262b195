import { Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import { isPostgres } from './dialect.ts';
import { migrations } from './migrations/index.ts';

/**
 * Brings the schema up to date (runs on start and via `npm run db:migrate`). On PostgreSQL the
 * migration tables live in the connection's current schema, so schemas never see each other's state.
 * Migrations from branches developed side by side may land with names that sort before one already applied
 * (each is independent of the others of its round), so an older-named pending migration is still applied
 * (`allowUnorderedMigrations`) instead of refusing to start.
 * @throws the first migration error, after which nothing further is applied.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = await migratorOf(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The shop's migrator, its table in the connection's current schema (PostgreSQL). */
async function migratorOf(db: Db): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (isPostgres(db)) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({
    db,
    migrationTableSchema,
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => migrations },
  });
}

/**
 * Names of the shop's migrations not yet applied to `db` (readiness, issue 11 §12: an instance whose database lags
 * its code is not ready). Reads the migration table of the connection's schema only: Kysely's own check walks the
 * catalogue of every schema of the database and fails when another one is dropped meanwhile (PostgreSQL).
 * Reads only; throws when the database cannot be reached.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows: table } = isPostgres(db)
    ? await sql<{ name: string | null }>`select to_regclass('kysely_migration')::text as name`.execute(db)
    : await sql<{
        name: string | null;
      }>`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db);
  const names = Object.keys(migrations).sort();
  if (!table[0]?.name) return names;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return names.filter((name) => !applied.has(name));
}
