import {
  addSkus,
  productFields,
  setProductsActive,
  skusByExternalIds,
  updateProduct,
  updateSkuSize,
  copyProductImages,
  createProduct,
} from '#app/modules/catalog/catalog.import.ts';
import { listCategories } from '#app/modules/catalog/catalog.service.ts';
import * as repo from './exchange.repository.ts';
import { setPrices, setStockLevel, stockMap } from './exchange.writes.ts';
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

/** The shop product of an offer's colour: the 1C product's, or its first colour-less one, or a copy for a new colour. */
async function productOfColour(run: OneCRun, o: OfferData): Promise<{ product_id: number }> {
  const links = await repo.productsOf1cIds(run.trx, [o.productId]);
  if (links.length === 0)
    throw new ExchangeFileError(
      `Предложение «${o.id}»: товар «${o.productId}» не найден — сначала загрузите import.xml с этим товаром`,
    );
  const fields = await productFields(
    run.trx,
    links.map((l) => l.product_id),
  );
  const colourOf = new Map(fields.map((f) => [f.id, f.colour_name]));
  const same = links.find((l) => colourOf.get(l.product_id) === o.colour);
  if (same) return same;
  const blank = links.find((l) => colourOf.get(l.product_id) === '');
  if (blank) {
    await updateProduct(run.trx, blank.product_id, { colour_name: o.colour }, run.nowIso);
    return blank;
  }
  const base = fields.find((f) => f.id === links[0]!.product_id)!;
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
  count(run, 'productsCreated');
  return link;
}

/** The SKU of an offer: made when new, its size kept up to date. */
async function skuOf(run: OneCRun, o: OfferData, existing: Map<string, { id: number; size: string }>) {
  const size = o.size || 'Единый размер';
  const known = existing.get(o.id);
  if (known) {
    if (known.size !== size) await updateSkuSize(run.trx, known.id, size, run.nowIso);
    return known.id;
  }
  const { product_id: productId } = await productOfColour(run, o);
  const made = await addSkus(
    run.trx,
    run.ids,
    productId,
    [{ externalId: o.id, size }],
    sizeOrder(size),
    run.nowIso,
  );
  count(run, 'skusCreated');
  return made.get(o.id)!;
}

/** Sets prices of the offer's product when they differ; a product priced the first time may be shown. */
async function savePrices(
  run: OneCRun,
  s: OffersState,
  o: OfferData,
  productId: number,
  seen: Map<number, string>,
) {
  const price = s.priceType ? o.prices.get(s.priceType) : undefined;
  if (price === undefined) return;
  const original = Math.max(price, (s.originalType && o.prices.get(s.originalType)) || price);
  // Sizes of one product share its prices: checked once per batch.
  if (seen.get(productId) === `${price}:${original}`) return;
  seen.set(productId, `${price}:${original}`);
  const [now] = await productFields(run.trx, [productId]);
  const [link] = (await repo.productsOf1cIds(run.trx, [o.productId])).filter(
    (l) => l.product_id === productId,
  );
  const current = (await skusByExternalIds(run.trx, [o.id]))[0]!;
  if (current.price !== price || current.original_price !== original) {
    await setPrices(run.trx, productId, price, original, run.actor);
    count(run, 'pricesChanged');
  }
  if (link && !link.priced) {
    await repo.markPriced(run.trx, [productId], run.nowIso);
    if (link.publish && now && !now.is_active) s.published.push(productId);
  }
}

/** Sets a SKU's stock in the cities the offer covers. */
async function saveStock(
  run: OneCRun,
  s: OffersState,
  o: OfferData,
  skuId: number,
  current: Map<string, number>,
) {
  const wanted = new Map<number, number>();
  if (!s.changesOnly) for (const city of s.warehouses.values()) if (city !== null) wanted.set(city, 0);
  for (const [warehouse, units] of o.stock) {
    const city = s.warehouses.get(warehouse);
    if (city === undefined)
      throw new ExchangeFileError(`Предложение «${o.id}»: неизвестный склад «${warehouse}»`);
    if (city !== null) wanted.set(city, (wanted.get(city) ?? 0) + units);
  }
  for (const [cityId, quantity] of wanted) {
    const before = current.get(`${skuId}:${cityId}`) ?? 0;
    if (before === quantity) continue;
    await setStockLevel(run.trx, { skuId, cityId, quantity }, `1С: ${o.id}`, run.actor);
    count(run, 'stockChanged');
  }
}

async function saveOffers(run: OneCRun, s: OffersState, nodes: XNode[]) {
  const offers = nodes.map(parseOffer);
  const skus = await skusByExternalIds(
    run.trx,
    offers.map((o) => o.id),
  );
  const existing = new Map(
    skus.map((k) => [k.external_id, { id: k.id, size: k.size, productId: k.product_id }]),
  );
  const current = await stockMap(
    run.trx,
    skus.map((k) => k.id),
  );
  const seen = new Map<number, string>();
  for (const o of offers) {
    const skuId = await skuOf(run, o, existing);
    const productId =
      existing.get(o.id)?.productId ?? (await skusByExternalIds(run.trx, [o.id]))[0]!.product_id;
    await savePrices(run, s, o, productId, seen);
    await saveStock(run, s, o, skuId, current);
    run.done.items++;
  }
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
