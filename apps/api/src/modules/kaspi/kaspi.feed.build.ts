import { FEED_TAIL, feedHead, feedOffer, OfferTemplate, type FeedOffer } from './kaspi.feed.xml.ts';

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
  /** An earlier feed sent this SKU (a problem SKU sent before goes out withdrawn, not left out). */
  wasSent?: boolean;
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

/** What earlier feeds sent, read from their record without holding every id in memory. */
export interface SentHistory {
  /** Whether any SKU was sent before (an empty source is then refused). */
  any: boolean;
  /** External ids sent before and not among the marked SKUs now, read after them; each goes out withdrawn. */
  unmarked: () => Iterable<string> | AsyncIterable<string>;
}

/**
 * Where the feed goes: its text piece by piece — a string, or UTF-8 bytes valid only until the call returns (or
 * its promise settles): copy them — and each SKU sent for the first time (to be remembered).
 */
export interface FeedSink {
  write: (chunk: string | Uint8Array) => Promise<void> | void;
  firstSent?: (externalId: string) => Promise<void> | void;
}

/**
 * Writes the whole feed, piece by piece, to `sink` (a file). `marked`: the marked SKUs (any order, read page by
 * page; `wasSent` says an earlier feed sent one); `history.unmarked`: SKUs sent before and not marked now — they,
 * and marked ones that are inactive, go out as not available in every store so Kaspi withdraws them. Memory is one
 * offer at a time plus the problems. Returns the problems and the number of offers written.
 * Throws FeedSourceEmptyError when `marked` is empty but SKUs were sent before ("never delist everything").
 */
export async function writeFeed(
  settings: FeedSettings,
  marked: Iterable<FeedSku> | AsyncIterable<FeedSku>,
  history: SentHistory,
  at: Date,
  sink: FeedSink,
): Promise<{ problems: FeedProblem[]; offers: number }> {
  const problems: FeedProblem[] = [];
  let offers = 0;
  let head = false;
  const { stores } = settings;
  const template = new OfferTemplate(
    stores.map((st) => st.storeId),
    [...settings.kaspiCityIds.values()],
  );
  const units = new Array<number>(stores.length).fill(0);
  // A write that only buffers returns nothing: awaited only when it flushes (one promise per block, not per offer).
  const put = async (text: string | Uint8Array) => {
    const flushing = sink.write(text);
    if (flushing) await flushing;
  };
  const send = async (sku: string, text: string | Uint8Array, wasSent: boolean) => {
    await put(text);
    offers++;
    if (!wasSent && sink.firstSent) await sink.firstSent(sku);
  };
  for await (const s of marked) {
    if (!head) {
      await put(feedHead(at, settings.company, settings.merchantId));
      head = true;
    }
    const name = s.productName.trim();
    if (name === '' || !(s.price > 0)) {
      problems.push({ sku: s.externalId, reason: name === '' ? 'no_name' : 'zero_price' });
      if (s.wasSent) await send(s.externalId, feedOffer(withdrawn(s.externalId, stores)), true);
      continue;
    }
    const size = s.size.trim();
    const model = size === '' ? name : `${name}, размер ${size}`;
    for (let i = 0; i < stores.length; i++) {
      const st = stores[i]!;
      units[i] = s.active ? offeredUnits(s.stock.get(st.cityId) ?? 0, s.reserve?.get(st.storeId) ?? 0) : 0;
    }
    await send(
      s.externalId,
      template.offerBytes(s.externalId, model, s.brand, units, s.price),
      s.wasSent === true,
    );
  }
  if (!head) {
    if (history.any) throw new FeedSourceEmptyError();
    await put(feedHead(at, settings.company, settings.merchantId));
  }
  for await (const sku of history.unmarked()) await send(sku, feedOffer(withdrawn(sku, stores)), true);
  await put(FEED_TAIL);
  return { problems, offers };
}
