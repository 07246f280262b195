import type { DbOrTrx } from '#app/db/database.ts';
import type { CatalogueIds } from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import { listCities } from '#app/modules/catalog/catalog.service.ts';
import type { Actor } from '#app/modules/staff/staff.audit.ts';
import * as repo from './exchange.repository.ts';
import { wordsKey } from './onec.parse.ts';

/** One import of a 1C file: its transaction, who, when, where the session's files and the media live, progress. */
export interface OneCRun {
  trx: DbOrTrx;
  actor: Actor;
  nowIso: string;
  /** The session's folder (pictures are relative to it). */
  dir: string;
  mediaDir: string;
  ids: CatalogueIds;
  /** Items done so far (the `progress` answer shows it). */
  done: { items: number };
  /** What the import did, for the audit entry and the answer. */
  summary: Record<string, number>;
}

/** Counts what an import did (nothing is recorded for 0). */
export const count = (run: OneCRun, what: string, n = 1) => {
  if (n) run.summary[what] = (run.summary[what] ?? 0) + n;
};

/** The default category of a new group: the category whose name has the same words (any order and case). */
export async function categoryMatcher(db: DbOrTrx) {
  const categories = await listCategories(db);
  const byWords = new Map(categories.map((c) => [wordsKey(c.name), c.id]));
  return (groupName: string) => byWords.get(wordsKey(groupName)) ?? null;
}

/** The default city of a new warehouse: the city of the same name (case and ё ignored). */
export async function cityMatcher(db: DbOrTrx) {
  const cities = await listCities(db);
  const byWords = new Map(cities.map((c) => [wordsKey(c.name), c.id]));
  return (warehouseName: string) => byWords.get(wordsKey(warehouseName)) ?? null;
}

/** Records a warehouse; a new one maps to the city of the same name. */
export async function saveWarehouse(
  run: OneCRun,
  id: string,
  name: string,
  cityOf: (n: string) => number | null,
) {
  await repo.upsertWarehouse(run.trx, {
    ...{ external_id: id, name, city_id: cityOf(name) },
    ...{ created_at: run.nowIso, updated_at: run.nowIso },
  });
}
