import { CatalogueErrorCode } from '@kiim/contract';
import { plural } from '@kiim/contract/text';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { saveCatalogueTexts, textsOf, translateText } from './catalog.texts.ts';

// What the back office's city, category and brand screens share (issue 27, docs/decisions/029): Kazakh texts,
// the refusals of a delete or a taken address, moving a row up or down its list.

/**
 * Stores the Kazakh texts of a form (decision 022: `catalogue_text` rows keyed by the Russian text), as the product
 * form does: an empty Kazakh text where the storefront showed one stores the Russian text as its own translation
 * (the Kazakh storefront then shows the Russian text); texts the storefront already shows as given write nothing.
 * In the caller's transaction; the table's trigger bumps the catalogue version. @returns how many were written.
 */
export async function saveKazakhTexts(
  trx: DbOrTrx,
  pairs: readonly (readonly [russian: string, kazakh: string])[],
): Promise<number> {
  const texts = await textsOf(trx, 'kk');
  const rows = new Map<string, string>();
  for (const [source, kk] of pairs) {
    if (!source) continue;
    const text = kk || source;
    if (translateText(texts, source) !== text) rows.set(source, text);
  }
  return rows.size ? saveCatalogueTexts(trx, 'kk', rows) : 0;
}

/** 409 inUse: the row is still used; `message` says by what and what to do instead; `details` the counts. */
export const inUse = (message: string, details: Record<string, number>) =>
  new AppError(409, CatalogueErrorCode.inUse, message, details);

/** 409 slugTaken (field `slug`): another row of the list has this address. */
export const slugTaken = (message: string) =>
  new AppError(409, CatalogueErrorCode.slugTaken, message, undefined, { slug: [message] });

/**
 * The list's order after moving `id` one place up or down: positions 1, 2, 3… of every id, with only the ids whose
 * position changed (old `sort_order` values may repeat or have gaps; moving renumbers them).
 * @param rows the list in its current order.
 */
export function moveInList(
  rows: readonly { id: number; sort_order: number }[],
  id: number,
  direction: 'up' | 'down',
): Map<number, number> {
  const ids = rows.map((r) => r.id);
  const i = ids.indexOf(id);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i >= 0 && j >= 0 && j < ids.length) [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  const before = new Map(rows.map((r) => [r.id, Number(r.sort_order)]));
  const changed = new Map<number, number>();
  ids.forEach((rowId, k) => {
    if (before.get(rowId) !== k + 1) changed.set(rowId, k + 1);
  });
  return changed;
}

/** A count with its Russian noun (`1 товар`, `3 товара`, `5 товаров`), by the contract's text kit. */
export const counted = (n: number, [one, few, many]: readonly [string, string, string]) =>
  plural(n, { one, few, many, other: few });
