import { createKaspiShopSimulator, type KaspiShopSimulator } from '@kiim/tools/kaspi-simulator/merchant';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { orderFixtures, type FixtureCity, type FixtureSku } from '#app/test/order.fixtures.ts';
import { createKaspiShop } from '#app/modules/kaspi/kaspi.merchant.client.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { replaceStores } from '#app/modules/kaspi/kaspi.feed.repository.ts';
import { pollKaspiShop, POLL_NAME, type KaspiShopPollDeps } from './kaspi-shop.poll.ts';

// The Kaspi Магазин importer against the Merchant API simulator, on SQLite and PostgreSQL (DATABASE_URL): issue 33
// item 6 — one order per Kaspi order, stock reserved with it, never oversold, released when Kaspi cancels, and
// nothing changed by a malformed answer.

let t: TestContext;
let sim: KaspiShopSimulator;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
let skus: FixtureSku[];
let deps: KaspiShopPollDeps;

beforeAll(async () => {
  sim = createKaspiShopSimulator();
  await sim.listen();
  t = await createTestApp();
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
  skus = await fx.skus(6, 40);
  deps = {
    ...orderDeps(t.app),
    shop: createKaspiShop({ apiUrl: sim.apiUrl, token: sim.token }),
    cityId: city.id,
  };
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(() => sim.configure({ fault: 'none', times: 0, changeStateBetweenPages: false }));

const kaspiOrder = (kaspiId: string) =>
  t.db
    .selectFrom('order')
    .selectAll()
    .where('kaspi_order_id', '=', kaspiId)
    .where('channel', '=', 'kaspi')
    .execute();
const poll = () => pollKaspiShop(deps, new Date());

describe('Kaspi Магазин importer', () => {
  it('imports a new order once: channel kaspi, code, phone, lines by SKU, stock reserved', async () => {
    const sku = skus[0]!;
    await fx.setStock(sku.id, { [city.id]: 5 });
    const k = sim.createOrder({
      lines: [{ sku: sku.externalId, quantity: 2, price: 7000 }],
      phone: '7017654321',
    });

    expect((await poll()).created).toBe(1);
    const second = await poll();
    expect(second.created).toBe(0);

    const [order, ...more] = await kaspiOrder(k.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({
      channel: 'kaspi',
      kaspi_code: k.code,
      kaspi_status: 'APPROVED_BY_BANK',
      status: 'paid',
      payment_id: 4,
      delivery_contact_phone: '77017654321',
      total_amount: 14000,
      kaspi_problem: null,
    });
    const lines = await t.db.selectFrom('order_line').selectAll().where('order_id', '=', order!.id).execute();
    expect(lines.map((l) => [l.external_id, l.qty, Number(l.price), l.source_city_id])).toEqual([
      [sku.externalId, 2, 7000, city.id],
    ]);
    expect(await fx.stockOf(sku.id, city.id)).toBe(3);
    const state = await t.db
      .selectFrom('kaspi_shop_poll')
      .selectAll()
      .where('name', '=', POLL_NAME)
      .executeTakeFirst();
    expect(state).toMatchObject({ last_error: null });
    expect(Number(state!.window_to)).toBeGreaterThan(Number(state!.window_from));
  });

  it('an order for a store staff mapped to a city takes that city’s stock', async () => {
    const other = (await fx.cities()).other;
    const sku = skus[5]!;
    await fx.setStock(sku.id, { [city.id]: 4, [other.id]: 4 });
    const at = new Date().toISOString();
    await replaceStores(t.db, [{ storeId: 'PP7', cityId: other.id, defaultReserve: 0 }], at);
    const k = sim.createOrder({
      lines: [{ sku: sku.externalId, quantity: 1, price: 5000 }],
      phone: '7017654399',
      pickupPointId: '30123456_PP7',
    });
    expect((await poll()).created).toBe(1);
    const [order] = await kaspiOrder(k.id);
    expect(order!.city_id).toBe(other.id);
    expect(await fx.stockOf(sku.id, other.id)).toBe(3);
    expect(await fx.stockOf(sku.id, city.id)).toBe(4);
    await replaceStores(t.db, [], at);
  });

  it('two importers at once make one order and take the stock once', async () => {
    const sku = skus[1]!;
    await fx.setStock(sku.id, { [city.id]: 4 });
    const k = sim.createOrder({ lines: [{ sku: sku.externalId, quantity: 1, price: 5000 }] });

    const reports = await Promise.all([poll(), poll(), poll()]);

    expect(reports.reduce((n, r) => n + r.created, 0)).toBe(1);
    expect(await kaspiOrder(k.id)).toHaveLength(1);
    expect(await fx.stockOf(sku.id, city.id)).toBe(3);
  });

  it('the last units raced between site checkouts and a Kaspi import are never oversold', async () => {
    const sku = skus[2]!;
    await fx.setStock(sku.id, { [city.id]: 3 });
    const made = Array.from({ length: 3 }, () =>
      sim.createOrder({ lines: [{ sku: sku.externalId, quantity: 1, price: 5000 }] }),
    );
    const buyers = await fx.buyers(6, [{ skuId: sku.id, qty: 1 }]);

    const [site] = await Promise.all([
      Promise.all(buyers.map((b) => fx.create(b.token, fx.draft(b.cartId, city)))),
      poll(),
    ]);

    const soldOnSite = site.filter((r) => r.status === 200).length;
    expect(site.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const kaspi = (await Promise.all(made.map((k) => kaspiOrder(k.id)))).flat();
    expect(kaspi).toHaveLength(3);
    const reserved = kaspi.filter((o) => o.kaspi_problem === null).length;
    expect(soldOnSite + reserved).toBe(3);
    for (const o of kaspi.filter((k) => k.kaspi_problem !== null))
      expect(o.kaspi_problem).toMatch(/Не хватает товара.*не зарезервирован/);
    expect(await fx.stockOf(sku.id, city.id)).toBe(0);
    const units = await t.db
      .selectFrom('order_line')
      .select((eb) => eb.fn.sum<number>('qty').as('n'))
      .where('sku_id', '=', sku.id)
      .executeTakeFirstOrThrow();
    expect(Number(units.n)).toBe(3);
  });

  it('an unknown SKU keeps the order for staff without taking stock', async () => {
    const k = sim.createOrder({ lines: [{ sku: 'NO-SUCH-SKU', quantity: 1, price: 100 }] });
    await poll();
    const [order] = await kaspiOrder(k.id);
    expect(order!.kaspi_problem).toContain('NO-SUCH-SKU');
    expect(
      await t.db.selectFrom('order_line').select('id').where('order_id', '=', order!.id).execute(),
    ).toEqual([]);
  });

  it('an order Kaspi cancels gives its units back, once', async () => {
    const sku = skus[3]!;
    await fx.setStock(sku.id, { [city.id]: 2 });
    const k = sim.createOrder({ lines: [{ sku: sku.externalId, quantity: 2, price: 3000 }] });
    await poll();
    expect(await fx.stockOf(sku.id, city.id)).toBe(0);

    sim.kaspi(k.id, 'cancel');
    expect((await poll()).ended).toBe(1);
    expect((await poll()).ended).toBe(0);

    const [order] = await kaspiOrder(k.id);
    expect(order).toMatchObject({ status: 'cancelled', kaspi_status: 'CANCELLED' });
    expect(await fx.stockOf(sku.id, city.id)).toBe(2);
  });

  it('a malformed answer changes nothing, is recorded, and the next poll imports', async () => {
    const sku = skus[4]!;
    await fx.setStock(sku.id, { [city.id]: 1 });
    const before = await fx.count('order');
    const k = sim.createOrder({ lines: [{ sku: sku.externalId, quantity: 1, price: 3000 }] });
    for (const fault of ['malformed', 'wrongShape', 'http500'] as const) {
      sim.configure({ fault, times: 1 });
      const report = await poll();
      expect(report.created).toBe(0);
      expect(report.error).toMatch(/Kaspi Магазин/);
    }
    expect(await fx.count('order')).toBe(before);
    expect(await fx.stockOf(sku.id, city.id)).toBe(1);
    const state = await t.db
      .selectFrom('kaspi_shop_poll')
      .selectAll()
      .where('name', '=', POLL_NAME)
      .executeTakeFirst();
    expect(state!.last_error).toMatch(/Kaspi Магазин/);

    expect((await poll()).created).toBe(1);
    expect(await kaspiOrder(k.id)).toHaveLength(1);
    expect(await fx.stockOf(sku.id, city.id)).toBe(0);
  });
});
