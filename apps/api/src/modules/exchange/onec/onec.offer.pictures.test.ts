import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';

// Issue 28 item 9: an offer's own pictures (`Картинка` inside `Предложение`: the photos of a colour) become the
// pictures of that colour's product, like a product's from import.xml; a picture file the XML names but the upload
// lacks is named in the answer to 1C as a warning.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const { basic, call, signIn, upload, importFile } = oneC(() => t);

const PHOTO = 'import_files/3f/3f5a1c0e-jeans.jpg';
const photo = fs.readFileSync(
  path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', '1c', PHOTO),
);
const SHIRT = 'a9000000-0000-0000-0000-000000000001';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08">';
const importXml = (category: string) =>
  `${HEAD}<Классификатор><Группы><Группа><Ид>g-1</Ид><Наименование>${category}</Наименование></Группа></Группы>` +
  `</Классификатор><Каталог><Товары><Товар><Ид>${SHIRT}</Ид><Наименование>Рубашка Кийм</Наименование>` +
  '<Группы><Ид>g-1</Ид></Группы></Товар></Товары></Каталог></КоммерческаяИнформация>';
const offer = (colour: string, picture: string) =>
  `<Предложение><Ид>${SHIRT}#${colour}</Ид><Наименование>Рубашка Кийм (${colour}, M)</Наименование>` +
  `<Картинка>${picture}</Картинка><ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Цвет</Наименование>` +
  `<Значение>${colour}</Значение></ХарактеристикаТовара><ХарактеристикаТовара><Наименование>Размер</Наименование>` +
  '<Значение>M</Значение></ХарактеристикаТовара></ХарактеристикиТовара><Цены><Цена><ИдТипаЦены>t-1</ИдТипаЦены>' +
  '<ЦенаЗаЕдиницу>12990</ЦенаЗаЕдиницу><Валюта>KZT</Валюта></Цена></Цены><Количество>4</Количество></Предложение>';
const offersXml = () =>
  `${HEAD}<ПакетПредложений><ТипыЦен><ТипЦены><Ид>t-1</Ид><Наименование>Розничная</Наименование>` +
  `<Валюта>KZT</Валюта></ТипЦены></ТипыЦен><Предложения>${offer('Красный', PHOTO)}` +
  `${offer('Синий', 'import_files/9a/9a-blue.jpg')}</Предложения></ПакетПредложений></КоммерческаяИнформация>`;

describe('pictures of 1C offers (issue 28 item 9)', () => {
  it('gives each colour its offer’s photo and names a missing file in the answer', async () => {
    const category = await t.db.selectFrom('category').select('name').orderBy('id').executeTakeFirstOrThrow();
    await orderFixtures(t).cities();
    const key = await makeApiKey(t.db, ['catalogue.import']);
    const cookie = await signIn('catalog', basic('1c', key.secret));
    await call('type=catalog&mode=init', { cookie });
    await upload(cookie, 'import.xml', Buffer.from(importXml(category.name)));
    await upload(cookie, 'offers.xml', Buffer.from(offersXml()));
    await upload(cookie, PHOTO, photo);
    expect((await importFile(cookie, 'import.xml')).text.split('\n')[0]).toBe('success');
    const answer = (await importFile(cookie, 'offers.xml')).text;
    expect(answer.split('\n')[0], answer).toBe('success');
    expect(answer).toContain('Картинка «import_files/9a/9a-blue.jpg» товара «Рубашка Кийм» не загружена');

    const images = await t.db
      .selectFrom('product')
      .leftJoin('product_image', 'product_image.product_id', 'product.id')
      .select(['product.colour_name', 'product_image.width', 'product_image.height'])
      .where('product.name', '=', 'Рубашка Кийм')
      .orderBy('product.colour_name')
      .execute();
    expect(images).toEqual([
      { colour_name: 'Красный', width: 600, height: 800 },
      { colour_name: 'Синий', width: null, height: null },
    ]);
  });
});
