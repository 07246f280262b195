import {
  addSkusOf,
  productFields,
  setProductsActive,
  skusByExternalIds,
  updateProduct,
  updateSkuSize,
  copyProductImages,
  createProduct,
  type NewSku,
  type SkuRef,
} from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import * as repo from './exchange.repository.ts';
import type { ExchangeProductRow } from './exchange.repository.ts';
import { setPrices, setStockLevels, stockMap } from './exchange.writes.ts';
import { ExchangeFileError, onlyChanges, parseOffer, sizeOrder, type OfferData } from './onec.parse.ts';
import { cityMatcher, count, saveWarehouse, type OneCRun } from './onec.run.ts';
import { readXml, textOf, type XNode } from './xml.stream.ts';

// offers.xml of the 1C exchange (issue 12 item 3): price types, warehouses (a new one maps to the city of the same
// name), and offers. An offer `product#characteristic` is a SKU (`externalId` = its Ид) of the shop product of its
// 1C product in its colour (a further colour becomes a product of its own); its size comes from the characteristic
// «Размер». Prices: the price type chosen in the settings (`price_type`, default «Розничная»), and the price before a
// discount from `original_price_type` when set. Stock: per city, the sum of the warehouses mapped to it; a full
// package sets every mapped city (absent ones to 0), a changes-only package only the warehouses it lists.

export const DEFAULT_PRICE_TYPE = 'Розничная';

const PARENTS: Record<string, string> = {
  ТипЦены: 'ТипыЦен',
  Склад: 'Склады',
  Предложение: 'Предложения',
  СодержитТолькоИзменения: 'ПакетПредложений',
};
const wanted = (name: string, path: readonly string[]) => name in PARENTS && PARENTS[name] === path.at(-1);

interface OffersState {
  priceTypeName: string;
  originalTypeName: string | undefined;
  priceType?: string;
  originalType?: string;
  warehouses: Map<string, number | null>;
  changesOnly: boolean;
  published: number[];
}

/** What a batch knows of its offers' 1C products: their shop products (one per colour) and those products' fields. */
interface BatchProducts {
  links: Map<string, ExchangeProductRow[]>;
  fields: Map<number, ProductFieldsRow>;
}
type ProductFieldsRow = Awaited<ReturnType<typeof productFields>>[number];

/** The shop products of the batch's 1C products, read in two statements. */
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

/** The shop product of an offer's colour: the 1C product's, or its first colour-less one, or a copy for a new colour. */
async function productOfColour(run: OneCRun, o: OfferData, b: BatchProducts): Promise<number> {
  const links = b.links.get(o.productId) ?? [];
  if (links.length === 0)
    throw new ExchangeFileError(
      `Предложение «${o.id}»: товар «${o.productId}» не найден — сначала загрузите import.xml с этим товаром`,
    );
  const colourOf = (l: ExchangeProductRow) => b.fields.get(l.product_id)?.colour_name;
  const same = links.find((l) => colourOf(l) === o.colour);
  if (same) return same.product_id;
  const blank = links.find((l) => colourOf(l) === '');
  if (blank) {
    await updateProduct(run.trx, blank.product_id, { colour_name: o.colour }, run.nowIso);
    b.fields.get(blank.product_id)!.colour_name = o.colour;
    return blank.product_id;
  }
  const base = b.fields.get(links[0]!.product_id)!;
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
      ...{ category, colourName: o.colour, price: 1, originalPrice: 1, active: false, sizes: [] },
    },
    run.nowIso,
  );
  await copyProductImages(run.trx, run.ids, base.id, productId, run.nowIso);
  const link = { ...links[0]!, external_id: `${o.productId}|${o.colour}`, product_id: productId, priced: 0 };
  await repo.upsertProductLink(run.trx, link);
  links.push(link);
  b.fields.set(productId, { ...base, id: productId, colour_name: o.colour, is_active: 0 });
  count(run, 'productsCreated');
  return productId;
}

/**
 * The SKUs of a batch's offers (new ones made in one statement per 500, sizes kept up to date).
 * @returns every offer's SKU with its product's current prices, by offer id.
 */
async function skusOfBatch(run: OneCRun, offers: readonly OfferData[], b: BatchProducts) {
  const found = await skusByExternalIds(
    run.trx,
    offers.map((o) => o.id),
  );
  const skus = new Map(found.map((k) => [k.external_id, k]));
  const fresh = new Map<string, NewSku>();
  for (const o of offers) {
    const size = o.size || 'Единый размер';
    const known = skus.get(o.id);
    if (known) {
      if (known.size !== size) {
        await updateSkuSize(run.trx, known.id, size, run.nowIso);
        known.size = size;
      }
    } else if (!fresh.has(o.id)) {
      const productId = await productOfColour(run, o, b);
      fresh.set(o.id, { productId, externalId: o.id, size, sizeOrder: sizeOrder(size) });
    }
  }
  if (fresh.size) {
    await addSkusOf(run.trx, run.ids, [...fresh.values()], run.nowIso);
    count(run, 'skusCreated', fresh.size);
    for (const k of await skusByExternalIds(run.trx, [...fresh.keys()])) skus.set(k.external_id, k);
  }
  return skus;
}

/**
 * Sets the prices of the batch's products that differ (sizes of a product share its prices: the last offer's count);
 * a product priced the first time may be shown.
 */
async function savePrices(
  run: OneCRun,
  s: OffersState,
  offers: readonly OfferData[],
  skus: ReadonlyMap<string, SkuRef>,
  b: BatchProducts,
) {
  const wanted = new Map<number, { price: number; original: number; productId1c: string }>();
  for (const o of offers) {
    const price = s.priceType ? o.prices.get(s.priceType) : undefined;
    if (price === undefined) continue;
    const original = Math.max(price, (s.originalType && o.prices.get(s.originalType)) || price);
    wanted.set(skus.get(o.id)!.product_id, { price, original, productId1c: o.productId });
  }
  const current = new Map([...skus.values()].map((k) => [k.product_id, k]));
  const priced: number[] = [];
  for (const [productId, w] of wanted) {
    const now = current.get(productId)!;
    if (now.price !== w.price || now.original_price !== w.original) {
      await setPrices(run.trx, productId, w.price, w.original, run.actor);
      count(run, 'pricesChanged');
    }
    const link = b.links.get(w.productId1c)?.find((l) => l.product_id === productId);
    if (link && !link.priced) {
      priced.push(productId);
      link.priced = 1;
      if (link.publish && !now.is_active) s.published.push(productId);
    }
  }
  await repo.markPriced(run.trx, priced, run.nowIso);
}

/** The stock changes of the batch's offers: per city the sum of the warehouses mapped to it. */
function stockChanges(
  s: OffersState,
  offers: readonly OfferData[],
  skus: ReadonlyMap<string, SkuRef>,
  current: ReadonlyMap<string, number>,
) {
  // By SKU and city: an offer listed twice counts by its last listing.
  const changes = new Map<string, { skuId: number; cityId: number; quantity: number; note: string }>();
  for (const o of offers) {
    const skuId = skus.get(o.id)!.id;
    const wanted = new Map<number, number>();
    if (!s.changesOnly) for (const city of s.warehouses.values()) if (city !== null) wanted.set(city, 0);
    for (const [warehouse, units] of o.stock) {
      const city = s.warehouses.get(warehouse);
      if (city === undefined)
        throw new ExchangeFileError(`Предложение «${o.id}»: неизвестный склад «${warehouse}»`);
      if (city !== null) wanted.set(city, (wanted.get(city) ?? 0) + units);
    }
    for (const [cityId, quantity] of wanted) {
      const key = `${skuId}:${cityId}`;
      changes.delete(key);
      if ((current.get(key) ?? 0) !== quantity)
        changes.set(key, { skuId, cityId, quantity, note: `1С: ${o.id}` });
    }
  }
  return [...changes.values()];
}

/** A batch of offers: SKUs made, prices set, stock written in one batched call of the inventory. */
async function saveOffers(run: OneCRun, s: OffersState, nodes: XNode[]) {
  const offers = nodes.map(parseOffer);
  const b = await batchProducts(
    run,
    offers.map((o) => o.productId),
  );
  const skus = await skusOfBatch(run, offers, b);
  await savePrices(run, s, offers, skus, b);
  const current = await stockMap(
    run.trx,
    [...skus.values()].map((k) => k.id),
  );
  const changes = stockChanges(s, offers, skus, current);
  await setStockLevels(run.trx, changes, run.actor);
  count(run, 'stockChanged', changes.length);
  run.done.items += offers.length;
}

/** Imports offers.xml in the run's transaction. @throws ExchangeFileError / XmlFileError (nothing is kept). */
export async function importOffersXml(run: OneCRun, file: string): Promise<void> {
  const s: OffersState = {
    priceTypeName: (await repo.getSetting(run.trx, 'price_type')) ?? DEFAULT_PRICE_TYPE,
    originalTypeName: await repo.getSetting(run.trx, 'original_price_type'),
    warehouses: new Map((await repo.listWarehouses(run.trx)).map((w) => [w.external_id, w.city_id])),
    changesOnly: false,
    published: [],
  };
  const cityOf = await cityMatcher(run.trx);
  await readXml(
    file,
    wanted,
    async (nodes) => {
      for (const n of nodes) {
        if (n.name === 'ТипЦены') {
          const name = textOf(n, 'Наименование').toLowerCase();
          if (name === s.priceTypeName.toLowerCase()) s.priceType = textOf(n, 'Ид');
          if (name === s.originalTypeName?.toLowerCase()) s.originalType = textOf(n, 'Ид');
        } else if (n.name === 'Склад') {
          await saveWarehouse(run, textOf(n, 'Ид'), textOf(n, 'Наименование'), cityOf);
          s.warehouses = new Map((await repo.listWarehouses(run.trx)).map((w) => [w.external_id, w.city_id]));
        } else if (n.name === 'СодержитТолькоИзменения') s.changesOnly = onlyChanges(n);
      }
      const offers = nodes.filter((n) => n.name === 'Предложение');
      if (offers.length) await saveOffers(run, s, offers);
    },
    (name, attrs) => {
      if (name === 'ПакетПредложений' && attrs['СодержитТолькоИзменения'] !== undefined)
        s.changesOnly = attrs['СодержитТолькоИзменения'] === 'true';
    },
  );
  await setProductsActive(run.trx, s.published, 1, run.nowIso);
  count(run, 'productsPublished', s.published.length);
}
