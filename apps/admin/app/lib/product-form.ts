import {
  IMAGE_MAX_SIDE,
  IMAGE_MIN_HEIGHT,
  IMAGE_MIN_WIDTH,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  proposeSlug,
} from '@kiim/contract';
import type { FormResult } from './form.ts';

// The product form's pure parts (issue 27 item 7): its fields read as the API's body — sizes, their codes and the
// first stock of a new product per size and city — the live address proposal, and the check of a photo chosen for
// the first save. The route (routes/catalogue-product.tsx) sends what these make.

/** The Kazakh fields of the form (`kk.name`…), in the body's `kk`. */
const KAZAKH_FIELDS = ['name', 'description', 'colourName', 'composition', 'care'] as const;

/** The product's own text fields, sent as typed (the contract trims and checks them). */
const TEXT_FIELDS = [
  'name',
  'slug',
  'description',
  'categoryId',
  'brandId',
  'colourName',
  'colourHex',
  'composition',
  'care',
  'price',
] as const;

/** A size's packaging fields of the form (repeated per row) and the body's field each fills. */
const SKU_PACKAGING = [
  ['skuWeightG', 'packageWeightG'],
  ['skuLengthCm', 'packageLengthCm'],
  ['skuWidthCm', 'packageWidthCm'],
  ['skuHeightCm', 'packageHeightCm'],
] as const;

/** The name of a first-stock cell of the form: size row `row` (0-based, in form order), city `cityId`. */
export const stockCell = (row: number, cityId: number) => `stock.${row}.${cityId}`;

/** The product form read as the API's body, with where each first-stock error belongs. */
export interface ProductBody {
  body: Record<string, unknown>;
  /** An error path of the body (`skus.0.stock.1.quantity`) → the form's cell ({@link stockCell}) it concerns. */
  cells: Record<string, string>;
}

/**
 * The product form's fields as the body of `POST/PUT /api/admin/catalogue/products`: sizes from the repeated
 * `skuId`, `size`, `externalId`, `skuPrice` fields (an empty code is sent empty — the API makes `KIIM-{id}-{SIZE}`;
 * an empty price means the product's, decision 032) and `skuWeightG`, `skuLengthCm`, `skuWidthCm`, `skuHeightCm`
 * (grams, cm; empty: the category's — decision 070), the Kazakh
 * texts from the `kk.*` fields (only when the form has them), and for a new product each size's first units per
 * city from the cells `stock.{row}.{cityId}`, in the form's order — empty cells are left out, numbers are checked
 * by the contract.
 */
export function productBody(v: Record<string, string | string[]>): ProductBody {
  const list = (k: string) => [v[k] ?? []].flat();
  const ids = list('skuId');
  const externalIds = list('externalId');
  const prices = list('skuPrice');
  const packaging = SKU_PACKAGING.map(([field, body]) => [list(field), body] as const);
  const cells: Record<string, string> = {};
  const skus = list('size').map((size, i) => {
    const stock = Object.keys(v).flatMap((key) => {
      const m = /^stock\.(\d+)\.(\d+)$/.exec(key);
      const typed = String(v[key] ?? '').trim();
      return m && Number(m[1]) === i && typed !== '' ? [{ cityId: Number(m[2]), quantity: typed }] : [];
    });
    stock.forEach((s, j) => {
      cells[`skus.${i}.stock.${j}.quantity`] = stockCell(i, s.cityId);
      cells[`skus.${i}.stock.${j}.cityId`] = stockCell(i, s.cityId);
    });
    return {
      ...(ids[i] ? { id: Number(ids[i]) } : {}),
      size,
      externalId: externalIds[i] ?? '',
      // A form with the price fields sends each (empty: the product's price); a form without them keeps the prices.
      ...(prices.length ? { price: prices[i] ?? '' } : {}),
      // Likewise the size's own packaging (empty: its category's; issue 34 item 5).
      ...Object.fromEntries(
        packaging.flatMap(([typed, body]) => (typed.length ? [[body, typed[i] ?? '']] : [])),
      ),
      ...(stock.length ? { stock } : {}),
    };
  });
  const body = {
    ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, v[k] ?? ''])),
    originalPrice: v.originalPrice ? v.originalPrice : null,
    ...('kk.name' in v ? { kk: Object.fromEntries(KAZAKH_FIELDS.map((k) => [k, v[`kk.${k}`] ?? ''])) } : {}),
    skus,
  };
  return { body, cells };
}

/**
 * Messages by field with the paths of `cells` renamed to the form's cells (a message of the same cell kept once),
 * so an error of `skus.1.stock.0.quantity` shows under the cell of the second size in its city.
 */
export function onCells(
  errors: Record<string, string>,
  cells: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const cell = cells[path] ?? path;
    out[cell] ??= message;
  }
  return out;
}

/**
 * The address proposed while the name is typed: the API's own rule (contract naming.ts proposeSlug), empty while
 * there is no name. The API adds `-2`, `-3`… on save when another product has it.
 */
export const liveSlug = (name: string) => (name.trim() ? proposeSlug(name) : '');

/** What is known of a chosen photo before it is sent: its type, size in bytes and pixels (0 when unreadable). */
export interface PhotoFacts {
  name: string;
  type: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * Why the shop would refuse a photo (the API's rules, contract IMAGE_*: JPEG, PNG or WebP, at most 10 MB, at least
 * 600 × 800 px, at most 8000 px a side), as a sentence naming the file; null when it will be accepted. Checked
 * before the first save, so a product is not created with a photo that cannot be added.
 */
export function photoProblem(p: PhotoFacts): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(p.type))
    return `«${p.name}»: нужен файл JPEG, PNG или WebP`;
  if (p.bytes > IMAGE_UPLOAD_MAX_BYTES) return `«${p.name}»: файл больше 10 МБ`;
  if (!p.width || !p.height) return `«${p.name}»: не удалось прочитать изображение`;
  if (p.width < IMAGE_MIN_WIDTH || p.height < IMAGE_MIN_HEIGHT)
    return `«${p.name}»: ${p.width} × ${p.height} пикселей, нужно не меньше ${IMAGE_MIN_WIDTH} × ${IMAGE_MIN_HEIGHT}`;
  if (Math.max(p.width, p.height) > IMAGE_MAX_SIDE)
    return `«${p.name}»: сторона больше ${IMAGE_MAX_SIDE} пикселей`;
  return null;
}

/** What the product screen's action answered: which of its forms (`intent`) and how it went. */
export type ProductAnswer = { intent: string; result: FormResult };

/** The result of `answer` when it is of one of `intents` (each form shows only its own). */
export const resultOf = (answer: ProductAnswer | undefined, ...intents: string[]) =>
  answer && intents.includes(answer.intent) ? answer.result : undefined;
