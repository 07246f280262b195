import { z } from 'zod';
import { REVIEW_FITS } from './enums.ts';

/**
 * Garment measurements by size (issue 35 item 6, docs/decisions/066): per product and size label, the finished
 * garment's chest, waist and hips (full girths), length and inseam in centimetres with at
 * most one decimal, 1–300. Any of them may be empty. Staff edit them under
 * `/api/admin/catalogue/products/{id}/measurements` (catalogue.edit); the product page shows them.
 */

/** Bounds of one measurement, centimetres. */
export const MEASUREMENT_MIN_CM = 1;
export const MEASUREMENT_MAX_CM = 300;

/** One measurement in cm: 1–300 with at most one decimal, or null (not measured). */
export const MeasurementCm = z
  .number({ message: 'Укажите число сантиметров' })
  .min(MEASUREMENT_MIN_CM, { message: `Не меньше ${MEASUREMENT_MIN_CM} см` })
  .max(MEASUREMENT_MAX_CM, { message: `Не больше ${MEASUREMENT_MAX_CM} см` })
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, {
    message: 'Не больше одного знака после запятой',
  })
  .nullable();

/** The measurements of one size of a product (cm, null: not measured). */
export const SizeMeasurements = z.object({
  size: z.string(),
  chest: MeasurementCm,
  waist: MeasurementCm,
  hips: MeasurementCm,
  length: MeasurementCm,
  inseam: MeasurementCm,
});
export type SizeMeasurements = z.infer<typeof SizeMeasurements>;

/** A product's measurements for the back office: one row per size of the product, in size order. */
export const ProductMeasurements = z.object({
  productId: z.number().int(),
  items: z.array(SizeMeasurements),
});
export type ProductMeasurements = z.infer<typeof ProductMeasurements>;

/** Sizes one save may send at most (a product has far fewer). */
export const MEASUREMENT_MAX_ROWS = 60;

/**
 * The back office's save: a row per size (a label of the product's sizes, each once); a missing measurement is
 * empty. Rows with every measurement empty clear that size. Sizes not sent are left as they are.
 */
export const ProductMeasurementsInput = z
  .object({
    items: z
      .array(
        z
          .object({
            size: z
              .string()
              .trim()
              .min(1, { message: 'Укажите размер' })
              .max(20, { message: 'Не длиннее 20 символов' }),
            chest: MeasurementCm.optional(),
            waist: MeasurementCm.optional(),
            hips: MeasurementCm.optional(),
            length: MeasurementCm.optional(),
            inseam: MeasurementCm.optional(),
          })
          .strict(),
      )
      .max(MEASUREMENT_MAX_ROWS, { message: `Не больше ${MEASUREMENT_MAX_ROWS} размеров` }),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.items.forEach((row, i) => {
      if (seen.has(row.size))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'size'], message: 'Размер повторяется' });
      seen.add(row.size);
    });
  });
export type ProductMeasurementsInput = z.input<typeof ProductMeasurementsInput>;

/**
 * «Ваш размер» (issue 35 item 6): a size suggestion for one product. `keptSize`: the size the signed-in shopper kept
 * most recently of the same brand and category in a delivered order (null: none or anonymous); `fit`: the published
 * reviews' fit majority for the product (null: no answers or no majority); `suggestedSize`: `keptSize`, one size up
 * when the majority says small, one down when large — only when the product has that size (null otherwise). The
 * storefront words the one-line reason in the shopper's language from these fields.
 */
export const FitSuggestion = z.object({
  suggestedSize: z.string().nullable(),
  keptSize: z.string().nullable(),
  fit: z.enum(REVIEW_FITS).nullable(),
});
export type FitSuggestion = z.infer<typeof FitSuggestion>;
