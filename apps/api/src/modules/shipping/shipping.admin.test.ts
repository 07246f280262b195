import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { shopOnCdekSimulator } from '#app/test/carrier.fixtures.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { carrierAlsoInOwnCity } from '#app/modules/catalog/catalog.packaging.ts';

// The carrier's back office (issue 34 item 6, decision 070) on SQLite and PostgreSQL against the local CDEK
// simulator: a city's CDEK code is chosen from the carrier's own city search, the «also in own city» switch is
// stored and read by `carrierAlsoInOwnCity`, every change is audited, refusals change nothing; the shipments list
// pages and filters the `shipment` rows.

let closeShop: (() => Promise<void>) | undefined;
let t: TestContext;
let off: TestContext;
let manager: string;
let catalogue: string;
let warehouse: string;
let cityId: number;

beforeAll(async () => {
  ({ t, close: closeShop } = await shopOnCdekSimulator());
  off = await createTestApp();
  manager = (await signedInMember(t.app, t.db, 'manager')).cookie;
  catalogue = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  warehouse = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
  cityId = (await t.db.selectFrom('city').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await closeShop?.();
  await off?.close();
});

const row = async () =>
  t.db
    .selectFrom('city')
    .where('id', '=', cityId)
    .select(['cdek_code', 'carrier_in_own_city'])
    .executeTakeFirstOrThrow();

describe('carrier settings', () => {
  it('shows the configured mode and every city with its carrier settings to a manager', async () => {
    const r = await staffCall(t.app, manager, 'GET', '/api/admin/shipping/settings');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ carrier: 'cdek', mode: 'simulator', connected: true });
    expect(r.body.data.cities.length).toBeGreaterThan(0);
    expect(r.body.data.cities[0]).toMatchObject({ id: cityId, carrierInOwnCity: false });
  });

  it('finds the carrier’s cities by a Russian or Kazakh prefix', async () => {
    const ru = await staffCall(t.app, manager, 'GET', '/api/admin/shipping/carrier-cities?q=Кокш');
    expect(ru.status, JSON.stringify(ru.body)).toBe(200);
    expect(ru.body.data.items).toContainEqual(expect.objectContaining({ code: 5166, name: 'Кокшетау' }));
    const kk = await staffCall(t.app, manager, 'GET', '/api/admin/shipping/carrier-cities?q=Көкш');
    expect(kk.body.data.items.map((c: { code: number }) => c.code)).toContain(5166);
    const short = await staffCall(t.app, manager, 'GET', '/api/admin/shipping/carrier-cities?q=К');
    expect(short.status).toBe(400);
  });

  it('says plainly when the carrier is off or does not answer', async () => {
    const m = (await signedInMember(off.app, off.db, 'owner')).cookie;
    const settings = await staffCall(off.app, m, 'GET', '/api/admin/shipping/settings');
    expect(settings.body.data).toMatchObject({ mode: 'off', connected: false });
    const r = await staffCall(off.app, m, 'GET', '/api/admin/shipping/carrier-cities?q=Алм');
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/CDEK_MODE=off/);
  });

  it('saves a city’s code and switch, audited; carrierAlsoInOwnCity reads the switch', async () => {
    expect(await carrierAlsoInOwnCity(t.db, cityId)).toBe(false);
    const r = await staffCall(t.app, manager, 'PUT', `/api/admin/shipping/cities/${cityId}`, {
      cdekCode: 4756,
      carrierInOwnCity: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: cityId, cdekCode: 4756, carrierInOwnCity: true });
    expect(await row()).toMatchObject({ cdek_code: 4756, carrier_in_own_city: 1 });
    expect(await carrierAlsoInOwnCity(t.db, cityId)).toBe(true);
    expect(await carrierAlsoInOwnCity(t.db, 999_999)).toBe(false);
    const entries = await auditOf(t.db, 'shipping.city_updated');
    expect(entries.at(-1)).toMatchObject({
      entity_type: 'city',
      entity_id: String(cityId),
      after: { cdekCode: 4756, carrierInOwnCity: true },
    });

    const same = await staffCall(t.app, manager, 'PUT', `/api/admin/shipping/cities/${cityId}`, {
      cdekCode: 4756,
      carrierInOwnCity: true,
    });
    expect(same.status).toBe(200);
    expect(await auditOf(t.db, 'shipping.city_updated')).toHaveLength(entries.length);

    const cleared = await staffCall(t.app, manager, 'PUT', `/api/admin/shipping/cities/${cityId}`, {
      cdekCode: '',
      carrierInOwnCity: false,
    });
    expect(cleared.body.data).toMatchObject({ cdekCode: null, carrierInOwnCity: false });
  });

  it('refuses bad input, unknown cities and members without the permission, changing nothing', async () => {
    const before = await row();
    const put = (cookie: string, id: number, body: object) =>
      staffCall(t.app, cookie, 'PUT', `/api/admin/shipping/cities/${id}`, body);
    const bad = await put(manager, cityId, { cdekCode: 'ноль', carrierInOwnCity: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.cdekCode[0]).toContain('целое число');
    expect((await put(manager, cityId, { cdekCode: -5, carrierInOwnCity: true })).status).toBe(400);
    expect((await put(manager, cityId, { cdekCode: 1, carrierInOwnCity: true, x: 1 })).status).toBe(400);
    expect((await put(manager, 999_999, { cdekCode: 1, carrierInOwnCity: true })).status).toBe(404);
    expect((await put(catalogue, cityId, { cdekCode: 1, carrierInOwnCity: true })).status).toBe(403);
    expect((await staffCall(t.app, warehouse, 'GET', '/api/admin/shipping/settings')).status).toBe(403);
    expect(await row()).toEqual(before);
  });
});

describe('shipments list', () => {
  const at = (minute: number) => `2026-12-31T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const shipment = (n: number, state: string, extra: object = {}) => ({
    ...{ id: `shp-${n}`, order_id: `ord-${n}`, order_number: `K-${1000 + n}`, carrier: 'cdek', state },
    request: JSON.stringify({ orderNumber: `K-${1000 + n}`, address: n % 2 ? { cityCode: 5166 } : null }),
    ...{ carrier_id: null, track_number: null, status_at: null, problems: null, label_form_id: null },
    ...{ attempts: 0, next_check_at: null, last_error: null, created_at: at(n), updated_at: at(n) },
    ...extra,
  });

  beforeAll(async () => {
    await t.db.updateTable('city').set({ cdek_code: 5166 }).where('id', '=', cityId).execute();
    const rows = [
      shipment(1, 'invalid', {
        problems: JSON.stringify([{ code: 'v2_bad', message: 'Не указан телефон' }]),
      }),
      shipment(2, 'registering', { attempts: 3, last_error: 'cdek unavailable: timeout' }),
      shipment(3, 'delivered', {
        track_number: '1234567890',
        carrier_id: 'c3a1f6d2-3e1b-4d5a-9f00-000000000003',
      }),
      ...Array.from({ length: 52 }, (_, i) => shipment(10 + i, 'in_transit')),
    ];
    await t.db.insertInto('shipment').values(rows).execute();
  });

  it('pages the parcels, most recently changed first, with order, city, track, error and attempts', async () => {
    const first = await staffCall(t.app, warehouse, 'GET', '/api/admin/shipments');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, pageCount: 2, total: 55 });
    expect(first.body.data.items).toHaveLength(50);
    expect(first.body.data.items[0]).toMatchObject({ orderNumber: 'K-1061', state: 'in_transit' });
    const second = await staffCall(t.app, warehouse, 'GET', '/api/admin/shipments?page=2');
    const byNumber = new Map(
      second.body.data.items.map((i: { orderNumber: string }) => [i.orderNumber, i] as const),
    );
    expect(byNumber.get('K-1001')).toMatchObject({
      state: 'invalid',
      lastError: 'Не указан телефон',
      city: expect.any(String),
      labelAvailable: false,
    });
    expect(byNumber.get('K-1002')).toMatchObject({
      attempts: 3,
      lastError: 'cdek unavailable: timeout',
      city: null,
      labelAvailable: false,
    });
    // The label prints once CDEK accepted the parcel (it has CDEK's uuid and is past registration).
    expect(byNumber.get('K-1003')).toMatchObject({
      trackNumber: '1234567890',
      city: expect.any(String),
      labelAvailable: true,
    });
  });

  it('filters by state and refuses an unknown state or page', async () => {
    const r = await staffCall(t.app, warehouse, 'GET', '/api/admin/shipments?state=invalid');
    expect(r.body.data).toMatchObject({ total: 1, items: [{ orderNumber: 'K-1001' }] });
    expect((await staffCall(t.app, warehouse, 'GET', '/api/admin/shipments?state=lost')).status).toBe(400);
    expect((await staffCall(t.app, warehouse, 'GET', '/api/admin/shipments?page=0')).status).toBe(400);
    expect((await staffCall(t.app, catalogue, 'GET', '/api/admin/shipments')).status).toBe(403);
  });
});
