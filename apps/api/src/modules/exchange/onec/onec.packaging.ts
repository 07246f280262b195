import type { PackagingValues } from '#app/modules/catalog/catalog.import.ts';
import { textOf, type XNode } from './xml.stream.ts';

// A product's packed weight and size from CommerceML (issue 34 item 5, docs/decisions/070). 1C writes them as the
// Товар's `<Вес>` element (CommerceML 2.08+), or as properties or requisites: «Вес», «Вес брутто», «Габарит_Вес»,
// «Длина», «Ширина», «Высота», «Габарит_Длина»… (real 1C:УТ 11 export: ../shared/fixtures/1c-real/dobromyslov-2.07,
// «Габарит_Вес» 1,4 for a 1.4 kg rug, «Габарит_Длина» 0,71 for 71 cm). Units follow 1C's: weight in kilograms
// and sizes in metres unless the name says otherwise («Вес, г», «Длина (см)», «Высота, мм»). Net weight («Вес
// нетто») is not the parcel's and is left out. A value outside the shop's bounds (1 g–50 kg, 1–300 cm) is left
// out with a warning, never stored.

type Field = keyof Required<PackagingValues>;

const WEIGHT = /^(?:габарит[_ ]?)?вес(?: брутто)?(?:[ ,(]+(кг|г|гр|грамм)\)?)?$/;
const SIZE = /^(?:габарит[_ ]?)?(длина|ширина|высота)(?: упаковки)?(?:[ ,(]+(м|см|мм)\)?)?$/;
const SIZE_FIELD: Record<string, Field> = { длина: 'lengthCm', ширина: 'widthCm', высота: 'heightCm' };
const BOUND: Record<Field, number> = { weightG: 50_000, lengthCm: 300, widthCm: 300, heightCm: 300 };

/** A number as 1C writes it (`1,4`, `0.71`, `1 200`); NaN when it is not one. */
const numberOf = (text: string) => Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'));

/** Which packaging field a property or requisite name gives and the factor to grams or cm; null for others. */
export function packagingFieldOf(name: string): { field: Field; factor: number } | null {
  const n = name.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
  const w = WEIGHT.exec(n);
  if (w) return { field: 'weightG', factor: w[1] && w[1] !== 'кг' ? 1 : 1000 };
  const s = SIZE.exec(n);
  if (s) return { field: SIZE_FIELD[s[1]!]!, factor: s[2] === 'мм' ? 0.1 : s[2] === 'см' ? 1 : 100 };
  return null;
}

/**
 * The packaging a Товар gives (`named`: its properties and requisites by name, onec.parse.ts namedValues), each
 * field rounded up to whole grams or cm; undefined when it gives none. Bad or out-of-bound values are reported
 * through `warn` and left out.
 */
export function packagingOf(
  t: XNode,
  named: readonly [string, string][],
  of: string,
  warn: (w: string) => void,
): PackagingValues | undefined {
  const out: PackagingValues = {};
  const element = textOf(t, 'Вес');
  const given: [string, string, { field: Field; factor: number }][] = element
    ? [['Вес', element, { field: 'weightG', factor: 1000 }]]
    : [];
  for (const [name, value] of named) {
    const f = packagingFieldOf(name);
    if (f) given.push([name, value, f]);
  }
  for (const [name, value, { field, factor }] of given) {
    if (out[field] !== undefined) continue;
    const n = numberOf(value);
    const v = Math.ceil(Math.round(n * factor * 1000) / 1000);
    if (!Number.isFinite(n) || v < 1 || v > BOUND[field]) {
      warn(`${of}«${name}» = «${value.slice(0, 40)}» не похоже на вес или размер упаковки, пропущено`);
      continue;
    }
    out[field] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The fields of 1C's packaging that differ from what 1C sent the last time (`lastJson`: kept on the product's 1C
 * link; null: never sent), so a re-import leaves a size staff edited by hand alone unless 1C's own value changed
 * (decision 074); undefined when none changed.
 */
export function packagingChangedSince(
  lastJson: string | null | undefined,
  now: PackagingValues | undefined,
): PackagingValues | undefined {
  if (!now) return undefined;
  let last: PackagingValues = {};
  try {
    last = lastJson ? (JSON.parse(lastJson) as PackagingValues) : {};
  } catch {
    // Written by the import itself: never malformed in practice; then every field counts as changed.
  }
  const out: PackagingValues = {};
  for (const [field, value] of Object.entries(now) as [Field, number | null | undefined][])
    if (value !== undefined && last[field] !== value) out[field] = value;
  return Object.keys(out).length ? out : undefined;
}
