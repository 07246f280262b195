import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';
import { getSettings } from '../exchange.mapping.ts';

// Issue 28 items 6 and 4: 1C:УТ 10 writes the catalogue and the offers in one import.xml (schema 2.03/2.04,
// `ПакетПредложений` beside `Каталог`): its prices and stock are read in the same import, after the catalogue part.
// A 2.09+ import.xml lists the price types in `Классификатор/ТипыЦен`: they are shown to staff with the currency,
// like the ones offers.xml sends. A fixture of our own, shaped like УТ 10 (no real УТ 10 file here).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Its products have no picture and pictures are not its subject: shown as staff may choose (the default, waiting
  // for pictures, is tested in onec.pictureless.test.ts and the real sets).
  await publishWithoutPictures();
});
afterAll(async () => {
  await t?.close();
});
const { basic, call, signIn, upload, importFile, publishWithoutPictures } = oneC(() => t);

const COAT = 'c1000000-0000-0000-0000-000000000001';
const SIZE_M = `${COAT}#s-m`;
const SIZE_L = `${COAT}#s-l`;
const head = (version: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="${version}">`;
const priceType = (id: string, name: string, currency: string) =>
  `<ТипЦены><Ид>${id}</Ид><Наименование>${name}</Наименование><Валюта>${currency}</Валюта></ТипЦены>`;
const offer = (id: string, size: string, price: number, units: number) =>
  `<Предложение><Ид>${id}</Ид><Наименование>Пальто Кийм (${size})</Наименование>` +
  `<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${size}</Значение>` +
  '</ХарактеристикаТовара></ХарактеристикиТовара><Цены><Цена><Представление>руб.</Представление>' +
  `<ИдТипаЦены>t-retail</ИдТипаЦены><ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу><Валюта>KZT</Валюта></Цена></Цены>` +
  `<Количество>${units}</Количество><Склад ИдСклада="wh-1" КоличествоНаСкладе="${units}"/></Предложение>`;

/** An УТ 10 import.xml: classifier, catalogue and the offers package in one file. */
const ut10 = (category: string, city: string) =>
  `${head('2.04')}<Классификатор><Ид>cl-1</Ид><Наименование>Классификатор (Каталог товаров)</Наименование>` +
  `<Группы><Группа><Ид>g-1</Ид><Наименование>${category}</Наименование></Группа></Группы></Классификатор>` +
  '<Каталог СодержитТолькоИзменения="false"><Ид>cat-1</Ид><ИдКлассификатора>cl-1</ИдКлассификатора>' +
  `<Наименование>Каталог товаров</Наименование><Товары><Товар><Ид>${COAT}</Ид><Артикул>PK-1</Артикул>` +
  '<Наименование>Пальто Кийм</Наименование><Группы><Ид>g-1</Ид></Группы></Товар></Товары></Каталог>' +
  '<ПакетПредложений СодержитТолькоИзменения="false"><Ид>cat-1#</Ид><Наименование>Пакет предложений</Наименование>' +
  '<ИдКаталога>cat-1</ИдКаталога><ИдКлассификатора>cl-1</ИдКлассификатора>' +
  `<ТипыЦен>${priceType('t-retail', 'Розничная', 'KZT')}</ТипыЦен>` +
  `<Склады><Склад><Ид>wh-1</Ид><Наименование>${city}</Наименование></Склад></Склады>` +
  `<Предложения>${offer(SIZE_M, 'M', 45990, 3)}${offer(SIZE_L, 'L', 47990, 2)}</Предложения>` +
  '</ПакетПредложений></КоммерческаяИнформация>';

let cookie: string;
async function exchange(name: string, xml: string) {
  await call('type=catalog&mode=init', { cookie });
  await upload(cookie, name, Buffer.from(xml));
  return (await importFile(cookie, name)).text;
}

describe('1C:УТ 10 — the catalogue and the offers in one import.xml (issue 28 item 6)', () => {
  it('reads the offers after the catalogue: prices, stock and the product on sale', async () => {
    const city = (await orderFixtures(t).cities()).noCourier;
    const [cityRow, category] = await Promise.all([
      t.db.selectFrom('city').select('name').where('id', '=', city.id).executeTakeFirstOrThrow(),
      t.db.selectFrom('category').select(['name']).orderBy('id').executeTakeFirstOrThrow(),
    ]);
    const key = await makeApiKey(t.db, ['catalogue.import']);
    cookie = await signIn('catalog', basic('1c', key.secret));

    const answer = await exchange('import.xml', ut10(category.name, cityRow.name));
    // One product and two offers read in one import.
    expect(answer.split('\n').slice(0, 2), answer).toEqual(['success', 'Загружено: 3']);

    const skus = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['sku.external_id', 'sku.price', 'sku.id', 'product.is_active', 'product.slug'])
      .where('sku.external_id', 'in', [SIZE_M, SIZE_L])
      .orderBy('sku.external_id')
      .execute();
    expect(skus.map((s) => [s.external_id, s.price, Number(s.is_active)])).toEqual([
      [SIZE_L, 47990, 1],
      [SIZE_M, 45990, 1],
    ]);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/catalog/product/${skus[0]!.slug}?cityId=${city.id}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ price: 45990, maxPrice: 47990 });
    expect(page.json().data.skus.map((s: { size: string }) => s.size)).toEqual(['M', 'L']);
    const stock = await t.db
      .selectFrom('stock')
      .select(['sku_id', 'quantity'])
      .where(
        'sku_id',
        'in',
        skus.map((s) => s.id),
      )
      .where('city_id', '=', city.id)
      .orderBy('sku_id')
      .execute();
    const units = new Map(skus.map((s) => [s.id, s.external_id]));
    expect(stock.map((r) => [units.get(r.sku_id), Number(r.quantity)]).sort()).toEqual([
      [SIZE_L, 2],
      [SIZE_M, 3],
    ]);
    expect((await getSettings(t.db)).priceTypes.map((p) => p.name)).toEqual(['Розничная']);
  });

  it('refuses the whole file, catalogue too, when its offers cannot be priced', async () => {
    const before = await t.db.selectFrom('product').select(['id']).execute();
    const xml = ut10('Новая группа УТ10', 'Новый склад').replace(
      priceType('t-retail', 'Розничная', 'KZT'),
      priceType('t-retail', 'Розничная', 'RUB'),
    );
    const answer = await exchange('import.xml', xml.replaceAll(COAT, 'c1000000-0000-0000-0000-000000000002'));
    expect(answer.split('\n')[0], answer).toBe('failure');
    expect(answer).toMatch(/тенге/);
    expect(await t.db.selectFrom('product').select(['id']).execute()).toEqual(before);
  });
});

describe('price types of a 2.09+ import.xml (issue 28 item 4)', () => {
  it('lists Классификатор/ТипыЦен to staff with their currency, without any offers in the file', async () => {
    const xml =
      `${head('2.09')}<Классификатор><Ид>cl-2</Ид><Наименование>Классификатор</Наименование>` +
      `<ТипыЦен>${priceType('t-opt', 'Оптовая', 'KZT')}${priceType('t-usd', 'Экспорт', 'USD')}</ТипыЦен>` +
      '</Классификатор></КоммерческаяИнформация>';
    const answer = await exchange('import.xml', xml);
    expect(answer.split('\n')[0], answer).toBe('success');
    expect((await getSettings(t.db)).priceTypes).toEqual([
      { id: 't-opt', name: 'Оптовая', currency: 'KZT', tenge: true },
      { id: 't-usd', name: 'Экспорт', currency: 'USD', tenge: false },
    ]);
  });
});
