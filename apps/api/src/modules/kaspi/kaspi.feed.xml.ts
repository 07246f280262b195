// The small XML writer of the Kaspi Магазин price feed (issue 33 Part B item 5): escaping and the pieces of
// `kaspi_catalog`, written piece by piece so a 100,000-SKU feed is never one string in memory.

/** Characters XML 1.0 forbids (C0 controls but tab, LF, CR; U+FFFE/FFFF; lone surrogates) — dropped, not escaped. */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text with nothing to escape or drop (the usual case: checked once instead of six replacements). */
// eslint-disable-next-line no-control-regex
const PLAIN = /^[^&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]*$/;

/** Escapes text for an element body or a double-quoted attribute (& < > " '); forbidden characters are removed. */
export function escapeXml(text: string): string {
  if (PLAIN.test(text)) return text;
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Kaspi's `date`: Almaty wall-clock time `yyyy-MM-dd HH:mm` (Asia/Almaty, UTC+5) of the given instant. */
export function almatyStamp(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Almaty',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** One store line of an offer: Kaspi storeId (e.g. `PP1`), whether available and whole units (≥ 0). */
export interface FeedAvailability {
  storeId: string;
  available: boolean;
  stockCount: number;
}

/** One offer: `sku` is our SKU's external id; prices are whole tenge, per Kaspi cityId (KATO) or one price. */
export interface FeedOffer {
  sku: string;
  model: string;
  brand: string;
  availabilities: FeedAvailability[];
  cityPrices: { cityId: string; price: number }[];
  price: number | null;
}

/** The document's head: XML declaration and the opening `kaspi_catalog` with company and merchant id. */
export function feedHead(at: Date, company: string, merchantId: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<kaspi_catalog date="${escapeXml(almatyStamp(at))}" xmlns="kaspiShopping">\n` +
    `<company>${escapeXml(company)}</company>\n<merchantid>${escapeXml(merchantId)}</merchantid>\n<offers>\n`
  );
}

/** Escaped store and city ids: the same few tens in every offer of a build, escaped once each. */
const escapedIds = new Map<string, string>();
function escapedId(id: string): string {
  let e = escapedIds.get(id);
  if (e === undefined) {
    if (escapedIds.size > 10_000) escapedIds.clear();
    e = escapeXml(id);
    escapedIds.set(id, e);
  }
  return e;
}

/** One `<offer>` element as text (about 2 KB with 20 stores and 20 city prices). */
export function feedOffer(o: FeedOffer): string {
  let stores = '';
  for (const a of o.availabilities)
    stores += `<availability available="${a.available ? 'yes' : 'no'}" storeId="${escapedId(a.storeId)}" stockCount="${Math.max(0, Math.trunc(a.stockCount))}"/>`;
  let prices = '';
  if (o.cityPrices.length > 0) {
    for (const c of o.cityPrices)
      prices += `<cityprice cityId="${escapedId(c.cityId)}">${Math.trunc(c.price)}</cityprice>`;
    prices = `<cityprices>${prices}</cityprices>`;
  } else if (o.price !== null) prices = `<price>${Math.trunc(o.price)}</price>`;
  return (
    `<offer sku="${escapeXml(o.sku)}"><model>${escapeXml(o.model)}</model><brand>${escapeXml(o.brand)}</brand>` +
    `<availabilities>${stores}</availabilities>${prices}</offer>\n`
  );
}

/** Bytes the decimal text of any number takes at most (`String(n)`, e.g. `-1.7976931348623157e+308`). */
const NUMBER_BYTES = 24;

/** Writes `n`'s decimal text (`String(n)`, always ASCII) into `out` at `at`; returns the offset after it. */
function putNumber(out: Buffer, at: number, n: number): number {
  if (n >= 0 && n < 10) {
    out[at] = 48 + n;
    return at + 1;
  }
  const text = String(n);
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  return at;
}

/** Copies `piece` into `out` at `at`; returns the offset after it. */
function putBytes(out: Buffer, at: number, piece: Buffer): number {
  out.set(piece, at);
  return at + piece.length;
}

const AVAILABILITIES_END = Buffer.from('</availabilities>');
const PRICE_OPEN = Buffer.from('</availabilities><price>');
const PRICE_CLOSE = Buffer.from('</price>');
const OFFER_END = Buffer.from('</offer>\n');

/**
 * The offers of one build written from pieces made once per build (decision 076): each store's
 * `<availability …stockCount="` for yes and for no, and the `cityprices` block split around its prices — every
 * city has the SKU's price, so the block is those pieces joined by the price. Produces exactly what
 * {@link feedOffer} does for the same offer, without an object or array per offer; {@link offerBytes} gives the
 * same as UTF-8 bytes, the pieces encoded once per build (decision 078).
 */
export class OfferTemplate {
  private readonly yes: string[];
  private readonly no: string[];
  private readonly priceParts: string[] | null;
  private readonly yesBytes: Buffer[];
  private readonly noBytes: Buffer[];
  private readonly priceBytes: Buffer[] | null;
  /** Bytes of an offer's text after its head at most (pieces and numbers). */
  private readonly tailBytes: number;
  /** The buffer {@link offerBytes} writes into, reused (grown when an offer does not fit). */
  private out = Buffer.allocUnsafe(16 * 1024);

  /** `storeIds` in feed order; `cityIds` the Kaspi cityIds (empty: one `<price>`). */
  constructor(storeIds: readonly string[], cityIds: readonly string[]) {
    const open = (v: 'yes' | 'no', id: string) =>
      `<availability available="${v}" storeId="${escapeXml(id)}" stockCount="`;
    this.yes = storeIds.map((id) => open('yes', id));
    this.no = storeIds.map((id) => open('no', id));
    this.priceParts =
      cityIds.length === 0
        ? null
        : [
            `<cityprices><cityprice cityId="${escapeXml(cityIds[0]!)}">`,
            ...cityIds.slice(1).map((id) => `</cityprice><cityprice cityId="${escapeXml(id)}">`),
            '</cityprice></cityprices>',
          ];
    const encode = (text: string) => Buffer.from(text, 'utf8');
    this.yesBytes = this.yes.map(encode);
    this.noBytes = this.no.map(encode);
    this.priceBytes = this.priceParts?.map(encode) ?? null;
    const sum = (pieces: Buffer[]) => pieces.reduce((n, b) => n + b.length, 0);
    this.tailBytes =
      sum(this.yesBytes) +
      sum(this.noBytes) +
      storeIds.length * (NUMBER_BYTES + 3) +
      PRICE_OPEN.length +
      PRICE_CLOSE.length +
      (this.priceBytes ? sum(this.priceBytes) : 0) +
      (cityIds.length + 1) * NUMBER_BYTES +
      OFFER_END.length;
  }

  /**
   * One `<offer>` as text: `units[i]` whole units offered in store i (0: not available); `price` whole tenge.
   */
  offer(sku: string, model: string, brand: string, units: ArrayLike<number>, price: number): string {
    let out = `<offer sku="${escapeXml(sku)}"><model>${escapeXml(model)}</model><brand>${escapeXml(brand)}</brand><availabilities>`;
    for (let i = 0; i < this.yes.length; i++) {
      const n = Math.max(0, Math.trunc(units[i] ?? 0));
      out += n > 0 ? `${this.yes[i]}${n}"/>` : `${this.no[i]}${n}"/>`;
    }
    const p = Math.trunc(price);
    out += this.priceParts
      ? `</availabilities>${this.priceParts.join(String(p))}`
      : `</availabilities><price>${p}</price>`;
    return `${out}</offer>\n`;
  }

  /**
   * The UTF-8 bytes of {@link offer} for the same arguments, written without making the offer's text: only its
   * head (sku, model, brand) is encoded, the rest copied from pieces encoded once. The view is of a buffer reused
   * by the next call: write it out (copy it) before making another offer.
   */
  offerBytes(sku: string, model: string, brand: string, units: ArrayLike<number>, price: number): Buffer {
    const head = `<offer sku="${escapeXml(sku)}"><model>${escapeXml(model)}</model><brand>${escapeXml(brand)}</brand><availabilities>`;
    // A UTF-16 unit takes at most 3 UTF-8 bytes.
    const need = head.length * 3 + this.tailBytes;
    if (this.out.length < need) this.out = Buffer.allocUnsafe(need * 2);
    const out = this.out;
    let at = out.write(head, 0, 'utf8');
    for (let i = 0; i < this.yesBytes.length; i++) {
      const n = Math.max(0, Math.trunc(units[i] ?? 0));
      at = putNumber(out, putBytes(out, at, n > 0 ? this.yesBytes[i]! : this.noBytes[i]!), n);
      out[at++] = 34; // "
      out[at++] = 47; // /
      out[at++] = 62; // >
    }
    const p = Math.trunc(price);
    if (this.priceBytes) {
      at = putBytes(out, putBytes(out, at, AVAILABILITIES_END), this.priceBytes[0]!);
      for (let i = 1; i < this.priceBytes.length; i++)
        at = putBytes(out, putNumber(out, at, p), this.priceBytes[i]!);
    } else at = putBytes(out, putNumber(out, putBytes(out, at, PRICE_OPEN), p), PRICE_CLOSE);
    return out.subarray(0, putBytes(out, at, OFFER_END));
  }
}

/** The document's tail. */
export const FEED_TAIL = '</offers>\n</kaspi_catalog>\n';
