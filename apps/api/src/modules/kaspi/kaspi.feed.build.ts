import { FEED_TAIL, feedHead, feedOffer, type FeedOffer } from './kaspi.feed.xml.ts';

// Turns the catalogue's marked SKUs into the Kaspi Магазин feed (issue 33 Part B item 5): the snapshot and
// withdrawal rules, the reserve and the problems, independent of where the rows come from.

/** A Kaspi store mapped to one of our cities (stock of that city is offered there). */
export interface FeedStore {
  storeId: string;
  cityId: number;
}

/** One SKU marked for Kaspi as read from the catalogue read model; prices whole tenge, stock exact units per city. */
export interface FeedSku {
  externalId: string;
  productName: string;
  size: string;
  brand: string;
  /** Selling price of this size, whole tenge. */
  price: number;
  /** Published, active and not deleted. */
  active: boolean;
  /** Our units per city id. */
  stock: ReadonlyMap<number, number>;
  /** Units kept back per Kaspi storeId (safety reserve); missing means 0. */
  reserve?: ReadonlyMap<string, number>;
}

/** What the builder needs besides the SKUs: company, merchant, stores, Kaspi cityId (KATO) per our city. */
export interface FeedSettings {
  company: string;
  merchantId: string;
  stores: FeedStore[];
  /** Our city id → Kaspi cityId; empty: one `<price>` per offer. */
  kaspiCityIds: ReadonlyMap<number, string>;
}

/** A marked SKU left out of the feed, with why (shown on the staff screen). */
export interface FeedProblem {
  sku: string;
  reason: 'no_name' | 'zero_price';
}

/** Raised when the source gave nothing readable while earlier feeds sent SKUs: keep serving the last good file. */
export class FeedSourceEmptyError extends Error {
  constructor() {
    super('kaspi feed: no SKU readable from the catalogue; the last good feed is kept');
  }
}

/** Units offered in a store: max(0, our units in its city − reserve), never more than our units (issue 33 B5). */
export function offeredUnits(ourUnits: number, reserve: number): number {
  return Math.max(0, Math.min(ourUnits, Math.trunc(ourUnits - Math.max(0, reserve))));
}

function withdrawn(sku: string, stores: FeedStore[]): FeedOffer {
  return {
    sku,
    model: sku,
    brand: '',
    availabilities: stores.map((s) => ({ storeId: s.storeId, available: false, stockCount: 0 })),
    cityPrices: [],
    price: null,
  };
}

/**
 * Writes the whole feed, piece by piece, to `write` (a stream or a file). `marked`: the marked SKUs (any order, may
 * be read page by page);
 * `everSent`: external ids of every SKU sent before — those not marked now, or inactive, go out as not available
 * in every store so Kaspi withdraws them. Returns the problems and the set of external ids now sent.
 * Throws FeedSourceEmptyError when `marked` is empty but `everSent` is not ("never delist everything").
 */
export async function writeFeed(
  settings: FeedSettings,
  marked: Iterable<FeedSku> | AsyncIterable<FeedSku>,
  everSent: ReadonlySet<string>,
  at: Date,
  write: (chunk: string) => Promise<void> | void,
): Promise<{ problems: FeedProblem[]; sent: Set<string> }> {
  const problems: FeedProblem[] = [];
  const sent = new Set<string>();
  const seen = new Set<string>();
  let head = false;
  for await (const s of marked) {
    if (!head) {
      await write(feedHead(at, settings.company, settings.merchantId));
      head = true;
    }
    seen.add(s.externalId);
    const name = s.productName.trim();
    if (name === '' || !(s.price > 0)) {
      problems.push({ sku: s.externalId, reason: name === '' ? 'no_name' : 'zero_price' });
      if (everSent.has(s.externalId)) {
        await write(feedOffer(withdrawn(s.externalId, settings.stores)));
        sent.add(s.externalId);
      }
      continue;
    }
    const model = s.size.trim() === '' ? name : `${name}, размер ${s.size.trim()}`;
    const offer: FeedOffer = {
      sku: s.externalId,
      model,
      brand: s.brand,
      availabilities: settings.stores.map((st) => {
        const units = s.active
          ? offeredUnits(s.stock.get(st.cityId) ?? 0, s.reserve?.get(st.storeId) ?? 0)
          : 0;
        return { storeId: st.storeId, available: units > 0, stockCount: units };
      }),
      cityPrices: [...settings.kaspiCityIds.values()].map((cityId) => ({ cityId, price: s.price })),
      price: s.price,
    };
    await write(feedOffer(offer));
    sent.add(s.externalId);
  }
  if (!head) {
    if (everSent.size > 0) throw new FeedSourceEmptyError();
    await write(feedHead(at, settings.company, settings.merchantId));
  }
  for (const sku of everSent) {
    if (seen.has(sku)) continue;
    await write(feedOffer(withdrawn(sku, settings.stores)));
    sent.add(sku);
  }
  await write(FEED_TAIL);
  return { problems, sent };
}
