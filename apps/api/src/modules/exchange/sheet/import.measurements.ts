import {
  MEASUREMENT_KEYS,
  MeasurementCm,
  type ImportChange,
  type ImportRowError,
  type MeasurementKey,
  type SizeMeasurements,
} from '@kiim/contract';
import type { ColumnSpec, SheetRow } from './csv.sheet.ts';
import { rowError } from './import.core.ts';

// The garment measurements of the products sheet (issue 35 item 6, docs/decisions/066 and 072): per row (one size),
// chest, waist, hips, length and inseam in centimetres with at most one decimal («92,5» as Excel writes it, or
// «92.5»), each 1–300 or empty. A row with at least one of them gives its size's measurements as a whole (an empty
// cell: not measured); a row with none leaves what the size has — a sheet without these columns changes nothing.

/** The five optional columns, with the headers the back office shows and shorter Russian ones. */
export const MEASUREMENT_COLUMNS: readonly ColumnSpec[] = [
  { name: 'chest', required: false, aliases: ['обхват груди', 'грудь', 'обхват груди, см', 'грудь, см'] },
  { name: 'waist', required: false, aliases: ['обхват талии', 'талия', 'обхват талии, см', 'талия, см'] },
  {
    name: 'hips',
    required: false,
    aliases: ['обхват бёдер', 'обхват бедер', 'бёдра', 'бедра', 'обхват бёдер, см', 'обхват бедер, см'],
  },
  { name: 'length', required: false, aliases: ['длина изделия', 'длина', 'длина изделия, см', 'длина, см'] },
  {
    name: 'inseam',
    required: false,
    aliases: ['длина по внутреннему шву', 'шаговый шов', 'длина по внутреннему шву, см', 'шаговый шов, см'],
  },
];

/** Russian names of the measurements, as the back office's table heads them. */
export const MEASUREMENT_NAME: Record<MeasurementKey, string> = {
  chest: 'Обхват груди',
  waist: 'Обхват талии',
  hips: 'Обхват бёдер',
  length: 'Длина изделия',
  inseam: 'Длина по внутреннему шву',
};

/** A size's measurements in cm (null: not measured). */
export type Measured = Record<MeasurementKey, number | null>;

/** A cell as a number: spaces dropped, a decimal comma read as a point; null when it is not a plain number. */
function numberOf(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}

/**
 * The measurements of a row: null when none of the five cells is filled, else each filled cell checked as the back
 * office checks it (`MeasurementCm`: 1–300 cm, one decimal), with a Russian error per bad cell.
 */
export function measurementsOf(r: SheetRow): { measured: Measured | null; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  if (MEASUREMENT_KEYS.every((k) => !(r.cells[k] ?? '').trim())) return { measured: null, errors };
  const measured = {} as Measured;
  for (const key of MEASUREMENT_KEYS) {
    const text = (r.cells[key] ?? '').trim();
    if (!text) {
      measured[key] = null;
      continue;
    }
    const n = numberOf(text);
    const checked = n === null ? null : MeasurementCm.safeParse(n);
    if (checked?.success) measured[key] = checked.data;
    else {
      const why = checked
        ? (checked.error.issues[0]?.message ?? 'неверное значение').toLowerCase()
        : `нужно число сантиметров, а не «${text}»`;
      errors.push(rowError(r.row, key, `${MEASUREMENT_NAME[key]}: ${why}`));
    }
  }
  return { measured: errors.length ? null : measured, errors };
}

/** Whether two sizes' measurements are the same (cm to the tenth). */
export const sameMeasurements = (a: Measured, b: Measured | SizeMeasurements | undefined): boolean =>
  MEASUREMENT_KEYS.every((k) => (a[k] ?? null) === (b?.[k] ?? null));

/** A size's measurements as the preview shows them: «Обхват груди 92,5 · Длина изделия 70» (none: «—»). */
export function measurementsText(m: Measured | SizeMeasurements | undefined): string {
  const parts = MEASUREMENT_KEYS.filter((k) => m?.[k] != null).map(
    (k) => `${MEASUREMENT_NAME[k]} ${String(m![k]).replace('.', ',')}`,
  );
  return parts.length ? parts.join(' · ') : '—';
}

/**
 * The preview's line for a size measured in the file (`measured`) against what it has (`now`): null when they are
 * the same, else before (null: not measured yet) and after as {@link measurementsText} writes them.
 */
export function measurementChange(
  row: number,
  externalId: string,
  measured: Measured,
  now: SizeMeasurements | undefined,
): ImportChange | null {
  if (sameMeasurements(measured, now)) return null;
  const before = now ? measurementsText(now) : null;
  return { row, externalId, field: 'measurements', before, after: measurementsText(measured) };
}
