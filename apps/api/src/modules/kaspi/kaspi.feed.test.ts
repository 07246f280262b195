import { describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import {
  FeedSourceEmptyError,
  offeredUnits,
  writeFeed,
  type FeedSettings,
  type FeedSku,
} from './kaspi.feed.build.ts';
import { almatyStamp, escapeXml, feedOffer, OfferTemplate } from './kaspi.feed.xml.ts';

const settings: FeedSettings = {
  company: 'Kiim & Co',
  merchantId: 'M1',
  stores: [
    { storeId: 'PP1', cityId: 1 },
    { storeId: 'PP2', cityId: 2 },
  ],
  kaspiCityIds: new Map([[1, '750000000']]),
};

function sku(over: Partial<FeedSku> = {}): FeedSku {
  return {
    externalId: 'A-1',
    productName: 'Платье',
    size: 'M',
    brand: 'Kiim',
    price: 15000,
    active: true,
    stock: new Map([
      [1, 5],
      [2, 0],
    ]),
    ...over,
  };
}

interface Parsed {
  attrs: Record<string, string>;
  offers: Map<
    string,
    { model: string; price: string; stores: Record<string, { available: string; count: string }> }
  >;
}

/** Parses the feed back with saxes (throws on a malformed document) and collects the offers. */
function parse(xml: string): Parsed {
  const p = new SaxesParser({ xmlns: true });
  const out: Parsed = { attrs: {}, offers: new Map() };
  let current = '';
  let field = '';
  p.on('error', (e) => {
    throw e;
  });
  p.on('opentag', (t) => {
    const a = Object.fromEntries(
      Object.entries(t.attributes).map(([k, v]) => [k, typeof v === 'string' ? v : v.value]),
    );
    if (t.local === 'kaspi_catalog') {
      out.attrs = { ...a, ns: t.uri };
    }
    if (t.local === 'offer') {
      current = a.sku ?? '';
      out.offers.set(current, { model: '', price: '', stores: {} });
    }
    if (t.local === 'availability') {
      out.offers.get(current)!.stores[a.storeId ?? ''] = {
        available: a.available ?? '',
        count: a.stockCount ?? '',
      };
    }
    field = t.local;
  });
  p.on('text', (text) => {
    const o = out.offers.get(current);
    if (o && field === 'model') o.model += text;
    if (o && field === 'cityprice') o.price += text;
  });
  p.on('closetag', () => {
    field = '';
  });
  p.write(xml).close();
  return out;
}

/** Builds from `skus` as if `everSent` had been sent before; `sent`: offers written, `first`: ids sent anew. */
async function build(skus: FeedSku[], everSent = new Set<string>()) {
  let xml = '';
  const first: string[] = [];
  const marked = skus.map((s) => ({ ...s, wasSent: everSent.has(s.externalId) }));
  const ids = new Set(skus.map((s) => s.externalId));
  const history = { any: everSent.size > 0, unmarked: () => [...everSent].filter((id) => !ids.has(id)) };
  const r = await writeFeed(settings, marked, history, new Date('2026-11-29T01:00:00Z'), {
    write: (c) => {
      xml += typeof c === 'string' ? c : Buffer.from(c).toString('utf8');
    },
    firstSent: (id) => void first.push(id),
  });
  return { xml, parsed: parse(xml), first, ...r };
}

describe('Kaspi price feed (issue 33 Part B item 5)', () => {
  it('writes a well-formed kaspiShopping document with Almaty date, stores and city prices', async () => {
    const { parsed } = await build([sku()]);
    expect(parsed.attrs).toMatchObject({ ns: 'kaspiShopping', date: '2026-11-29 06:00' });
    const o = parsed.offers.get('A-1')!;
    expect(o.model).toBe('Платье, размер M');
    expect(o.price).toBe('15000');
    expect(o.stores).toEqual({ PP1: { available: 'yes', count: '5' }, PP2: { available: 'no', count: '0' } });
  });

  it('escapes & < > " in names and drops control characters', async () => {
    const { parsed, xml } = await build([
      sku({ externalId: 'X"&<1', productName: 'Tom & "Jerry" <b>\u0001' }),
    ]);
    expect(parsed.offers.get('X"&<1')!.model).toBe('Tom & "Jerry" <b>, размер M');
    expect(xml).not.toContain('\u0001');
    expect(escapeXml('a&b')).toBe('a&amp;b');
  });

  it('publishes a real sell-out (and a sale that empties stock) as not available', async () => {
    const { parsed } = await build([sku({ stock: new Map([[1, 0]]) })], new Set(['A-1']));
    expect(parsed.offers.get('A-1')!.stores.PP1).toEqual({ available: 'no', count: '0' });
  });

  it('sends a withdrawn product that still has stock as not available', async () => {
    const { parsed } = await build([sku({ active: false })]);
    expect(parsed.offers.get('A-1')!.stores.PP1).toEqual({ available: 'no', count: '0' });
  });

  it('withdraws an unmarked SKU sent before in every store', async () => {
    const { parsed, offers, first } = await build([sku()], new Set(['A-1', 'OLD']));
    expect(parsed.offers.get('OLD')!.stores).toEqual({
      PP1: { available: 'no', count: '0' },
      PP2: { available: 'no', count: '0' },
    });
    expect(offers).toBe(2);
    expect(first).toEqual([]);
    expect((await build([sku({ externalId: 'NEW' })], new Set(['OLD']))).first).toEqual(['NEW']);
  });

  it('keeps the reserve back and never offers more than our stock', async () => {
    const { parsed } = await build([sku({ reserve: new Map([['PP1', 2]]) })]);
    expect(parsed.offers.get('A-1')!.stores.PP1).toEqual({ available: 'yes', count: '3' });
    expect(offeredUnits(2, 5)).toBe(0);
    expect(offeredUnits(4, -3)).toBe(4);
  });

  it('leaves out offers without a name or with price 0 and records them as problems', async () => {
    const { parsed, problems } = await build([
      sku({ externalId: 'N', productName: ' ' }),
      sku({ externalId: 'Z', price: 0 }),
    ]);
    expect(parsed.offers.size).toBe(0);
    expect(problems).toEqual([
      { sku: 'N', reason: 'no_name' },
      { sku: 'Z', reason: 'zero_price' },
    ]);
  });

  it('withdraws a problem SKU that an earlier feed sent instead of leaving it on sale', async () => {
    const { parsed, problems, first } = await build(
      [sku({ externalId: 'Z', price: 0 }), sku({ externalId: 'N', productName: '' })],
      new Set(['Z']),
    );
    expect(parsed.offers.get('Z')!.stores).toEqual({
      PP1: { available: 'no', count: '0' },
      PP2: { available: 'no', count: '0' },
    });
    expect(parsed.offers.has('N')).toBe(false);
    expect(problems.map((p) => p.reason)).toEqual(['zero_price', 'no_name']);
    expect(first).toEqual([]);
  });

  it('refuses an empty source when SKUs were sent before (the last good feed is kept)', async () => {
    await expect(build([], new Set(['A-1']))).rejects.toBeInstanceOf(FeedSourceEmptyError);
    const first = await build([]);
    expect(first.parsed.offers.size).toBe(0);
  });

  it('writes offers as bytes exactly as feedOffer writes their text (decision 078)', () => {
    const stores = ['PP1', 'Склад "Ц" & 2', 'P😀3'];
    const offers: [string, string, string, number[], number][] = [
      ['A-1', 'Платье, размер M', 'Kiim', [5, 0, 12_345], 15_000],
      ['X"&<1', 'Tom & "Jerry" <b>\u0001 \uD800', 'Бренд 😀', [-3, 2.9, Number.NaN], 9.99],
      ['B', 'b', '', [1e21, 7, 10], -0],
    ];
    for (const cityIds of [['750000000', 'К<1>', '751'], []]) {
      const t = new OfferTemplate(stores, cityIds);
      for (const [sku, model, brand, units, price] of offers) {
        const text = feedOffer({
          sku,
          model,
          brand,
          availabilities: stores.map((storeId, i) => {
            const n = Math.max(0, Math.trunc(units[i]!));
            return { storeId, available: n > 0, stockCount: n };
          }),
          cityPrices: cityIds.map((cityId) => ({ cityId, price })),
          price,
        });
        expect(t.offer(sku, model, brand, units, price)).toBe(text);
        expect(Buffer.from(t.offerBytes(sku, model, brand, units, price)).equals(Buffer.from(text))).toBe(
          true,
        );
      }
      const long = 'Я'.repeat(20_000);
      expect(Buffer.from(t.offerBytes('L', long, long, [1, 2, 3], 1)).toString()).toBe(
        t.offer('L', long, long, [1, 2, 3], 1),
      );
    }
  });

  it('formats the Almaty date as yyyy-MM-dd HH:mm', () => {
    expect(almatyStamp(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01 01:30');
  });
});
