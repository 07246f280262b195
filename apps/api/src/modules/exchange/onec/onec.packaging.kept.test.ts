import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';
import { oneC } from '#app/test/onec.fixtures.ts';

// 1C's packaging against the staff's hand edits (issue 34 item 5, decision 074), on SQLite and PostgreSQL through
// the 1C exchange: the first import sets a size's weight and length from the Товар's «Вес» and «Длина»; staff then
// change the weight by hand; the same import again keeps their value; 1C changing its length sets the length only,
// and 1C changing its weight then sets the weight.

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', '1c');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const JEANS = '5e1a7c3b-4d2f-11ef-8a10-00155d0a1f01';
const SKU = `${JEANS}#c-26-blue`;

/** import.xml with the jeans' «Вес» (kg) and «Длина» (m) requisites as 1C writes them. */
const importXml = (weightKg: string, lengthM: string) =>
  Buffer.from(
    fixture('import.xml').replace(
      '<Наименование>ВидНоменклатуры</Наименование>',
      `<Наименование>Вес</Наименование><Значение>${weightKg}</Значение></ЗначениеРеквизита>` +
        `<ЗначениеРеквизита><Наименование>Длина</Наименование><Значение>${lengthM}</Значение>` +
        '</ЗначениеРеквизита><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование>',
    ),
  );

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await oneC(() => t).publishWithoutPictures();
});
afterAll(async () => {
  await t?.close();
});
const { basic, call, signIn, upload, importFile } = oneC(() => t);

/** One exchange of import.xml (and offers.xml when `offers`), as 1C runs it. */
async function exchange(xml: Buffer, offers = false) {
  const key = await makeApiKey(t.db, ['catalogue.import'], '1С');
  const cookie = await signIn('catalog', basic('1c-exchange', key.secret));
  await call('type=catalog&mode=init', { cookie });
  await upload(cookie, 'import.xml', xml);
  expect((await importFile(cookie, 'import.xml')).text).toMatch(/^success/);
  if (offers) {
    await upload(cookie, 'offers.xml', Buffer.from(fixture('offers.xml')));
    expect((await importFile(cookie, 'offers.xml')).text).toMatch(/^success/);
  }
}

const packaging = () =>
  t.db
    .selectFrom('sku')
    .where('external_id', '=', SKU)
    .select(['package_weight_g as weight', 'package_length_cm as length'])
    .executeTakeFirstOrThrow();

describe('1C packaging and the staff’s edits', () => {
  it('sets it first, keeps a hand edit on the same import, and applies only what 1C changed', async () => {
    await exchange(importXml('0,6', '0,4'), true);
    expect(await packaging()).toEqual({ weight: 600, length: 40 });

    await t.db.updateTable('sku').set({ package_weight_g: 750 }).where('external_id', '=', SKU).execute();
    await exchange(importXml('0,6', '0,4'));
    expect(await packaging()).toEqual({ weight: 750, length: 40 });

    await exchange(importXml('0,6', '0,5'));
    expect(await packaging()).toEqual({ weight: 750, length: 50 });

    await exchange(importXml('0,8', '0,5'));
    expect(await packaging()).toEqual({ weight: 800, length: 50 });
  });
});
