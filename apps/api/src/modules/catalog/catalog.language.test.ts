import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProductListQuery,
  type BrandDetails,
  type Cart,
  type Order,
  type Product,
  type ProductList,
  type SplitCart,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { countQueries } from '#app/test/inject.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { keptAnswerVersion } from './catalog.cache.ts';
import { saveCatalogueTexts } from './catalog.texts.ts';
import { listProductsJson } from './read/index.ts';

// Kazakh where the answers are built (issue 30 item 4, docs/decisions/046): Kazakh answers kept by the answer cache
// and compressed like Russian ones, a translation saved after an answer was kept shown at the next request, brand
// texts on the brands page, and product names in the cart and the orders.

let t: TestContext;
let f: ReturnType<typeof orderFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = orderFixtures(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(t.app.config.mediaDir, { recursive: true, force: true });
});

const KAZAKH = /[әғқңөұүһі]/i;
const KK = { 'accept-language': 'kk' };
const LIST = '/api/catalog/products?cityId=1&category=zhenskie-bryuki';

/** A GET (or a call with a body) in a language: the status, the `data` and the whole answer. */
async function ask<T>(url: string, headers: Record<string, string> = {}, method = 'GET', payload?: object) {
  const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
  return { status: res.statusCode, data: (res.json() as { data: T }).data, res };
}

describe('Kazakh answers in the answer cache (issue 30 item 4)', () => {
  it('keeps a Kazakh listing: a third ask costs at most the version read and returns the bytes kept', async () => {
    const query = ProductListQuery.parse({ cityId: '1', category: 'zhenskie-bryuki' });
    const counted = countQueries(t.db);
    const first = await listProductsJson(counted.db, query, 'kk');
    expect(counted.take()).toBeGreaterThan(1);
    const second = await listProductsJson(counted.db, query, 'kk');
    counted.take();
    const third = await listProductsJson(counted.db, query, 'kk');
    expect(counted.take()).toBeLessThanOrEqual(1);
    expect(third).toBe(second);
    expect(keptAnswerVersion(third)).toBeDefined();
    expect(third.equals(first)).toBe(true);
    // Each language is an answer of its own.
    const russian = await listProductsJson(counted.db, query);
    expect(russian.equals(third)).toBe(false);
    const names = (b: Buffer) =>
      (JSON.parse(b.toString()) as { data: ProductList }).data.items.map((i) => i.name);
    expect(names(third).some((n) => KAZAKH.test(n))).toBe(true);
    expect(names(russian).some((n) => KAZAKH.test(n))).toBe(false);
  });

  it('compresses Kazakh listings and product pages for accept-encoding: br, varying by language', async () => {
    const br = { ...KK, 'accept-encoding': 'br' };
    const list = await ask<ProductList>(LIST, KK);
    for (const url of [LIST, `/api/catalog/product/${list.data.items[0]!.slug}?cityId=1`]) {
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ url, headers: br });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language');
        const data = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).data as
          ProductList | Product;
        expect('items' in data ? data.items[0]!.name : data.name).toMatch(KAZAKH);
      }
    }
  });

  it('shows a translation saved after a Kazakh answer was kept at the next request', async () => {
    const kept = (await ask<ProductList>(LIST, KK)).data;
    await ask<ProductList>(LIST, KK);
    const item = kept.items[0]!;
    const { name } = await t.db
      .selectFrom('product')
      .select('name')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    await saveCatalogueTexts(t.db, 'kk', { [name]: 'Жаңа аударма' });
    const after = (await ask<ProductList>(LIST, KK)).data;
    expect(after.items.find((i) => i.id === item.id)!.name).toBe('Жаңа аударма');
    const page = await ask<Product>(`/api/catalog/product/${item.slug}?cityId=1`, KK);
    expect(page.data.name).toBe('Жаңа аударма');
    // Russian answers are untouched.
    const russian = (await ask<ProductList>(LIST)).data;
    expect(russian.items.find((i) => i.id === item.id)!.name).toBe(name);
  });
});

describe('brands in Kazakh', () => {
  it('gives a brand’s country and description in Kazakh on the brands answer, its name as it is', async () => {
    const ru = (await ask<BrandDetails[]>('/api/catalog/brands')).data;
    const brand = ru.find((b) => b.description && b.country)!;
    expect(brand).toBeDefined();
    await saveCatalogueTexts(t.db, 'kk', {
      [brand.description]: 'Қазақша сипаттама.',
      [brand.country]: 'Қазақстан',
    });
    const kk = await ask<BrandDetails[]>('/api/catalog/brands', KK);
    expect(kk.res.headers.vary).toMatch(/accept-language/i);
    expect(kk.data.find((b) => b.id === brand.id)).toMatchObject({
      name: brand.name,
      description: 'Қазақша сипаттама.',
      country: 'Қазақстан',
    });
    expect((await ask<BrandDetails[]>('/api/catalog/brands')).data.find((b) => b.id === brand.id)).toEqual(
      brand,
    );
  });
});

describe('the cart and orders in Kazakh', () => {
  /** A SKU of a product with a Kazakh name, in stock in `cityId`; its Russian and Kazakh names. */
  async function kazakhSku(cityId: number) {
    const list = (await ask<ProductList>(`/api/catalog/products?cityId=${cityId}&pageSize=60`, KK)).data;
    const card = list.items.find((i) => KAZAKH.test(i.name))!;
    const sku = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['sku.id', 'sku.external_id', 'product.name'])
      .where('sku.product_id', '=', card.id)
      .executeTakeFirstOrThrow();
    await f.setStock(sku.id, { [cityId]: 5 });
    return { id: sku.id, externalId: sku.external_id, russian: sku.name, kazakh: card.name };
  }

  it('names the cart’s products in Kazakh: added, read by uuid and split by city', async () => {
    const city = (await f.cities()).courier;
    const sku = await kazakhSku(city.id);
    const body = { externalId: sku.externalId, regionId: city.id, qty: 1 };
    const added = await ask<Cart>('/api/cart/add-or-update-item', KK, 'PUT', body);
    expect(added.status).toBe(200);
    expect(added.res.headers.vary).toMatch(/accept-language/i);
    expect(added.data.items[0]!.name).toBe(sku.kazakh);
    const uuid = added.data.uuid;
    const byUuid = await ask<{ cart: Cart }>(`/api/cart/get-by-uuid/${uuid}/${city.id}`, KK);
    expect(byUuid.data.cart.items[0]!.name).toBe(sku.kazakh);
    const split = await ask<SplitCart>(`/api/cart/split-cart-items-by-region-id/${uuid}/${city.id}`, KK);
    expect(split.data.available[0]!.name).toBe(sku.kazakh);
    const russian = await ask<{ cart: Cart }>(`/api/cart/get-by-uuid/${uuid}/${city.id}`);
    expect(russian.data.cart.items[0]!.name).toBe(sku.russian);
  });

  it('names an order’s products in Kazakh: the created order, its details and the list', async () => {
    const city = (await f.cities()).courier;
    const sku = await kazakhSku(city.id);
    const me = await f.newCustomer();
    const cartId = await f.makeCart([{ skuId: sku.id, qty: 1 }], me.id);
    const headers = { ...KK, 'x-authorization': me.token };
    const created = await ask<{ order: Order }>('/api/order/create', headers, 'POST', {
      order: f.draft(cartId, city),
    });
    expect(created.status).toBe(200);
    const { order } = created.data;
    expect(order.lines[0]!.name).toBe(sku.kazakh);
    const details = await ask<Order>(`/api/order/details/${order.number}`, headers);
    expect(details.data.lines[0]!.name).toBe(sku.kazakh);
    const list = await ask<{ items: Order[] }>('/api/order/list?state=pending', headers);
    expect(list.data.items.find((o) => o.number === order.number)!.lines[0]!.name).toBe(sku.kazakh);
    const russian = await ask<Order>(`/api/order/details/${order.number}`, { 'x-authorization': me.token });
    expect(russian.data.lines[0]!.name).toBe(sku.russian);
  });
});
