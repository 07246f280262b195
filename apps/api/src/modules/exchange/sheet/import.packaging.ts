import type { ImportRowError } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import {
  packagingOfSkus,
  setSkuPackaging,
  type PackagingValues,
} from '#app/modules/catalog/catalog.import.ts';
import { wholeNumber, type SheetRow } from './csv.sheet.ts';
import { rowError, type PlannedChange } from './import.core.ts';

// A size's packaging in the products sheet (issue 34 item 5, decision 070): optional columns `weightG` (grams),
// `lengthCm`, `widthCm`, `heightCm` (whole cm) of one packed unit. An empty cell gives nothing: a new size then
// packs as its category, a size already in the shop keeps what it has; a filled cell sets the size's own value
// (also for sizes already in the shop — the only change the products sheet makes to them).

type Field = keyof Required<PackagingValues>;

/** The columns, their Russian headers and bounds (the back office's: packaging up to 50 kg and 300 cm a side). */
const FIELDS: readonly { field: Field; aliases: string[]; max: number; what: string }[] = [
  { field: 'weightG', aliases: ['weight_g', 'вес, г', 'вес г', 'вес'], max: 50_000, what: 'Вес в граммах' },
  { field: 'lengthCm', aliases: ['length_cm', 'длина, см', 'длина'], max: 300, what: 'Длина в сантиметрах' },
  { field: 'widthCm', aliases: ['width_cm', 'ширина, см', 'ширина'], max: 300, what: 'Ширина в сантиметрах' },
  {
    field: 'heightCm',
    aliases: ['height_cm', 'высота, см', 'высота'],
    max: 300,
    what: 'Высота в сантиметрах',
  },
];

/** The optional packaging columns of the products sheet. */
export const PACKAGING_COLUMNS = FIELDS.map((f) => ({ name: f.field, required: false, aliases: f.aliases }));

/** The packaging a row gives (only its filled cells), or the errors of its bad cells. */
export function rowPackaging(r: SheetRow): PackagingValues | ImportRowError[] {
  const out: PackagingValues = {};
  const errors: ImportRowError[] = [];
  for (const f of FIELDS) {
    const text = (r.cells[f.field] ?? '').trim();
    if (!text) continue;
    const n = wholeNumber(text);
    if (n === null || n < 1 || n > f.max)
      errors.push(rowError(r.row, f.field, `${f.what} — целое число от 1 до ${f.max}, а не «${text}»`));
    else out[f.field] = n;
  }
  return errors.length ? errors : out;
}

/** `1200 г, 45 × 35 × 12 см` (a field not set: «—»). */
const shown = (p: PackagingValues) => {
  const v = (n: number | null | undefined) => (n == null ? '—' : String(n));
  return `${v(p.weightG)} г, ${v(p.lengthCm)} × ${v(p.widthCm)} × ${v(p.heightCm)} см`;
};

/**
 * Changes of the packaging of sizes already in the shop: one per size whose filled cells differ from its own
 * packaging (the sizes' rows, by SKU id).
 */
export async function packagingChanges(
  db: DbOrTrx,
  rows: readonly { row: number; externalId: string; skuId: number; packaging: PackagingValues }[],
): Promise<PlannedChange[]> {
  const given = rows.filter((r) => Object.keys(r.packaging).length);
  const current = new Map<number, Required<PackagingValues>>();
  for (let i = 0; i < given.length; i += 500)
    for (const p of await packagingOfSkus(
      db,
      given.slice(i, i + 500).map((r) => r.skuId),
    ))
      current.set(p.skuId, p.sku);
  return given.flatMap((r) => {
    const before = current.get(r.skuId);
    if (!before) return [];
    const after = { ...before, ...r.packaging };
    if (FIELDS.every((f) => after[f.field] === before[f.field])) return [];
    return [
      {
        ...{ row: r.row, externalId: r.externalId, field: 'packaging', before: shown(before) },
        after: shown(after),
        apply: (trx: DbOrTrx, actor) => setSkuPackaging(trx, [r.skuId], r.packaging, actor.at.toISOString()),
      } satisfies PlannedChange,
    ];
  });
}
