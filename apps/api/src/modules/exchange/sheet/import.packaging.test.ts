import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { skusWithStock } from '#app/test/cart.fixtures.ts';
import { ORIGIN, signedInMember } from '#app/test/staff.fixtures.ts';

// A size's packaging in the products sheet (issue 34 item 5, decision 070) on SQLite and PostgreSQL: Russian or
// English headers, grams and whole centimetres, new sizes stored with it, sizes already in the shop changed only
// where a cell is filled and differs, bad cells refused per row with nothing applied.

let t: TestContext;
let catalogue: { cookie: string };
let known: { id: number; external_id: string };

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await signedInMember(t.app, t.db, 'catalogue');
  const [first] = await skusWithStock(t.db, 1, 1, 10);
  known = first!;
});
afterAll(async () => {
  await t?.close();
});

async function upload(
  step: 'preview' | 'apply',
  csv: string,
): Promise<{ status: number; data: ImportResult }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/import/products/${step}`,
    payload: csv,
    headers: { 'content-type': 'text/csv', origin: ORIGIN },
    cookies: { kiim_staff: catalogue.cookie },
  });
  const body = res.json();
  return { status: res.statusCode, data: body.data ?? body.details };
}

const packaging = (externalId: string) =>
  t.db
    .selectFrom('sku')
    .where('external_id', '=', externalId)
    .select(['package_weight_g', 'package_length_cm', 'package_width_cm', 'package_height_cm'])
    .executeTakeFirstOrThrow();

const HEAD = 'externalId;model;name;category;brand;colour;size;price;';

describe('packaging columns of the products sheet', () => {
  it('stores a new size’s grams and centimetres (Russian headers); an empty cell leaves its category’s', async () => {
    const csv =
      `${HEAD}Вес, г;Длина, см;Ширина, см;Высота, см\n` +
      'PK-1-S;PK-01;Пальто;Женская одежда;Nordvik;Серый;S;49990;1800;60;40;15\n' +
      'PK-1-M;PK-01;Пальто;Женская одежда;Nordvik;Серый;M;49990;;60;;\n';
    const applied = await upload('apply', csv);
    expect(applied.status, JSON.stringify(applied.data)).toBe(200);
    expect(await packaging('PK-1-S')).toEqual({
      package_weight_g: 1800,
      package_length_cm: 60,
      package_width_cm: 40,
      package_height_cm: 15,
    });
    expect(await packaging('PK-1-M')).toEqual({
      package_weight_g: null,
      package_length_cm: 60,
      package_width_cm: null,
      package_height_cm: null,
    });
  });

  it('changes a known size’s packaging where a cell differs, and nothing twice', async () => {
    const csv =
      `${HEAD}weightG;lengthCm;widthCm;heightCm\n` +
      `${known.external_id};X;Что-то;Женская одежда;Nordvik;Синий;S;100;650;;;\n` +
      'PK-1-S;PK-01;Пальто;Женская одежда;Nordvik;Серый;S;49990;1800;60;40;15\n';
    const preview = await upload('preview', csv);
    expect(preview.data).toMatchObject({ changeCount: 1, unchangedRows: 1, errorCount: 0 });
    expect(preview.data.changes[0]).toMatchObject({
      externalId: known.external_id,
      field: 'packaging',
      before: '— г, — × — × — см',
      after: '650 г, — × — × — см',
    });
    expect((await upload('apply', csv)).status).toBe(200);
    expect((await packaging(known.external_id)).package_weight_g).toBe(650);
    expect((await upload('preview', csv)).data).toMatchObject({ changeCount: 0, unchangedRows: 2 });
  });

  it('refuses kilograms, fractions and out-of-bound sizes per cell, applying nothing', async () => {
    const csv =
      `${HEAD}weightG;lengthCm;widthCm;heightCm\n` +
      'PK-2-S;PK-02;Шарф;Женская одежда;Nordvik;Серый;S;9990;0,4;30;20;301\n' +
      'PK-2-M;PK-02;Шарф;Женская одежда;Nordvik;Серый;M;9990;60000;30,5;0;5\n';
    const preview = await upload('preview', csv);
    expect(preview.data.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'weightG'],
      [2, 'heightCm'],
      [3, 'weightG'],
      [3, 'lengthCm'],
      [3, 'widthCm'],
    ]);
    expect(preview.data.errors[0]!.message).toBe('Вес в граммах — целое число от 1 до 50000, а не «0,4»');
    const applied = await upload('apply', csv);
    expect(applied.status).toBe(422);
    expect(await t.db.selectFrom('sku').where('external_id', 'like', 'PK-2-%').selectAll().execute()).toEqual(
      [],
    );
  });
});
