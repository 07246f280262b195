import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeErrorCode, StaffErrorCode, type ImportResult } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { skusWithStock } from '#app/test/cart.fixtures.ts';
import { auditOf, makeApiKey, ORIGIN, signedInMember } from '#app/test/staff.fixtures.ts';
import { cell } from './sheet.export.ts';

// The spreadsheet import and export (issue 12 item 2): stock and prices from CSV as Excel writes it, the preview with
// per-row errors, applying (refused with bad rows unless skipped), idempotency, the audit entry, permissions, the
// integration API, and the export read back by the import.

let t: TestContext;
let catalogue: { cookie: string };
let warehouse: { cookie: string };
let manager: { cookie: string };
let skus: Awaited<ReturnType<typeof skusWithStock>>;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await signedInMember(t.app, t.db, 'catalogue');
  warehouse = await signedInMember(t.app, t.db, 'warehouse');
  manager = await signedInMember(t.app, t.db, 'manager');
  skus = await skusWithStock(t.db, 1, 3, 50);
});
afterAll(async () => {
  await t?.close();
});

const BOM = '\uFEFF';
async function upload(
  who: { cookie: string } | { apiKey: string },
  url: string,
  csv: string | Buffer,
): Promise<{
  status: number;
  body: { data: ImportResult; code?: number; message?: string; details?: ImportResult };
}> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: csv,
    headers: {
      'content-type': 'text/csv',
      origin: ORIGIN,
      ...('apiKey' in who ? { 'x-api-key': who.apiKey } : {}),
    },
    cookies: 'cookie' in who ? { kiim_staff: who.cookie } : {},
  });
  return { status: res.statusCode, body: res.json() };
}
const stockOf = async (skuId: number, cityId: number) =>
  Number(
    (
      await t.db
        .selectFrom('stock')
        .select('quantity')
        .where('sku_id', '=', skuId)
        .where('city_id', '=', cityId)
        .executeTakeFirst()
    )?.quantity ?? 0,
  );

const PREVIEW = '/api/admin/catalogue/import/stock/preview';
const APPLY = '/api/admin/catalogue/import/stock/apply';

describe('stock from CSV', () => {
  it('previews changes and bad rows with their row numbers and Russian messages, changing nothing', async () => {
    const [a, b] = skus;
    const csv =
      `${BOM}externalId;cityId;quantity\r\n${a!.external_id};1;${a!.quantity + 5}\r\nNO-SUCH;1;3\r\n` +
      `${b!.external_id};1;-2\r\n${b!.external_id};Алматы;7\r\n${a!.external_id};1;1\r\n`;
    const r = await upload(catalogue, PREVIEW, csv);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const p = r.body.data;
    expect(p).toMatchObject({ kind: 'stock', rowCount: 5, changeCount: 2, errorCount: 3, applied: false });
    expect(p.changes).toEqual([
      {
        row: 2,
        externalId: a!.external_id,
        field: 'quantity:Алматы',
        before: a!.quantity,
        after: a!.quantity + 5,
      },
      { row: 5, externalId: b!.external_id, field: 'quantity:Алматы', before: b!.quantity, after: 7 },
    ]);
    expect(p.errors).toEqual([
      { row: 3, column: 'externalId', message: 'Нет размера товара с кодом «NO-SUCH»' },
      { row: 4, column: 'quantity', message: 'Количество не может быть отрицательным' },
      { row: 6, column: 'externalId', message: 'Размер и город уже указаны в строке 2' },
    ]);
    expect(await stockOf(a!.id, 1)).toBe(a!.quantity);
  });

  it('applying with bad rows is refused (nothing changes) until they are skipped; then exactly the good rows change, audited, and a second run changes nothing', async () => {
    const [, , c, d] = skus;
    const csv = `externalId,city,quantity\n${c!.external_id},Алматы,0\n${d!.external_id},Астана,"1 200"\nX-1,Алматы,1\n`;
    const dBefore = await stockOf(d!.id, 2);
    const refused = await upload(catalogue, APPLY, csv);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(ExchangeErrorCode.badRows);
    expect(refused.body.details?.errors).toEqual([
      { row: 4, column: 'externalId', message: 'Нет размера товара с кодом «X-1»' },
    ]);
    expect(await stockOf(c!.id, 1)).toBe(c!.quantity);
    const auditsBefore = (await auditOf(t.db, 'catalogue.imported')).length;

    const applied = await upload(catalogue, `${APPLY}?skipBadRows=true`, csv);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data).toMatchObject({ applied: true, changeCount: 2, errorCount: 1 });
    expect(await stockOf(c!.id, 1)).toBe(0);
    expect(await stockOf(d!.id, 2)).toBe(1200);
    const audits = await auditOf(t.db, 'catalogue.imported');
    expect(audits.length).toBe(auditsBefore + 1);
    expect(audits.at(-1)!.after).toMatchObject({ kind: 'stock', changeCount: 2, skippedRows: [4] });
    expect(audits.at(-1)!.after.changes).toContainEqual({
      ...{ row: 3, externalId: d!.external_id, field: 'quantity:Астана' },
      ...{ before: dBefore, after: 1200 },
    });

    const movements = await t.db
      .selectFrom('stock_movement')
      .selectAll()
      .where('sku_id', 'in', [c!.id, d!.id])
      .orderBy('sku_id')
      .execute();
    expect(movements).toMatchObject([
      {
        sku_id: c!.id,
        city_id: 1,
        quantity_before: c!.quantity,
        quantity_after: 0,
        reason: 'import',
        note: 'CSV, строка 2',
      },
      {
        sku_id: d!.id,
        city_id: 2,
        quantity_before: dBefore,
        quantity_after: 1200,
        reason: 'import',
        note: 'CSV, строка 3',
      },
    ]);

    const again = await upload(catalogue, `${APPLY}?skipBadRows=true`, csv);
    expect(again.body.data).toMatchObject({ applied: true, changeCount: 0, unchangedRows: 2 });
    expect((await auditOf(t.db, 'catalogue.imported')).length).toBe(auditsBefore + 1);
  });

  it('bad files get clear errors and change nothing: wrong encoding, wrong columns, no rows', async () => {
    const cp1251 = Buffer.from([0x43, 0x3b, 0xc3, 0xee, 0xf0, 0xee, 0xe4, 0x0a, 0x31, 0x3b, 0xc0, 0x0a]);
    const enc = await upload(catalogue, APPLY, cp1251);
    expect([enc.status, enc.body.code]).toEqual([422, ExchangeErrorCode.unreadableFile]);
    expect(enc.body.message).toContain('не в кодировке UTF-8');
    const cols = await upload(catalogue, APPLY, 'sku;склад;qty\nA;1;2\n');
    expect([cols.status, cols.body.code]).toEqual([422, ExchangeErrorCode.wrongColumns]);
    expect(cols.body.message).toBe(
      'Столбцы файла не подходят: нет столбцов «externalId», «quantity»; неизвестные столбцы «sku», «склад», «qty». ' +
        'Нужны столбцы: externalId, cityId (необязательный), city (необязательный), quantity',
    );
    const empty = await upload(catalogue, APPLY, 'externalId;cityId;quantity\n');
    expect([empty.status, empty.body.code]).toEqual([422, ExchangeErrorCode.unreadableFile]);
    const broken = await upload(catalogue, APPLY, 'externalId;cityId;quantity\n"A;1;2\n');
    expect([broken.status, broken.body.code]).toEqual([422, ExchangeErrorCode.unreadableFile]);
  });
});

describe('prices from CSV', () => {
  it('changes a size’s prices once, checks the discount rule; one price for every size is the product’s', async () => {
    const [a] = skus;
    const url = '/api/admin/catalogue/import/prices/apply';
    const price = a!.price + 1000;
    const bad = await upload(
      catalogue,
      url,
      `externalId;price;originalPrice\n${a!.external_id};${price};${price - 1}\n`,
    );
    expect(bad.body.details?.errors).toEqual([
      { row: 2, column: 'originalPrice', message: 'Цена до скидки не может быть меньше цены' },
    ]);
    const csv = `externalId;price;originalPrice\n${a!.external_id};${price};${price + 500}\n`;
    const ok = await upload(catalogue, url, csv);
    expect(ok.body.data.changes).toEqual([
      { row: 2, externalId: a!.external_id, field: 'price', before: a!.price, after: price },
      {
        row: 2,
        externalId: a!.external_id,
        field: 'originalPrice',
        before: a!.original_price,
        after: price + 500,
      },
    ]);
    const prices = (productId: number) =>
      t.db
        .selectFrom('sku')
        .innerJoin('product', 'product.id', 'sku.product_id')
        .select(['sku.external_id', 'sku.price', 'sku.original_price'])
        .select(['product.price as product_price', 'product.original_price as product_original_price'])
        .where('product_id', '=', productId)
        .orderBy('sku.id')
        .execute();
    // The size keeps its own prices (decision 032); the product's and its other sizes' stay.
    const sizes = await prices(a!.product_id);
    expect(sizes.length).toBeGreaterThan(1);
    for (const s of sizes) {
      const own = s.external_id === a!.external_id;
      expect([s.price, s.original_price]).toEqual(own ? [price, price + 500] : [null, null]);
      expect([s.product_price, s.product_original_price]).toEqual([a!.price, a!.original_price]);
    }
    expect((await upload(catalogue, url, csv)).body.data.changeCount).toBe(0);
    // Every size at one price: the product's price, the size's own price cleared.
    const all = sizes.map((s) => `${s.external_id};${price + 2000};`).join('\n');
    const whole = await upload(catalogue, url, `externalId;price;originalPrice\n${all}\n`);
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    for (const s of await prices(a!.product_id))
      expect(s).toMatchObject({
        price: null,
        product_price: price + 2000,
        product_original_price: price + 2000,
      });
  });
});

describe('products with sizes from CSV', () => {
  it('makes new products with their sizes (unknown brand made), adds sizes to an existing one, leaves known SKUs', async () => {
    const url = '/api/admin/catalogue/import/products/apply';
    const [known] = skus;
    const csv =
      'externalId;model;name;category;brand;colour;size;price;originalPrice;description;published\n' +
      'NEW-1-S;NC-01;Платье миди;Женская одежда;Ақ Жол;Изумрудный;S;21990;25990;Вискоза;да\n' +
      'NEW-1-M;NC-01;Платье миди;Женская одежда;Ақ Жол;Изумрудный;M;21990;25990;Вискоза;да\n' +
      'NEW-2-48;NC-02;Брюки карго;muzhskie-bryuki;Nordvik;Хаки;48;17990;;;нет\n' +
      'NEW-3-L;NC-03;Куртка;Нет такой категории;Nordvik;Синий;L;1;;;\n' +
      `${known!.external_id};X;Что-то;Женская одежда;Nordvik;Синий;S;100;;;\n`;
    const preview = await upload(catalogue, '/api/admin/catalogue/import/products/preview', csv);
    expect(preview.body.data).toMatchObject({ rowCount: 5, changeCount: 5, unchangedRows: 1, errorCount: 1 });
    expect(preview.body.data.errors).toEqual([
      { row: 5, column: 'category', message: 'Нет категории «Нет такой категории»' },
    ]);
    const applied = await upload(catalogue, `${url}?skipBadRows=true`, csv);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const dress = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .innerJoin('brand', 'brand.id', 'product.brand_id')
      .select([
        'sku.external_id',
        'sku.size',
        'product.name',
        'product.price',
        'product.original_price',
        'product.is_active',
        'product.category_id',
        'brand.name as brand',
      ])
      .where('product.model_code', 'in', ['NC-01', 'NC-02'])
      .orderBy('product.id')
      .orderBy('sku.size_order')
      .execute();
    expect(dress, JSON.stringify(dress)).toEqual([
      {
        external_id: 'NEW-1-S',
        size: 'S',
        name: 'Платье миди',
        price: 21990,
        original_price: 25990,
        is_active: 1,
        category_id: 4,
        brand: 'Ақ Жол',
      },
      {
        external_id: 'NEW-1-M',
        size: 'M',
        name: 'Платье миди',
        price: 21990,
        original_price: 25990,
        is_active: 1,
        category_id: 4,
        brand: 'Ақ Жол',
      },
      {
        external_id: 'NEW-2-48',
        size: '48',
        name: 'Брюки карго',
        price: 17990,
        original_price: 17990,
        is_active: 0,
        category_id: 7,
        brand: 'Nordvik',
      },
    ]);
    expect((await upload(catalogue, `${url}?skipBadRows=true`, csv)).body.data.changeCount).toBe(0);
    const more = await upload(
      catalogue,
      url,
      'externalId;model;name;category;brand;colour;size;price\nNEW-1-L;NC-01;Платье миди;Женская одежда;Ақ Жол;изумрудный;L;21990\n',
    );
    expect(more.body.data.changes).toMatchObject([
      { row: 2, externalId: 'NEW-1-L', field: 'size', after: 'L' },
    ]);
    const sizes = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select('sku.size')
      .where('product.model_code', '=', 'NC-01')
      .execute();
    expect(sizes.map((s) => s.size).sort()).toEqual(['L', 'M', 'S']);
  });
});

describe('who may import', () => {
  it('stock: catalogue and warehouse roles; prices: catalogue only; the manager neither', async () => {
    const csv = `externalId;cityId;quantity\n${skus[5]!.external_id};1;${skus[5]!.quantity}\n`;
    expect((await upload(warehouse, PREVIEW, csv)).status).toBe(200);
    const prices = await upload(
      warehouse,
      '/api/admin/catalogue/import/prices/preview',
      'externalId;price\nA;1\n',
    );
    expect([prices.status, prices.body.code]).toEqual([403, StaffErrorCode.permissionDenied]);
    expect((await upload(manager, PREVIEW, csv)).status).toBe(403);
    expect((await upload({ cookie: '' }, PREVIEW, csv)).status).toBe(401);
  });

  it('integrations: an API key with scope catalogue.import; another scope gets 403', async () => {
    const key = await makeApiKey(t.db, ['catalogue.import'], '1С');
    const other = await makeApiKey(t.db, ['orders.status']);
    const sku = skus[6]!;
    const csv = `externalId;cityId;quantity\n${sku.external_id};1;${sku.quantity + 1}\n`;
    const url = '/api/backoffice/catalogue/import/stock/apply';
    expect((await upload({ apiKey: other.secret }, url, csv)).status).toBe(403);
    const r = await upload({ apiKey: key.secret }, url, csv);
    expect(r.body.data).toMatchObject({ applied: true, changeCount: 1 });
    const entry = (await auditOf(t.db, 'catalogue.imported')).at(-1)!;
    expect([entry.actor_type, entry.actor_id]).toEqual(['api_key', key.id]);
  });
});

describe('export', () => {
  it('exports stock and prices as UTF-8 CSV with BOM and `;`, which imports back changing nothing', async () => {
    const key = await makeApiKey(t.db, ['catalogue.import'], '1С');
    for (const kind of ['stock', 'prices', 'products']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/backoffice/catalogue/export/${kind}`,
        headers: { 'x-api-key': key.secret },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = res.body.split('\r\n');
      expect(lines.length).toBeGreaterThan(100);
      const back = await upload(
        { apiKey: key.secret },
        `/api/backoffice/catalogue/import/${kind}/preview`,
        res.rawPayload,
      );
      expect(back.body.data).toMatchObject({ rowCount: lines.length - 2, changeCount: 0, errorCount: 0 });
    }
  });
});

describe('export: formula injection (issue 29 item 4)', () => {
  it('writes a text starting with = + - @ tab or CR as quoted text behind a leading apostrophe', () => {
    expect(cell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    for (const start of ['+', '-', '@', '\t', '\r']) expect(cell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(cell('Платье = хлопок')).toBe('Платье = хлопок');
    expect(cell(-5)).toBe('-5');
  });

  it('exports a description that is a formula guarded, and the import reads it back unchanged', async () => {
    const formula = "=cmd|' /C calc'!A0";
    const product = await t.db.selectFrom('product').select(['id']).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('product').set({ description: formula }).where('id', '=', product.id).execute();
    const key = await makeApiKey(t.db, ['catalogue.import'], 'formula');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/catalogue/export/products',
      headers: { 'x-api-key': key.secret },
    });
    expect(res.statusCode).toBe(200);
    const cells = res.body.split('\r\n').flatMap((l) => l.split(';'));
    expect(cells.some((c) => /^"?[=+\-@]/.test(c) && !/^-?\d+$/.test(c))).toBe(false);
    expect(res.body).toContain(`"'=cmd|' /C calc'!A0"`);
    const back = await upload(
      { apiKey: key.secret },
      '/api/backoffice/catalogue/import/products/preview',
      res.rawPayload,
    );
    expect(back.body.data).toMatchObject({ changeCount: 0, errorCount: 0 });
  });
});

describe('sizes priced apart in the products sheet (decision 032)', () => {
  it('gives the product its cheapest row’s price and a size at another price its own', async () => {
    const csv =
      'externalId;model;name;category;brand;colour;size;price;originalPrice;description;published\n' +
      'PR-1-42;PR-01;Платье макси;Женская одежда;Nordvik;Синий;42;19990;;;да\n' +
      'PR-1-44;PR-01;Платье макси;Женская одежда;Nordvik;Синий;44;21990;24990;;да\n';
    const applied = await upload(catalogue, '/api/admin/catalogue/import/products/apply', csv);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const rows = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['sku.size', 'sku.price', 'sku.original_price', 'product.price as product_price'])
      .where('product.model_code', '=', 'PR-01')
      .orderBy('sku.size')
      .execute();
    expect(rows.map((r) => [r.size, r.price, r.original_price, r.product_price])).toEqual([
      ['42', null, null, 19990],
      ['44', 21990, 24990, 19990],
    ]);
  });
});
