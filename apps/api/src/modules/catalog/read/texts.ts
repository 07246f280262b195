import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from '../catalog.repository.ts';
import { asIs, sayOf, type CatalogueLang, type Say } from '../catalog.texts.ts';
import { catalogModel, type CatalogModel } from './model.ts';

// The catalogue's texts per language, held beside the read model (docs/decisions/046): a change of `catalogue_text`
// moves the catalogue version without a stock entry in the change log, so the model is loaded anew and its texts
// with it (a translation saved by staff or the import shows at the next request); stock changes keep both.

const held = new WeakMap<CatalogModel, Map<CatalogueLang, Promise<Map<string, string>>>>();

/** The texts of `lang` for model `m`, read once per model (read after the model was had, so never older). */
function textsOfModel(db: DbOrTrx, m: CatalogModel, lang: CatalogueLang): Promise<Map<string, string>> {
  let byLang = held.get(m);
  if (!byLang) held.set(m, (byLang = new Map()));
  let texts = byLang.get(lang);
  if (!texts) {
    const kept = byLang;
    texts = repo.catalogueTexts(db, lang);
    kept.set(lang, texts);
    texts.catch(() => kept.delete(lang));
  }
  return texts;
}

/**
 * The shopper's catalogue texts ({@link Say}) in `lang` at the current catalogue version: {@link asIs} for Russian
 * (null, no database read), else the texts held with the read model brought up to date (inside a transaction, read
 * from the table). For the mappers of shopper answers: listing, product page, categories, brands, banners, cities,
 * pickup points, content, cart, wishlist and orders.
 * @param knownVersion the catalogue version the caller has just read (saves reading it again).
 * @throws what the database throws.
 */
export async function shopperSay(
  db: DbOrTrx,
  lang: CatalogueLang | null,
  knownVersion?: number,
): Promise<Say> {
  if (!lang) return asIs;
  if (db.isTransaction) return sayOf(await repo.catalogueTexts(db, lang));
  return sayOf(await textsOfModel(db, await catalogModel(db, knownVersion), lang));
}

/** The texts of `lang` held with model `m` as a {@link Say} ({@link asIs} for Russian). */
export async function modelSay(db: DbOrTrx, m: CatalogModel, lang: CatalogueLang | null): Promise<Say> {
  return lang ? sayOf(await textsOfModel(db, m, lang)) : asIs;
}
