import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CdekSimulator } from '@kiim/tools/cdek-simulator';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { shopOnCdekSimulator } from '#app/test/carrier.fixtures.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { shipmentPointOf } from './shipping.repository.ts';

// A warehouse city's shipment point (issue 34 item 6, decision 074) on SQLite and PostgreSQL against the CDEK
// simulator: staff list the carrier's offices of the city (lockers left out), save one, the order flow reads it;
// a code that is not an office of that city, a locker, a city without CDEK code and the carrier off are refused and
// change nothing; a new CDEK code clears the old city's point; every change is audited once.

let sim: CdekSimulator;
let closeShop: (() => Promise<void>) | undefined;
let t: TestContext;
let off: TestContext;
let manager: string;
let warehouse: string;
let cityId: number;

beforeAll(async () => {
  ({ sim, t, close: closeShop } = await shopOnCdekSimulator());
  off = await createTestApp();
  manager = (await signedInMember(t.app, t.db, 'manager')).cookie;
  warehouse = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
  cityId = (await t.db.selectFrom('city').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await closeShop?.();
  await off?.close();
});

const setCode = (cdekCode: number | null) =>
  staffCall(t.app, manager, 'PUT', `/api/admin/shipping/cities/${cityId}`, {
    cdekCode,
    carrierInOwnCity: false,
  });
const offices = () => staffCall(t.app, manager, 'GET', `/api/admin/shipping/cities/${cityId}/offices`);
const savePoint = (code: unknown, who = manager) =>
  staffCall(t.app, who, 'PUT', `/api/admin/shipping/cities/${cityId}/shipment-point`, { code });

describe('a city’s shipment point', () => {
  it('is refused before the city has a CDEK code, and for staff without shipping.manage', async () => {
    await setCode(null);
    expect((await offices()).status).toBe(409);
    expect((await savePoint('ALA1')).status).toBe(409);
    expect((await savePoint('ALA1', warehouse)).status).toBe(403);
    expect(await shipmentPointOf(t.db, cityId)).toBeNull();
  });

  it('lists the carrier’s offices that accept parcels, not its lockers', async () => {
    expect((await setCode(4756)).status).toBe(200);
    const r = await offices();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const codes = r.body.data.items.map((o: { code: string }) => o.code);
    expect(codes).toContain('ALA1');
    expect(codes).not.toContain('ALA7');
    expect(r.body.data.items[0]).toMatchObject({
      address: expect.any(String),
      openingHours: expect.any(String),
    });
  });

  it('saves an office of the city, shown in the settings, read by the order flow and audited once', async () => {
    const r = await savePoint('ALA1');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: cityId, cdekCode: 4756, shipmentPoint: 'ALA1' });
    expect(await shipmentPointOf(t.db, cityId)).toBe('ALA1');
    expect((await savePoint('ALA1')).status).toBe(200);
    const settings = await staffCall(t.app, manager, 'GET', '/api/admin/shipping/settings');
    expect(settings.body.data.cities.find((c: { id: number }) => c.id === cityId)).toMatchObject({
      shipmentPoint: 'ALA1',
    });
    const entries = await auditOf(t.db, 'shipping.shipment_point_updated');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity_type: 'city', entity_id: String(cityId) });
  });

  it('refuses another city’s office, a locker and a malformed code, changing nothing', async () => {
    for (const [code, status] of [
      ['KOK1', 422],
      ['ALA7', 422],
      ['ALA 1; drop', 400],
      ['x'.repeat(41), 400],
      [12, 400],
    ] as const) {
      const r = await savePoint(code);
      expect(r.status, `${code}: ${JSON.stringify(r.body)}`).toBe(status);
    }
    expect(await shipmentPointOf(t.db, cityId)).toBe('ALA1');
  });

  it('answers 503 when CDEK does not answer, and keeps the point', async () => {
    sim.configure({ slowMs: 3000 });
    try {
      const r = await savePoint('ALA2');
      expect(r.status, JSON.stringify(r.body)).toBe(503);
    } finally {
      sim.configure({ slowMs: 0 });
    }
    expect(await shipmentPointOf(t.db, cityId)).toBe('ALA1');
  });

  it('is cleared by null, and by a new CDEK code for the city', async () => {
    expect((await savePoint('')).body.data.shipmentPoint).toBeNull();
    expect((await savePoint('ALA1')).status).toBe(200);
    expect((await setCode(4756)).status).toBe(200);
    expect(await shipmentPointOf(t.db, cityId)).toBe('ALA1');
    expect((await setCode(4961)).status).toBe(200);
    expect(await shipmentPointOf(t.db, cityId)).toBeNull();
    expect(await auditOf(t.db, 'shipping.shipment_point_updated')).toHaveLength(3);
  });

  it('is 409 with the carrier off', async () => {
    const member = (await signedInMember(off.app, off.db, 'manager')).cookie;
    const id = (await off.db.selectFrom('city').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const r = await staffCall(off.app, member, 'GET', `/api/admin/shipping/cities/${id}/offices`);
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('CDEK_MODE=off');
  });
});
