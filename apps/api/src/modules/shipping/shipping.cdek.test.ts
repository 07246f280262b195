import { afterEach, describe, expect, it } from 'vitest';
import {
  createCdekSimulator,
  type CdekSimulator,
  type CdekSimulatorOptions,
} from '@kiim/tools/cdek-simulator';
import { CDEK_TEST_ACCOUNT } from '#app/config.shipping.ts';
import { CarrierUnavailableError } from './shipping.carrier.ts';
import { createCdekCarrier } from './shipping.cdek.ts';
import { createCarrierCache } from './shipping.quotes.ts';
import { CARRIER_UNAVAILABLE } from './shipping.messages.ts';
import { carrierOffer, deliveryCharge } from './shipping.service.ts';

// The CDEK adapter, its caches and checkout's offer against the local simulator (tools/cdek-simulator), which
// speaks CDEK API v2 and injects its known faults. Carrier calls touch no database.

let sim: CdekSimulator;
let calls: string[];
const ALMATY = 4756;
const KOKSHETAU = 5166;
const dress = { weightG: 700, lengthCm: 30, widthCm: 20, heightCm: 5 };

async function setup(options: CdekSimulatorOptions = {}, timeoutMs = 2000) {
  sim = createCdekSimulator({ validationDelayMs: 0, ...options });
  const url = await sim.listen();
  calls = [];
  const counting: typeof fetch = (input, init) => {
    calls.push(new URL(String(input)).pathname.replace('/v2', ''));
    return fetch(input, init);
  };
  return createCdekCarrier({ apiUrl: `${url}/v2`, ...CDEK_TEST_ACCOUNT, timeoutMs, fetch: counting });
}

afterEach(async () => {
  await sim.close();
});

describe('CDEK adapter', () => {
  it('finds cities typed in Kazakh, points with hours and coordinates, and tariffs cheapest first', async () => {
    const cdek = await setup();
    expect(await cdek.suggestCities('Көкш')).toEqual([
      { code: KOKSHETAU, name: 'Кокшетау', region: 'Акмолинская область' },
    ]);
    const points = await cdek.points(KOKSHETAU);
    expect(points.map((p) => `${p.code}:${p.kind}`)).toEqual(['KOK1:pickup_point', 'KOK2:locker']);
    expect(points[1]).toMatchObject({
      openingHours: 'Пн-Вс 08:00-22:00',
      maxWeightG: 15_000,
      latitude: 53.2871,
    });
    const quotes = await cdek.quote({ fromCode: ALMATY, toCode: KOKSHETAU }, dress);
    expect(quotes.map((q) => q.price)).toEqual([...quotes.map((q) => q.price)].sort((a, b) => a - b));
    expect(new Set(quotes.map((q) => q.kind))).toEqual(new Set(['point', 'door', 'locker']));
    expect(calls.filter((c) => c === '/oauth/token')).toHaveLength(1);
  });

  it('takes a new token once when CDEK says v2_token_expired, and fails after a second refusal', async () => {
    const cdek = await setup();
    await cdek.points(KOKSHETAU);
    sim.configure({ expireTokens: 1 });
    expect(await cdek.points(KOKSHETAU)).toHaveLength(2);
    expect(calls.filter((c) => c === '/oauth/token')).toHaveLength(2);
    sim.configure({ expireTokens: 2 });
    await expect(cdek.points(KOKSHETAU)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('turns a 500, a timeout and a malformed answer into CarrierUnavailableError', async () => {
    const cdek = await setup({ calculatorFails: true });
    await expect(cdek.quote({ fromCode: ALMATY, toCode: KOKSHETAU }, dress)).rejects.toThrow(
      /HTTP 500 v2_internal_error/,
    );
    const slow = await (async () => {
      await sim.close();
      return setup({ slowMs: 1500 }, 200);
    })();
    await expect(slow.points(KOKSHETAU)).rejects.toThrow(/timeout/);
    const forged: typeof fetch = async (input) =>
      String(input).endsWith('/oauth/token')
        ? Response.json({ access_token: 'x'.repeat(20), token_type: 'bearer', expires_in: 3600 })
        : Response.json([
            { code: 'X', type: 'PVZ', location: { address: 'a', longitude: 500, latitude: 0 } },
          ]);
    const bad = createCdekCarrier({
      apiUrl: 'http://127.0.0.1:9/v2',
      clientId: 'a',
      clientSecret: 'b',
      timeoutMs: 100,
      fetch: forged,
    });
    await expect(bad.points(1)).rejects.toThrow(/malformed answer/);
  });
});

describe('carrier caches and the checkout offer', () => {
  it('reuses a quote per route and parcel class for its lifetime, asking once for concurrent shoppers', async () => {
    const cdek = await setup();
    let now = 1_000_000;
    const cache = createCarrierCache({ quoteTtlMs: 60_000, now: () => now });
    const route = { fromCode: ALMATY, toCode: KOKSHETAU };
    const [a, b] = await Promise.all([
      cache.quotes(cdek, route, dress),
      cache.quotes(cdek, route, { ...dress, weightG: 900 }),
    ]);
    expect(a).toEqual(b);
    const calculatorCalls = () => calls.filter((c) => c === '/calculator/tarifflist').length;
    expect(calculatorCalls()).toBe(1);
    await cache.quotes(cdek, route, { ...dress, weightG: 1200 });
    expect(calculatorCalls()).toBe(2);
    now += 61_000;
    await cache.quotes(cdek, route, dress);
    expect(calculatorCalls()).toBe(3);
  });

  it('offers points with the cheapest tariff of their kind and the door, all priced', async () => {
    const cdek = await setup();
    const offer = await carrierOffer(
      createCarrierCache({ quoteTtlMs: 60_000 }),
      cdek,
      { fromCode: ALMATY, toCode: KOKSHETAU },
      dress,
    );
    if (!offer.available) throw new Error('expected an offer');
    expect(offer.points.map((p) => [p.code, p.tariffCode])).toEqual([
      ['KOK1', 234],
      ['KOK2', 368],
    ]);
    expect(offer.points[0]!.price).toBeGreaterThan(0);
    expect(offer.door).toMatchObject({ kind: 'door', tariffCode: 233 });
    expect(offer.door!.periodMaxDays).toBeGreaterThanOrEqual(offer.door!.periodMinDays);
  });

  it('keeps the last good point list when CDEK answers an empty one, and says plainly when it is down', async () => {
    const cdek = await setup();
    let now = 1_000_000;
    const cache = createCarrierCache({ quoteTtlMs: 1000, pointsTtlMs: 1000, now: () => now });
    const route = { fromCode: ALMATY, toCode: KOKSHETAU };
    await carrierOffer(cache, cdek, route, dress);
    sim.configure({ emptyDeliveryPoints: true });
    now += 5000;
    const offer = await carrierOffer(cache, cdek, route, dress);
    expect(offer.available && offer.points.map((p) => p.code)).toEqual(['KOK1', 'KOK2']);
    sim.configure({ calculatorFails: true });
    now += 5000;
    expect(await carrierOffer(cache, cdek, route, dress)).toEqual({
      available: false,
      carrier: 'cdek',
      message: CARRIER_UNAVAILABLE,
    });
  });

  it('leaves out a locker the parcel is too heavy for', async () => {
    const cdek = await setup();
    const heavy = { weightG: 16_000, lengthCm: 40, widthCm: 30, heightCm: 30 };
    const offer = await carrierOffer(
      createCarrierCache({ quoteTtlMs: 1000 }),
      cdek,
      { fromCode: ALMATY, toCode: KOKSHETAU },
      heavy,
    );
    expect(offer.available && offer.points.map((p) => p.code)).toEqual(['KOK1']);
  });

  it('never charges more than the shopper saw', () => {
    expect(deliveryCharge(2400, 2600)).toBe(2400);
    expect(deliveryCharge(2400, 2100)).toBe(2100);
    expect(deliveryCharge(2400, null)).toBe(2400);
  });
});
