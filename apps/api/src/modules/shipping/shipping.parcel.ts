import type { Parcel } from './shipping.carrier.ts';

/**
 * The parcel of an order's lines (issue 34 item 5): each unit's packed size is its SKU's, else its category's,
 * else the default of the category's kind below; units are stacked — the longest length and width, the heights
 * and weights added. Grams and whole centimetres.
 */

/** Packed size of one unit; a null field falls through to the next level. */
export interface Packaging {
  weightG: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

/** One line of an order or cart: its SKU's and category's packaging, the category's kind and the quantity. */
export interface PackedLine {
  sku: Packaging;
  category: Packaging;
  /** spec §3: jeans 0, trousers 1, outerwear 2, clothes 3, underwear 4. */
  kind: number;
  quantity: number;
}

/** Defaults per category kind (folded garment in a courier bag), used until staff set their own. */
export const DEFAULT_PACKAGING: Record<number, Parcel> = {
  0: { weightG: 700, lengthCm: 35, widthCm: 25, heightCm: 5 },
  1: { weightG: 600, lengthCm: 35, widthCm: 25, heightCm: 5 },
  2: { weightG: 1500, lengthCm: 45, widthCm: 35, heightCm: 12 },
  3: { weightG: 400, lengthCm: 30, widthCm: 20, heightCm: 4 },
  4: { weightG: 150, lengthCm: 20, widthCm: 15, heightCm: 3 },
};

/** One unit's packed size: SKU, else category, else the kind's default, field by field. */
export function unitParcel(line: Omit<PackedLine, 'quantity'>): Parcel {
  const d = DEFAULT_PACKAGING[line.kind] ?? DEFAULT_PACKAGING[3]!;
  return {
    weightG: line.sku.weightG ?? line.category.weightG ?? d.weightG,
    lengthCm: line.sku.lengthCm ?? line.category.lengthCm ?? d.lengthCm,
    widthCm: line.sku.widthCm ?? line.category.widthCm ?? d.widthCm,
    heightCm: line.sku.heightCm ?? line.category.heightCm ?? d.heightCm,
  };
}

/** The parcel of all lines stacked. @throws Error when there is no unit (nothing to send). */
export function parcelOf(lines: readonly PackedLine[]): Parcel {
  const parcel: Parcel = { weightG: 0, lengthCm: 0, widthCm: 0, heightCm: 0 };
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const u = unitParcel(line);
    parcel.weightG += u.weightG * line.quantity;
    parcel.lengthCm = Math.max(parcel.lengthCm, u.lengthCm);
    parcel.widthCm = Math.max(parcel.widthCm, u.widthCm);
    parcel.heightCm += u.heightCm * line.quantity;
  }
  if (parcel.weightG === 0) throw new Error('parcelOf: no units');
  return parcel;
}

/** Steps of a parcel class: weight in 500 g, each side in 5 cm. */
const WEIGHT_STEP_G = 500;
const SIDE_STEP_CM = 5;

/**
 * The parcel class: the parcel rounded up to the next step of weight and of each side. Quotes are asked for
 * the class (its largest parcel), so one cached quote serves every parcel in it and never prices a parcel
 * below what the carrier will bill (tariffs rise with weight and size).
 */
export function parcelClass(p: Parcel): Parcel {
  const up = (v: number, step: number) => Math.max(step, Math.ceil(v / step) * step);
  return {
    weightG: up(p.weightG, WEIGHT_STEP_G),
    lengthCm: up(p.lengthCm, SIDE_STEP_CM),
    widthCm: up(p.widthCm, SIDE_STEP_CM),
    heightCm: up(p.heightCm, SIDE_STEP_CM),
  };
}

/** The cache key part of a class: `weight×length×width×height`. */
export const classKey = (c: Parcel) => `${c.weightG}x${c.lengthCm}x${c.widthCm}x${c.heightCm}`;
