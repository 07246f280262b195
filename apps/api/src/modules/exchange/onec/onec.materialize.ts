import { CatalogueIds, createProduct, setProductsActive } from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import type { DbOrTrx } from '#app/db/database.ts';
import type { Actor } from '#app/modules/audit/audit.ts';
import * as drafts from '../exchange.drafts.repository.ts';
import * as repo from '../exchange.repository.ts';
import { applyOffers, offerOfJson } from './onec.apply.ts';
import { offersState } from './onec.offers.ts';
import type { ProductData } from './onec.parse.ts';
import { setPictures, storePictures, type StoredPicture } from './onec.pictures.ts';
import { splitByPictures } from './onec.ready.ts';
import { seenPriceTypes } from './onec.prices.ts';
import { brandResolver, count, type OneCRun } from './onec.run.ts';

// Drafts made shop products (issue 28 item 1): a 1C product waits as a draft while its group is not mapped to a
// category; once it is (by the staff in the back office, or in 1C by moving the product to a mapped group), the shop
// product is made in that category with the offers kept meanwhile (sizes, prices, stock, the pictures of the product
// and of its colours), and shown when priced and pictured (onec.ready.ts).

/** A draft's data: the product as import.xml described it, with its pictures kept as media (absent in old drafts). */
type DraftData = ProductData & { images?: StoredPicture[] };

const PAGE = 200;

/** The staff's setting: 1C products sharing an Артикул make one card with colour swatches (issue 28 item 11). */
export const groupByArticle = async (db: DbOrTrx) => (await repo.getSetting(db, 'group_by_article')) === '1';

/**
 * The card a 1C product groups in (the shop's model code: its colours are swatches of one card): the 1C product's Ид,
 * so different products sharing an Артикул stay apart; its Артикул when the staff chose grouping by article.
 */
export const modelCodeOf = (p: Pick<ProductData, 'id' | 'article'>, byArticle: boolean) =>
  byArticle && p.article ? p.article : p.id;

/**
 * Makes shop products of every draft whose group is mapped now, in the run's transaction, with the pictures kept with
 * the draft (read from the session's files for a draft kept before they were). Priced ones are shown unless they have
 * no picture (counted as `productsWaitingForPictures`). @returns the new products' ids (for the search index).
 */
export async function materializeMapped(run: OneCRun): Promise<number[]> {
  const categories = new Map((await listCategories(run.trx)).map((c) => [c.id, c]));
  const brandOf = await brandResolver(run);
  const state = await offersState(run.trx, await seenPriceTypes(run.trx));
  const byArticle = await groupByArticle(run.trx);
  const made: number[] = [];
  for (let after = ''; ;) {
    const page = await drafts.mappedDrafts(run.trx, after, PAGE);
    if (page.length === 0) break;
    after = page.at(-1)!.product_1c_id;
    const links = [];
    for (const d of page) {
      const p = JSON.parse(d.data) as DraftData;
      const category = categories.get(d.category_id!)!;
      const productId = await createProduct(
        run.trx,
        run.ids,
        {
          ...{ modelCode: modelCodeOf(p, byArticle), name: p.name, description: p.description, category },
          ...{ brandId: await brandOf(p.brand), colourName: p.colour, price: 1, originalPrice: 1 },
          ...{ composition: p.composition ?? '', care: p.care ?? '' },
          ...{ active: false, sizes: [] },
        },
        run.nowIso,
      );
      count(run, 'productsCreated');
      made.push(productId);
      links.push({
        ...{
          external_id: p.id,
          product_1c_id: p.id,
          product_id: productId,
          group_external_id: d.group_external_id,
        },
        ...{ publish: 1, priced: 0, listed_at: d.listed_at, created_at: run.nowIso, updated_at: run.nowIso },
        packaging: p.packaging ? JSON.stringify(p.packaging) : null,
      });
      await setPictures(run, productId, p.name, p.images ?? (await storePictures(run, p.name, p.pictures)));
    }
    await repo.upsertProductLinks(run.trx, links);
    const ids = page.map((d) => d.product_1c_id);
    const offers = (await drafts.draftOffersOf(run.trx, ids)).map((r) => offerOfJson(r.data));
    await drafts.deleteDrafts(run.trx, ids);
    if (offers.length) await applyOffers(run, state, offers);
  }
  const { show, waiting } = await splitByPictures(run.trx, state.published);
  await setProductsActive(run.trx, show, 1, run.nowIso);
  count(run, 'productsPublished', show.length);
  count(run, 'productsWaitingForPictures', waiting.length);
  return made;
}

/** A run outside a 1C session (a mapping saved by the staff): no files, no progress to show. */
export async function staffRun(trx: DbOrTrx, actor: Actor): Promise<OneCRun> {
  return {
    ...{ trx, actor, nowIso: actor.at.toISOString(), dir: '', mediaDir: '', ids: await CatalogueIds.of(trx) },
    ...{ done: { items: 0 }, summary: {}, warnings: [], keep: {} },
  };
}
