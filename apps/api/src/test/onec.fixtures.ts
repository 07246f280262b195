import { expect } from 'vitest';
import type { TestContext } from './helper.ts';

// The 1C exchange as 1C drives it (checkauth, init, file in parts, import) and what an import changed, for the
// exchange's tests (apps/api/src/modules/exchange/onec/onec*.test.ts).

/** Calls of the 1C protocol and reads of the catalogue, on the test app `ctx()` returns. */
export function oneC(ctx: () => TestContext) {
  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  async function call(
    query: string,
    opts: { auth?: string; cookie?: string; body?: Buffer; method?: 'GET' | 'POST' } = {},
  ) {
    const res = await ctx().app.inject({
      method: opts.method ?? (opts.body ? 'POST' : 'GET'),
      url: `/api/exchange/1c?${query}`,
      payload: opts.body,
      headers: {
        ...(opts.auth ? { authorization: opts.auth } : {}),
        ...(opts.body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      cookies: opts.cookie ? { kiim_1c: opts.cookie } : {},
    });
    return { status: res.statusCode, text: res.body, type: res.headers['content-type'] };
  }
  /** checkauth → the session cookie's value. */
  async function signIn(type: 'catalog' | 'sale', auth: string) {
    const r = await call(`type=${type}&mode=checkauth`, { auth });
    const [answer, name, value] = r.text.split('\n');
    expect([r.status, answer, name], r.text).toEqual([200, 'success', 'kiim_1c']);
    return value!;
  }
  async function upload(cookie: string, filename: string, data: Buffer, parts = 1) {
    const size = Math.ceil(data.length / parts);
    for (let i = 0; i < data.length; i += size) {
      const r = await call(`type=catalog&mode=file&filename=${encodeURIComponent(filename)}`, {
        cookie,
        body: data.subarray(i, i + size),
      });
      expect(r.text).toBe('success');
    }
  }
  const importFile = (cookie: string, filename: string) =>
    call(`type=catalog&mode=import&filename=${filename}`, { cookie });

  /** Everything an import may change, to compare before and after. */
  async function snapshot() {
    const [products, skus, stock, images, brands] = await Promise.all([
      ctx().db.selectFrom('product').selectAll().orderBy('id').execute(),
      ctx().db.selectFrom('sku').selectAll().orderBy('id').execute(),
      ctx().db.selectFrom('stock').selectAll().orderBy('sku_id').orderBy('city_id').execute(),
      ctx().db.selectFrom('product_image').selectAll().orderBy('id').execute(),
      ctx().db.selectFrom('brand').selectAll().orderBy('id').execute(),
    ]);
    return { products, skus, stock, images, brands };
  }
  const productOf = async (externalId: string) =>
    ctx()
      .db.selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .innerJoin('brand', 'brand.id', 'product.brand_id')
      .select(['product.id', 'product.name', 'product.price', 'product.original_price', 'product.is_active'])
      .select([
        'product.category_id',
        'product.colour_name',
        'brand.name as brand',
        'sku.id as sku_id',
        'sku.size',
        'sku.price as sku_price',
        'sku.original_price as sku_original_price',
      ])
      .where('sku.external_id', '=', externalId)
      .executeTakeFirst();
  const stockOf = async (externalId: string) => {
    const rows = await ctx()
      .db.selectFrom('stock')
      .innerJoin('sku', 'sku.id', 'stock.sku_id')
      .select(['stock.city_id', 'stock.quantity'])
      .where('sku.external_id', '=', externalId)
      .orderBy('stock.city_id')
      .execute();
    return Object.fromEntries(rows.filter((r) => r.quantity > 0).map((r) => [r.city_id, Number(r.quantity)]));
  };
  /**
   * The setting «Публиковать товары без фотографий» (issue 28 item 9) as staff save it, before an exchange: on for
   * tests whose products have no picture and whose subject is not pictures (the default, off, keeps them waiting).
   */
  const publishWithoutPictures = async (on = true) => {
    const at = new Date().toISOString();
    const value = on ? '1' : '0';
    await ctx()
      .db.insertInto('exchange_setting')
      .values({ key: 'publish_without_pictures', value, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute();
  };
  return {
    ...{ basic, call, signIn, upload, importFile, snapshot, productOf, stockOf },
    publishWithoutPictures,
  };
}
