import type { DbOrTrx } from '#app/db/database.ts';
import { createBrand, listBrandNames, type CatalogueIds } from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import { listCities } from '#app/modules/catalog/catalog.service.ts';
import type { Actor } from '#app/modules/audit/audit.ts';
import * as repo from '../exchange.repository.ts';
import type { PriceTypeSeen } from './onec.prices.ts';
import { MAX_EXTERNAL_ID } from '@kiim/contract';
import { FIELD_LIMITS, fit, wordsKey } from './onec.parse.ts';

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
  /** What 1C is told besides the counts: skipped items and their reasons, notes (the first {@link MAX_WARNINGS}). */
  warnings: string[];
  /** Kept even when the file is refused: the price types it sent (the staff choose from them). */
  keep: { priceTypes?: PriceTypeSeen[] };
}

/** Most warnings an answer lists (their count is always whole: `summary.warnings`). */
export const MAX_WARNINGS = 30;

/** Records a warning for 1C's log and the audit entry. */
export function warn(run: OneCRun, text: string) {
  count(run, 'warnings');
  if (run.warnings.length < MAX_WARNINGS) run.warnings.push(text);
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

/**
 * Suggestions for staff (never applied by themselves, issue 28 item 1): the item of the same words, else the only one
 * whose words are all in the name («Склад Алматы» → Алматы, «Женские джинсы скинни» → Женские джинсы).
 */
export function similarMatcher(items: readonly { id: number; name: string }[]) {
  const exact = new Map(items.map((c) => [wordsKey(c.name), c.id]));
  const words = items.map((c) => ({ id: c.id, words: wordsKey(c.name).split(' ').filter(Boolean) }));
  return (name: string): number | null => {
    const key = wordsKey(name);
    const same = exact.get(key);
    if (same !== undefined) return same;
    const have = new Set(key.split(' '));
    const inside = words.filter((c) => c.words.length && c.words.every((w) => have.has(w)));
    const longest = Math.max(0, ...inside.map((c) => c.words.length));
    const best = inside.filter((c) => c.words.length === longest);
    return best.length === 1 ? best[0]!.id : null;
  };
}

/** Brand id by name (case ignored); an unknown brand is made, «Без бренда» for none. */
export async function brandResolver(run: OneCRun) {
  const brands = new Map((await listBrandNames(run.trx)).map((b) => [b.name.toLowerCase(), b.id]));
  return async (name: string): Promise<number> => {
    const label = name.trim() || 'Без бренда';
    const known = brands.get(label.toLowerCase());
    if (known !== undefined) return known;
    const id = await createBrand(run.trx, run.ids, label, run.nowIso);
    brands.set(label.toLowerCase(), id);
    count(run, 'brandsCreated');
    return id;
  };
}

/** The default city of a new warehouse: the city of the same name (case and ё ignored). */
export async function cityMatcher(db: DbOrTrx) {
  const cities = await listCities(db);
  const byWords = new Map(cities.map((c) => [wordsKey(c.name), c.id]));
  return (warehouseName: string) => byWords.get(wordsKey(warehouseName)) ?? null;
}

/**
 * Records a warehouse; a new one maps to the city of the same name, and 1C is told (never silently). A warehouse whose
 * Ид cannot be kept is skipped, a long name cut (issue 29 item 7), each with a warning.
 */
export async function saveWarehouse(
  run: OneCRun,
  id: string,
  sentName: string,
  cityOf: (n: string) => number | null,
) {
  if (id.length > MAX_EXTERNAL_ID || /\p{Cc}/u.test(id))
    return warn(run, `Склад «${id.slice(0, 80)}» пропущен: Ид длиннее ${MAX_EXTERNAL_ID} символов`);
  const name = fit(sentName, FIELD_LIMITS.warehouseName, `Склад «${id}»: название`, (w) => warn(run, w));
  const isNew = !(await repo.listWarehouses(run.trx)).some((w) => w.external_id === id);
  const city = cityOf(name);
  await repo.upsertWarehouse(run.trx, {
    ...{ external_id: id, name, city_id: city },
    ...{ created_at: run.nowIso, updated_at: run.nowIso },
  });
  if (isNew && city !== null)
    warn(
      run,
      `Новый склад «${name}» сопоставлен с городом с тем же названием; проверьте на сайте в «Обмен с 1С»`,
    );
}
