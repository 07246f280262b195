import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_LINE_MAX_QTY,
  Cart,
  CartContents,
  ErrorBody,
  ErrorCode,
  SplitCart,
  TOKEN_EXPIRED_MESSAGE,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { callJson, expectRefused, type Headers } from '#app/test/inject.ts';
import { newId } from '#app/lib/ids.ts';
import { expiredToken, newCustomer, skusOnlyElsewhere, skusWithStock } from '#app/test/cart.fixtures.ts';
import { offeredPaymentMethods } from './checkout.policy.ts';

// The calls of spec §7 beyond add/get/split: remove a line, clear, the customer's cart (3001, spec §8),
// attach, merge (spec §4 sign-in merge, idempotent), and who may reach a customer's cart.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Headers = {},
) => callJson(t.app, method, url, payload, headers);

/** Adds `qty` (a delta) to a cart (a new one without uuid) and returns the cart answered. */
async function add(uuid: string | undefined, externalId: string, qty: number, headers: Headers = {}) {
  const res = await call(
    'PUT',
    '/api/cart/add-or-update-item',
    { ...(uuid ? { uuid } : {}), externalId, regionId: 1, qty },
    headers,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Cart.parse(res.body.data);
}

/** A cart with these lines, owned by `owner` when given (attached through the API). */
async function cartWith(lines: [string, number][], owner?: { token: string }) {
  let uuid: string | undefined;
  for (const [sku, qty] of lines) uuid = (await add(uuid, sku, qty)).uuid;
  uuid ??= (await add(undefined, lines[0]![0], 1)).uuid;
  if (owner) {
    const res = await call('PUT', '/api/cart/update-customer-id-by-customer-token', {
      uuid,
      token: owner.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return uuid;
}

/**
 * Stored lines of a cart as [externalId, qty], in the order added: when, then the cart's own numbering (`position`,
 * which orders lines added within one millisecond; decision 005).
 */
async function stored(uuid: string) {
  const rows = await t.db
    .selectFrom('cart_item as ci')
    .innerJoin('sku as s', 's.id', 'ci.sku_id')
    .select(['s.external_id', 'ci.qty'])
    .where('ci.cart_id', '=', uuid)
    .orderBy('ci.created_at')
    .orderBy('ci.position')
    .execute();
  return rows.map((r) => [r.external_id, r.qty] as [string, number]);
}

/** Every cart and cart line, to prove that a refused request changed nothing. */
async function snapshot() {
  const carts = await t.db.selectFrom('cart').selectAll().orderBy('id').execute();
  const items = await t.db.selectFrom('cart_item').selectAll().orderBy('cart_id').orderBy('sku_id').execute();
  return { carts, items };
}

let mobileSeq = 0;
const customer = () => newCustomer(t.db, `7701200${String(++mobileSeq).padStart(4, '0')}`);

let skus: string[] = [];
let elsewhere: string;
beforeAll(async () => {
  skus = (await skusWithStock(t.db, 1, 5)).slice(0, 8).map((s) => s.external_id);
  elsewhere = (await skusOnlyElsewhere(t.db, 1))[0]!.external_id;
});

describe('DELETE /api/cart/item', () => {
  it('removes one line whatever its quantity; again changes nothing', async () => {
    const uuid = await cartWith([
      [skus[0]!, 7],
      [skus[1]!, 2],
    ]);
    let res = await call('DELETE', '/api/cart/item', { uuid, externalId: skus[0] });
    expect(res.status).toBe(200);
    expect(CartContents.parse(res.body.data)).toEqual({ uuid, items: [{ externalId: skus[1], qty: 2 }] });
    const before = await snapshot();
    res = await call('DELETE', '/api/cart/item', { uuid, externalId: skus[0] });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([{ externalId: skus[1], qty: 2 }]);
    expect((await snapshot()).items).toEqual(before.items);
  });

  it('refuses bad input with a JSON error and changes nothing', async () => {
    const owner = await customer();
    const other = await customer();
    const mine = await cartWith([[skus[0]!, 1]], owner);
    const uuid = await cartWith([[skus[0]!, 1]]);
    for (const [payload, headers, status, code] of [
      [{ uuid: newId(), externalId: skus[0] }, {}, 404, ErrorCode.cartNotFound],
      [{ uuid, externalId: 'NO-SUCH-SKU' }, {}, 404, ErrorCode.skuNotFound],
      [{ uuid: 'not-a-uuid', externalId: skus[0] }, {}, 400, ErrorCode.validation],
      [{ uuid }, {}, 400, ErrorCode.validation],
      [{ uuid, externalId: skus[0], qty: 1 }, {}, 400, ErrorCode.validation],
      // Any printable id up to 200 characters is a SKU id (docs/decisions/028); control characters are not.
      [{ uuid, externalId: 'bad\u0007id' }, {}, 400, ErrorCode.validation],
      [{ uuid, externalId: 'x'.repeat(201) }, {}, 400, ErrorCode.validation],
      [{ uuid, externalId: 'bad id!' }, {}, 404, ErrorCode.skuNotFound],
      [{ uuid: mine, externalId: skus[0] }, {}, 404, ErrorCode.cartNotFound],
      [{ uuid: mine, externalId: skus[0] }, { 'x-authorization': other.token }, 404, ErrorCode.cartNotFound],
    ] as [Json, Headers, number, number][]) {
      await expectRefused(
        snapshot,
        status,
        code,
        () => call('DELETE', '/api/cart/item', payload, headers),
        payload,
      );
    }
    const res = await call(
      'DELETE',
      '/api/cart/item',
      { uuid: mine, externalId: skus[0] },
      { 'x-authorization': owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([]);
  });
});

describe('DELETE /api/cart/items', () => {
  it('empties the cart; the cart and its owner stay', async () => {
    const owner = await customer();
    const uuid = await cartWith(
      [
        [skus[0]!, 2],
        [skus[1]!, 3],
      ],
      owner,
    );
    const res = await call('DELETE', '/api/cart/items', { uuid }, { 'x-authorization': owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uuid, items: [] });
    const row = await t.db.selectFrom('cart').selectAll().where('id', '=', uuid).executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(owner.id);
    const again = await call('GET', `/api/cart/get-by-customer-token/${owner.token}/1`);
    expect(again.body.data).toMatchObject({ uuid, items: [], totalCount: 0, totalAmount: 0 });
  });

  it('404 for an unknown cart or another customer’s, 400 for a malformed body; nothing changed', async () => {
    const owner = await customer();
    const other = await customer();
    const mine = await cartWith([[skus[2]!, 1]], owner);
    for (const [payload, headers, status, code] of [
      [{ uuid: newId() }, {}, 404, ErrorCode.cartNotFound],
      [{ uuid: mine }, {}, 404, ErrorCode.cartNotFound],
      [{ uuid: mine }, { 'x-authorization': other.token }, 404, ErrorCode.cartNotFound],
      [{ uuid: 'x' }, {}, 400, ErrorCode.validation],
      [{}, {}, 400, ErrorCode.validation],
    ] as [Json, Headers, number, number][]) {
      await expectRefused(
        snapshot,
        status,
        code,
        () => call('DELETE', '/api/cart/items', payload, headers),
        payload,
      );
    }
  });
});

describe('GET /api/cart/get-by-customer-token/:token/:cityId', () => {
  it('answers code 3001 while the customer has no cart (spec §8)', async () => {
    const c = await customer();
    const res = await call('GET', `/api/cart/get-by-customer-token/${c.token}/1`);
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body)).toMatchObject({ code: ErrorCode.noCustomerCart });
    expect(res.body.code).toBe(3001);
  });

  it('answers data.uuid and data.items of the customer’s own cart, priced for the city (spec §7)', async () => {
    const a = await customer();
    const b = await customer();
    const cartA = await cartWith(
      [
        [skus[0]!, 2],
        [elsewhere, 1],
      ],
      a,
    );
    const cartB = await cartWith([[skus[1]!, 1]], b);
    const res = await call('GET', `/api/cart/get-by-customer-token/${encodeURIComponent(a.token)}/1`);
    expect(res.status).toBe(200);
    const cart = Cart.parse(res.body.data);
    expect(cart.uuid).toBe(cartA);
    expect(cart.items.map((i) => [i.externalId, i.qty, i.inStock])).toEqual([
      [skus[0], 2, true],
      [elsewhere, 1, false],
    ]);
    expect(cart.totalCount).toBe(2);
    expect((await call('GET', `/api/cart/get-by-customer-token/${b.token}/1`)).body.data.uuid).toBe(cartB);
  });

  it('the cart changed last when several are attached', async () => {
    const c = await customer();
    const first = await cartWith([[skus[0]!, 1]], c);
    const second = await cartWith([[skus[1]!, 1]]);
    // An order may attach a second cart at checkout; the storefront keeps using the one changed last.
    await t.db.updateTable('cart').set({ customer_id: c.id }).where('id', '=', second).execute();
    // Times are kept to the millisecond and a tie goes to the greater id: the add must come a millisecond later.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await add(first, skus[2]!, 1, { 'x-authorization': c.token });
    expect((await call('GET', `/api/cart/get-by-customer-token/${c.token}/1`)).body.data.uuid).toBe(first);
  });

  it('403 for an unknown or expired token; 404 for an unknown city; 400 for a bad city id', async () => {
    const c = await customer();
    await cartWith([[skus[0]!, 1]], c);
    const expired = await expiredToken(t.db, c.id);
    for (const [url, status, code] of [
      ['/api/cart/get-by-customer-token/not-a-token/1', 403, ErrorCode.forbidden],
      [`/api/cart/get-by-customer-token/${expired}/1`, 403, ErrorCode.tokenExpired],
      [`/api/cart/get-by-customer-token/${c.token}/9999`, 404, ErrorCode.cityNotFound],
      [`/api/cart/get-by-customer-token/${c.token}/0`, 400, ErrorCode.validation],
    ] as const) {
      const res = await call('GET', url);
      expect(res.status, url).toBe(status);
      expect(ErrorBody.parse(res.body).code, url).toBe(code);
    }
    // A path segment longer than any token is refused by the router itself (414 URI Too Long).
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/cart/get-by-customer-token/${'x'.repeat(300)}/1`,
    });
    expect(long.statusCode).toBe(414);
    const res = await call('GET', `/api/cart/get-by-customer-token/${expired}/1`);
    expect(res.body.message).toBe(TOKEN_EXPIRED_MESSAGE);
  });
});

describe('PUT /api/cart/update-customer-id-by-customer-token', () => {
  const ATTACH = '/api/cart/update-customer-id-by-customer-token';

  it('attaches an anonymous cart; it is then reachable only with the owner’s token; repeating changes nothing', async () => {
    const owner = await customer();
    const other = await customer();
    const uuid = await cartWith([[skus[0]!, 2]]);
    const res = await call('PUT', ATTACH, { uuid: uuid.toUpperCase(), token: owner.token });
    expect(res.status).toBe(200);
    expect(CartContents.parse(res.body.data)).toEqual({ uuid, items: [{ externalId: skus[0], qty: 2 }] });
    const row = await t.db.selectFrom('cart').selectAll().where('id', '=', uuid).executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(owner.id);

    const before = await snapshot();
    expect((await call('PUT', ATTACH, { uuid, token: owner.token })).status).toBe(200);
    expect((await snapshot()).items).toEqual(before.items);
    expect((await snapshot()).carts.find((c) => c.id === uuid)!.customer_id).toBe(owner.id);

    for (const headers of [{}, { 'x-authorization': other.token }] as Headers[]) {
      for (const url of [
        `/api/cart/get-by-uuid/${uuid}/1`,
        `/api/cart/split-cart-items-by-region-id/${uuid}/1`,
      ]) {
        const r = await call('GET', url, undefined, headers);
        expect(r.status, url).toBe(404);
        expect(JSON.stringify(r.body)).not.toContain(skus[0]!);
      }
    }
    expect(
      (await call('GET', `/api/cart/get-by-uuid/${uuid}/1`, undefined, { 'x-authorization': owner.token }))
        .status,
    ).toBe(200);
    expect((await call('GET', `/api/cart/get-by-customer-token/${owner.token}/1`)).body.data.uuid).toBe(uuid);
  });

  it('refuses another customer’s cart, a second cart, bad tokens and bad input; nothing changed', async () => {
    const owner = await customer();
    const other = await customer();
    const owned = await cartWith([[skus[0]!, 1]], owner);
    const anon = await cartWith([[skus[1]!, 1]]);
    const expired = await expiredToken(t.db, other.id);
    for (const [payload, status, code] of [
      [{ uuid: owned, token: other.token }, 404, ErrorCode.cartNotFound],
      [{ uuid: anon, token: owner.token }, 409, ErrorCode.customerHasCart],
      [{ uuid: newId(), token: other.token }, 404, ErrorCode.cartNotFound],
      [{ uuid: anon, token: 'unknown-token' }, 403, ErrorCode.forbidden],
      [{ uuid: anon, token: expired }, 403, ErrorCode.tokenExpired],
      [{ uuid: anon }, 400, ErrorCode.validation],
      [{ uuid: anon, token: '' }, 400, ErrorCode.validation],
      [{ uuid: 'abc', token: other.token }, 400, ErrorCode.validation],
      [{ uuid: anon, token: other.token, customerId: other.id }, 400, ErrorCode.validation],
    ] as [Json, number, number][]) {
      await expectRefused(snapshot, status, code, () => call('PUT', ATTACH, payload), payload);
    }
    const conflict = await call('PUT', ATTACH, { uuid: anon, token: owner.token });
    expect(conflict.body.details).toEqual({ uuid: owned });
  });

  it('a merged cart cannot be attached', async () => {
    const owner = await customer();
    const source = await cartWith([[skus[0]!, 1]]);
    const destination = await cartWith([[skus[1]!, 1]]);
    expect(
      (await call('POST', '/api/cart/merge', { sourceUuid: source, destinationUuid: destination })).status,
    ).toBe(200);
    const res = await call('PUT', ATTACH, { uuid: source, token: owner.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(ErrorCode.cartNotFound);
  });
});

describe('POST /api/cart/merge (spec §4 sign-in merge)', () => {
  const MERGE = '/api/cart/merge';

  it('adds the anonymous lines to the customer’s cart, summing a SKU in both, and the source is gone', async () => {
    const owner = await customer();
    const auth = { 'x-authorization': owner.token };
    const destination = await cartWith(
      [
        [skus[0]!, 2],
        [skus[1]!, 1],
      ],
      owner,
    );
    const source = await cartWith([
      [skus[1]!, 3],
      [skus[2]!, 1],
      [elsewhere, 2],
    ]);
    const res = await call('POST', MERGE, { sourceUuid: source, destinationUuid: destination }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(CartContents.parse(res.body.data)).toEqual({
      uuid: destination,
      items: [
        { externalId: skus[0], qty: 2 },
        { externalId: skus[1], qty: 4 },
        { externalId: skus[2], qty: 1 },
        { externalId: elsewhere, qty: 2 },
      ],
    });
    expect(await stored(source)).toEqual([]);
    const row = await t.db.selectFrom('cart').selectAll().where('id', '=', source).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: null, merged_into_id: destination });
    expect(
      (await t.db.selectFrom('cart').selectAll().where('id', '=', destination).executeTakeFirstOrThrow())
        .customer_id,
    ).toBe(owner.id);

    // The merged cart is gone for every other call: reads and writes answer 404 (the storefront starts anew).
    for (const [method, url, payload] of [
      ['GET', `/api/cart/get-by-uuid/${source}/1`, undefined],
      ['GET', `/api/cart/split-cart-items-by-region-id/${source}/1`, undefined],
      ['PUT', '/api/cart/add-or-update-item', { uuid: source, externalId: skus[0], regionId: 1, qty: 1 }],
      ['DELETE', '/api/cart/items', { uuid: source }],
    ] as const) {
      const r = await call(method, url, payload);
      expect(r.status, url).toBe(404);
      expect(r.body.code, url).toBe(ErrorCode.cartNotFound);
    }
    expect(await stored(source)).toEqual([]);

    const cart = Cart.parse(
      (await call('GET', `/api/cart/get-by-customer-token/${owner.token}/1`)).body.data,
    );
    expect(cart.uuid).toBe(destination);
    expect(cart.items.map((i) => [i.externalId, i.qty])).toEqual(await stored(destination));
  });

  it('is idempotent: repeating it, in sequence or in parallel, adds the source only once', async () => {
    const owner = await customer();
    const auth = { 'x-authorization': owner.token };
    const destination = await cartWith([[skus[0]!, 5]], owner);
    const source = await cartWith([
      [skus[0]!, 3],
      [skus[3]!, 2],
    ]);
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', MERGE, { sourceUuid: source, destinationUuid: destination }, auth),
      ),
    );
    expect(parallel.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await stored(destination)).toEqual([
      [skus[0], 8],
      [skus[3], 2],
    ]);
    const before = await snapshot();
    const again = await call('POST', MERGE, { sourceUuid: source, destinationUuid: destination }, auth);
    expect(again.status).toBe(200);
    expect(again.body.data.items).toEqual([
      { externalId: skus[0], qty: 8 },
      { externalId: skus[3], qty: 2 },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('caps a summed line at 999 (conflicting quantities)', async () => {
    const destination = await cartWith([
      [skus[0]!, 900],
      [skus[1]!, 10],
    ]);
    const source = await cartWith([
      [skus[0]!, 200],
      [skus[1]!, 5],
    ]);
    const res = await call('POST', MERGE, { sourceUuid: source, destinationUuid: destination });
    expect(res.status).toBe(200);
    expect(await stored(destination)).toEqual([
      [skus[0], CART_LINE_MAX_QTY],
      [skus[1], 15],
    ]);
  });

  it('merging an empty cart changes no line; two anonymous carts merge by uuid alone', async () => {
    const destination = await cartWith([[skus[0]!, 1]]);
    const source = await cartWith([[skus[1]!, 1]]);
    await call('DELETE', '/api/cart/items', { uuid: source });
    const res = await call('POST', MERGE, { sourceUuid: source, destinationUuid: destination });
    expect(res.status).toBe(200);
    expect(await stored(destination)).toEqual([[skus[0], 1]]);
  });

  it('refuses carts the requester may not use, merged or unknown carts and bad input; nothing changed', async () => {
    const owner = await customer();
    const other = await customer();
    const owned = await cartWith([[skus[0]!, 1]], owner);
    const othersCart = await cartWith([[skus[1]!, 1]], other);
    const anon = await cartWith([[skus[2]!, 1]]);
    const anon2 = await cartWith([[skus[3]!, 1]]);
    const mergedAway = await cartWith([[skus[4]!, 1]]);
    expect((await call('POST', MERGE, { sourceUuid: mergedAway, destinationUuid: anon2 })).status).toBe(200);
    const expired = await expiredToken(t.db, owner.id);
    const byOwner = { 'x-authorization': owner.token };
    for (const [payload, headers, status, code] of [
      // The destination is a customer's: only their token may merge into it.
      [{ sourceUuid: anon, destinationUuid: owned }, {}, 404, ErrorCode.cartNotFound],
      [
        { sourceUuid: anon, destinationUuid: owned },
        { 'x-authorization': other.token },
        404,
        ErrorCode.cartNotFound,
      ],
      // Another customer's cart is never merged away from them.
      [{ sourceUuid: othersCart, destinationUuid: owned }, byOwner, 404, ErrorCode.cartNotFound],
      [{ sourceUuid: newId(), destinationUuid: owned }, byOwner, 404, ErrorCode.cartNotFound],
      [{ sourceUuid: anon, destinationUuid: newId() }, byOwner, 404, ErrorCode.cartNotFound],
      // A merged cart is gone as a destination, and cannot be merged a second time elsewhere.
      [{ sourceUuid: anon, destinationUuid: mergedAway }, {}, 404, ErrorCode.cartNotFound],
      [{ sourceUuid: mergedAway, destinationUuid: anon }, {}, 409, ErrorCode.alreadyMerged],
      [
        { sourceUuid: anon, destinationUuid: owned },
        { 'x-authorization': expired },
        403,
        ErrorCode.tokenExpired,
      ],
      [{ sourceUuid: anon, destinationUuid: anon.toUpperCase() }, {}, 400, ErrorCode.validation],
      [{ sourceUuid: anon }, {}, 400, ErrorCode.validation],
      [{ sourceUuid: 'nope', destinationUuid: anon2 }, {}, 400, ErrorCode.validation],
      [{ sourceUuid: anon, destinationUuid: anon2, qty: 1 }, {}, 400, ErrorCode.validation],
    ] as [Json, Headers, number, number][]) {
      await expectRefused(snapshot, status, code, () => call('POST', MERGE, payload, headers), payload);
    }
    const same = await call('POST', MERGE, { sourceUuid: anon, destinationUuid: anon });
    expect(Object.keys(same.body.errors)).toContain('destinationUuid');
  });

  it('the whole sign-in merge through the calls of spec §7: 3001 → attach; then merge a later anonymous cart', async () => {
    const c = await customer();
    const firstAnon = await cartWith([[skus[0]!, 1]]);
    expect((await call('GET', `/api/cart/get-by-customer-token/${c.token}/1`)).body.code).toBe(3001);
    expect(
      (
        await call('PUT', '/api/cart/update-customer-id-by-customer-token', {
          uuid: firstAnon,
          token: c.token,
        })
      ).status,
    ).toBe(200);

    const later = await cartWith([
      [skus[0]!, 2],
      [skus[1]!, 1],
    ]);
    const mine = Cart.parse((await call('GET', `/api/cart/get-by-customer-token/${c.token}/1`)).body.data);
    expect(mine.uuid).toBe(firstAnon);
    const merged = await call(
      'POST',
      '/api/cart/merge',
      { sourceUuid: later, destinationUuid: mine.uuid },
      { 'x-authorization': c.token },
    );
    expect(merged.status).toBe(200);
    const after = Cart.parse((await call('GET', `/api/cart/get-by-customer-token/${c.token}/1`)).body.data);
    expect(after.items.map((i) => [i.externalId, i.qty])).toEqual([
      [skus[0], 3],
      [skus[1], 1],
    ]);
  });
});

describe('split by city: payment methods each delivery method allows (spec §3, §4)', () => {
  async function split(uuid: string, cityId: number) {
    const res = await call('GET', `/api/cart/split-cart-items-by-region-id/${uuid}/${cityId}`);
    expect(res.status).toBe(200);
    return SplitCart.parse(res.body.data);
  }

  it('lists, for each payment method, the delivery methods of the city that allow it', async () => {
    const uuid = await cartWith([[skus[0]!, 1]]);
    const noCourier = await t.db
      .selectFrom('city')
      .select('id')
      .where('courier_available', '=', 0)
      .where('visible_for_customers', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await split(uuid, 1)).availablePaymentMethods.map((m) => [m.id, m.deliveryMethodIds])).toEqual([
      [1, [1, 2]],
      [2, [1, 2]],
      [3, [1, 2]],
    ]);
    expect(
      (await split(uuid, noCourier.id)).availablePaymentMethods.map((m) => [m.id, m.deliveryMethodIds]),
    ).toEqual([
      [1, [1]],
      [2, [1]],
      [3, [1]],
    ]);
    // A payment method that only the courier allows is not offered where there is no courier.
    const courierOnly = [{ id: 1 as const, name: 'Тест', deliveryMethods: [2 as const] }];
    const pickup = { id: 1, name: 'Самовывоз', price: 0 };
    expect(offeredPaymentMethods([pickup], courierOnly)).toEqual([]);
    expect(offeredPaymentMethods([pickup, { id: 2, name: 'Курьер', price: 1500 }], courierOnly)).toEqual([
      { id: 1, name: 'Тест', deliveryMethodIds: [2] },
    ]);
  });

  it('a city hidden from customers offers nothing: no available line, pickup point, delivery or payment', async () => {
    const hidden = await t.db
      .selectFrom('city')
      .select('id')
      .where('visible_for_customers', '=', 0)
      .executeTakeFirstOrThrow();
    const stockedThere = await skusWithStock(t.db, hidden.id, 1);
    const uuid = await cartWith([[stockedThere[0]?.external_id ?? skus[0]!, 1]]);
    const s = await split(uuid, hidden.id);
    expect(s).toMatchObject({
      available: [],
      availablePickupPointList: [],
      availableDeliveryMethods: [],
      availablePaymentMethods: [],
    });
    expect(s.notAvailable).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('lists every cart call of spec §7 with the cart tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [path, method] of [
      ['/api/cart/add-or-update-item', 'put'],
      ['/api/cart/item', 'delete'],
      ['/api/cart/items', 'delete'],
      ['/api/cart/get-by-uuid/{uuid}/{cityId}', 'get'],
      ['/api/cart/get-by-customer-token/{token}/{cityId}', 'get'],
      ['/api/cart/update-customer-id-by-customer-token', 'put'],
      ['/api/cart/merge', 'post'],
      ['/api/cart/split-cart-items-by-region-id/{cartUuid}/{cityId}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['cart']);
    }
  });
});
