import fs from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { makeApiKey, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Composition from a real 1C export (issue 28 item 10): the dobromyslov 1C:УТ 11 set (CommerceML 2.07) has the
// dictionary property «Материал» on 69 of its 283 products; after the exchange and the staff's mapping of its groups,
// exactly those products have it as their composition (counted from the XML by a reader of its own), none has a care
// text, and every card is its 1C product (item 11). Skipped when ../shared/fixtures/1c-real is absent.

const REAL = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../../../../../../shared/fixtures/1c-real',
);

/** 1C product id → its «Материал» value (dictionary resolved), counted from the XML by a reader of its own. */
function materials(file: string) {
  const parser = new SaxesParser();
  const stack: string[] = [];
  const dictionary = new Map<string, string>();
  const out = new Map<string, string>();
  let propertyId = '';
  let materialId = '';
  let valueId = '';
  let productId = '';
  let text = '';
  parser.on('opentag', (tag) => {
    stack.push(tag.name);
    text = '';
  });
  parser.on('text', (s) => (text += s));
  parser.on('closetag', (tag) => {
    stack.pop();
    const parent = stack.at(-1);
    const value = text.trim();
    if (tag.name === 'Ид' && parent === 'Свойство') propertyId = value;
    if (tag.name === 'Наименование' && parent === 'Свойство' && value === 'Материал') materialId = propertyId;
    if (tag.name === 'ИдЗначения') valueId = value;
    if (tag.name === 'Значение' && parent === 'Справочник' && propertyId === materialId)
      dictionary.set(valueId, value);
    if (tag.name === 'Ид' && parent === 'Товар') productId = value;
    if (tag.name === 'Ид' && parent === 'ЗначенияСвойства') propertyId = value;
    if (tag.name === 'Значение' && parent === 'ЗначенияСвойства' && propertyId === materialId && value)
      out.set(productId, dictionary.get(value) ?? value);
    text = '';
  });
  parser.write(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '')).close();
  return out;
}

describe.skipIf(!fs.existsSync(REAL))('the real dobromyslov set (1C:УТ 11, 2.07)', () => {
  let r: TestContext;
  const real = oneC(() => r);
  beforeAll(async () => {
    r = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await r?.close();
  });

  it('fills the composition of every product with «Материал», and of no other', async () => {
    const file = path.join(REAL, 'dobromyslov-2.07', 'import0_1_with_nested_groups.xml');
    const expected = materials(file);
    expect(expected.size).toBe(69);
    const ts = new Date().toISOString();
    await r.db
      .insertInto('category')
      .values({
        ...{ id: 1, slug: 'tovary', name: 'Товары', kind: 3, gender: 0, sort_order: 1 },
        ...{ created_at: ts, updated_at: ts },
      })
      .execute();
    const c = await real.signIn(
      'catalog',
      real.basic('1c', (await makeApiKey(r.db, ['catalogue.import'])).secret),
    );
    await real.call('type=catalog&mode=init', { cookie: c });
    await real.upload(c, 'import.xml', fs.readFileSync(file));
    expect((await real.importFile(c, 'import.xml')).text).toMatch(/^success/);
    const staff = await signedInMember(r.app, r.db, 'catalogue');
    const groups = (await staffCall(r.app, staff.cookie, 'GET', '/api/admin/exchange/groups')).body.data
      .items as {
      externalId: string;
    }[];
    for (const g of groups)
      await staffCall(
        r.app,
        staff.cookie,
        'PUT',
        `/api/admin/exchange/groups/${encodeURIComponent(g.externalId)}`,
        {
          categoryId: 1,
        },
      );
    const rows = await r.db
      .selectFrom('exchange_product')
      .innerJoin('product', 'product.id', 'exchange_product.product_id')
      .select(['exchange_product.product_1c_id', 'product.composition', 'product.care', 'product.model_code'])
      .execute();
    expect(rows).toHaveLength(283);
    const filled = new Map(rows.filter((p) => p.composition).map((p) => [p.product_1c_id, p.composition]));
    expect(filled).toEqual(expected);
    expect(rows.filter((p) => p.care)).toEqual([]);
    expect(rows.every((p) => p.model_code === p.product_1c_id)).toBe(true);
  });
});
