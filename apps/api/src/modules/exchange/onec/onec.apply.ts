import { MAX_PRICE_TENGE } from '@kiim/contract';
import {
  addSkusOf,
  copyProductImages,
  createProduct,
  productFields,
  skusByExternalIds,
  updateProduct,
  updateSkuSize,
  type NewSku,
  type PackagingValues,
  type SkuRef,
} from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import * as drafts from '../exchange.drafts.repository.ts';
import * as repo from '../exchange.repository.ts';
import type { ExchangeProductRow } from '../exchange.repository.ts';
import { setPrices, setSkuPrices, setStockLevels, sizeOrder, stockMap } from '../exchange.writes.ts';
import type { OfferData, OfferPrice } from './onec.parse.ts';
import { setPictures, storePictures, type StoredPicture } from './onec.pictures.ts';
import { isTenge, type PriceChoice } from './onec.prices.ts';
import { count, warn, type OneCRun } from './onec.run.ts';
import { sizeOfUnnamed } from './onec.sizes.ts';

// Offers applied to the shop (issue 12 item 3, issue 28): an offer `product#characteristic` is a SKU (`externalId` =
// its Ид) of the shop product of its 1C product in its colour (a further colour becomes a product of its own). An
// offer of a draft (a product whose group is not mapped yet) is kept with the draft; an offer of a product 1C never
// sent is skipped and reported. Prices: the chosen price type in tenge, each size its own (decision 032). Stock: per
// city, the sum of the warehouses mapped to it, or the offer's total `Количество` in the default city when it lists
// no warehouse; a full package sets every mapped city (absent ones to 0), a changes-only package only what it
// lists; a deleted offer is taken off sale (0 everywhere).

/** What applying offers needs to know (read from the settings and the file's header). */
export interface OffersState {
  prices: PriceChoice;
  warehouses: Map<string, number | null>;
  /** Where stock without warehouses goes: the staff's choice, or the only city. */
  defaultCity: number | null;
  changesOnly: boolean;
  /**
   * Products that may be shown (set active at the end, those without pictures left waiting: onec.ready.ts): priced
   * for the first time, or priced before and given their first pictures now.
   */
  published: number[];
  /** Warnings already given once (unknown warehouse, no default city). */
  warned: Set<string>;
}

const warnOnce = (run: OneCRun, s: OffersState, key: string, text: string) => {
  if (s.warned.has(key)) return;
  s.warned.add(key);
  warn(run, text);
};

/** What a batch knows of its offers' 1C products: their shop products (one per colour) and those products' fields. */
interface BatchProducts {
  links: Map<string, ExchangeProductRow[]>;
  fields: Map<number, Awaited<ReturnType<typeof productFields>>[number]>;
}

async function batchProducts(run: OneCRun, productIds: readonly string[]): Promise<BatchProducts> {
  const rows = await repo.productsOf1cIds(run.trx, [...new Set(productIds)]);
  const fields = await productFields(
    run.trx,
    rows.map((l) => l.product_id),
  );
  const links = new Map<string, ExchangeProductRow[]>();
  for (const l of rows) links.set(l.product_1c_id, [...(links.get(l.product_1c_id) ?? []), l]);
  return { links, fields: new Map(fields.map((f) => [f.id, f])) };
}

/**
 * The shop product of an offer's colour: an offer without colour belongs to its 1C product's own shop product (the
 * link whose key is the product's Ид, never a further colour's copy: issue 28 item 11); a colour has its product, or
 * the 1C product's colourless one takes it, or a new product of the same card is made for it.
 */
async function productOfColour(run: OneCRun, o: OfferData, b: BatchProducts): Promise<number> {
  const links = b.links.get(o.productId)!;
  if (!o.colour) return (links.find((l) => l.external_id === o.productId) ?? links[0]!).product_id;
  const colourOf = (l: ExchangeProductRow) => b.fields.get(l.product_id)?.colour_name;
  const same = links.find((l) => colourOf(l) === o.colour);
  if (same) return same.product_id;
  const blank = links.find((l) => colourOf(l) === '');
  if (blank) {
    await updateProduct(run.trx, blank.product_id, { colour_name: o.colour }, run.nowIso);
    b.fields.get(blank.product_id)!.colour_name = o.colour;
    return blank.product_id;
  }
  const own = links.find((l) => l.external_id === o.productId) ?? links[0]!;
  const base = b.fields.get(own.product_id)!;
  const category = (await listCategories(run.trx)).find((c) => c.id === base.category_id)!;
  const productId = await createProduct(
    run.trx,
    run.ids,
    {
      ...{
        modelCode: base.model_code,
        name: base.name,
        description: base.description,
        brandId: base.brand_id,
      },
      ...{ composition: base.composition, care: base.care },
      ...{ category, colourName: o.colour, price: 1, originalPrice: 1, active: false, sizes: [] },
    },
    run.nowIso,
  );
  await copyProductImages(run.trx, run.ids, base.id, productId, run.nowIso);
  const link = { ...own, external_id: `${o.productId}|${o.colour}`, product_id: productId, priced: 0 };
  await repo.upsertProductLink(run.trx, link);
  links.push(link);
  b.fields.set(productId, { ...base, id: productId, colour_name: o.colour, is_active: 0 });
  count(run, 'productsCreated');
  return productId;
}

/** The packaging 1C last sent for an offer's product (kept on its link, decision 070), for its new SKUs. */
function packagingOfLink(links: readonly ExchangeProductRow[] | undefined) {
  const json = links?.find((l) => l.packaging)?.packaging;
  return json ? { packaging: JSON.parse(json) as PackagingValues } : {};
}

/** The SKUs of offers (new ones made in one statement per 500, sizes kept up to date), by offer id. */
async function skusOf(run: OneCRun, offers: readonly OfferData[], b: BatchProducts) {
  const skus = new Map(
    (
      await skusByExternalIds(
        run.trx,
        offers.map((o) => o.id),
      )
    ).map((k) => [k.external_id, k]),
  );
  const fresh = new Map<string, NewSku>();
  for (const o of offers) {
    const known = skus.get(o.id);
    const productId = known?.product_id ?? (o.deleted ? undefined : await productOfColour(run, o, b));
    if (productId === undefined) continue;
    const size = o.size || sizeOfUnnamed(o.name, b.fields.get(productId)?.name ?? '');
    if (known && known.size !== size) {
      await updateSkuSize(run.trx, known.id, size, run.nowIso);
      known.size = size;
    } else if (!known && !fresh.has(o.id))
      fresh.set(o.id, {
        ...{ productId, externalId: o.id, size, sizeOrder: sizeOrder(size) },
        ...packagingOfLink(b.links.get(o.productId)),
      });
  }
  if (fresh.size) {
    await addSkusOf(run.trx, run.ids, [...fresh.values()], run.nowIso);
    count(run, 'skusCreated', fresh.size);
    for (const k of await skusByExternalIds(run.trx, [...fresh.keys()])) skus.set(k.external_id, k);
  }
  return skus;
}

/** A price of the chosen type in tenge, or undefined (a price in another currency is refused with a warning). */
function tengeOf(run: OneCRun, o: OfferData, type: string | undefined): number | undefined {
  const p: OfferPrice | undefined = type ? o.prices.get(type) : undefined;
  if (!p) return undefined;
  if (!isTenge(p.currency)) {
    warn(
      run,
      `Предложение «${o.id}»: цена ${p.value} в валюте «${p.currency}» не загружена — сайт продаёт в тенге`,
    );
    return undefined;
  }
  if (p.value > MAX_PRICE_TENGE) {
    warn(run, `Предложение «${o.id}»: цена ${p.value} больше ${MAX_PRICE_TENGE} ₸ — не загружена`);
    return undefined;
  }
  return p.value;
}

/**
 * Sets each offer's SKU's own prices where they differ (issue 28 item 4, docs/decisions/032), and its product's price
 * to its cheapest listed size's (what a size 1C never priced sells at); a product priced the first time may be shown.
 */
async function savePrices(
  run: OneCRun,
  s: OffersState,
  offers: readonly OfferData[],
  skus: ReadonlyMap<string, SkuRef>,
  b: BatchProducts,
) {
  const cheapest = new Map<number, { price: number; original: number; productId1c: string; sku: SkuRef }>();
  const own = new Map<number, { skuId: number; price: number; originalPrice: number }>();
  for (const o of offers) {
    const sku = skus.get(o.id);
    const price = sku && !o.deleted ? tengeOf(run, o, s.prices.price?.id) : undefined;
    if (!sku || price === undefined) continue;
    const original = Math.max(price, tengeOf(run, o, s.prices.original?.id) ?? price);
    if (sku.own_price !== price || sku.original_price !== original)
      own.set(sku.id, { skuId: sku.id, price, originalPrice: original });
    const c = cheapest.get(sku.product_id);
    if (!c || price < c.price || (price === c.price && original > c.original))
      cheapest.set(sku.product_id, { price, original, productId1c: o.productId, sku });
  }
  await setSkuPrices(run.trx, [...own.values()], run.actor);
  if (own.size) count(run, 'pricesChanged', own.size);
  const priced: number[] = [];
  for (const [productId, c] of cheapest) {
    if (c.sku.product_price !== c.price || c.sku.product_original_price !== c.original)
      await setPrices(run.trx, productId, c.price, c.original, run.actor);
    const link = b.links.get(c.productId1c)?.find((l) => l.product_id === productId);
    if (link && !link.priced) {
      priced.push(productId);
      link.priced = 1;
      if (link.publish && !c.sku.is_active) s.published.push(productId);
    }
  }
  await repo.markPriced(run.trx, priced, run.nowIso);
}

type StockChange = { skuId: number; cityId: number; quantity: number; note: string };

/** The units wanted per city of one offer. */
function wantedStock(
  run: OneCRun,
  s: OffersState,
  o: OfferData,
  skuId: number,
  current: ReadonlyMap<string, number>,
) {
  const wanted = new Map<number, number>();
  if (o.deleted) {
    for (const key of current.keys())
      if (key.startsWith(`${skuId}:`)) wanted.set(Number(key.split(':')[1]), 0);
    return wanted;
  }
  if (!s.changesOnly) for (const city of s.warehouses.values()) if (city !== null) wanted.set(city, 0);
  for (const [warehouse, units] of o.stock) {
    const city = s.warehouses.get(warehouse);
    if (city === undefined)
      warnOnce(
        run,
        s,
        `wh:${warehouse}`,
        `Склад «${warehouse}» не описан в файле (Склады): его остатки пропущены`,
      );
    else if (city !== null) wanted.set(city, (wanted.get(city) ?? 0) + units);
  }
  if (o.total !== null) {
    if (s.defaultCity !== null) wanted.set(s.defaultCity, (wanted.get(s.defaultCity) ?? 0) + o.total);
    else
      warnOnce(
        run,
        s,
        'no-default-city',
        'Остатки без складов (Количество) не загружены: выберите город по умолчанию в настройках обмена на сайте',
      );
  }
  return wanted;
}

function stockChanges(
  run: OneCRun,
  s: OffersState,
  offers: readonly OfferData[],
  skus: ReadonlyMap<string, SkuRef>,
  current: ReadonlyMap<string, number>,
): StockChange[] {
  // By SKU and city: an offer listed twice counts by its last listing.
  const changes = new Map<string, StockChange>();
  for (const o of offers) {
    const skuId = skus.get(o.id)?.id;
    if (skuId === undefined) continue;
    for (const [cityId, quantity] of wantedStock(run, s, o, skuId, current)) {
      const key = `${skuId}:${cityId}`;
      changes.delete(key);
      if ((current.get(key) ?? 0) !== quantity)
        changes.set(key, { skuId, cityId, quantity, note: `1С: ${o.id}` });
    }
  }
  return [...changes.values()];
}

/**
 * Applies a batch of offers: offers of drafts are kept with them, offers of unknown products skipped with a
 * warning; SKUs made, prices set, stock written in one batched call of the inventory.
 */
export async function applyOffers(run: OneCRun, s: OffersState, all: readonly OfferData[]): Promise<void> {
  const b = await batchProducts(
    run,
    all.map((o) => o.productId),
  );
  const waiting = all.filter((o) => !b.links.has(o.productId));
  const drafted = new Set(
    (
      await drafts.draftsOf(
        run.trx,
        waiting.map((o) => o.productId),
      )
    ).map((d) => d.product_1c_id),
  );
  const kept = waiting.filter((o) => drafted.has(o.productId));
  const rows = [];
  for (const o of kept)
    rows.push({
      ...{ external_id: o.id, product_1c_id: o.productId, data: offerJson(o, await keptPictures(run, o)) },
      ...{ created_at: run.nowIso, updated_at: run.nowIso },
    });
  await drafts.upsertDraftOffers(run.trx, rows);
  count(run, 'offersWaitingForMapping', kept.length);
  for (const o of waiting.filter((w) => !drafted.has(w.productId))) {
    count(run, 'skipped');
    warn(run, `Предложение «${o.id}» пропущено: товара «${o.productId}» нет ни на сайте, ни в import.xml`);
  }
  const offers = all.filter((o) => b.links.has(o.productId));
  const skus = await skusOf(run, offers, b);
  await savePrices(run, s, offers, skus, b);
  await offerPictures(run, s, offers, skus, b);
  const current = await stockMap(
    run.trx,
    [...skus.values()].map((k) => k.id),
  );
  const changes = stockChanges(run, s, offers, skus, current);
  await setStockLevels(run.trx, changes, run.actor);
  count(run, 'stockChanged', changes.length);
  count(run, 'offersTakenOffSale', offers.filter((o) => o.deleted && skus.has(o.id)).length);
}

/**
 * The offers' own pictures (a colour's photos, issue 28 item 9) become their product's pictures, like a product's
 * from import.xml: the pictures of all offers of one product (its sizes) in one list, in the order sent (an offer
 * kept with a draft brings them stored). A product 1C wants shown and priced before that gets its first pictures
 * now may be shown.
 */
async function offerPictures(
  run: OneCRun,
  s: OffersState,
  offers: readonly OfferData[],
  skus: ReadonlyMap<string, { product_id: number }>,
  b: BatchProducts,
) {
  const byProduct = new Map<number, Map<string, StoredPicture | undefined>>();
  for (const o of offers) {
    const productId = skus.get(o.id)?.product_id;
    if (productId === undefined) continue;
    const list = byProduct.get(productId) ?? new Map<string, StoredPicture | undefined>();
    if (o.images) for (const i of o.images) list.set(i.mediaKey, i);
    else for (const p of o.pictures ?? []) list.set(p, undefined);
    if (list.size) byProduct.set(productId, list);
  }
  for (const [productId, list] of byProduct) {
    const name = b.fields.get(productId)?.name ?? '';
    const images: StoredPicture[] = [];
    for (const [key, stored] of [...list].slice(0, 20))
      images.push(...(stored ? [stored] : await storePictures(run, name, [key])));
    const { changed } = await setPictures(run, productId, name, images);
    const link = [...b.links.values()].flat().find((l) => l.product_id === productId);
    if (changed && link?.publish && link.priced && !b.fields.get(productId)?.is_active)
      s.published.push(productId);
  }
}

/** An offer's pictures made media while it waits with its draft (the session's files are gone when it is mapped). */
const keptPictures = (run: OneCRun, o: OfferData) =>
  o.images ?? storePictures(run, o.name || o.id, o.pictures ?? []);

/** An offer as JSON, kept with its draft: its pictures as stored media (`images`), not the session's file names. */
export const offerJson = (o: OfferData, images: readonly StoredPicture[]) =>
  JSON.stringify({ ...o, pictures: undefined, images, prices: [...o.prices], stock: [...o.stock] });

/** An offer kept with its draft. */
export function offerOfJson(json: string): OfferData {
  const o = JSON.parse(json) as Omit<OfferData, 'prices' | 'stock'> & {
    prices: [string, OfferPrice][];
    stock: [string, number][];
  };
  return { ...o, prices: new Map(o.prices), stock: new Map(o.stock) };
}
