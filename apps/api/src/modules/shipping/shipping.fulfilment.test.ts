import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCdekSimulator, type CdekSimulator } from '@kiim/tools/cdek-simulator';
import { CDEK_TEST_ACCOUNT } from '#app/config.shipping.ts';
import { newId } from '#app/lib/ids.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { createCdekShipments } from './shipping.cdek.shipments.ts';
import { processDueShipments, requestShipment } from './shipping.fulfilment.ts';
import { cdekHookSecret } from './shipping.routes.ts';
import type { ShipmentCarrier, ShipmentRequest } from './shipping.shipment.ts';

// The shipment job on the database (SQLite and PostgreSQL) against the CDEK simulator: one parcel per order,
// registration that adopts a lost answer instead of sending twice, INVALID with CDEK's reason, backoff while CDEK
// is down, webhooks as hints only (a forged one changes nothing), delivered as a final state with its history.

const clock = manualClock(new Date('2026-11-29T06:00:00Z'));
let t: TestContext;
let sim: CdekSimulator;
let cdek: ShipmentCarrier;
let seq = 700_000;

beforeAll(async () => {
  sim = createCdekSimulator({ validationDelayMs: 0 });
  const url = await sim.listen();
  t = await createTestApp({
    clock,
    seed: false,
    env: { CDEK_MODE: 'simulator', CDEK_API_URL: `${url}/v2` },
  });
  cdek = createCdekShipments({ apiUrl: `${url}/v2`, ...CDEK_TEST_ACCOUNT, timeoutMs: 1000 });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const parcel = (orderNumber: string, over: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  orderNumber,
  tariffCode: 136,
  pointCode: 'KOK1',
  address: null,
  fromCityCode: 4756,
  shipmentPoint: null,
  sender: { name: 'Kiim', phone: '+77010000000' },
  recipient: { name: 'Айгерим Касымова', phone: '+77011234567' },
  parcel: { weightG: 700, lengthCm: 30, widthCm: 20, heightCm: 5 },
  items: [{ name: 'Платье', sku: 'SKU-1', unitPrice: 12990, unitCollect: 0, weightG: 700, quantity: 1 }],
  deliveryCollect: 0,
  ...over,
});

/** A new order's parcel recorded as the staff action would. */
async function recorded(over: Partial<ShipmentRequest> = {}) {
  const orderId = newId();
  const orderNumber = String(++seq);
  const request = parcel(orderNumber, over);
  await t.db
    .transaction()
    .execute((trx) =>
      requestShipment(trx, { orderId, orderNumber, carrier: 'cdek', request, now: clock.now() }),
    );
  return { orderId, orderNumber, request };
}

const row = (orderId: string) =>
  t.db.selectFrom('shipment').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

/** Runs the job until nothing is due now (validation happens between passes). */
async function settle() {
  const all = [];
  for (let i = 0; i < 5; i++) {
    await sim.idle();
    all.push(...(await processDueShipments(t.db, cdek, clock.now())));
  }
  return all;
}

const hook = (secret: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/shipping/cdek/hooks/${secret}`, payload: body as object });

describe('the shipment job', () => {
  it('registers once per order, tracks it to delivered through a webhook hint, and then leaves it alone', async () => {
    const { orderId, orderNumber, request } = await recorded();
    const again = await t.db
      .transaction()
      .execute((trx) =>
        requestShipment(trx, { orderId, orderNumber, carrier: 'cdek', request, now: clock.now() }),
      );
    expect(again).toBe(false);
    const changes = await settle();
    expect(sim.countByNumber(orderNumber)).toBe(1);
    const registered = await row(orderId);
    expect(registered).toMatchObject({ state: 'registered', attempts: 0 });
    expect(registered.track_number).toMatch(/^\d+$/);
    expect(changes.at(-1)).toMatchObject({ orderId, from: 'registering', to: 'registered' });

    await sim.advance(registered.carrier_id!, 'delivered');
    const secret = cdekHookSecret(t.app.config.otpSecret, t.app.config.shipping.cdek.clientId);
    const res = await hook(secret, { type: 'ORDER_STATUS', uuid: registered.carrier_id, attributes: {} });
    expect(res.statusCode).toBe(200);
    expect((await row(orderId)).next_check_at).toBe(clock.now().toISOString());
    const moved = await settle();
    expect(moved.map((c) => c.to)).toEqual(['delivered']);
    const delivered = await row(orderId);
    expect(delivered).toMatchObject({ state: 'delivered', next_check_at: null });
    const history = await t.db
      .selectFrom('shipment_status')
      .select('code')
      .where('shipment_id', '=', delivered.id)
      .execute();
    expect(history.map((h) => h.code)).toContain('ACCEPTED_AT_PICK_UP_POINT');
    // A final parcel is not read again, whatever hints come.
    await hook(secret, { type: 'ORDER_STATUS', uuid: registered.carrier_id });
    expect(await settle()).toEqual([]);
  });

  it('adopts a registration whose answer was lost instead of sending the parcel twice', async () => {
    const { orderId, orderNumber, request } = await recorded();
    // The job sent it, CDEK took it, the answer never came back (crash, timeout): CDEK holds it, we do not know.
    await cdek.register(request);
    await settle();
    expect(sim.countByNumber(orderNumber)).toBe(1);
    expect((await row(orderId)).state).toBe('registered');
  });

  it('an INVALID registration reaches staff with CDEK’s reason and is final', async () => {
    const { orderId } = await recorded({ pointCode: 'GONE1' });
    const changes = await settle();
    const invalid = await row(orderId);
    expect(invalid).toMatchObject({ state: 'invalid', next_check_at: null });
    expect(JSON.parse(invalid.problems!)).toEqual([
      { code: 'v2_delivery_point_not_found', message: 'Не найден пункт выдачи GONE1' },
    ]);
    expect(changes.find((c) => c.orderId === orderId)?.problems[0]?.message).toContain('GONE1');
  });

  it('waits with a growing pause while CDEK is down, and registers once it is back', async () => {
    const { orderId, orderNumber } = await recorded();
    sim.configure({ slowMs: 1500 });
    await processDueShipments(t.db, cdek, clock.now());
    sim.configure({ slowMs: 0 });
    const waiting = await row(orderId);
    expect(waiting).toMatchObject({ state: 'registering', attempts: 1, carrier_id: null });
    expect(waiting.last_error).toMatch(/timeout/);
    expect(Date.parse(waiting.next_check_at!) - clock.now().getTime()).toBe(60_000);
    expect(await processDueShipments(t.db, cdek, clock.now())).toEqual([]);
    clock.advance(60_000);
    await settle();
    expect((await row(orderId)).state).toBe('registered');
    expect(sim.countByNumber(orderNumber)).toBe(1);
  });

  it('a webhook with a wrong secret is 404; a forged or unreadable one changes nothing', async () => {
    const { orderId } = await recorded();
    await settle();
    const before = await row(orderId);
    expect((await hook('x'.repeat(32), { uuid: before.carrier_id })).statusCode).toBe(404);
    const secret = cdekHookSecret(t.app.config.otpSecret, t.app.config.shipping.cdek.clientId);
    // Forged: claims delivery of a real parcel. Only a re-read follows, and CDEK says it is still registered.
    const forged = {
      type: 'ORDER_STATUS',
      uuid: before.carrier_id,
      attributes: { code: 'DELIVERED', number: before.order_number },
    };
    expect((await hook(secret, forged)).statusCode).toBe(200);
    expect((await hook(secret, [1, { attributes: 'x' }])).statusCode).toBe(200);
    expect((await hook(secret, { uuid: newId() })).statusCode).toBe(200);
    await settle();
    expect((await row(orderId)).state).toBe('registered');
  });
});
