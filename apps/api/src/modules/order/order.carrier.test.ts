import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryMethod, ErrorCode, OrderErrorCode, type SplitCart } from '@kiim/contract';
import type { CdekSimulator } from '@kiim/tools/cdek-simulator';
import type { TestContext } from '#app/test/helper.ts';
import { CDEK_CITY, carrierFixtures, shopOnCdekSimulator } from '#app/test/carrier.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { createCarrierCache } from '#app/modules/shipping/shipping.quotes.ts';

// Placing an order delivered by carrier (issue 34 item 2, decision 069) on SQLite and PostgreSQL against the local
// CDEK simulator: the order is priced from the quote the shop signed in the split cart, never above it; forged,
// expired or foreign quotes, unknown points and a parcel changed since the quote are refused with nothing written.

let sim: CdekSimulator;
let closeShop: (() => Promise<void>) | undefined;
let t: TestContext;
let c: ReturnType<typeof carrierFixtures>;
let f: ReturnType<typeof orderFixtures>;

beforeAll(async () => {
  ({ sim, t, close: closeShop } = await shopOnCdekSimulator());
  c = carrierFixtures(t);
  f = orderFixtures(t);
  await c.init();
});
afterAll(async () => {
  await closeShop?.();
});
beforeEach(async () => {
  sim.configure({ calculatorFails: false, emptyDeliveryPoints: false, priceFactor: 1 });
  await f.setStock(c.sku.skuId, { [c.sku.warehouseCityId]: 50 });
});

/** A signed-in buyer with a cart of `qty` units in a new carrier city, and that city's split cart. */
async function buyerIn(qty = 1, code: number = CDEK_CITY.kokshetau) {
  const cityId = await c.carrierCity(code);
  const buyer = await f.newCustomer();
  const cartUuid = await f.makeCart([{ skuId: c.sku.skuId, qty }], buyer.id);
  const split: SplitCart = await c.split(cartUuid, cityId, { 'x-authorization': buyer.token });
  return { cityId, buyer, cartUuid, split };
}

const pointDraft = (b: Awaited<ReturnType<typeof buyerIn>>, over: Record<string, unknown> = {}) => {
  const point = b.split.availablePickupPointList.find((p) => p.carrier?.kind === 'pickup_point')!.carrier!;
  return {
    ...f.draft(b.cartUuid, { id: b.cityId, pointId: 0, courierPrice: 0, timeZone: 'Asia/Almaty' }),
    pickupPointId: undefined,
    carrier: { code: point.code, tariffCode: point.tariffCode, quoteToken: point.quoteToken! },
    ...over,
  };
};

const carrierRows = () => t.db.selectFrom('order_carrier').selectAll().execute();

describe('an order delivered by carrier', () => {
  it('is placed at a CDEK point at the price shown, with the point, the period and stock from the warehouse', async () => {
    const b = await buyerIn(2);
    const point = b.split.availablePickupPointList.find((p) => p.carrier?.kind === 'pickup_point')!;
    const before = await f.stockOf(c.sku.skuId, c.sku.warehouseCityId);
    const res = await f.create(b.buyer.token, pointDraft(b));
    expect(res.status, res.raw).toBe(200);
    const order = res.body.data.order;
    expect(order.deliveryAmount).toBe(point.carrier!.price);
    expect(order.amount).toBe(order.itemsAmount + point.carrier!.price);
    expect(order.pickupPoint).toMatchObject({
      id: 0,
      title: point.title,
      addressStreetNumber: point.addressStreetNumber,
      addressCity: point.addressCity,
      carrier: { code: point.carrier!.code, kind: 'pickup_point' },
    });
    expect(order.carrier).toMatchObject({
      carrier: 'cdek',
      kind: 'pickup_point',
      pointCode: point.carrier!.code,
      price: point.carrier!.price,
      state: null,
      trackNumber: null,
      states: [],
    });
    expect(order.lines[0]).toMatchObject({
      qty: 2,
      sourceRegionId: c.sku.warehouseCityId,
      fromOtherCity: true,
    });
    expect(order.deliveryDateFrom! <= order.deliveryDateTo!).toBe(true);
    expect(await f.stockOf(c.sku.skuId, c.sku.warehouseCityId)).toBe(before - 2);
    const details = await f.call('GET', `/api/order/details/${order.number}`, b.buyer.token);
    expect(details.body.data).toMatchObject({
      carrier: { pointCode: point.carrier!.code },
      pickupPoint: { id: 0 },
    });
  });

  it('is placed to the door with the courier address at the door price', async () => {
    const b = await buyerIn();
    const door = b.split.carrierDelivery!.door!;
    const res = await f.create(b.buyer.token, {
      ...pointDraft(b),
      deliveryMethodId: DeliveryMethod.courier,
      delivery: { street: 'ул. Абая', building: '12' },
      carrier: { code: null, tariffCode: door.tariffCode, quoteToken: door.quoteToken },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.order).toMatchObject({
      deliveryAmount: door.price,
      pickupPoint: null,
      delivery: { street: 'ул. Абая', building: '12' },
      carrier: { kind: 'door', pointCode: null, tariffCode: door.tariffCode },
    });
  });

  it('charges the lower price when the carrier lowered it since, and the shown price when the carrier is down', async () => {
    const cheaper = await buyerIn();
    const shown = cheaper.split.availablePickupPointList[0]!.carrier!.price;
    sim.configure({ priceFactor: 0.5 });
    t.app.shipping!.cache = createCarrierCache({ quoteTtlMs: 900_000 });
    const low = await f.create(cheaper.buyer.token, pointDraft(cheaper));
    expect(low.status, low.raw).toBe(200);
    expect(low.body.data.order.deliveryAmount).toBeLessThan(shown);

    sim.configure({ priceFactor: 2 });
    const dearer = await buyerIn();
    const before = dearer.split.availablePickupPointList[0]!.carrier!.price;
    sim.configure({ priceFactor: 3, calculatorFails: true });
    t.app.shipping!.cache = createCarrierCache({ quoteTtlMs: 900_000 });
    await t.app.shipping!.cache.points(t.app.shipping!.carrier, CDEK_CITY.kokshetau);
    const down = await f.create(dearer.buyer.token, pointDraft(dearer));
    expect(down.status, down.raw).toBe(200);
    expect(down.body.data.order.deliveryAmount).toBe(before);
  });

  it('refuses a forged, foreign or stale quote and an unknown point, writing nothing and taking no stock', async () => {
    const b = await buyerIn();
    const good = pointDraft(b).carrier;
    const [body, sig] = good.quoteToken.split('.');
    const altered = Buffer.from(
      Buffer.from(body!, 'base64url')
        .toString()
        .replace(/\|\d+\|(\d+\|\d+\|[^|]+\|\d+)$/, '|1|$1'),
    );
    const other = await buyerIn(1, CDEK_CITY.semey);
    const cases = [
      {
        carrier: { ...good, quoteToken: `${altered.toString('base64url')}.${sig}` },
        code: OrderErrorCode.carrierQuoteChanged,
      },
      {
        carrier: { ...good, quoteToken: pointDraft(other).carrier.quoteToken },
        code: OrderErrorCode.carrierQuoteChanged,
      },
      { carrier: { ...good, code: 'NOPE1' }, code: ErrorCode.deliveryMethodNotOffered },
      { carrier: { ...good, tariffCode: good.tariffCode + 1 }, code: ErrorCode.deliveryMethodNotOffered },
      { carrier: { ...good, code: null }, code: ErrorCode.validation },
    ];
    const stock = await f.stockOf(c.sku.skuId, c.sku.warehouseCityId);
    const orders = await f.count('order');
    for (const k of cases) {
      const res = await f.create(b.buyer.token, pointDraft(b, { carrier: k.carrier }));
      expect([res.status, res.body.code], JSON.stringify(k)).toEqual([
        (
          { [OrderErrorCode.carrierQuoteChanged]: 409, [ErrorCode.validation]: 400 } as Record<number, number>
        )[k.code] ?? 422,
        k.code,
      ]);
    }
    expect(await f.count('order')).toBe(orders);
    expect(await f.stockOf(c.sku.skuId, c.sku.warehouseCityId)).toBe(stock);
    const rows = await carrierRows();
    const placed = await f.create(b.buyer.token, pointDraft(b));
    expect(placed.status, placed.raw).toBe(200);
    expect(await carrierRows()).toHaveLength(rows.length + 1);
  });

  it('refuses the quote once the cart became another parcel, and a carrier choice in a city the shop serves', async () => {
    const b = await buyerIn(1);
    const draft = pointDraft(b);
    await t.db.updateTable('cart_item').set({ qty: 20 }).where('cart_id', '=', b.cartUuid).execute();
    const changed = await f.create(b.buyer.token, draft);
    expect([changed.status, changed.body.code]).toEqual([409, OrderErrorCode.carrierQuoteChanged]);
    const own = await f.create(b.buyer.token, { ...draft, regionId: c.sku.warehouseCityId });
    expect([own.status, own.body.code]).toEqual([422, ErrorCode.deliveryMethodNotOffered]);
  });
});
