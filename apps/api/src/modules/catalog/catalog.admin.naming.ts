import { proposeSlug, skuCode, type ProductInputParsed } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import * as admin from './catalog.admin.repository.ts';

// What the shop names itself when staff leave a field of the product form empty (issue 27 §7): the page address
// from the Russian name, the SKUs' codes from the product id and size (naming.ts in the contract has the rules).
// Both run inside the form's transaction, after the product's id is known.

/** How many numbered variants of a proposed slug are tried (`…-2` to `…-50`). */
const SLUG_VARIANTS = 50;

/**
 * The product's slug: the form's own, or the one proposed from its name (`plate-lnyanoe-midi`), with `-2`, `-3`…
 * when another product has it; `…-{productId}` past 50 variants.
 */
export async function slugOf(db: DbOrTrx, input: ProductInputParsed, productId: number): Promise<string> {
  if (input.slug) return input.slug;
  const base = proposeSlug(input.name);
  for (let n = 1; n <= SLUG_VARIANTS; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await admin.slugTaken(db, slug, productId))) return slug;
  }
  return `${base}-${productId}`;
}

/**
 * The code of every size of a form in its order: the one staff typed, or `KIIM-{productId}-{SIZE}` (skuCode) made
 * unique with `-2`, `-3`… against the form's other codes and every other SKU's. The typed ones were checked free
 * before (checkProductInput).
 */
export async function skuCodesOf(
  db: DbOrTrx,
  productId: number,
  skus: ProductInputParsed['skus'],
): Promise<string[]> {
  const own = skus.flatMap((s) => (s.id === undefined ? [] : [s.id]));
  const used = new Set(skus.flatMap((s) => (s.externalId === undefined ? [] : [s.externalId])));
  const codes: string[] = [];
  for (const [i, s] of skus.entries()) {
    if (s.externalId !== undefined) {
      codes.push(s.externalId);
      continue;
    }
    const base = skuCode(productId, s.size, i + 1);
    let code = base;
    for (let n = 2; used.has(code) || (await admin.takenExternalIds(db, [code], own)).length > 0; n++)
      code = `${base}-${n}`;
    used.add(code);
    codes.push(code);
  }
  return codes;
}
