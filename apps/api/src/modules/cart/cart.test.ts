import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cart,
  CartDeliveryInformation,
  ErrorBody,
  ErrorCode,
  PickupPoint,
  SplitCart,
  TOKEN_EXPIRED_MESSAGE,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { countQueries } from '#app/test/inject.ts';
import { newId } from '#app/lib/ids.ts';
import { issueToken } from '#app/modules/customer/customer.token.ts';
import { addOrUpdateItem, getCart, loadCartLines, splitCart } from './cart.service.ts';
import { deliveryInformation, type CartCity, type CartLine } from './cart.mapper.ts';
import * as fixtures from '#app/test/cart.fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ADD = '/api/cart/add-or-update-item';
type Json = Record<string, unknown>;

async function put(payload: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'PUT', url: ADD, payload: payload as Json, headers });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { status: res.statusCode, body: res.json() };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { status: res.statusCode, body: res.json() };
}

/** Adds `qty` (a delta) and returns the cart answered. */
async function add(
  uuid: string | undefined,
  externalId: string,
  qty: number,
  regionId = 1,
  headers: Record<string, string> = {},
) {
  const res = await put({ ...(uuid ? { uuid } : {}), externalId, regionId, qty }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Cart.parse(res.body.data);
}

/** Stored quantity of a line, or undefined when there is no line. */
async function storedQty(uuid: string, externalId: string) {
  const row = await t.db
    .selectFrom('cart_item as ci')
    .innerJoin('sku as s', 's.id', 'ci.sku_id')
    .select('ci.qty')
    .where('ci.cart_id', '=', uuid)
    .where('s.external_id', '=', externalId)
    .executeTakeFirst();
  return row?.qty;
}

/** Every cart and cart line, to prove that a refused request changed nothing. */
async function snapshot() {
  const carts = await t.db.selectFrom('cart').selectAll().orderBy('id').execute();
  const items = await t.db.selectFrom('cart_item').selectAll().orderBy('cart_id').orderBy('sku_id').execute();
  return { carts, items };
}

/** A SKU with stock in no city at all: found in the seed, or made so by emptying one SKU's stock. */
async function skuNowhere(): Promise<string> {
  const found = await t.db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select('s.external_id')
    .where('p.is_active', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('stock as st')
            .select('st.sku_id')
            .whereRef('st.sku_id', '=', 's.id')
            .where('st.quantity', '>', 0),
        ),
      ),
    )
    .orderBy('s.id')
    .executeTakeFirst();
  if (found) return found.external_id;
  const sku = (await skusWithStock(1, 1)).at(-1)!;
  await t.db.updateTable('stock').set({ quantity: 0 }).where('sku_id', '=', sku.id).execute();
  return sku.external_id;
}

// Seed look-ups and customers shared with the other cart tests (cart.fixtures.ts).
const skusWithStock = (cityId: number, min: number, max?: number) =>
  fixtures.skusWithStock(t.db, cityId, min, max);
const skusOnlyElsewhere = (cityId: number) => fixtures.skusOnlyElsewhere(t.db, cityId);
const newCustomer = (mobile: string) => fixtures.newCustomer(t.db, mobile);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('PUT /api/cart/add-or-update-item', () => {
  it('creates a new cart when no uuid is given and answers it with data.uuid (spec §7)', async () => {
    const [sku] = await skusWithStock(1, 5);
    const before = await t.db.selectFrom('cart').select('id').execute();
    const cart = await add(undefined, sku!.external_id, 2);
    expect(cart.uuid).toMatch(UUID_RE);
    expect(before.map((c) => c.id)).not.toContain(cart.uuid);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      externalId: sku!.external_id,
      qty: 2,
      inStock: true,
      price: sku!.price,
      stockCount: 6,
    });
    const row = await t.db
      .selectFrom('cart')
      .selectAll()
      .where('id', '=', cart.uuid)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBeNull();
    expect(await storedQty(cart.uuid, sku!.external_id)).toBe(2);
  });

  it('adds deltas: twice sums, negative reduces, reaching 0 deletes, below 0 deletes', async () => {
    const [a, b] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1);
    await add(uuid, a!.external_id, 2);
    expect(await storedQty(uuid, a!.external_id)).toBe(3);
    let cart = await add(uuid, a!.external_id, -1);
    expect(cart.items.map((i) => [i.externalId, i.qty])).toEqual([[a!.external_id, 2]]);
    cart = await add(uuid, a!.external_id, -2);
    expect(cart.items).toEqual([]);
    expect(await storedQty(uuid, a!.external_id)).toBeUndefined();

    await add(uuid, b!.external_id, 2);
    cart = await add(uuid, b!.external_id, -5);
    expect(cart.items).toEqual([]);
    expect(await storedQty(uuid, b!.external_id)).toBeUndefined();
    // The cart itself stays, empty.
    expect(
      await t.db.selectFrom('cart').select('id').where('id', '=', uuid).executeTakeFirst(),
    ).toBeDefined();
  });

  it('a negative delta on a missing line does nothing; a zero delta changes nothing', async () => {
    const [a, b] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1);
    let cart = await add(uuid, b!.external_id, -3);
    expect(cart.items.map((i) => i.externalId)).toEqual([a!.external_id]);
    expect(await storedQty(uuid, b!.external_id)).toBeUndefined();
    await add(uuid, b!.external_id, 0);
    expect(await storedQty(uuid, b!.external_id)).toBeUndefined();
    cart = await add(uuid, a!.external_id, 0);
    expect(cart.items.map((i) => i.qty)).toEqual([1]);
  });

  it('accepts the cart uuid in any case', async () => {
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1);
    const cart = await add(uuid.toUpperCase(), a!.external_id, 1);
    expect(cart.uuid).toBe(uuid);
    expect(cart.items[0]!.qty).toBe(2);
    expect((await get(`/api/cart/get-by-uuid/${uuid.toUpperCase()}/1`)).body.data.cart.uuid).toBe(uuid);
  });

  it('caps a line at 999', async () => {
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 999);
    const cart = await add(uuid, a!.external_id, 5);
    expect(cart.items[0]!.qty).toBe(999);
    expect((await add(uuid, a!.external_id, -998)).items[0]!.qty).toBe(1);
  });

  it('keeps lines in the order they were added; updating a line does not move it', async () => {
    const [a, b, c] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, b!.external_id, 1);
    await add(uuid, c!.external_id, 1);
    await add(uuid, a!.external_id, 1);
    const cart = await add(uuid, b!.external_id, 1);
    expect(cart.items.map((i) => i.externalId)).toEqual([b!.external_id, c!.external_id, a!.external_id]);
  });

  it('keeps the order of lines added within the same millisecond', async () => {
    // `created_at` has millisecond precision: lines added in one millisecond used to come back in SKU order.
    const [a, b, c] = await skusWithStock(1, 5);
    const requester = { token: undefined, now: new Date('2026-11-27T10:00:00.000Z') };
    const line = (sku: typeof a, uuid?: string) => ({
      uuid,
      externalId: sku!.external_id,
      regionId: 1,
      qty: 1,
    });
    const { uuid } = await addOrUpdateItem(t.db, line(c), requester);
    await addOrUpdateItem(t.db, line(a, uuid), requester);
    await addOrUpdateItem(t.db, line(b, uuid), requester);
    const cart = Cart.parse((await get(`/api/cart/get-by-uuid/${uuid}/1`)).body.data.cart);
    expect(cart.items.map((i) => i.externalId)).toEqual([c!.external_id, a!.external_id, b!.external_id]);
  });

  it('answers the cart for the city regionId', async () => {
    const [hidden] = await t.db
      .selectFrom('city')
      .select('id')
      .where('visible_for_customers', '=', 0)
      .execute();
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1, 1);
    const cart = await add(uuid, a!.external_id, 1, hidden!.id);
    expect(cart.items[0]).toMatchObject({ qty: 2, inStock: false, stockCount: 0 });
    expect(cart.totalAmount).toBe(0);
  });

  it('does not add a product that is no longer sold, but lets its line be lowered', async () => {
    const [, , , , a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 3);
    const productId = (
      await t.db.selectFrom('sku').select('product_id').where('id', '=', a!.id).executeTakeFirstOrThrow()
    ).product_id;
    await t.db.updateTable('product').set({ is_active: 0 }).where('id', '=', productId).execute();
    try {
      const res = await put({ uuid, externalId: a!.external_id, regionId: 1, qty: 1 });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ErrorCode.skuNotFound);
      const cart = await add(uuid, a!.external_id, -1);
      expect(cart.items[0]).toMatchObject({
        qty: 2,
        inStock: false,
        deliveryInformation: CartDeliveryInformation.none,
      });
    } finally {
      await t.db.updateTable('product').set({ is_active: 1 }).where('id', '=', productId).execute();
    }
  });
});

describe('refused input changes nothing', () => {
  const ctx = { uuid: '', sku: '' };
  beforeAll(async () => {
    const [a] = await skusWithStock(1, 5);
    ctx.sku = a!.external_id;
    ctx.uuid = (await add(undefined, ctx.sku, 2)).uuid;
  });
  it.each([
    [
      'malformed uuid',
      () => ({ uuid: 'not-a-uuid', externalId: 'X', regionId: 1, qty: 1 }),
      400,
      ErrorCode.validation,
    ],
    [
      'unknown uuid',
      () => ({ uuid: newId(), externalId: ctx.sku, regionId: 1, qty: 1 }),
      404,
      ErrorCode.cartNotFound,
    ],
    [
      'unknown externalId',
      () => ({ uuid: ctx.uuid, externalId: 'NO-SUCH-SKU', regionId: 1, qty: 1 }),
      404,
      ErrorCode.skuNotFound,
    ],
    [
      'unknown externalId, new cart',
      () => ({ externalId: 'NO-SUCH-SKU', regionId: 1, qty: 1 }),
      404,
      ErrorCode.skuNotFound,
    ],
    [
      'unknown regionId',
      () => ({ uuid: ctx.uuid, externalId: ctx.sku, regionId: 9999, qty: 1 }),
      404,
      ErrorCode.cityNotFound,
    ],
    [
      'unknown regionId, new cart',
      () => ({ externalId: ctx.sku, regionId: 9999, qty: -1 }),
      404,
      ErrorCode.cityNotFound,
    ],
    [
      'qty 1.5',
      () => ({ uuid: ctx.uuid, externalId: ctx.sku, regionId: 1, qty: 1.5 }),
      400,
      ErrorCode.validation,
    ],
    [
      'qty as a string',
      () => ({ uuid: ctx.uuid, externalId: ctx.sku, regionId: 1, qty: '1' }),
      400,
      ErrorCode.validation,
    ],
    [
      'qty over 999',
      () => ({ uuid: ctx.uuid, externalId: ctx.sku, regionId: 1, qty: 1000 }),
      400,
      ErrorCode.validation,
    ],
    [
      'qty under -999',
      () => ({ uuid: ctx.uuid, externalId: ctx.sku, regionId: 1, qty: -1000 }),
      400,
      ErrorCode.validation,
    ],
    [
      'regionId 0',
      () => ({ uuid: ctx.uuid, externalId: ctx.sku, regionId: 0, qty: 1 }),
      400,
      ErrorCode.validation,
    ],
    [
      'regionId as a string',
      () => ({ uuid: ctx.uuid, externalId: ctx.sku, regionId: '1', qty: 1 }),
      400,
      ErrorCode.validation,
    ],
    ['missing qty and regionId', () => ({ uuid: ctx.uuid, externalId: ctx.sku }), 400, ErrorCode.validation],
    ['missing externalId', () => ({ uuid: ctx.uuid, regionId: 1, qty: 1 }), 400, ErrorCode.validation],
    [
      'empty externalId',
      () => ({ uuid: ctx.uuid, externalId: '', regionId: 1, qty: 1 }),
      400,
      ErrorCode.validation,
    ],
    [
      'extra field',
      () => ({ uuid: ctx.uuid, externalId: ctx.sku, regionId: 1, qty: 1, price: 1 }),
      400,
      ErrorCode.validation,
    ],
    ['not an object', () => [1, 2, 3], 400, ErrorCode.validation],
  ] as const)('%s → %i', async (_name, payload, status, code) => {
    const before = await snapshot();
    const res = await put(payload());
    expect(res.status).toBe(status);
    expect(ErrorBody.parse(res.body).code).toBe(code);
    expect(typeof res.body.message).toBe('string');
    if (status === 400) expect(res.body.errors ?? {}).toBeTypeOf('object');
    expect(await snapshot()).toEqual(before);
  });

  it('malformed JSON → 400 and nothing changed', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'PUT',
      url: ADD,
      payload: '{"qty": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(await snapshot()).toEqual(before);
  });

  it('a body that is not JSON → 415 and nothing changed', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'PUT',
      url: ADD,
      payload: '<qty>1</qty>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(ErrorBody.parse(res.json()).code).toBe(ErrorCode.validation);
    expect(await snapshot()).toEqual(before);
  });

  it('names the bad fields', async () => {
    const res = await put({ uuid: ctx.uuid, externalId: ctx.sku, regionId: 1, qty: 1.5 });
    expect(Object.keys(res.body.errors)).toContain('qty');
  });
});

describe('GET /api/cart/get-by-uuid/:uuid/:cityId', () => {
  it('answers data.cart with uuid, items and totals (spec §7, §9)', async () => {
    const [a, b] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 2);
    await add(uuid, b!.external_id, 1);
    const res = await get(`/api/cart/get-by-uuid/${uuid}/1`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['cart']);
    const cart = Cart.parse(res.body.data.cart);
    expect(cart.uuid).toBe(uuid);
    expect(cart.items.map((i) => [i.externalId, i.qty])).toEqual([
      [a!.external_id, 2],
      [b!.external_id, 1],
    ]);
    const item = cart.items[0]!;
    const product = await t.db
      .selectFrom('sku as s')
      .innerJoin('product as p', 'p.id', 's.product_id')
      .innerJoin('brand as br', 'br.id', 'p.brand_id')
      .select([
        'p.id',
        'p.slug',
        'p.name',
        'p.colour_name',
        'p.price',
        'p.original_price',
        's.size',
        'br.name as brand',
      ])
      .where('s.id', '=', a!.id)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      externalId: a!.external_id,
      qty: 2,
      inStock: true,
      price: product.price,
      originalPrice: product.original_price,
      deliveryInformation: CartDeliveryInformation.pickup,
      productId: product.id,
      slug: product.slug,
      name: product.name,
      brandName: product.brand,
      size: product.size,
      colourName: product.colour_name,
      stockCount: 6,
    });
    expect(item.image).not.toBeNull();
    expect(item.image!.width).toBeGreaterThan(0);
    expect(cart.totalAmount).toBe(a!.price * 2 + b!.price);
    expect(cart.totalSavings).toBe((a!.original_price - a!.price) * 2 + (b!.original_price - b!.price));
    expect(cart.totalCount).toBe(3);
    // The exact stock quantity never leaves the server.
    expect(JSON.stringify(res.body)).not.toMatch(/quantity/i);
  });

  it('caps each line at its decoded stock in the count and prices only lines in stock (spec §9)', async () => {
    let few = (await skusWithStock(1, 1, 4))[0];
    if (!few) {
      few = (await skusWithStock(1, 5)).at(-2)!;
      await t.db
        .updateTable('stock')
        .set({ quantity: 3 })
        .where('sku_id', '=', few.id)
        .where('city_id', '=', 1)
        .execute();
    }
    const [many] = await skusWithStock(1, 5);
    const [elsewhere] = await skusOnlyElsewhere(1);
    const { uuid } = await add(undefined, few.external_id, 10);
    await add(uuid, many!.external_id, 10);
    await add(uuid, elsewhere!.external_id, 2);
    const cart = Cart.parse((await get(`/api/cart/get-by-uuid/${uuid}/1`)).body.data.cart);
    expect(cart.items.map((i) => i.stockCount)).toEqual([4, 6, 0]);
    expect(cart.totalCount).toBe(4 + 6 + 0);
    expect(cart.totalAmount).toBe(few.price * 10 + many!.price * 10);
    expect(cart.totalSavings).toBe(
      (few.original_price - few.price) * 10 + (many!.original_price - many!.price) * 10,
    );
    expect(cart.items[2]).toMatchObject({
      inStock: false,
      deliveryInformation: CartDeliveryInformation.otherCity,
    });
  });

  it('400 for a malformed uuid or city id; 404 for an unknown cart or city', async () => {
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1);
    for (const [url, status, code] of [
      ['/api/cart/get-by-uuid/not-a-uuid/1', 400, ErrorCode.validation],
      [`/api/cart/get-by-uuid/${uuid}/abc`, 400, ErrorCode.validation],
      [`/api/cart/get-by-uuid/${uuid}/0`, 400, ErrorCode.validation],
      [`/api/cart/get-by-uuid/${newId()}/1`, 404, ErrorCode.cartNotFound],
      [`/api/cart/get-by-uuid/${uuid}/9999`, 404, ErrorCode.cityNotFound],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(ErrorBody.parse(res.body).code, url).toBe(code);
    }
  });
});

describe('GET /api/cart/split-cart-items-by-region-id/:cartUuid/:cityId', () => {
  async function splitCartOf(uuid: string, cityId: number) {
    const res = await get(`/api/cart/split-cart-items-by-region-id/${uuid}/${cityId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return SplitCart.parse(res.body.data);
  }

  it('splits lines into available and not available in the city, with its pickup points and methods', async () => {
    const [inCity] = await skusWithStock(1, 5);
    const [elsewhere] = await skusOnlyElsewhere(1);
    const nowhere = await skuNowhere();
    const { uuid } = await add(undefined, elsewhere!.external_id, 1);
    await add(uuid, inCity!.external_id, 2);
    await add(uuid, nowhere, 1);

    const split = await splitCartOf(uuid, 1);
    expect(split.available.map((i) => [i.externalId, i.qty, i.inStock])).toEqual([
      [inCity!.external_id, 2, true],
    ]);
    expect(split.notAvailable.map((i) => [i.externalId, i.inStock, i.deliveryInformation])).toEqual([
      [elsewhere!.external_id, false, CartDeliveryInformation.otherCity],
      [nowhere, false, CartDeliveryInformation.none],
    ]);
    expect(split.available[0]!.deliveryInformation).toBe(CartDeliveryInformation.pickup);

    const points = await t.db
      .selectFrom('pickup_point')
      .selectAll()
      .where('city_id', '=', 1)
      .orderBy('id')
      .execute();
    expect(points.length).toBeGreaterThan(0);
    expect(split.availablePickupPointList.map((p) => p.id)).toEqual(points.map((p) => p.id));
    const first = split.availablePickupPointList[0]!;
    // Every field of spec §3; `carrier` only on a carrier's point (issue 34 item 2, cart.carrier.test.ts).
    const ownFields = Object.keys(PickupPoint.shape).filter((k) => k !== 'carrier');
    expect(Object.keys(first).sort()).toEqual(ownFields.sort());
    expect(first).toEqual({
      id: points[0]!.id,
      regionId: 1,
      title: points[0]!.title,
      buildingName: points[0]!.building_name,
      addressCity: points[0]!.address_city,
      addressStreetNumber: points[0]!.address_street_number,
      addressEntranceNumber: points[0]!.address_entrance_number,
      addressFloor: points[0]!.address_floor,
      addressApartmentNumber: points[0]!.address_apartment_number,
      addressComment: points[0]!.address_comment,
      openingHours: points[0]!.opening_hours,
      longitude: points[0]!.longitude,
      latitude: points[0]!.latitude,
    });

    const city1 = await t.db.selectFrom('city').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(city1.courier_available).toBe(1);
    expect(split.availableDeliveryMethods).toEqual([
      { id: 1, name: 'Самовывоз', price: 0 },
      { id: 2, name: 'Курьерская доставка', price: city1.courier_price },
    ]);
    expect(split.availablePaymentMethods).toEqual([
      { id: 1, name: 'Наличными при получении', deliveryMethodIds: [1, 2] },
      { id: 2, name: 'Картой при получении', deliveryMethodIds: [1, 2] },
      { id: 3, name: 'Картой онлайн', deliveryMethodIds: [1, 2] },
    ]);
  });

  it('offers the courier only where the city has one', async () => {
    const noCourier = await t.db
      .selectFrom('city')
      .select('id')
      .where('courier_available', '=', 0)
      .where('visible_for_customers', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1);
    const split = await splitCartOf(uuid, noCourier.id);
    expect(split.availableDeliveryMethods.map((m) => m.id)).toEqual([1]);
    expect(split.availablePickupPointList.length).toBeGreaterThan(0);
    expect(split.availablePickupPointList.every((p) => p.regionId === noCourier.id)).toBe(true);
  });

  it('a city hidden from customers has nothing available, even with stock there (spec §4)', async () => {
    const hidden = await t.db
      .selectFrom('city')
      .select('id')
      .where('visible_for_customers', '=', 0)
      .executeTakeFirstOrThrow();
    const inHidden = (await skusWithStock(hidden.id, 1))[0];
    const [inCity] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, inCity!.external_id, 1);
    if (inHidden) await add(uuid, inHidden.external_id, 1);
    const split = await splitCartOf(uuid, hidden.id);
    expect(split.available).toEqual([]);
    expect(split.notAvailable.length).toBe(inHidden ? 2 : 1);
    expect(split.notAvailable.every((i) => !i.inStock && i.stockCount === 0)).toBe(true);
    expect(split.availablePickupPointList).toEqual([]);
    expect(split.availableDeliveryMethods).toEqual([]);
    const cart = Cart.parse((await get(`/api/cart/get-by-uuid/${uuid}/${hidden.id}`)).body.data.cart);
    expect(cart.totalCount).toBe(0);
    expect(cart.totalAmount).toBe(0);
  });

  it('400 for a malformed uuid; 404 for an unknown cart or city', async () => {
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1);
    for (const [url, status, code] of [
      ['/api/cart/split-cart-items-by-region-id/123/1', 400, ErrorCode.validation],
      [`/api/cart/split-cart-items-by-region-id/${newId()}/1`, 404, ErrorCode.cartNotFound],
      [`/api/cart/split-cart-items-by-region-id/${uuid}/9999`, 404, ErrorCode.cityNotFound],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(ErrorBody.parse(res.body).code, url).toBe(code);
    }
  });
});

describe("a customer's cart", () => {
  it('is visible and changeable only with its owner’s token (header or cookie); never revealed to others', async () => {
    const owner = await newCustomer('77010000001');
    const other = await newCustomer('77010000002');
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1);
    await t.db.updateTable('cart').set({ customer_id: owner.id }).where('id', '=', uuid).execute();

    const urls = [`/api/cart/get-by-uuid/${uuid}/1`, `/api/cart/split-cart-items-by-region-id/${uuid}/1`];
    for (const url of urls) {
      for (const headers of [
        {},
        { 'x-authorization': other.token },
        { cookie: `customer_token=${other.token}` },
      ] as Record<string, string>[]) {
        const res = await get(url, headers);
        expect(res.status, url).toBe(404);
        expect(res.body.code).toBe(ErrorCode.cartNotFound);
      }
      expect((await get(url, { 'x-authorization': owner.token })).status).toBe(200);
      expect((await get(url, { cookie: `customer_token=${owner.token}` })).status).toBe(200);
    }

    const before = await snapshot();
    for (const headers of [{}, { 'x-authorization': other.token }] as Record<string, string>[]) {
      const res = await put({ uuid, externalId: a!.external_id, regionId: 1, qty: 1 }, headers);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ErrorCode.cartNotFound);
    }
    expect(await snapshot()).toEqual(before);

    const cart = await add(uuid, a!.external_id, 1, 1, { 'x-authorization': owner.token });
    expect(cart.items[0]!.qty).toBe(2);
  });

  it('an expired token on an owned cart gets 403 "Token has expired" (spec §8)', async () => {
    const owner = await newCustomer('77010000003');
    const expired = await issueToken(t.db, owner.id, new Date(Date.now() - 40 * 24 * 3600 * 1000), 'code');
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1);
    await t.db.updateTable('cart').set({ customer_id: owner.id }).where('id', '=', uuid).execute();
    const res = await get(`/api/cart/get-by-uuid/${uuid}/1`, { 'x-authorization': expired });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: ErrorCode.tokenExpired, message: TOKEN_EXPIRED_MESSAGE });
  });

  it('an anonymous cart stays anonymous when used with a token, and works whatever token is sent', async () => {
    const someone = await newCustomer('77010000004');
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 1, 1, { 'x-authorization': someone.token });
    await add(uuid, a!.external_id, 1, 1, { 'x-authorization': someone.token });
    const row = await t.db.selectFrom('cart').selectAll().where('id', '=', uuid).executeTakeFirstOrThrow();
    expect(row.customer_id).toBeNull();
    expect(
      (await get(`/api/cart/get-by-uuid/${uuid}/1`, { 'x-authorization': 'stale-or-unknown' })).status,
    ).toBe(200);
  });
});

describe('concurrency', () => {
  it('50 parallel +1 calls on one cart leave exactly qty 50; 20 parallel −1 leave 30', async () => {
    const [a, b] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, b!.external_id, 1);
    const plus = await Promise.all(
      Array.from({ length: 50 }, () => put({ uuid, externalId: a!.external_id, regionId: 1, qty: 1 })),
    );
    expect(plus.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await storedQty(uuid, a!.external_id)).toBe(50);
    const minus = await Promise.all(
      Array.from({ length: 20 }, () => put({ uuid, externalId: a!.external_id, regionId: 1, qty: -1 })),
    );
    expect(minus.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await storedQty(uuid, a!.external_id)).toBe(30);
  });

  it('parallel removals past zero delete the line once and never break the qty > 0 check', async () => {
    const [a] = await skusWithStock(1, 5);
    const { uuid } = await add(undefined, a!.external_id, 10);
    const res = await Promise.all(
      Array.from({ length: 8 }, () => put({ uuid, externalId: a!.external_id, regionId: 1, qty: -3 })),
    );
    expect(res.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await storedQty(uuid, a!.external_id)).toBeUndefined();
  });

  it('parallel mixed deltas on a fresh line add up', async () => {
    const [a] = await skusWithStock(1, 5);
    const [b] = await skusOnlyElsewhere(1);
    const { uuid } = await add(undefined, a!.external_id, 1);
    const deltas = [5, 3, -2, 4, -1, 6, 2, -3, 1, 7];
    const res = await Promise.all(
      deltas.map((qty) => put({ uuid, externalId: b!.external_id, regionId: 1, qty })),
    );
    expect(res.every((r) => r.status === 200)).toBe(true);
    const qty = await storedQty(uuid, b!.external_id);
    // Order-dependent only through "a negative delta on a missing line does nothing": the sum of all is 22,
    // and at most the negative deltas applied before any positive one are lost.
    expect(qty).toBeGreaterThanOrEqual(22);
    expect(qty).toBeLessThanOrEqual(22 + 6);
  });
});

describe('loadCartLines (for the order flow)', () => {
  it('gives each line its SKU id, qty, tenge prices and stock for the city', async () => {
    const [a] = await skusWithStock(1, 5);
    const [b] = await skusOnlyElsewhere(1);
    const { uuid } = await add(undefined, a!.external_id, 2);
    await add(uuid, b!.external_id, 1);
    const lines = await loadCartLines(t.db, uuid, 1);
    expect(lines.map((l) => [l.skuId, l.externalId, l.qty, l.price, l.originalPrice, l.inStock])).toEqual([
      [a!.id, a!.external_id, 2, a!.price, a!.original_price, true],
      [b!.id, b!.external_id, 1, expect.any(Number), expect.any(Number), false],
    ]);
    expect(lines[0]!.cityQuantity).toBe(a!.quantity);
    expect(lines[1]!.cityQuantity).toBe(0);
    expect(lines[1]!.visibleQuantity).toBeGreaterThan(0);
    expect(await loadCartLines(t.db, newId(), 1)).toEqual([]);
  });
});

describe('add to a new cart (issue 14: one read, one write, no read back)', () => {
  /** Adds to a new cart through the route: the answer's raw JSON text and the cart read back by get-by-uuid. */
  async function addAndReadBack(externalId: string, qty: number, regionId: number) {
    const res = await t.app.inject({ method: 'PUT', url: ADD, payload: { externalId, regionId, qty } });
    expect(res.statusCode, res.body).toBe(200);
    const uuid = (res.json() as { data: { uuid: string } }).data.uuid;
    const back = await t.app.inject({ method: 'GET', url: `/api/cart/get-by-uuid/${uuid}/${regionId}` });
    expect(back.statusCode, back.body).toBe(200);
    return { answered: res.body, readBack: back.body };
  }

  it('answers byte for byte the cart that reading it back gives, whatever the SKU and the city', async () => {
    const [inStock] = await skusWithStock(1, 1);
    const [elsewhere] = await skusOnlyElsewhere(1);
    const [hidden] = await t.db
      .selectFrom('city')
      .select('id')
      .where('visible_for_customers', '=', 0)
      .orderBy('id')
      .execute();
    const [noPoints] = await t.db
      .selectFrom('city')
      .select('id')
      .where('id', 'not in', t.db.selectFrom('pickup_point').select('city_id'))
      .orderBy('id')
      .execute();
    const cities = [1, hidden!.id, ...(noPoints ? [noPoints.id] : [])];
    const inactive = await t.db
      .selectFrom('sku as s')
      .innerJoin('product as p', 'p.id', 's.product_id')
      .select(['s.external_id', 'p.id'])
      .where('p.is_active', '=', 1)
      .orderBy('s.id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('product').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    try {
      const cases: [string, number][] = [
        [inStock!.external_id, 1],
        [inStock!.external_id, 999],
        [elsewhere!.external_id, 3],
        [inStock!.external_id, -2], // a new cart without a line
        [inactive.external_id, -1], // a product no longer sold may be lowered: nothing to lower
      ];
      for (const [externalId, qty] of cases)
        for (const city of cities) {
          const { answered, readBack } = await addAndReadBack(externalId, qty, city);
          // The add's `data` is the get's `data.cart`: the same text, key order included.
          expect(answered, `${externalId} ${qty} in ${city}`).toBe(
            readBack.replace(/^\{"data":\{"cart":/, '{"data":').replace(/\}\}$/, '}'),
          );
        }
    } finally {
      await t.db.updateTable('product').set({ is_active: 1 }).where('id', '=', inactive.id).execute();
    }
  });

  it('reads once and writes the cart and its line, nothing more', async () => {
    const kinds: string[] = [];
    const db = t.db.withPlugin({
      transformQuery: (args) => {
        kinds.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const [sku] = await skusWithStock(1, 1);
    const cart = await addOrUpdateItem(
      db,
      { externalId: sku!.external_id, regionId: 1, qty: 2 },
      { token: undefined, now: new Date() },
    );
    expect(cart.items.map((i) => [i.externalId, i.qty])).toEqual([[sku!.external_id, 2]]);
    // The SKU with the city; then the cart and its line: on PostgreSQL one statement sent alone (the line's insert
    // with the cart's as its CTE; no `begin`/`commit`), on SQLite two in a transaction (the driver's own).
    expect(kinds).toEqual(
      t.dialect === 'postgres'
        ? ['SelectQueryNode', 'InsertQueryNode']
        : ['SelectQueryNode', 'InsertQueryNode', 'InsertQueryNode'],
    );
  });
});

describe('reads', () => {
  it('load a cart in a fixed number of queries, whatever its number of lines (no N+1)', async () => {
    const { db, take } = countQueries(t.db);
    const requester = { token: undefined, now: new Date() };
    const skus = await skusWithStock(1, 1);
    const small = await add(undefined, skus[0]!.external_id, 1);
    const big = await add(undefined, skus[1]!.external_id, 1);
    for (const sku of skus.slice(2, 14)) await add(big.uuid, sku.external_id, 2);

    const counts: number[] = [];
    for (const uuid of [small.uuid, big.uuid]) {
      take();
      const cart = await getCart(db, uuid, 1, requester);
      expect(cart.items.length).toBe(uuid === small.uuid ? 1 : 13);
      counts.push(take());
      await splitCart(db, uuid, 1, requester);
      counts.push(take());
    }
    expect(counts[2]).toBe(counts[0]);
    expect(counts[3]).toBe(counts[1]);
    expect(counts[0]).toBeLessThanOrEqual(3);
    expect(counts[1]).toBeLessThanOrEqual(4);
  });

  it('the routes are in the OpenAPI document with the cart tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    for (const [path, method] of [
      ['/api/cart/add-or-update-item', 'put'],
      ['/api/cart/get-by-uuid/{uuid}/{cityId}', 'get'],
      ['/api/cart/split-cart-items-by-region-id/{cartUuid}/{cityId}', 'get'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op!.tags).toEqual(['cart']);
      expect(op!.summary).toBeTruthy();
    }
  });
});

describe('deliveryInformation texts', () => {
  const city = (over: Partial<CartCity> = {}): CartCity => ({
    id: 1,
    visibleForCustomers: true,
    courierAvailable: true,
    courierPrice: 1500,
    hasPickupPoints: true,
    ...over,
  });
  const line = (over: Partial<CartLine>) =>
    ({ inStock: false, productActive: true, visibleQuantity: 0, ...over }) as CartLine;

  it.each([
    ['in stock, pickup points', line({ inStock: true }), city(), CartDeliveryInformation.pickup],
    [
      'in stock, courier only',
      line({ inStock: true }),
      city({ hasPickupPoints: false }),
      CartDeliveryInformation.courier,
    ],
    [
      'in stock, no method',
      line({ inStock: true }),
      city({ hasPickupPoints: false, courierAvailable: false }),
      CartDeliveryInformation.inStock,
    ],
    ['only in another city', line({ visibleQuantity: 3 }), city(), CartDeliveryInformation.otherCity],
    ['nowhere', line({}), city(), CartDeliveryInformation.none],
    [
      'product no longer sold',
      line({ productActive: false, visibleQuantity: 3 }),
      city(),
      CartDeliveryInformation.none,
    ],
  ])('%s', (_name, l, c, text) => {
    expect(deliveryInformation(l, c)).toBe(text);
  });
});
