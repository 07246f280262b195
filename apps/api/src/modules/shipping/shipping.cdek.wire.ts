import { z } from 'zod';

/**
 * CDEK API v2 answers as the shop reads them (delivery-cdek.md §1, §3–5), in one small file easy to correct.
 * Unknown fields are ignored (CDEK adds fields); the ones used are checked and bounded.
 */

export const tokenAnswer = z.object({
  access_token: z.string().min(10).max(4096),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.coerce
    .number()
    .int()
    .positive()
    .max(30 * 86_400),
});

/** The error envelope, at the top level or inside `requests[]`. */
export const errorAnswer = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string().optional() })).optional(),
  requests: z
    .array(
      z.object({
        errors: z.array(z.object({ code: z.string(), message: z.string().optional() })).optional(),
      }),
    )
    .optional(),
});

export const suggestAnswer = z
  .array(z.object({ code: z.number().int().positive(), full_name: z.string().max(500) }))
  .max(1000);

export const pointsAnswer = z
  .array(
    z.object({
      code: z.string().min(1).max(40),
      name: z.string().max(500).optional(),
      type: z.enum(['PVZ', 'POSTAMAT']),
      work_time: z.string().max(500).default(''),
      weight_max: z.number().positive().optional(),
      location: z.object({
        address: z.string().max(500),
        longitude: z.number().min(-180).max(180),
        latitude: z.number().min(-90).max(90),
      }),
    }),
  )
  .max(20_000);

export const tariffListAnswer = z.object({
  tariff_codes: z
    .array(
      z.object({
        tariff_code: z.number().int().positive(),
        tariff_name: z.string().max(500),
        delivery_mode: z.number().int(),
        delivery_sum: z.number().nonnegative().max(10_000_000),
        period_min: z.number().int().nonnegative().max(365),
        period_max: z.number().int().nonnegative().max(365),
      }),
    )
    .max(500),
});
