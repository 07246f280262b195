import type { Migration } from 'kysely';
import * as m20261122T051500 from './20261122T051500-create-shop-tables.ts';

/** All migrations by name, in order. A new migration is added here (static list: no directory scan). */
export const migrations: Record<string, Migration> = {
  '20261122T051500-create-shop-tables': m20261122T051500,
};
