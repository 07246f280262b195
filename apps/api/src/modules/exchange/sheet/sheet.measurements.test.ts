import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, makeApiKey, ORIGIN, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Garment measurements in the products sheet (issue 35 item 6, decisions 066 and 072) on a real database (SQLite, or
// PostgreSQL with DATABASE_URL): columns in cm for new and known sizes, shown on the product page at once; bad cells
// are row errors that change nothing; a row without measurements keeps the stored ones; the export carries them
// and reads back unchanged.

let t: TestContext;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
});
afterAll(async () => {
  await t?.close();
});

const HEAD = 'externalId;model;name;category;brand;colour;size;price';
type Answer = { status: number; body: { data: ImportResult; code?: number; details?: ImportResult } };

async function upload(step: 'preview' | 'apply', csv: string, query = ''): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/import/products/${step}${query}`,
    payload: csv,
    headers: { 'content-type': 'text/csv', origin: ORIGIN },
    cookies: { kiim_staff: cookie },
  });
  return { status: res.statusCode, body: res.json() };
}

/** The product of `model` (its id, slug and its measurements as the back office lists them, by size). */
async function productOf(model: string) {
  const p = await t.db
    .selectFrom('product')
    .select(['id', 'slug'])
    .where('model_code', '=', model)
    .executeTakeFirstOrThrow();
  const res = await staffCall(t.app, cookie, 'GET', `/api/admin/catalogue/products/${p.id}/measurements`);
  expect(res.status).toBe(200);
  const bySize = Object.fromEntries(
    (res.body.data.items as { size: string }[]).map(({ size, ...m }) => [size, m]),
  );
  return { id: Number(p.id), slug: p.slug, bySize };
}

const cm = (
  chest: number | null,
  waist: number | null,
  hips: number | null,
  length: number | null,
  inseam: number | null,
) => ({
  chest,
  waist,
  hips,
  length,
  inseam,
});

describe('garment measurements in the products sheet (decision 072)', () => {
  it('writes the measurements of new sizes from Russian headers, decimal comma included, onto the product page', async () => {
    const csv =
      `${HEAD};Обхват груди;Обхват талии;Обхват бёдер;Длина изделия;Длина по внутреннему шву\n` +
      'MS-1-S;MS-01;Платье-рубашка;Женская одежда;Nordvik;Синий;S;19990;88;70,5;94;102;\n' +
      'MS-1-M;MS-01;Платье-рубашка;Женская одежда;Nordvik;Синий;M;19990;92.5;74;98;103;\n' +
      'MS-1-L;MS-01;Платье-рубашка;Женская одежда;Nordvik;Синий;L;19990;;;;;\n';
    const preview = await upload('preview', csv);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.errorCount).toBe(0);
    expect(preview.body.data.changes.filter((c) => c.field === 'measurements')).toEqual([
      {
        row: 2,
        externalId: 'MS-1-S',
        field: 'measurements',
        before: null,
        after: 'Обхват груди 88 · Обхват талии 70,5 · Обхват бёдер 94 · Длина изделия 102',
      },
      {
        row: 3,
        externalId: 'MS-1-M',
        field: 'measurements',
        before: null,
        after: 'Обхват груди 92,5 · Обхват талии 74 · Обхват бёдер 98 · Длина изделия 103',
      },
    ]);
    expect(await t.db.selectFrom('product').select('id').where('model_code', '=', 'MS-01').execute()).toEqual(
      [],
    );

    const applied = await upload('apply', csv);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const product = await productOf('MS-01');
    expect(product.bySize).toEqual({
      S: cm(88, 70.5, 94, 102, null),
      M: cm(92.5, 74, 98, 103, null),
      L: cm(null, null, null, null, null),
    });
    const rows = await t.db
      .selectFrom('product_measurement')
      .select(['size', 'chest_mm', 'waist_mm'])
      .where('product_id', '=', product.id)
      .orderBy('size')
      .execute();
    expect(rows.map((r) => [r.size, Number(r.chest_mm), Number(r.waist_mm)])).toEqual([
      ['M', 925, 740],
      ['S', 880, 705],
    ]);
    // The product page (published: the back office's measurements of a product whatever its state).
    await t.db.updateTable('product').set({ is_active: 1 }).where('id', '=', product.id).execute();
    const page = await t.app.inject({ url: `/api/catalog/product/${product.slug}` });
    expect(page.json().data.measurements).toEqual([
      { size: 'S', ...cm(88, 70.5, 94, 102, null) },
      { size: 'M', ...cm(92.5, 74, 98, 103, null) },
    ]);
    // Applied again: nothing to change.
    const again = await upload('apply', csv);
    expect(again.body.data).toMatchObject({ changeCount: 0, unchangedRows: 3 });
  });

  it('measures known sizes anew, keeps them when a row has none, and a changed size lists before and after', async () => {
    const csv = (s: string, m: string) =>
      `${HEAD};chest;waist;hips;length;inseam\n` +
      `MS-1-S;MS-01;Платье-рубашка;Женская одежда;Nordvik;Синий;S;19990;${s}\n` +
      `MS-1-M;MS-01;Платье-рубашка;Женская одежда;Nordvik;Синий;M;19990;${m}\n`;
    // No measurement in either row: nothing changes.
    const none = await upload('apply', csv(';;;;', ';;;;'));
    expect(none.body.data).toMatchObject({ changeCount: 0, unchangedRows: 2, errorCount: 0 });
    // S measured otherwise (its waist left empty: not measured), M as it is.
    const changed = await upload('apply', csv('90;;95;102;', '92,5;74;98;103;'));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.changes).toEqual([
      {
        row: 2,
        externalId: 'MS-1-S',
        field: 'measurements',
        before: 'Обхват груди 88 · Обхват талии 70,5 · Обхват бёдер 94 · Длина изделия 102',
        after: 'Обхват груди 90 · Обхват бёдер 95 · Длина изделия 102',
      },
    ]);
    expect(changed.body.data.unchangedRows).toBe(1);
    expect((await productOf('MS-01')).bySize).toMatchObject({
      S: cm(90, null, 95, 102, null),
      M: cm(92.5, 74, 98, 103, null),
    });
    const entries = await auditOf(t.db, 'catalogue.imported');
    expect(entries.at(-1)?.after).toMatchObject({ kind: 'products', changeCount: 1 });
    // A sheet without the columns at all leaves them too.
    const plain = await upload(
      'apply',
      `${HEAD}\nMS-1-S;MS-01;Платье-рубашка;Женская одежда;Nordvik;Синий;S;19990\n`,
    );
    expect(plain.body.data).toMatchObject({ changeCount: 0, unchangedRows: 1 });
    expect((await productOf('MS-01')).bySize.S).toEqual(cm(90, null, 95, 102, null));
  });

  it('refuses bad cells with the column and a Russian message, changing nothing until they are skipped', async () => {
    const csv =
      `${HEAD};chest;waist;hips;length;inseam\n` +
      'MS-2-S;MS-02;Брюки;Женская одежда;Nordvik;Серый;S;15990;abc;0;301;92,55;-5\n' +
      'MS-2-M;MS-02;Брюки;Женская одежда;Nordvik;Серый;M;15990;;72;;100;78,5\n' +
      'MS-2-L;MS-02;Брюки;Женская одежда;Nordvik;Серый;L;15990;;76;;101;79\n' +
      'MS-2-XL;MS-02;Брюки;Женская одежда;Nordvik;Серый;L;15990;;80;;101;79\n';
    const refused = await upload('apply', csv);
    expect(refused.status).toBe(422);
    expect(refused.body.details?.errors).toEqual([
      { row: 2, column: 'chest', message: 'Обхват груди: нужно число сантиметров, а не «abc»' },
      { row: 2, column: 'waist', message: 'Обхват талии: не меньше 1 см' },
      { row: 2, column: 'hips', message: 'Обхват бёдер: не больше 300 см' },
      { row: 2, column: 'length', message: 'Длина изделия: не больше одного знака после запятой' },
      { row: 2, column: 'inseam', message: 'Длина по внутреннему шву: нужно число сантиметров, а не «-5»' },
      { row: 5, column: 'size', message: 'Замеры размера «L» уже указаны иначе в строке 4' },
    ]);
    expect(await t.db.selectFrom('product').select('id').where('model_code', '=', 'MS-02').execute()).toEqual(
      [],
    );
    const skipped = await upload('apply', csv, '?skipBadRows=true');
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const product = await productOf('MS-02');
    expect(product.bySize).toEqual({ M: cm(null, 72, null, 100, 78.5), L: cm(null, 76, null, 101, 79) });
  });

  it('exports the measurements in cm with a decimal comma, and the export imports back changing nothing', async () => {
    const key = await makeApiKey(t.db, ['catalogue.import'], 'measurements');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/catalogue/export/products',
      headers: { 'x-api-key': key.secret },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/;published;chest;waist;hips;length;inseam$/);
    expect(lines.find((l) => l.startsWith('MS-1-M;'))).toMatch(/;92,5;74;98;103;$/);
    expect(lines.find((l) => l.startsWith('MS-2-M;'))).toMatch(/;;72;;100;78,5$/);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/catalogue/import/products/preview',
      payload: res.rawPayload,
      headers: { 'content-type': 'text/csv', 'x-api-key': key.secret },
    });
    expect(back.json().data).toMatchObject({ changeCount: 0, errorCount: 0 });
  });
});
