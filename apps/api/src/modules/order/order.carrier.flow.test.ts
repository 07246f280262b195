import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@kiim/contract';
import type { CdekSimulator } from '@kiim/tools/cdek-simulator';
import type { TestContext } from '#app/test/helper.ts';
import { CDEK_CITY, carrierFixtures, shopOnCdekSimulator } from '#app/test/carrier.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { processDueShipments } from '#app/modules/shipping/shipping.fulfilment.ts';
import { applyShipmentChanges } from './order.carrier.ts';
import { orderDeps } from './order.lifecycle.ts';

// A carrier order's life after checkout (issue 34 items 3–4, decisions 068–069) on SQLite and PostgreSQL against
// the CDEK simulator: staff pack and send it, the job registers the parcel once, the label prints, CDEK's states
// move the order with the shopper's notices and tracking, a refused parcel reaches staff with CDEK's reason and
// is sent again, a returned parcel cancels the order and puts its units back.

let sim: CdekSimulator;
let closeShop: (() => Promise<void>) | undefined;
let t: TestContext;
let c: ReturnType<typeof carrierFixtures>;
let f: ReturnType<typeof orderFixtures>;
let manager: string;

beforeAll(async () => {
  ({ sim, t, close: closeShop } = await shopOnCdekSimulator());
  c = carrierFixtures(t);
  f = orderFixtures(t);
  await c.init();
  ({ cookie: manager } = await signedInMember(t.app, t.db, 'manager'));
});
afterAll(async () => {
  await closeShop?.();
});

/** A cash-on-delivery order to a CDEK point in a new carrier city. */
async function carrierOrder(): Promise<{ order: Order; token: string }> {
  await f.setStock(c.sku.skuId, { [c.sku.warehouseCityId]: 20 });
  const cityId = await c.carrierCity(CDEK_CITY.kokshetau);
  const buyer = await f.newCustomer({ name: 'Айгерим' });
  const cartUuid = await f.makeCart([{ skuId: c.sku.skuId, qty: 1 }], buyer.id);
  const split = await c.split(cartUuid, cityId, { 'x-authorization': buyer.token });
  const point = split.availablePickupPointList[0]!.carrier!;
  const res = await f.create(buyer.token, {
    ...f.draft(cartUuid, { id: cityId, pointId: 0, courierPrice: 0, timeZone: 'Asia/Almaty' }),
    pickupPointId: undefined,
    carrier: { code: point.code, tariffCode: point.tariffCode, quoteToken: point.quoteToken! },
  });
  expect(res.status, res.raw).toBe(200);
  return { order: res.body.data.order, token: buyer.token };
}

const page = async (number: string): Promise<AdminOrder> =>
  (await staffCall(t.app, manager, 'GET', `/api/admin/orders/${number}`)).body.data.order;

/** Runs a staff step with the version on the page. */
async function step(number: string, action: string) {
  const { version } = await page(number);
  const r = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${number}/actions`, {
    action,
    version,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.order as AdminOrder;
}

/** One pass of the shipment job, as the worker runs it. */
async function jobPass() {
  await sim.idle();
  const now = new Date();
  await applyShipmentChanges(
    orderDeps(t.app),
    await processDueShipments(t.db, t.app.shipping!.shipments, now),
    now,
  );
}

/** Makes every parcel due now (as a webhook hint does). */
const hintAll = () =>
  t.db
    .updateTable('shipment')
    .set({ next_check_at: new Date(0).toISOString() })
    .where('next_check_at', 'is not', null)
    .execute();

describe('a carrier order after checkout', () => {
  it('is packed and sent by staff, registered once, labelled, tracked to «delivered» and completed', async () => {
    const { order, token } = await carrierOrder();
    expect((await page(order.number)).actions).toEqual(['confirm', 'cancel']);
    await step(order.number, 'confirm');
    const packed = await step(order.number, 'pick');
    expect(packed.actions).toEqual(['ship', 'cancel']);
    const sent = await step(order.number, 'ship');
    expect(sent.shipment).toMatchObject({ state: 'registering', trackNumber: null, labelAvailable: false });
    expect(sent.actions).not.toContain('ship');
    expect(await auditOf(t.db, 'order.shipped')).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity_id: order.number })]),
    );
    const again = await staffCall(t.app, manager, 'POST', `/api/admin/orders/${order.number}/actions`, {
      action: 'ship',
      version: sent.version,
    });
    expect(again.status).toBe(409);

    await jobPass();
    hintAll();
    await jobPass();
    expect(sim.countByNumber(order.number)).toBe(1);
    const registered = await page(order.number);
    expect(registered.shipment).toMatchObject({ state: 'registered', labelAvailable: true });
    expect(registered.carrier!.trackNumber).toMatch(/^\d+$/);
    expect(sim.order(order.number)?.entity).toMatchObject({ delivery_point: order.carrier!.pointCode });

    const label = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.number}/shipment/label`,
      cookies: { kiim_staff: manager },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(label.statusCode, label.body.slice(0, 200)).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await sim.advance(order.number, 'delivered');
    await hintAll();
    await jobPass();
    const done = await f.call<Order>('GET', `/api/order/details/${order.number}`, token);
    expect(done.body.data.status).toBe('completed');
    expect(done.body.data.carrier!.state).toBe('delivered');
    expect(done.body.data.carrier!.states.map((s) => s.state)).toEqual(
      expect.arrayContaining(['handed_to_carrier', 'in_transit', 'at_pickup_point', 'delivered']),
    );
    expect(done.body.data.statusHistory.map((h) => h.status)).toEqual([
      'new',
      'ready_for_pickup',
      'completed',
    ]);
    const sms = await t.db
      .selectFrom('notification')
      .select('event')
      .where('order_id', '=', order.id)
      .execute();
    expect(sms.map((s) => s.event)).toContain('ready_for_pickup');
  });

  it('shows staff CDEK’s reason for a refused parcel and sends it again; a returned parcel cancels the order', async () => {
    const { order } = await carrierOrder();
    await step(order.number, 'confirm');
    await step(order.number, 'pick');
    sim.configure({
      invalidNext: { code: 'v2_recipient_phone_invalid', message: 'Некорректный телефон получателя' },
    });
    await step(order.number, 'ship');
    await jobPass();
    await hintAll();
    await jobPass();
    const refused = await page(order.number);
    expect(refused.shipment).toMatchObject({
      state: 'invalid',
      problems: [{ message: 'Некорректный телефон получателя' }],
    });
    expect(refused.actions).toContain('ship');
    sim.configure({ invalidNext: null });
    await step(order.number, 'ship');
    await jobPass();
    await hintAll();
    await jobPass();
    expect((await page(order.number)).shipment?.state).toBe('registered');
    const before = await f.stockOf(c.sku.skuId, c.sku.warehouseCityId);
    await sim.advance(order.number, [
      'RECEIVED_AT_SHIPMENT_WAREHOUSE',
      'NOT_DELIVERED',
      'RETURNED_TO_SENDER_CITY_WAREHOUSE',
    ]);
    await hintAll();
    await jobPass();
    const back = await page(order.number);
    expect(back.status).toBe('cancelled');
    expect(back.shipment?.state).toBe('returned');
    expect(await f.stockOf(c.sku.skuId, c.sku.warehouseCityId)).toBe(before + 1);
  });
});
