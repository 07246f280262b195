import { z } from 'zod';

/** Envelope of every successful API answer: `200 {"data": …}` (architecture: API conventions). */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A cart, wishlist or idempotency UUID (RFC 4122 text form). */
export const Uuid = z.uuid({ message: 'Должен быть UUID' });

/** A positive integer id taken from a path or query string ("12" → 12). */
export const IdParam = z.coerce
  .number({ message: 'Должно быть целым числом' })
  .int({ message: 'Должно быть целым числом' })
  .positive({ message: 'Должно быть больше нуля' })
  .max(2_147_483_647, { message: 'Слишком большое число' });

/** Amount of money in whole tenge (KZT has no minor units on price tags, spec §9). */
export const Tenge = z.number().int().nonnegative();

/** SKU identifier as an ERP sends it (architecture: externalId is one product in one size and colour). */
export const ExternalId = z
  .string({ message: 'Обязательное поле' })
  .trim()
  .min(1, { message: 'Обязательное поле' })
  .max(64, { message: 'Не длиннее 64 символов' })
  .regex(/^[A-Za-z0-9._-]+$/, { message: 'Недопустимые символы в артикуле' });

/** Responsive image: `src` is the middle size, `srcSet` lists every width generated. */
export const Image = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type Image = z.infer<typeof Image>;

/** A page number of a list's query ("2" → 2): 1 to 10 000, 1 when absent. */
export const PageNumber = z.coerce
  .number({ message: 'Страница — целое число' })
  .int({ message: 'Страница — целое число' })
  .min(1, { message: 'Страница начинается с 1' })
  .max(10_000, { message: 'Слишком большой номер страницы' })
  .default(1);
