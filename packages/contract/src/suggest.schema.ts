import { z } from 'zod';
import { Image, IdParam, Tenge } from './common.schema.ts';
import { DEFAULT_CITY_ID } from './enums.ts';

// Search suggestions while typing (issue 35 item 3, docs/decisions/056): `GET /api/catalog/suggest`.

/** Most products, categories and brands one suggestion answer lists. */
export const SUGGEST_LIMIT = { products: 6, categories: 3, brands: 3 } as const;

/**
 * Query of `GET /api/catalog/suggest`: `q` the text typed so far (trimmed, 1–100 characters), `cityId` the
 * shopper's city (stock; unknown → 404 as the listing), `lang` the catalogue language (`ru` or `kk`; when left out,
 * the `Accept-Language` header decides as on every catalogue route).
 */
export const SuggestQuery = z
  .object({
    q: z
      .string({ message: 'Обязательное поле' })
      .trim()
      .min(1, { message: 'Обязательное поле' })
      .max(100, { message: 'Не длиннее 100 символов' }),
    cityId: IdParam.default(DEFAULT_CITY_ID),
    lang: z.enum(['ru', 'kk'], { message: 'Язык: ru или kk' }).optional(),
  })
  .strict();
export type SuggestQuery = z.infer<typeof SuggestQuery>;

/** A suggested product: its lowest price in whole tenge (the card's «от»), first picture, stock in the city. */
export const SuggestedProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  brandName: z.string(),
  price: Tenge,
  /** True when the dearest size costs more than `price` (the storefront shows «от»). */
  priceFrom: z.boolean(),
  image: Image.nullable(),
  /** Units in the shopper's city (a city that hides its stock counts as none). */
  inStock: z.boolean(),
});
export type SuggestedProduct = z.infer<typeof SuggestedProduct>;

/** Suggestions for a text: products by relevance then stock in the city, then categories and brands by name. */
export const Suggestions = z.object({
  products: z.array(SuggestedProduct).max(SUGGEST_LIMIT.products),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })).max(SUGGEST_LIMIT.categories),
  brands: z.array(z.object({ slug: z.string(), name: z.string() })).max(SUGGEST_LIMIT.brands),
});
export type Suggestions = z.infer<typeof Suggestions>;
