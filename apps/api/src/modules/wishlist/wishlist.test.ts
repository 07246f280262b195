import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBody,
  ErrorCode,
  StockState,
  TOKEN_EXPIRED_MESSAGE,
  Wishlist,
  WishlistContents,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { callJson, countQueries, expectRefused, type Headers } from '#app/test/inject.ts';
import { newId } from '#app/lib/ids.ts';
import { expiredToken, newCustomer, skusOnlyElsewhere, skusWithStock } from '#app/test/cart.fixtures.ts';
import { getWishlist } from './wishlist.service.ts';

// Every wishlist call of spec §7, the 3001 of spec §8, the sign-in merge of spec §4, and who may reach a
// customer's wishlist.

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

const qs = (q: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)).toString();

/** `POST /api/wishlist/item` expecting 200; returns the contents answered. */
async function addItem(q: { uuid?: string; token?: string; externalId: string }, headers: Headers = {}) {
  const res = await call('POST', `/api/wishlist/item?${qs(q)}`, undefined, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return WishlistContents.parse(res.body.data);
}

/** A wishlist with these SKUs' products (added in this order), owned by `owner` when given. */
async function wishlistWith(externalIds: string[], owner?: { token: string }) {
  let uuid: string | undefined;
  for (const externalId of externalIds)
    uuid = (await addItem({ uuid, externalId }, owner ? { 'x-authorization': owner.token } : {})).uuid;
  if (owner && uuid) {
    const res = await call('PUT', '/api/wishlist/update-customer-id-by-customer-token', {
      uuid,
      token: owner.token,
    });
    expect([200, 409]).toContain(res.status);
  }
  return uuid!;
}

/** Stored entries of a wishlist as [productId, externalId], newest first. */
async function stored(uuid: string) {
  const rows = await t.db
    .selectFrom('wishlist_item as wi')
    .innerJoin('sku as s', 's.id', 'wi.sku_id')
    .select(['wi.product_id', 's.external_id'])
    .where('wi.wishlist_id', '=', uuid)
    .orderBy('wi.created_at', 'desc')
    .orderBy('wi.product_id', 'desc')
    .execute();
  return rows.map((r) => [r.product_id, r.external_id] as [number, string]);
}

/**
 * Every wishlist (owner, merge state) and entry, to prove that a call changed nothing. `updated_at` of a
 * wishlist is left out: a call that changes nothing may still mark the wishlist as used.
 */
async function snapshot() {
  const wishlists = await t.db
    .selectFrom('wishlist')
    .select(['id', 'customer_id', 'merged_into_id', 'merged_at', 'created_at'])
    .orderBy('id')
    .execute();
  const items = await t.db
    .selectFrom('wishlist_item')
    .selectAll()
    .orderBy('wishlist_id')
    .orderBy('product_id')
    .execute();
  return { wishlists, items };
}

let mobileSeq = 0;
const customer = () => newCustomer(t.db, `7702300${String(++mobileSeq).padStart(4, '0')}`);

/** One SKU per product, in stock in Алматы (city 1). */
let skus: { external_id: string; product_id: number }[] = [];
let elsewhere: { external_id: string; product_id: number };
beforeAll(async () => {
  const seen = new Set<number>();
  for (const s of await skusWithStock(t.db, 1, 5)) {
    if (seen.has(s.product_id)) continue;
    seen.add(s.product_id);
    skus.push(s);
  }
  skus = skus.slice(0, 10);
  elsewhere = (await skusOnlyElsewhere(t.db, 1)).find((s) => !seen.has(s.product_id))!;
});
const ext = (i: number) => skus[i]!.external_id;
const pid = (i: number) => skus[i]!.product_id;

/** Another SKU (size) of the same product as `skus[i]`. */
async function otherSizeOf(i: number) {
  return (
    await t.db
      .selectFrom('sku')
      .select('external_id')
      .where('product_id', '=', pid(i))
      .where('external_id', '!=', ext(i))
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).external_id;
}

describe('POST /api/wishlist/item', () => {
  it('without uuid makes an anonymous wishlist; adding a product again, in any size, changes nothing', async () => {
    const first = await addItem({ externalId: ext(0) });
    expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.items).toEqual([{ productId: pid(0), externalId: ext(0), addedAt: expect.any(String) }]);
    const row = await t.db
      .selectFrom('wishlist')
      .selectAll()
      .where('id', '=', first.uuid)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBeNull();

    const second = await addItem({ uuid: first.uuid, externalId: ext(1) });
    expect(second.items.map((i) => i.productId)).toEqual([pid(1), pid(0)]);
    const before = await snapshot();
    await addItem({ uuid: first.uuid, externalId: ext(0) });
    await addItem({ uuid: first.uuid.toUpperCase(), externalId: await otherSizeOf(0) });
    expect(await snapshot()).toEqual(before);
    // The size it was first added in is remembered.
    expect(await stored(first.uuid)).toEqual([
      [pid(1), ext(1)],
      [pid(0), ext(0)],
    ]);
  });

  it('with a token and no uuid: into the customer’s wishlist, made owned when they have none', async () => {
    const c = await customer();
    const made = await addItem({ token: c.token, externalId: ext(2) });
    const row = await t.db
      .selectFrom('wishlist')
      .selectAll()
      .where('id', '=', made.uuid)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(c.id);
    const again = await addItem({ externalId: ext(3) }, { 'x-authorization': c.token });
    expect(again.uuid).toBe(made.uuid);
    expect(again.items.map((i) => i.productId)).toEqual([pid(3), pid(2)]);
  });

  it('the X-Authorization token wins over a stale `token` query (a call repeated after a token exchange)', async () => {
    const c = await customer();
    const stale = await expiredToken(t.db, c.id);
    const made = await addItem({ token: stale, externalId: ext(4) }, { 'x-authorization': c.token });
    const row = await t.db
      .selectFrom('wishlist')
      .selectAll()
      .where('id', '=', made.uuid)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(c.id);
  });

  it('refuses bad input with a JSON error and changes nothing', async () => {
    const owner = await customer();
    const other = await customer();
    const mine = await wishlistWith([ext(0)], owner);
    const anon = await wishlistWith([ext(0)]);
    const expired = await expiredToken(t.db, other.id);
    const inactive = await t.db
      .selectFrom('sku as s')
      .innerJoin('product as p', 'p.id', 's.product_id')
      .select(['s.external_id', 'p.id'])
      .where('p.id', '=', pid(5))
      .executeTakeFirstOrThrow();
    await t.db.updateTable('product').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    try {
      for (const [query, headers, status, code] of [
        [{ uuid: anon, externalId: 'NO-SUCH-SKU' }, {}, 404, ErrorCode.skuNotFound],
        [{ uuid: anon, externalId: inactive.external_id }, {}, 404, ErrorCode.skuNotFound],
        [{ uuid: newId(), externalId: ext(1) }, {}, 404, ErrorCode.wishlistNotFound],
        [{ uuid: mine, externalId: ext(1) }, {}, 404, ErrorCode.wishlistNotFound],
        [{ uuid: mine, externalId: ext(1), token: other.token }, {}, 404, ErrorCode.wishlistNotFound],
        [
          { uuid: mine, externalId: ext(1) },
          { 'x-authorization': other.token },
          404,
          ErrorCode.wishlistNotFound,
        ],
        [{ externalId: ext(1), token: 'unknown-token' }, {}, 403, ErrorCode.forbidden],
        [{ externalId: ext(1), token: expired }, {}, 403, ErrorCode.tokenExpired],
        [{ uuid: 'not-a-uuid', externalId: ext(1) }, {}, 400, ErrorCode.validation],
        [{ uuid: anon }, {}, 400, ErrorCode.validation],
        // Any printable id up to 200 characters is a SKU id (docs/decisions/028); control characters are not.
        [{ uuid: anon, externalId: 'bad\u0001id' }, {}, 400, ErrorCode.validation],
        [{ uuid: anon, externalId: 'x'.repeat(201) }, {}, 400, ErrorCode.validation],
        [{ uuid: anon, externalId: 'bad id!' }, {}, 404, ErrorCode.skuNotFound],
        [{ uuid: anon, externalId: ext(1), qty: '1' }, {}, 400, ErrorCode.validation],
      ] as [Record<string, string>, Headers, number, number][]) {
        await expectRefused(
          snapshot,
          status,
          code,
          () => call('POST', `/api/wishlist/item?${qs(query)}`, undefined, headers),
          query,
        );
      }
    } finally {
      await t.db.updateTable('product').set({ is_active: 1 }).where('id', '=', inactive.id).execute();
    }
    const expiredRes = await call('POST', `/api/wishlist/item?${qs({ externalId: ext(1), token: expired })}`);
    expect(expiredRes.body.message).toBe(TOKEN_EXPIRED_MESSAGE);
    expect((await addItem({ uuid: mine, externalId: ext(1), token: owner.token })).items).toHaveLength(2);
  });
});

describe('DELETE /api/wishlist/item', () => {
  it('removes the product named by any of its SKUs; again changes nothing', async () => {
    const uuid = await wishlistWith([ext(0), ext(1)]);
    const res = await call('DELETE', `/api/wishlist/item?${qs({ uuid, externalId: await otherSizeOf(0) })}`);
    expect(res.status).toBe(200);
    expect(WishlistContents.parse(res.body.data).items.map((i) => i.productId)).toEqual([pid(1)]);
    const before = await snapshot();
    expect((await call('DELETE', `/api/wishlist/item?${qs({ uuid, externalId: ext(0) })}`)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input and other customers; nothing changed', async () => {
    const owner = await customer();
    const other = await customer();
    const mine = await wishlistWith([ext(0)], owner);
    for (const [query, headers, status, code] of [
      [{ uuid: mine, externalId: ext(0) }, {}, 404, ErrorCode.wishlistNotFound],
      [
        { uuid: mine, externalId: ext(0) },
        { 'x-authorization': other.token },
        404,
        ErrorCode.wishlistNotFound,
      ],
      [{ uuid: newId(), externalId: ext(0) }, {}, 404, ErrorCode.wishlistNotFound],
      [
        { uuid: mine, externalId: 'NO-SUCH-SKU' },
        { 'x-authorization': owner.token },
        404,
        ErrorCode.skuNotFound,
      ],
      [{ uuid: 'x', externalId: ext(0) }, {}, 400, ErrorCode.validation],
      [{ externalId: ext(0) }, {}, 400, ErrorCode.validation],
    ] as [Record<string, string>, Headers, number, number][]) {
      await expectRefused(
        snapshot,
        status,
        code,
        () => call('DELETE', `/api/wishlist/item?${qs(query)}`, undefined, headers),
        query,
      );
    }
    const ok = await call(
      'DELETE',
      `/api/wishlist/item?${qs({ uuid: mine, externalId: ext(0) })}`,
      undefined,
      {
        'x-authorization': owner.token,
      },
    );
    expect(ok.body.data.items).toEqual([]);
  });
});

describe('GET /api/wishlist/get-by-uuid/:cityId/:uuid', () => {
  it('answers product cards with the stock state of the city, newest first', async () => {
    const uuid = await wishlistWith([ext(0), elsewhere.external_id]);
    const res = await call('GET', `/api/wishlist/get-by-uuid/1/${uuid}`);
    expect(res.status).toBe(200);
    const wishlist = Wishlist.parse(res.body.data);
    expect(wishlist.uuid).toBe(uuid);
    expect(wishlist.items.map((i) => [i.productId, i.externalId, i.product.id])).toEqual([
      [elsewhere.product_id, elsewhere.external_id, elsewhere.product_id],
      [pid(0), ext(0), pid(0)],
    ]);
    const product = await t.db
      .selectFrom('product')
      .selectAll()
      .where('id', '=', pid(0))
      .executeTakeFirstOrThrow();
    const sku = await t.db
      .selectFrom('sku')
      .selectAll()
      .where('external_id', '=', ext(0))
      .executeTakeFirstOrThrow();
    expect(wishlist.items[1]).toMatchObject({
      size: sku.size,
      product: {
        slug: product.slug,
        name: product.name,
        price: product.price,
        stockState: StockState.inStock,
      },
    });
    // The product of `elsewhere` may have other sizes in the city; its card shows the product's own state.
    expect([StockState.inStock, StockState.otherCity]).toContain(wishlist.items[0]!.product.stockState);
    expect(JSON.stringify(res.body)).not.toMatch(/quantity/i);
  });

  it('shows the stock of the requested city; a hidden city shows no regional stock (spec §4)', async () => {
    const uuid = await wishlistWith([ext(0)]);
    const hidden = await t.db
      .selectFrom('city')
      .select('id')
      .where('visible_for_customers', '=', 0)
      .executeTakeFirstOrThrow();
    const inHidden = Wishlist.parse(
      (await call('GET', `/api/wishlist/get-by-uuid/${hidden.id}/${uuid}`)).body.data,
    );
    expect(inHidden.items[0]!.product).toMatchObject({
      regionalStockAmount: 'not-available',
      stockState: StockState.otherCity,
    });
    const inAlmaty = Wishlist.parse((await call('GET', `/api/wishlist/get-by-uuid/1/${uuid}`)).body.data);
    expect(inAlmaty.items[0]!.product.regionalStockAmount).not.toBe('not-available');
  });

  it('leaves out products no longer sold, and shows them again when they are', async () => {
    const uuid = await wishlistWith([ext(6), ext(7)]);
    await t.db.updateTable('product').set({ is_active: 0 }).where('id', '=', pid(6)).execute();
    try {
      const w = Wishlist.parse((await call('GET', `/api/wishlist/get-by-uuid/1/${uuid}`)).body.data);
      expect(w.items.map((i) => i.productId)).toEqual([pid(7)]);
    } finally {
      await t.db.updateTable('product').set({ is_active: 1 }).where('id', '=', pid(6)).execute();
    }
    const w = Wishlist.parse((await call('GET', `/api/wishlist/get-by-uuid/1/${uuid}`)).body.data);
    expect(w.items.map((i) => i.productId)).toEqual([pid(7), pid(6)]);
  });

  it('a customer’s wishlist only with their token; 400/404 for bad ids', async () => {
    const owner = await customer();
    const other = await customer();
    const mine = await wishlistWith([ext(0)], owner);
    for (const [url, headers, status, code] of [
      [`/api/wishlist/get-by-uuid/1/${mine}`, {}, 404, ErrorCode.wishlistNotFound],
      [
        `/api/wishlist/get-by-uuid/1/${mine}`,
        { 'x-authorization': other.token },
        404,
        ErrorCode.wishlistNotFound,
      ],
      [
        `/api/wishlist/get-by-uuid/1/${mine}`,
        { cookie: `customer_token=${other.token}` },
        404,
        ErrorCode.wishlistNotFound,
      ],
      [`/api/wishlist/get-by-uuid/1/${newId()}`, {}, 404, ErrorCode.wishlistNotFound],
      [
        `/api/wishlist/get-by-uuid/9999/${mine}`,
        { 'x-authorization': owner.token },
        404,
        ErrorCode.cityNotFound,
      ],
      [`/api/wishlist/get-by-uuid/1/not-a-uuid`, {}, 400, ErrorCode.validation],
      [`/api/wishlist/get-by-uuid/abc/${mine}`, {}, 400, ErrorCode.validation],
    ] as [string, Headers, number, number][]) {
      const res = await call('GET', url, undefined, headers);
      expect(res.status, url).toBe(status);
      expect(ErrorBody.parse(res.body).code, url).toBe(code);
    }
    expect(
      (
        await call('GET', `/api/wishlist/get-by-uuid/1/${mine}`, undefined, {
          'x-authorization': owner.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('GET', `/api/wishlist/get-by-uuid/1/${mine}`, undefined, {
          cookie: `customer_token=${owner.token}`,
        })
      ).status,
    ).toBe(200);
  });

  it('reads in a fixed number of queries, whatever the number of entries (no N+1)', async () => {
    const { db, take } = countQueries(t.db);
    const small = await wishlistWith([ext(0)]);
    const big = await wishlistWith(skus.map((s) => s.external_id));
    const counts: number[] = [];
    for (const uuid of [small, big]) {
      take();
      await getWishlist(db, uuid, 1, { token: undefined, now: new Date() });
      counts.push(take());
    }
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(7);
  });
});

describe('GET /api/wishlist/get-by-customer-token/:cityId', () => {
  it('401 without a token, 403 for a bad or expired one, 3001 while the customer has none (spec §8)', async () => {
    const c = await customer();
    const expired = await expiredToken(t.db, c.id);
    for (const [headers, status, code] of [
      [{}, 401, ErrorCode.unauthorized],
      [{ 'x-authorization': 'unknown' }, 403, ErrorCode.forbidden],
      [{ 'x-authorization': expired }, 403, ErrorCode.tokenExpired],
      [{ 'x-authorization': c.token }, 404, ErrorCode.noCustomerCart],
    ] as [Headers, number, number][]) {
      const res = await call('GET', '/api/wishlist/get-by-customer-token/1', undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(status);
      expect(ErrorBody.parse(res.body).code).toBe(code);
    }
    expect(
      (await call('GET', '/api/wishlist/get-by-customer-token/1', undefined, { 'x-authorization': c.token }))
        .body.code,
    ).toBe(3001);
    expect(
      (
        await call('GET', '/api/wishlist/get-by-customer-token/9999', undefined, {
          'x-authorization': c.token,
        })
      ).body.code,
    ).toBe(ErrorCode.cityNotFound);
  });

  it('answers the customer’s own wishlist with cards', async () => {
    const a = await customer();
    const b = await customer();
    const wa = await wishlistWith([ext(0), ext(1)], a);
    const wb = await wishlistWith([ext(2)], b);
    const res = await call('GET', '/api/wishlist/get-by-customer-token/1', undefined, {
      'x-authorization': a.token,
    });
    expect(res.status).toBe(200);
    const w = Wishlist.parse(res.body.data);
    expect(w.uuid).toBe(wa);
    expect(w.items.map((i) => i.productId)).toEqual([pid(1), pid(0)]);
    expect(
      (await call('GET', '/api/wishlist/get-by-customer-token/1', undefined, { 'x-authorization': b.token }))
        .body.data.uuid,
    ).toBe(wb);
  });
});

describe('PUT /api/wishlist/update-customer-id-by-customer-token', () => {
  const ATTACH = '/api/wishlist/update-customer-id-by-customer-token';

  it('attaches an anonymous wishlist; repeating changes nothing; then only the owner reaches it', async () => {
    const owner = await customer();
    const uuid = await wishlistWith([ext(0)]);
    const res = await call('PUT', ATTACH, { uuid, token: owner.token });
    expect(res.status).toBe(200);
    expect(WishlistContents.parse(res.body.data).uuid).toBe(uuid);
    const before = await snapshot();
    expect((await call('PUT', ATTACH, { uuid, token: owner.token })).status).toBe(200);
    expect((await snapshot()).items).toEqual(before.items);
    expect(
      (
        await t.db
          .selectFrom('wishlist')
          .select('customer_id')
          .where('id', '=', uuid)
          .executeTakeFirstOrThrow()
      ).customer_id,
    ).toBe(owner.id);
    expect((await call('GET', `/api/wishlist/get-by-uuid/1/${uuid}`)).status).toBe(404);
  });

  it('refuses another customer’s wishlist, a second wishlist, bad tokens and bad input; nothing changed', async () => {
    const owner = await customer();
    const other = await customer();
    const owned = await wishlistWith([ext(0)], owner);
    const anon = await wishlistWith([ext(1)]);
    for (const [payload, status, code] of [
      [{ uuid: owned, token: other.token }, 404, ErrorCode.wishlistNotFound],
      [{ uuid: anon, token: owner.token }, 409, ErrorCode.customerHasCart],
      [{ uuid: newId(), token: other.token }, 404, ErrorCode.wishlistNotFound],
      [{ uuid: anon, token: 'nope' }, 403, ErrorCode.forbidden],
      [{ uuid: anon }, 400, ErrorCode.validation],
      [{ uuid: 'nope', token: other.token }, 400, ErrorCode.validation],
      [{ uuid: anon, token: other.token, extra: 1 }, 400, ErrorCode.validation],
    ] as [Json, number, number][]) {
      await expectRefused(snapshot, status, code, () => call('PUT', ATTACH, payload), payload);
    }
    expect((await call('PUT', ATTACH, { uuid: anon, token: owner.token })).body.details).toEqual({
      uuid: owned,
    });
  });
});

describe('POST /api/wishlist/merge (spec §4 sign-in merge)', () => {
  const MERGE = '/api/wishlist/merge';

  it('ends with the union in the destination; a product in both keeps the destination’s entry; the source is gone', async () => {
    const owner = await customer();
    const auth = { 'x-authorization': owner.token };
    const destination = await wishlistWith([ext(0), ext(1)], owner);
    const otherSize = await otherSizeOf(1);
    const source = await wishlistWith([otherSize, ext(2)]);
    const res = await call('POST', MERGE, { sourceUuid: source, destinationUuid: destination }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const merged = WishlistContents.parse(res.body.data);
    expect(merged.uuid).toBe(destination);
    expect(merged.items.map((i) => [i.productId, i.externalId]).sort()).toEqual(
      [
        [pid(0), ext(0)],
        [pid(1), ext(1)],
        [pid(2), ext(2)],
      ].sort(),
    );
    expect(await stored(source)).toEqual([]);
    expect(
      await t.db.selectFrom('wishlist').selectAll().where('id', '=', source).executeTakeFirstOrThrow(),
    ).toMatchObject({
      merged_into_id: destination,
    });
    for (const [method, url] of [
      ['GET', `/api/wishlist/get-by-uuid/1/${source}`],
      ['POST', `/api/wishlist/item?${qs({ uuid: source, externalId: ext(3) })}`],
      ['DELETE', `/api/wishlist/item?${qs({ uuid: source, externalId: ext(2) })}`],
    ] as const) {
      const r = await call(method, url);
      expect(r.status, url).toBe(404);
      expect(r.body.code).toBe(ErrorCode.wishlistNotFound);
    }
    const w = Wishlist.parse(
      (await call('GET', '/api/wishlist/get-by-customer-token/1', undefined, auth)).body.data,
    );
    expect(w.uuid).toBe(destination);
    expect(w.items).toHaveLength(3);
  });

  it('is idempotent: repeated merges, in sequence or in parallel, change nothing more', async () => {
    const destination = await wishlistWith([ext(0)]);
    const source = await wishlistWith([ext(0), ext(3), ext(4)]);
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', MERGE, { sourceUuid: source, destinationUuid: destination }),
      ),
    );
    expect(parallel.map((r) => r.status)).toEqual(Array(6).fill(200));
    const before = await snapshot();
    const again = await call('POST', MERGE, { sourceUuid: source, destinationUuid: destination });
    expect(again.status).toBe(200);
    expect(again.body.data.items).toHaveLength(3);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses wishlists the requester may not use, merged or unknown ones and bad input; nothing changed', async () => {
    const owner = await customer();
    const other = await customer();
    const owned = await wishlistWith([ext(0)], owner);
    const othersList = await wishlistWith([ext(1)], other);
    const anon = await wishlistWith([ext(2)]);
    const anon2 = await wishlistWith([ext(3)]);
    const mergedAway = await wishlistWith([ext(4)]);
    expect((await call('POST', MERGE, { sourceUuid: mergedAway, destinationUuid: anon2 })).status).toBe(200);
    const byOwner = { 'x-authorization': owner.token };
    for (const [payload, headers, status, code] of [
      [{ sourceUuid: anon, destinationUuid: owned }, {}, 404, ErrorCode.wishlistNotFound],
      [
        { sourceUuid: anon, destinationUuid: owned },
        { 'x-authorization': other.token },
        404,
        ErrorCode.wishlistNotFound,
      ],
      [{ sourceUuid: othersList, destinationUuid: owned }, byOwner, 404, ErrorCode.wishlistNotFound],
      [{ sourceUuid: newId(), destinationUuid: owned }, byOwner, 404, ErrorCode.wishlistNotFound],
      [{ sourceUuid: anon, destinationUuid: mergedAway }, {}, 404, ErrorCode.wishlistNotFound],
      [{ sourceUuid: mergedAway, destinationUuid: anon }, {}, 409, ErrorCode.alreadyMerged],
      [{ sourceUuid: anon, destinationUuid: anon }, {}, 400, ErrorCode.validation],
      [{ destinationUuid: anon }, {}, 400, ErrorCode.validation],
      [{ sourceUuid: 1, destinationUuid: anon }, {}, 400, ErrorCode.validation],
    ] as [Json, Headers, number, number][]) {
      await expectRefused(snapshot, status, code, () => call('POST', MERGE, payload, headers), payload);
    }
  });
});

describe('OpenAPI', () => {
  it('lists every wishlist call of spec §7 with the wishlist tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [path, method] of [
      ['/api/wishlist/item', 'post'],
      ['/api/wishlist/item', 'delete'],
      ['/api/wishlist/get-by-uuid/{cityId}/{uuid}', 'get'],
      ['/api/wishlist/get-by-customer-token/{cityId}', 'get'],
      ['/api/wishlist/update-customer-id-by-customer-token', 'put'],
      ['/api/wishlist/merge', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['wishlist']);
    }
  });
});
