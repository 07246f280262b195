import type { MEASUREMENT_KEYS, SizeMeasurements } from '@kiim/contract';
import type { MeasurementValues } from './catalog.measurements.repository.ts';

// Conversions between the stored millimetres and the centimetres staff and shoppers see (decision 066).

/** Stored mm → cm with one decimal (null stays null). */
export const cmOf = (mm: number | null): number | null => (mm === null ? null : Number(mm) / 10);

/** cm (one decimal, already validated) → whole mm; absent or null → null. */
export const mmOf = (cm: number | null | undefined): number | null =>
  cm === null || cm === undefined ? null : Math.round(cm * 10);

/** A stored row's values as the contract's measurements of `size`. */
export function toSizeMeasurements(size: string, row: MeasurementValues | undefined): SizeMeasurements {
  return {
    size,
    chest: cmOf(row?.chest_mm ?? null),
    waist: cmOf(row?.waist_mm ?? null),
    hips: cmOf(row?.hips_mm ?? null),
    length: cmOf(row?.length_mm ?? null),
    inseam: cmOf(row?.inseam_mm ?? null),
  };
}

/** Input measurements in cm → the stored columns in mm. */
export function toValues(
  input: Partial<Record<(typeof MEASUREMENT_KEYS)[number], number | null>>,
): MeasurementValues {
  return {
    chest_mm: mmOf(input.chest),
    waist_mm: mmOf(input.waist),
    hips_mm: mmOf(input.hips),
    length_mm: mmOf(input.length),
    inseam_mm: mmOf(input.inseam),
  };
}

/** Whether a row has no measurement at all (the size is cleared). */
export const isEmpty = (v: MeasurementValues): boolean => Object.values(v).every((x) => x === null);
