import { z } from 'zod';

/** Envelope of every successful API answer: `200 {"data": …}` (architecture: API conventions). */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A cart, wishlist or idempotency UUID (RFC 4122 text form). */
export const Uuid = z.uuid({ message: 'Должен быть UUID' });

/**
 * The largest id the shop stores: PostgreSQL's `integer` (SQLite takes it too). Every id the contract reads is
 * bounded by it, so no value past it reaches a query (issue 11 §7).
 */
export const MAX_ID = 2_147_483_647;

/** A positive integer id taken from a path or query string ("12" → 12), at most {@link MAX_ID}. */
export const IdParam = z.coerce
  .number({ message: 'Должно быть целым числом' })
  .int({ message: 'Должно быть целым числом' })
  .positive({ message: 'Должно быть больше нуля' })
  .max(MAX_ID, { message: 'Слишком большое число' });

/** A positive integer id in a JSON body, at most {@link MAX_ID}. */
export const Id = z
  .number({ message: 'Должно быть целым числом' })
  .int({ message: 'Должно быть целым числом' })
  .positive({ message: 'Должно быть больше нуля' })
  .max(MAX_ID, { message: 'Слишком большое число' });

/** An id written as text in a list (`ids=1,2,3`): digits of a positive integer up to {@link MAX_ID}. */
export const IdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { message: 'Идентификатор — целое число' })
  .refine((v) => Number(v) <= MAX_ID, { message: 'Слишком большое число' });

/**
 * Text no field of the shop may hold: the NUL character (PostgreSQL refuses it in `text`, SQLite cuts strings at
 * it). The API refuses it in every URL and body before validation (apps/api/src/plugins/input-guard.ts).
 */
export const hasNul = (value: string) => value.includes('\u0000');

/**
 * A bounded string of free text (names, texts, external references): at most `max` characters, no NUL.
 * @param max the longest accepted length in characters.
 */
export const BoundedText = (max: number) =>
  z
    .string({ message: 'Обязательное поле' })
    .max(max, { message: `Не длиннее ${max} символов` })
    .refine((v) => !hasNul(v), { message: 'Недопустимый символ' });

/** Amount of money in whole tenge (KZT has no minor units on price tags, spec §9). */
export const Tenge = z.number().int().nonnegative();

/**
 * Longest SKU identifier (docs/decisions/028): a 1C offer's Ид is `product-guid#characteristic-guid`, 73 characters;
 * other ERPs send codes with spaces, slashes or Cyrillic. 200 leaves room for any of them.
 */
export const MAX_EXTERNAL_ID = 200;

/** A printable identifier: no control characters (C0, DEL, C1), no unpaired surrogates. */
export const isPrintableId = (v: string) => !/[\p{Cc}\p{Cs}]/u.test(v);

/**
 * SKU identifier as an ERP sends it (architecture: externalId is one product in one size and colour): 1 to
 * {@link MAX_EXTERNAL_ID} printable characters, any letters, digits and signs (`#`, `/`, spaces inside) — links and
 * API paths percent-encode it.
 */
export const ExternalId = z
  .string({ message: 'Обязательное поле' })
  .trim()
  .min(1, { message: 'Обязательное поле' })
  .max(MAX_EXTERNAL_ID, { message: `Не длиннее ${MAX_EXTERNAL_ID} символов` })
  .refine(isPrintableId, { message: 'Недопустимые символы в артикуле' });

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
