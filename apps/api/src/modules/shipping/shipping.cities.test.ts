import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { City, CitySearchAnswer } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { CDEK_CITY, shopOnCdekSimulator } from '#app/test/carrier.fixtures.ts';
import { CARRIER_UNAVAILABLE } from './shipping.messages.ts';

// The city chooser over the carrier's cities (issue 34 item 1, decision 073) on SQLite and PostgreSQL against the
// local CDEK simulator: search by Russian or Kazakh prefix (the shop's cities first, no duplicate of a city the
// shop has), choosing a carrier city checks its code with the carrier and makes one row however often and however
// concurrently it is chosen; such rows stay off staff lists; a carrier off or down never makes a 500.

const KARAGANDA = 4; // a shop city (seed) the simulator also knows, as 5064

let closeShop: (() => Promise<void>) | undefined;
let t: TestContext;
let off: TestContext;
let down: TestContext;

beforeAll(async () => {
  ({ t, close: closeShop } = await shopOnCdekSimulator());
  off = await createTestApp();
  // Nothing listens on port 9 of loopback: every carrier call fails at once.
  down = await createTestApp({
    env: { CDEK_MODE: 'simulator', CDEK_API_URL: 'http://127.0.0.1:9/v2', CDEK_TIMEOUT_MS: '500' },
  });
  for (const app of [t, down]) {
    await app.db.updateTable('city').set({ cdek_code: CDEK_CITY.almaty }).where('id', '=', 1).execute();
    await app.db.updateTable('city').set({ cdek_code: 5064 }).where('id', '=', KARAGANDA).execute();
  }
});
afterAll(async () => {
  await closeShop?.();
  await off?.close();
  await down?.close();
});

const search = async (ctx: TestContext, q: string, headers: Record<string, string> = {}) => {
  const r = await ctx.app.inject({
    method: 'GET',
    url: `/api/city/search?q=${encodeURIComponent(q)}`,
    headers,
  });
  return { status: r.statusCode, body: r.json() };
};
const choose = async (ctx: TestContext, payload: unknown, headers: Record<string, string> = {}) => {
  const r = await ctx.app.inject({
    method: 'POST',
    url: '/api/city/carrier',
    payload: payload as object,
    headers,
  });
  return { status: r.statusCode, body: r.json() };
};
const rowsOf = (ctx: TestContext, code: number) =>
  ctx.db.selectFrom('city').where('cdek_code', '=', code).select(['id', 'name', 'carrier_found']).execute();

describe('city search', () => {
  it('finds a carrier city typed in Russian or Kazakh, lower or upper case', async () => {
    for (const q of ['кокш', 'Көкш', 'КОКШЕТ']) {
      const r = await search(t, q);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const answer = CitySearchAnswer.parse(r.body.data);
      expect(answer.carrierAvailable).toBe(true);
      expect(answer.cities).toContainEqual({
        cityId: null,
        cdekCode: CDEK_CITY.kokshetau,
        name: 'Кокшетау',
        region: 'Акмолинская область',
      });
    }
  });

  it('lists the shop’s own city first and never again as the carrier’s', async () => {
    const r = await search(t, 'Кара');
    const answer = CitySearchAnswer.parse(r.body.data);
    expect(answer.cities[0]).toMatchObject({ cityId: KARAGANDA, cdekCode: 5064, region: '' });
    expect(answer.cities.filter((c) => c.cdekCode === 5064)).toHaveLength(1);
    const kk = CitySearchAnswer.parse((await search(t, 'Қарағ')).body.data);
    expect(kk.cities.filter((c) => c.cdekCode === 5064)).toHaveLength(1);
  });

  it('refuses a too short, too long or non-letter query with 400', async () => {
    for (const q of ['К', ' к ', 'к'.repeat(41), '<script>', '12', 'а%00б']) {
      const r = await search(t, q);
      expect(r.status, q).toBe(400);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/city/search' });
    expect(none.statusCode).toBe(400);
  });

  it('answers the shop’s cities only, politely, when the carrier is off or down', async () => {
    const o = CitySearchAnswer.parse((await search(off, 'Кара')).body.data);
    expect(o).toMatchObject({ carrierAvailable: false, message: null });
    expect(o.cities.map((c) => c.cityId)).toEqual([KARAGANDA]);
    const d = await search(down, 'Кара');
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ carrierAvailable: false, message: CARRIER_UNAVAILABLE.ru });
    expect(d.body.data.cities.map((c: { cityId: number }) => c.cityId)).toEqual([KARAGANDA]);
    const kk = await search(down, 'кокш', { 'accept-language': 'kk' });
    expect(kk.body.data).toMatchObject({ cities: [], message: CARRIER_UNAVAILABLE.kk });
  });
});

describe('choosing a carrier city', () => {
  it('makes one visible row with the carrier’s name, whatever name the client sent', async () => {
    const r = await choose(t, { cdekCode: CDEK_CITY.kokshetau, name: 'кокш' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const city = City.parse(r.body.data);
    expect(city).toMatchObject({
      name: 'Кокшетау',
      visibleForCustomers: true,
      courierAvailable: false,
      carrierFound: true,
    });
    const again = City.parse(
      (await choose(t, { cdekCode: CDEK_CITY.kokshetau, name: 'Көкшетау' })).body.data,
    );
    expect(again.id).toBe(city.id);
    expect(await rowsOf(t, CDEK_CITY.kokshetau)).toEqual([
      { id: city.id, name: 'Кокшетау', carrier_found: 1 },
    ]);
    // Found again by search, now as the shop's row.
    const found = CitySearchAnswer.parse((await search(t, 'кокш')).body.data);
    expect(found.cities).toEqual([
      { cityId: city.id, cdekCode: CDEK_CITY.kokshetau, name: 'Кокшетау', region: '' },
    ]);
  });

  it('makes one row when two shoppers choose the same city at once', async () => {
    const body = { cdekCode: CDEK_CITY.turkestan, name: 'Туркестан' };
    const [a, b, c] = await Promise.all([choose(t, body), choose(t, body), choose(t, body)]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.data.id, b.body.data.id, c.body.data.id]).size).toBe(1);
    expect(await rowsOf(t, CDEK_CITY.turkestan)).toHaveLength(1);
  });

  it('answers the shop’s own city for a code the shop already has', async () => {
    const r = await choose(t, { cdekCode: 5064, name: 'Караганда' });
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(KARAGANDA);
    expect(r.body.data.carrierFound).toBeUndefined();
    expect(await rowsOf(t, 5064)).toHaveLength(1);
  });

  it('refuses a code the carrier does not confirm under that name (422), and bad bodies (400)', async () => {
    const wrong = await choose(t, { cdekCode: CDEK_CITY.semey, name: 'Кокшетау' });
    expect(wrong.status).toBe(422);
    expect(await rowsOf(t, CDEK_CITY.semey)).toEqual([]);
    for (const body of [
      {},
      { cdekCode: -1, name: 'Семей' },
      { cdekCode: 1.5, name: 'Семей' },
      { cdekCode: CDEK_CITY.semey, name: '' },
      { cdekCode: CDEK_CITY.semey, name: 'С'.repeat(101) },
      { cdekCode: CDEK_CITY.semey, name: 'Семей', visibleForCustomers: false },
    ]) {
      expect((await choose(t, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await rowsOf(t, CDEK_CITY.semey)).toEqual([]);
  });

  it('is refused plainly when the carrier is off (409) or down (503), in the shopper’s language', async () => {
    const o = await choose(off, { cdekCode: CDEK_CITY.semey, name: 'Семей' });
    expect(o.status).toBe(409);
    const d = await choose(down, { cdekCode: CDEK_CITY.semey, name: 'Семей' }, { 'accept-language': 'kk' });
    expect(d.status).toBe(503);
    expect(d.body.message).toBe(CARRIER_UNAVAILABLE.kk);
    expect(await rowsOf(down, CDEK_CITY.semey)).toEqual([]);
  });

  it('limits how many a client may make', async () => {
    const from = { remoteAddress: '10.1.2.3' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/city/carrier', payload: {}, ...from });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('a carrier city in the shop', () => {
  it('is read by id with the carrier’s period, and stays off the header list and staff lists', async () => {
    const id = (await choose(t, { cdekCode: CDEK_CITY.kokshetau, name: 'Кокшетау' })).body.data.id as number;
    const one = await t.app.inject({ method: 'GET', url: `/api/city/${id}` });
    expect(one.statusCode, one.body).toBe(200);
    const city = City.parse(one.json().data);
    expect(city.carrierFound).toBe(true);
    expect(city.carrierPeriod).toEqual({ minDays: expect.any(Number), maxDays: expect.any(Number) });
    expect(city.carrierPeriod!.maxDays).toBeGreaterThanOrEqual(city.carrierPeriod!.minDays);
    const own = await t.app.inject({ method: 'GET', url: `/api/city/${KARAGANDA}` });
    expect(own.json().data.carrierPeriod).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/city/987654' })).statusCode).toBe(404);

    const list = (await t.app.inject({ method: 'GET', url: '/api/city/list' })).json().data as City[];
    expect(list.map((c) => c.id)).not.toContain(id);
    const manager = (await signedInMember(t.app, t.db, 'manager')).cookie;
    const settings = await staffCall(t.app, manager, 'GET', '/api/admin/shipping/settings');
    expect(settings.body.data.cities.map((c: { id: number }) => c.id)).not.toContain(id);
    const catalogue = (await signedInMember(t.app, t.db, 'owner')).cookie;
    const cities = await staffCall(t.app, catalogue, 'GET', '/api/admin/catalogue/cities');
    expect(cities.status).toBe(200);
    expect(JSON.stringify(cities.body.data)).not.toContain('Кокшетау');
  });

  it('shows stock held elsewhere as «В другом городе» on listings and «Доставка из другого города» on a product', async () => {
    const id = (await choose(t, { cdekCode: CDEK_CITY.kokshetau, name: 'Кокшетау' })).body.data.id as number;
    const list = await t.app.inject({ method: 'GET', url: `/api/catalog/products?cityId=${id}&pageSize=15` });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().data.items as { slug: string; stockState: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.stockState !== 'В наличии')).toBe(true);
    const elsewhere = items.find((p) => p.stockState === 'В другом городе')!;
    expect(elsewhere).toBeDefined();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/catalog/product/${elsewhere.slug}?cityId=${id}`,
    });
    expect(page.json().data.stockState).toBe('Доставка из другого города');
  });
});
