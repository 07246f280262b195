import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryMethod, ErrorCode } from '@kiim/contract';
import type { CdekSimulator } from '@kiim/tools/cdek-simulator';
import type { TestContext } from '#app/test/helper.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { CDEK_CITY, carrierFixtures, shopOnCdekSimulator } from '#app/test/carrier.fixtures.ts';
import { CARRIER_UNAVAILABLE } from '#app/modules/shipping/shipping.messages.ts';

// Checkout in a carrier city (issue 34 item 2) on SQLite and PostgreSQL against the local CDEK simulator: the split
// cart offers CDEK's points and door delivery quoted from the warehouse city holding the stock, and says plainly
// that carrier delivery is unavailable when CDEK fails, while the shop's own cities keep their own methods.

const { kokshetau: KOKSHETAU, turkestan: TURKESTAN, semey: SEMEY, karaganda: KARAGANDA } = CDEK_CITY;

let sim: CdekSimulator;
let closeShop: (() => Promise<void>) | undefined;
let t: TestContext;
let c: ReturnType<typeof carrierFixtures>;
let externalId: string;
let warehouseCityId: number;

beforeAll(async () => {
  ({ sim, t, close: closeShop } = await shopOnCdekSimulator());
  c = carrierFixtures(t);
  await c.init();
  ({ externalId, warehouseCityId } = c.sku);
});
afterAll(async () => {
  await closeShop?.();
});
beforeEach(() => {
  sim.configure({ calculatorFails: false, emptyDeliveryPoints: false });
});

const carrierCity = (code: number) => c.carrierCity(code);
const cartIn = (cityId: number, qty = 1) => c.cartIn(cityId, qty);
const split = (uuid: string, cityId: number, headers: Record<string, string> = {}) =>
  c.split(uuid, cityId, headers);
const warehouses = (code: number | null) => c.warehouses(code);

describe('split cart in a carrier city', () => {
  it("offers CDEK's points and door delivery quoted from the warehouse city, with prices and periods", async () => {
    const cityId = await carrierCity(KOKSHETAU);
    const uuid = await cartIn(cityId);
    const s = await split(uuid, cityId);
    expect(s.notAvailable.map((i) => i.externalId)).toEqual([externalId]);
    expect(s.carrierDelivery).toMatchObject({ carrier: 'cdek', available: true, message: null });
    const points = s.availablePickupPointList;
    expect(points.map((p) => p.carrier?.code)).toEqual(['KOK1', 'KOK2']);
    expect(points[1]).toMatchObject({
      id: 0,
      regionId: cityId,
      addressCity: `Город ${KOKSHETAU}`,
      openingHours: 'Пн-Вс 08:00-22:00',
      latitude: 53.2871,
      carrier: { carrier: 'cdek', kind: 'locker' },
    });
    for (const p of points) {
      expect(p.carrier!.price).toBeGreaterThan(0);
      expect(p.carrier!.periodMaxDays).toBeGreaterThanOrEqual(p.carrier!.periodMinDays);
    }
    const door = s.carrierDelivery!.door!;
    expect(door.price).toBeGreaterThan(0);
    expect(s.availableDeliveryMethods).toEqual([
      expect.objectContaining({
        id: DeliveryMethod.pickup,
        price: Math.min(...points.map((p) => p.carrier!.price)),
      }),
      expect.objectContaining({ id: DeliveryMethod.courier, price: door.price }),
    ]);
    expect(s.availablePaymentMethods.length).toBeGreaterThan(0);
  });

  it('prices a heavier parcel no lower, and lists each carrier city its own points', async () => {
    const cityId = await carrierCity(KOKSHETAU);
    const one = await split(await cartIn(cityId, 1), cityId);
    const two = await split(await cartIn(cityId, 2), cityId);
    expect(two.carrierDelivery!.door!.price).toBeGreaterThanOrEqual(one.carrierDelivery!.door!.price);
    const other = await carrierCity(SEMEY);
    const semey = await split(await cartIn(other), other);
    expect(semey.availablePickupPointList.map((p) => p.carrier?.code)).toEqual(['SEM1']);
  });

  it('says plainly that carrier delivery is unavailable when CDEK answers 500, in Russian and Kazakh', async () => {
    sim.configure({ calculatorFails: true });
    const cityId = await carrierCity(TURKESTAN);
    const uuid = await cartIn(cityId);
    const ru = await split(uuid, cityId);
    expect(ru.carrierDelivery).toEqual({
      carrier: 'cdek',
      available: false,
      message: CARRIER_UNAVAILABLE.ru,
      door: null,
    });
    expect(ru.availablePickupPointList).toEqual([]);
    expect(ru.availableDeliveryMethods).toEqual([]);
    expect(ru.notAvailable.map((i) => i.externalId)).toEqual([externalId]);
    const kk = await split(uuid, cityId, { 'accept-language': 'kk' });
    expect(kk.carrierDelivery?.message).toBe(CARRIER_UNAVAILABLE.kk);
  });

  it('keeps the own methods of a city the shop serves while CDEK fails, with no carrier part', async () => {
    sim.configure({ calculatorFails: true, emptyDeliveryPoints: true });
    const uuid = await cartIn(warehouseCityId);
    const s = await split(uuid, warehouseCityId);
    expect(s.carrierDelivery).toBeUndefined();
    expect(s.available.map((i) => i.externalId)).toEqual([externalId]);
    expect(s.availableDeliveryMethods.length).toBeGreaterThan(0);
    expect(s.availablePickupPointList.every((p) => p.carrier === undefined && p.id > 0)).toBe(true);
  });

  it('adds CDEK to a city the shop serves when staff switch it on, beside its own points and courier', async () => {
    const own = await split(await cartIn(warehouseCityId), warehouseCityId);
    expect(own.carrierDelivery).toBeUndefined();
    await t.db
      .updateTable('city')
      .set({ carrier_in_own_city: 1 })
      .where('id', '=', warehouseCityId)
      .execute();
    try {
      const both = await split(await cartIn(warehouseCityId), warehouseCityId);
      expect(both.carrierDelivery).toMatchObject({ available: true });
      const ids = both.availablePickupPointList.map((p) => (p.carrier ? 'cdek' : 'own'));
      expect(ids).toContain('own');
      expect(ids).toContain('cdek');
      expect(both.availableDeliveryMethods.map((m) => m.id)).toEqual(
        own.availableDeliveryMethods
          .map((m) => m.id)
          .concat(
            own.availableDeliveryMethods.some((m) => m.id === DeliveryMethod.courier)
              ? []
              : [DeliveryMethod.courier],
          ),
      );
      expect(both.availableDeliveryMethods.find((m) => m.id === DeliveryMethod.pickup)?.price).toBe(0);
    } finally {
      await t.db
        .updateTable('city')
        .set({ carrier_in_own_city: 0 })
        .where('id', '=', warehouseCityId)
        .execute();
    }
  });

  it('offers door delivery alone on an empty point list, and nothing when no warehouse has a CDEK code', async () => {
    sim.configure({ emptyDeliveryPoints: true });
    const karaganda = await carrierCity(KARAGANDA);
    const doorOnly = await split(await cartIn(karaganda), karaganda);
    expect(doorOnly.carrierDelivery).toMatchObject({ available: true, door: { carrier: 'cdek' } });
    expect(doorOnly.availablePickupPointList).toEqual([]);
    expect(doorOnly.availableDeliveryMethods.map((m) => m.id)).toEqual([DeliveryMethod.courier]);
    sim.configure({ emptyDeliveryPoints: false });
    await warehouses(null);
    try {
      const k = await carrierCity(KOKSHETAU);
      const none = await split(await cartIn(k), k);
      expect(none.carrierDelivery).toMatchObject({ available: false, message: CARRIER_UNAVAILABLE.ru });
      expect(none.availableDeliveryMethods).toEqual([]);
    } finally {
      await warehouses(CDEK_CITY.almaty);
    }
  });

  it('refuses an order in a carrier city that names no carrier choice (422), taking no stock', async () => {
    const f = orderFixtures(t);
    const cityId = await carrierCity(KOKSHETAU);
    const buyer = await f.newCustomer();
    const sku = await t.db
      .selectFrom('sku')
      .where('external_id', '=', externalId)
      .select('id')
      .executeTakeFirstOrThrow();
    const cartId = await f.makeCart([{ skuId: sku.id, qty: 1 }], buyer.id);
    const city = { id: cityId, pointId: 1, courierPrice: 0, timeZone: 'Asia/Almaty' };
    const before = await f.stockOf(sku.id, warehouseCityId);
    const forged = await f.create(buyer.token, f.draft(cartId, city));
    expect(forged.status).toBe(422);
    expect(forged.body.code).toBe(ErrorCode.deliveryMethodNotOffered);
    expect(await f.stockOf(sku.id, warehouseCityId)).toBe(before);
  });
});
