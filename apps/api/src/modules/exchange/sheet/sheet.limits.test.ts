import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { skusWithStock } from '#app/test/cart.fixtures.ts';
import { ORIGIN, signedInMember } from '#app/test/staff.fixtures.ts';
import { readSheet, SHEET_LIMITS, type ColumnSpec } from './csv.sheet.ts';

// The bounds of every uploaded spreadsheet (issue 29 item 3): bytes (413 before reading when declared, while
// reading when chunked), rows and row length (422 naming the limit), and a refused file changes nothing.

let t: TestContext;
let warehouse: { cookie: string };
let skus: Awaited<ReturnType<typeof skusWithStock>>;

beforeAll(async () => {
  t = await createTestApp();
  warehouse = await signedInMember(t.app, t.db, 'warehouse');
  skus = await skusWithStock(t.db, 1, 2, 50);
});
afterAll(async () => {
  await t?.close();
});

const APPLY = '/api/admin/catalogue/import/stock/apply';
const PREVIEW = '/api/admin/catalogue/import/stock/preview';
const HEADER = 'externalId;cityId;quantity\n';

/** Stock lines for `count` rows, in chunks of about 64 KB, generated as they are read (never held whole). */
function* stockLines(externalId: string, count: number) {
  yield HEADER;
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += `${externalId};1;${i % 1000}\n`;
    if (chunk.length > 65_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function post(url: string, payload: string | Readable, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'text/csv', origin: ORIGIN, ...headers },
    cookies: { kiim_staff: warehouse.cookie },
  });
  return { status: res.statusCode, body: res.json() as { code?: number; message?: string } };
}

const stockOf = async (skuId: number) =>
  Number(
    (
      await t.db
        .selectFrom('stock')
        .select('quantity')
        .where('sku_id', '=', skuId)
        .where('city_id', '=', 1)
        .executeTakeFirst()
    )?.quantity ?? 0,
  );

describe('spreadsheet upload limits', () => {
  it('refuses a declared body over 20 MB with 413 before reading it', async () => {
    let read = 0;
    const body = new Readable({
      read() {
        read++;
        this.push(read > 1 ? null : HEADER);
      },
    });
    const r = await post(PREVIEW, body, { 'content-length': String(SHEET_LIMITS.bytes + 1) });
    expect([r.status, r.body.code]).toEqual([413, ExchangeErrorCode.fileTooLarge]);
    expect(r.body.message).toContain('больше 20 МБ');
  });

  it('refuses a chunked body while reading once it passes 20 MB (413), changing nothing', async () => {
    const sku = skus[0]!;
    const before = await stockOf(sku.id);
    // ≈ 25 MB of rows (also past the row limit: the byte limit is met first only when rows are long, so pad them).
    const padded = `${sku.external_id}${' '.repeat(300)}`;
    const r = await post(APPLY, Readable.from(stockLines(padded, 80_000)));
    expect([r.status, r.body.code]).toEqual([413, ExchangeErrorCode.fileTooLarge]);
    expect(await stockOf(sku.id)).toBe(before);
  });

  it('refuses more than 100,000 rows with 422 naming the limit, changing nothing', async () => {
    const sku = skus[1]!;
    const before = await stockOf(sku.id);
    const r = await post(APPLY, Readable.from(stockLines(sku.external_id, SHEET_LIMITS.rows + 1)));
    expect([r.status, r.body.code]).toEqual([422, ExchangeErrorCode.unreadableFile]);
    expect(r.body.message).toBe(
      'В файле больше 100 000 строк. Разделите его на несколько файлов (например, по городам)',
    );
    expect(await stockOf(sku.id)).toBe(before);
  });

  it('reads exactly 100,000 rows (the limit itself is allowed)', async () => {
    const sku = skus[1]!;
    const r = await post(PREVIEW, Readable.from(stockLines(sku.external_id, SHEET_LIMITS.rows)));
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    expect((r.body as unknown as { data: { rowCount: number } }).data.rowCount).toBe(SHEET_LIMITS.rows);
  });

  it('refuses a row longer than 60,000 characters (an unclosed quote) with 422', async () => {
    const r = await post(PREVIEW, `${HEADER}"A;1;${'x'.repeat(70_000)}\nB;1;2\n`);
    expect([r.status, r.body.code]).toEqual([422, ExchangeErrorCode.unreadableFile]);
    expect(r.body.message).toContain('длиннее 60 000 символов');
  });

  it('answers 400 without a body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PREVIEW,
      headers: { origin: ORIGIN },
      cookies: { kiim_staff: warehouse.cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('readSheet', () => {
  const columns: ColumnSpec[] = [
    { name: 'a', required: true, aliases: [] },
    { name: 'b', required: false, aliases: [] },
  ];
  const from = (...parts: (string | Buffer)[]) =>
    (async function* () {
      for (const p of parts) yield Buffer.from(p);
    })();

  it('reads rows split anywhere between chunks, a multi-byte letter included', async () => {
    const text = Buffer.from('\uFEFFa,b\r\n1,Алма\r\n"2,x",ты\r\n');
    const parts = Array.from({ length: text.length }, (_, i) => text.subarray(i, i + 1));
    expect(await readSheet(from(...parts), columns)).toEqual([
      { row: 2, cells: { a: '1', b: 'Алма' } },
      { row: 3, cells: { a: '2,x', b: 'ты' } },
    ]);
  });

  it('applies the limits it is given: bytes 413, rows and row length 422', async () => {
    const small = { bytes: 30, rows: 2, rowChars: 10, cellChars: 4 };
    await expect(readSheet(from('a;b\n', '1;2\n'.repeat(8)), columns, small)).rejects.toMatchObject({
      statusCode: 413,
    });
    await expect(readSheet(from('a;b\n1;2\n1;2\n1;2\n'), columns, small)).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('больше 2 строк'),
    });
    await expect(readSheet(from('a;b\n1234;56789012\n'), columns, small)).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('длиннее 10 символов'),
    });
    await expect(readSheet(from('a;b\n1;12345\n'), columns, small)).rejects.toMatchObject({
      statusCode: 422,
      message: 'Строка 2, столбец «b»: в ячейке больше 4 символов',
    });
  });

  it('refuses bytes that are not UTF-8 even when split between chunks, and UTF-16', async () => {
    await expect(readSheet(from('a;b\n1;', Buffer.from([0xd0]), '\n'), columns)).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('не в кодировке UTF-8'),
    });
    await expect(readSheet(from(Buffer.from([0xff, 0xfe, 0x61, 0])), columns)).rejects.toMatchObject({
      message: expect.stringContaining('UTF-16'),
    });
  });
});
