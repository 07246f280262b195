import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { makeApiKey, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';
import { productTexts, suggestedRole } from './onec.properties.ts';

// Composition and care from 1C (issue 28 item 10) and one card per 1C product (item 11), on a fresh shop: the
// property names 1C configurations write («Состав ткани», «Материал верха», «Рекомендации по уходу», «Уход»…), a
// name the staff point at composition or colour in the back office, the staff's own texts kept when 1C sends none;
// two 1C products sharing an Артикул that must not show each other's colours (until the staff choose grouping by
// article), and an offer without characteristics that belongs to its own product. The real dobromyslov set is in
// onec.properties.real.test.ts.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // Its products have no picture and pictures are not its subject: shown as staff may choose (the default, waiting
  // for pictures, is tested in onec.pictureless.test.ts and the real sets).
  await publishWithoutPictures();
});
afterAll(async () => {
  await t?.close();
});
const { basic, call, signIn, upload, importFile, publishWithoutPictures } = oneC(() => t);

const HEAD = '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08">';
const DRESS = 'd0000000-0000-0000-0000-000000000001';
const SKIRT = 'd0000000-0000-0000-0000-000000000002';
const COAT = 'd0000000-0000-0000-0000-000000000003';
const ch = (n: number) => `e0000000-0000-0000-0000-00000000000${n}`;

const property = (id: string, name: string, values: [string, string][] = []) =>
  `<Свойство><Ид>${id}</Ид><Наименование>${name}</Наименование>` +
  (values.length
    ? `<ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>${values
        .map(
          ([v, text]) => `<Справочник><ИдЗначения>${v}</ИдЗначения><Значение>${text}</Значение></Справочник>`,
        )
        .join('')}</ВариантыЗначений>`
    : '<ТипЗначений>Строка</ТипЗначений>') +
  '</Свойство>';
const values = (...pairs: [string, string][]) =>
  `<ЗначенияСвойств>${pairs.map(([id, v]) => `<ЗначенияСвойства><Ид>${id}</Ид><Значение>${v}</Значение></ЗначенияСвойства>`).join('')}</ЗначенияСвойств>`;
const requisites = (...pairs: [string, string][]) =>
  `<ЗначенияРеквизитов>${pairs.map(([n, v]) => `<ЗначениеРеквизита><Наименование>${n}</Наименование><Значение>${v}</Значение></ЗначениеРеквизита>`).join('')}</ЗначенияРеквизитов>`;
const product = (id: string, name: string, article: string, body = '') =>
  `<Товар><Ид>${id}</Ид><Артикул>${article}</Артикул><Наименование>${name}</Наименование>` +
  `<Группы><Ид>g-women</Ид></Группы>${body}</Товар>`;

/** import.xml as 1C:УТ 11 writes it: properties in the classifier, values by Ид, care as a requisite. */
const importXml = (dressBody: string, skirtBody = '', coatBody = '') =>
  `${HEAD}<Классификатор><Группы><Группа><Ид>g-women</Ид><Наименование>Женская одежда</Наименование></Группа></Группы>` +
  '<Свойства>' +
  property('p-top', 'Материал верха', [['v-cotton', 'хлопок 100%']]) +
  property('p-lining', 'Материал подкладки', [['v-visc', 'вискоза 100%']]) +
  property('p-fabric', 'Состав ткани') +
  property('p-care', 'Уход') +
  property('p-cloth', 'Ткань') +
  property('p-long', 'Д'.repeat(250)) +
  '</Свойства></Классификатор><Каталог СодержитТолькоИзменения="false"><Товары>' +
  product(DRESS, 'Платье миди', 'ART-7', dressBody) +
  product(SKIRT, 'Юбка миди', 'ART-7', skirtBody) +
  product(COAT, 'Пальто', 'C-1', coatBody) +
  '</Товары></Каталог></КоммерческаяИнформация>';

const chars = (...pairs: [string, string][]) =>
  `<ХарактеристикиТовара>${pairs.map(([n, v]) => `<ХарактеристикаТовара><Наименование>${n}</Наименование><Значение>${v}</Значение></ХарактеристикаТовара>`).join('')}</ХарактеристикиТовара>`;
const offer = (id: string, name: string, body = '') =>
  `<Предложение><Ид>${id}</Ид><Наименование>${name}</Наименование>${body}` +
  '<Цены><Цена><ИдТипаЦены>t</ИдТипаЦены><ЦенаЗаЕдиницу>19990</ЦенаЗаЕдиницу><Валюта>KZT</Валюта></Цена></Цены>' +
  '<Количество>4</Количество></Предложение>';
/** offers.xml: dress in red, skirt in blue (one article), the coat in two colours and once without characteristics. */
const offersXml = (coatOffers: string) =>
  `${HEAD}<ПакетПредложений СодержитТолькоИзменения="false"><ТипыЦен><ТипЦены><Ид>t</Ид>` +
  '<Наименование>Розничная</Наименование><Валюта>KZT</Валюта></ТипЦены></ТипыЦен><Предложения>' +
  offer(`${DRESS}#${ch(1)}`, 'Платье миди (красный, 44)', chars(['Цвет', 'красный'], ['Размер', '44'])) +
  offer(`${SKIRT}#${ch(2)}`, 'Юбка миди (синий, 44)', chars(['Цвет', 'синий'], ['Размер', '44'])) +
  coatOffers +
  '</Предложения></ПакетПредложений></КоммерческаяИнформация>';

let cookie: string;
let member: Awaited<ReturnType<typeof signedInMember>>;
async function exchange(files: Record<string, string>) {
  await call('type=catalog&mode=init', { cookie });
  const answers: string[] = [];
  for (const [name, xml] of Object.entries(files)) {
    await upload(cookie, name, Buffer.from(xml));
    answers.push((await importFile(cookie, name)).text);
  }
  return answers;
}
const shopProduct = (externalId: string) =>
  t.db
    .selectFrom('exchange_product')
    .innerJoin('product', 'product.id', 'exchange_product.product_id')
    .select(['product.id', 'product.slug', 'product.model_code', 'product.colour_name'])
    .select(['product.composition', 'product.care', 'product.is_active'])
    .where('exchange_product.external_id', '=', externalId)
    .executeTakeFirstOrThrow();
const page = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/catalog/product/${slug}?cityId=1` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { composition: string; care: string; colours: { name: string }[] };
};
const put = (url: string, body: object) => staffCall(t.app, member.cookie, 'PUT', url, body);

describe('roles by name', () => {
  it('suggests what the names 1C configurations write fill', () => {
    const roles = Object.fromEntries(
      [
        ...['Состав', 'Состав ткани', 'Материал', 'Материал верха', 'Composition', 'Material'],
        ...['Уход', 'Рекомендации по уходу', 'Уход за изделием', 'Care'],
        ...['Размер. (Доп реквизиты текстиль)', 'Size', 'Цвет товара', 'Расцветка', 'Страна производства'],
      ].map((n) => [n, suggestedRole(n)]),
    );
    expect(roles).toEqual({
      ...{ Состав: 'composition', 'Состав ткани': 'composition', Материал: 'composition' },
      ...{ 'Материал верха': 'composition', Composition: 'composition', Material: 'composition' },
      ...{ Уход: 'care', 'Рекомендации по уходу': 'care', 'Уход за изделием': 'care', Care: 'care' },
      ...{ 'Размер. (Доп реквизиты текстиль)': 'size', Size: 'size', 'Цвет товара': 'colour' },
      ...{ Расцветка: 'colour', 'Страна производства': 'none' },
    });
  });

  it('writes one value as it is, several with their names, at most 1,000 characters', () => {
    expect(productTexts([['Материал', ' лён ']], suggestedRole)).toEqual({ composition: 'лён', care: '' });
    expect(
      productTexts(
        [
          ['Материал верха', 'кожа'],
          ['Страна производства', 'Казахстан'],
          ['Материал подкладки', 'текстиль'],
        ],
        suggestedRole,
      ).composition,
    ).toBe('Материал верха: кожа; Материал подкладки: текстиль');
    expect(productTexts([['Уход', 'х'.repeat(5000)]], suggestedRole).care).toHaveLength(1000);
  });
});

describe('composition and care (issue 28 item 10)', () => {
  it('fills them from the properties and requisites 1C names so, joined when there are several', async () => {
    const ts = new Date().toISOString();
    await t.db
      .insertInto('category')
      .values({
        ...{ id: 1, slug: 'platya', name: 'Платья', kind: 3, gender: 0, sort_order: 1 },
        ...{ created_at: ts, updated_at: ts },
      })
      .execute();
    await t.db
      .insertInto('city')
      .values({
        ...{ id: 1, name: 'Алматы', slug: 'almaty', time_zone: 'Asia/Almaty', visible_for_customers: 1 },
        ...{ courier_available: 0, courier_price: 0, sort_order: 1, created_at: ts, updated_at: ts },
      })
      .execute();
    member = await signedInMember(t.app, t.db, 'catalogue');
    cookie = await signIn('catalog', basic('1c', (await makeApiKey(t.db, ['catalogue.import'])).secret));
    expect((await put('/api/admin/exchange/groups/g-women', { categoryId: 1 })).status).toBe(404);
    const dress =
      values(['p-top', 'v-cotton'], ['p-lining', 'v-visc']) +
      requisites(['Рекомендации по уходу', 'Стирка при 30 °C']);
    const skirt = values(['p-fabric', 'шерсть 70%, полиэстер 30%'], ['p-care', 'Только сухая чистка']);
    const [imported] = await exchange({ 'import.xml': importXml(dress, skirt, values(['p-cloth', 'драп'])) });
    expect(imported).toMatch(/^success\nЗагружено: 3/);
    expect((await put('/api/admin/exchange/groups/g-women', { categoryId: 1 })).status).toBe(200);
    expect(await shopProduct(DRESS)).toMatchObject({
      composition: 'Материал верха: хлопок 100%; Материал подкладки: вискоза 100%',
      care: 'Стирка при 30 °C',
    });
    expect(await shopProduct(SKIRT)).toMatchObject({
      composition: 'шерсть 70%, полиэстер 30%',
      care: 'Только сухая чистка',
    });
    // «Ткань» names nothing the site knows by itself: the coat has no composition yet.
    expect(await shopProduct(COAT)).toMatchObject({ composition: '', care: '' });
  });

  it('lists the names 1C sent; the staff point «Ткань» at composition, the next import.xml applies it', async () => {
    const list = (await staffCall(t.app, member.cookie, 'GET', '/api/admin/exchange/properties')).body.data
      .items as { name: string; source: string; role: string | null; suggestedRole: string }[];
    expect(list).toEqual(
      expect.arrayContaining([
        { name: 'Ткань', source: 'property', example: 'драп', role: null, suggestedRole: 'none' },
        expect.objectContaining({
          name: 'Материал верха',
          example: 'хлопок 100%',
          suggestedRole: 'composition',
        }),
        expect.objectContaining({ name: 'Уход', suggestedRole: 'care' }),
        expect.objectContaining({
          name: 'Рекомендации по уходу',
          source: 'requisite',
          suggestedRole: 'care',
        }),
      ]),
    );
    // A name longer than the back office can map is not listed.
    expect(list.filter((p) => p.name.length > 200)).toEqual([]);
    expect((await put('/api/admin/exchange/properties', { name: 'Нет такого', role: 'care' })).status).toBe(
      404,
    );
    expect((await put('/api/admin/exchange/properties', { name: 'Ткань', role: 'fabric' })).status).toBe(400);
    const saved = await put('/api/admin/exchange/properties', { name: 'ткань', role: 'composition' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.items[0]).toMatchObject({ name: 'Ткань', role: 'composition' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'exchange.property_mapped')
      .execute();
    expect(audit).toEqual([{ action: 'exchange.property_mapped', entity_id: 'ткань' }]);
    // The staff wrote the skirt's care by hand; 1C now sends none for it: the staff's text stays.
    const skirt = await shopProduct(SKIRT);
    await t.db.updateTable('product').set({ care: 'Бережная стирка' }).where('id', '=', skirt.id).execute();
    await exchange({
      'import.xml': importXml(
        '',
        values(['p-fabric', 'шерсть 70%, полиэстер 30%']),
        values(['p-cloth', 'драп']),
      ),
    });
    expect(await shopProduct(COAT)).toMatchObject({ composition: 'драп' });
    expect(await shopProduct(SKIRT)).toMatchObject({ care: 'Бережная стирка' });
    expect(await shopProduct(DRESS)).toMatchObject({ care: 'Стирка при 30 °C' });
  });

  it('lets the staff turn a property off: «Уход» mapped to nothing no longer fills the care', async () => {
    expect((await put('/api/admin/exchange/properties', { name: 'Уход', role: 'none' })).status).toBe(200);
    const before = (await shopProduct(SKIRT)).care;
    await exchange({ 'import.xml': importXml('', values(['p-care', 'Не стирать'])) });
    expect((await shopProduct(SKIRT)).care).toBe(before);
  });
});

describe('one card per 1C product (issue 28 item 11)', () => {
  const coat =
    offer(`${COAT}#${ch(3)}`, 'Пальто (чёрное, 46)', chars(['Цвет', 'чёрный'], ['Размер', '46'])) +
    offer(`${COAT}#${ch(4)}`, 'Пальто (бежевое, 46)', chars(['Цвет', 'бежевый'], ['Размер', '46']));

  it('keeps two 1C products that share an Артикул apart: neither shows the other as a colour', async () => {
    const [answer] = await exchange({ 'offers.xml': offersXml(coat) });
    expect(answer).toMatch(/^success/);
    const dress = await shopProduct(DRESS);
    const skirt = await shopProduct(SKIRT);
    expect([dress.model_code, skirt.model_code]).toEqual([DRESS, SKIRT]);
    expect((await page(dress.slug)).colours.map((c) => c.name)).toEqual(['красный']);
    expect((await page(skirt.slug)).colours.map((c) => c.name)).toEqual(['синий']);
    // The coat's two colours are one card.
    const black = await shopProduct(COAT);
    expect((await page(black.slug)).colours.map((c) => c.name)).toEqual(['чёрный', 'бежевый']);
  });

  it('puts an offer without characteristics on its own product, never on a copy of another colour', async () => {
    await exchange({ 'import.xml': importXml('') });
    const [answer] = await exchange({
      'offers.xml': offersXml(coat + offer(COAT, 'Пальто')),
    });
    expect(answer).toMatch(/^success/);
    const own = await shopProduct(COAT);
    const beige = await shopProduct(`${COAT}|бежевый`);
    const sku = await t.db
      .selectFrom('sku')
      .select(['product_id', 'size'])
      .where('external_id', '=', COAT)
      .executeTakeFirstOrThrow();
    expect(sku.product_id).toBe(own.id);
    expect(sku.product_id).not.toBe(beige.id);
    const coats = await t.db
      .selectFrom('exchange_product')
      .select('external_id')
      .where('product_1c_id', '=', COAT)
      .execute();
    expect(coats.map((c) => c.external_id).sort()).toEqual([COAT, `${COAT}|бежевый`]);
    // A colour copy takes the card and the texts of its product.
    expect(beige.model_code).toBe(own.model_code);
  });

  it('takes a characteristic the staff point at colour as the colour: a new swatch of the same card', async () => {
    const shade = (n: number, value: string) =>
      offer(`${DRESS}#${ch(n)}`, `Платье миди (${value}, 46)`, chars(['Оттенок', value], ['Размер', '46']));
    await exchange({ 'offers.xml': offersXml(coat + shade(5, 'красный')) });
    expect((await put('/api/admin/exchange/properties', { name: 'Оттенок', role: 'colour' })).status).toBe(
      200,
    );
    const [answer] = await exchange({
      'offers.xml': offersXml(coat + shade(5, 'красный') + shade(6, 'зелёный')),
    });
    expect(answer).toMatch(/^success/);
    const dress = await shopProduct(DRESS);
    const green = await shopProduct(`${DRESS}|зелёный`);
    expect(green.model_code).toBe(dress.model_code);
    expect((await page(dress.slug)).colours.map((c) => c.name)).toEqual(['красный', 'зелёный']);
  });

  it('groups by Артикул once the staff choose it (configurations with one 1C product per colour)', async () => {
    const settings = await put('/api/admin/exchange/settings', {
      priceType: 'Розничная',
      originalPriceType: null,
      groupByArticle: true,
    });
    expect(settings.body.data).toMatchObject({ groupByArticle: true });
    await exchange({ 'import.xml': importXml('') });
    const dress = await shopProduct(DRESS);
    expect(dress.model_code).toBe('ART-7');
    expect((await page(dress.slug)).colours.map((c) => c.name)).toEqual(['красный', 'синий', 'зелёный']);
    expect((await shopProduct(COAT)).model_code).toBe('C-1');
  });
});
