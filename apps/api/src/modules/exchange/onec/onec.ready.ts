import type { DbOrTrx } from '#app/db/database.ts';
import { productsWithImages, setProductsActive } from '#app/modules/catalog/catalog.import.ts';
import * as repo from '../exchange.repository.ts';

// Whether a 1C product may be shown for want of pictures (issue 28 item 9, docs/decisions/038): a product 1C wants
// shown (its group mapped, not deleted, priced) waits unpublished while it has no picture at all — neither its own
// nor a colour's — unless the staff switch on «Публиковать товары без фотографий». It is shown once a later exchange
// (or the staff in the product's card) gives it a picture.

/** The staff's setting «Публиковать товары без фотографий» (default off). */
export const publishWithoutPictures = async (db: DbOrTrx) =>
  (await repo.getSetting(db, 'publish_without_pictures')) === '1';

/**
 * Of products otherwise ready to be shown, those that may be shown now (all of them with the setting on, else those
 * with a picture) and those that wait for pictures.
 */
export async function splitByPictures(
  db: DbOrTrx,
  ids: readonly number[],
): Promise<{ show: number[]; waiting: number[] }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || (await publishWithoutPictures(db))) return { show: unique, waiting: [] };
  const pictured = await productsWithImages(db, unique);
  return { show: unique.filter((id) => pictured.has(id)), waiting: unique.filter((id) => !pictured.has(id)) };
}

/**
 * Per group (key '' for none): its shop products 1C wants shown that wait for pictures (none while the setting is
 * on), and of those the priced ones (otherwise shown, so not yet counted as hidden by their group's other rules).
 */
export async function waitingForPicturesByGroup(
  db: DbOrTrx,
): Promise<Map<string, { waiting: number; priced: number }>> {
  const out = new Map<string, { waiting: number; priced: number }>();
  if (await publishWithoutPictures(db)) return out;
  const links = (await repo.listProductLinks(db)).filter((l) => l.publish);
  const pictured = await productsWithImages(
    db,
    links.map((l) => l.product_id),
  );
  for (const l of links) {
    if (pictured.has(l.product_id)) continue;
    const key = l.group_external_id ?? '';
    const n = out.get(key) ?? { waiting: 0, priced: 0 };
    out.set(key, { waiting: n.waiting + 1, priced: n.priced + (l.priced ? 1 : 0) });
  }
  return out;
}

/**
 * Applies a change of the setting at once to the products 1C wants shown and has priced: on, all are shown; off,
 * those without pictures are hidden again (they wait).
 */
export async function applyPicturesSetting(db: DbOrTrx, nowIso: string): Promise<void> {
  const ids = (await repo.listProductLinks(db)).filter((l) => l.publish && l.priced).map((l) => l.product_id);
  const { show, waiting } = await splitByPictures(db, ids);
  await setProductsActive(db, show, 1, nowIso);
  await setProductsActive(db, waiting, 0, nowIso);
}
