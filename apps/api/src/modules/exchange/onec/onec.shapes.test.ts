import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { makeApiKey, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// The 1C exchange on a fresh shop (AUTO_SEED=false: no category, no city) with the shapes real 1C configurations
// write (issue 28): products without Группы, unmapped groups and warehouses waiting as drafts, sizes and colours
// named in several ways, sizes priced apart, prices in another currency, stock without warehouses, fractional and
// negative quantities, offers of unknown products, deleted offers, changes-only packages, the protocol's other modes,
// and a 73-character `product#characteristic` SKU id through the cart and the wishlist.

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
const { basic, call, signIn, upload, importFile, productOf, stockOf, publishWithoutPictures } = oneC(() => t);

const SHIRT = 'a0000000-0000-0000-0000-000000000001';
const BOOTS = 'a0000000-0000-0000-0000-000000000002';
const LOOSE = 'a0000000-0000-0000-0000-000000000003';
const char = (n: number) => `c0000000-0000-0000-0000-00000000000${n}`;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.09">';

/** import.xml: a group «Рубашки», the size property of 2.09, three products (one without Группы). */
const importXml = (extra = '') =>
  `${HEAD}<Классификатор><Группы><Группа><Ид>g-shirts</Ид><Наименование>Рубашки</Наименование></Группа></Группы>` +
  '<Свойства><Свойство><Ид>p-size</Ид><Наименование>Размер</Наименование><ВариантыЗначений>' +
  '<Справочник><ИдЗначения>v-52</ИдЗначения><Значение>52</Значение></Справочник>' +
  '</ВариантыЗначений></Свойство></Свойства></Классификатор><Каталог><Товары>' +
  `<Товар><Ид>${SHIRT}</Ид><Наименование>Рубашка льняная</Наименование><Группы><Ид>g-shirts</Ид></Группы></Товар>` +
  `<Товар><Ид>${BOOTS}</Ид><Наименование>Ботинки женские</Наименование><Группы><Ид>g-shirts</Ид></Группы></Товар>` +
  `<Товар><Ид>${LOOSE}</Ид><Наименование>Шарф</Наименование></Товар>${extra}</Товары></Каталог>` +
  '</КоммерческаяИнформация>';

const price = (value: string, currency = 'KZT') =>
  `<Цены><Цена><ИдТипаЦены>t-retail</ИдТипаЦены><ЦенаЗаЕдиницу>${value}</ЦенаЗаЕдиницу><Валюта>${currency}</Валюта></Цена></Цены>`;
const chars = (...pairs: [string, string][]) =>
  `<ХарактеристикиТовара>${pairs.map(([n, v]) => `<ХарактеристикаТовара><Наименование>${n}</Наименование><Значение>${v}</Значение></ХарактеристикаТовара>`).join('')}</ХарактеристикиТовара>`;
const offer = (id: string, name: string, body: string, attrs = '') =>
  `<Предложение${attrs}><Ид>${id}</Ид><Наименование>${name}</Наименование>${body}</Предложение>`;
const wh = (units: string) => `<Склад ИдСклада="wh-almaty" КоличествоНаСкладе="${units}"/>`;

/** offers.xml: sizes named five ways, one size priced apart, a bad quantity, an unknown product, a dollar price. */
const offersXml = (offers?: string, attrs = ' СодержитТолькоИзменения="false"') =>
  `${HEAD}<ПакетПредложений${attrs}><ТипыЦен><ТипЦены><Ид>t-retail</Ид><Наименование>Розничная</Наименование>` +
  '<Валюта>KZT</Валюта></ТипЦены><ТипЦены><Ид>t-rub</Ид><Наименование>Розничная РФ</Наименование><Валюта>RUB</Валюта>' +
  '</ТипЦены></ТипыЦен><Склады><Склад><Ид>wh-almaty</Ид><Наименование>Склад Алматы</Наименование></Склад></Склады>' +
  '<Предложения>' +
  (offers ??
    offer(
      `${SHIRT}#${char(1)}`,
      'Рубашка льняная (M, белый)',
      chars(['Размер. (Доп реквизиты текстиль)', 'M'], ['Цвет товара', 'Белый']) + price('15990') + wh('3'),
    ) +
      offer(
        `${SHIRT}#${char(2)}`,
        'Рубашка льняная (L, белый)',
        chars(['Size', 'L'], ['Цвет товара', 'Белый']) + price('16990') + wh('2.7'),
      ) +
      offer(
        `${SHIRT}#${char(3)}`,
        'Рубашка льняная',
        `<ЗначенияСвойств><ЗначенияСвойства><Ид>p-size</Ид><Значение>v-52</Значение></ЗначенияСвойства></ЗначенияСвойств>${chars(['Цвет товара', 'Белый'])}${price('15990')}${wh('-2')}`,
      ) +
      offer(`${BOOTS}#${char(4)}`, 'Ботинки женские (38)', price('24990') + wh('5')) +
      offer(`${BOOTS}#${char(5)}`, 'Ботинки женские, 39', price('24990') + wh('1')) +
      offer(LOOSE, 'Шарф', price('4990', 'USD') + wh('7')) +
      offer('b0000000-unknown#1', 'Чужой товар', price('100') + wh('1')) +
      offer(`${BOOTS}#${char(6)}`, 'Ботинки женские, 40', price('24990') + wh('лишнее'))) +
  '</Предложения></ПакетПредложений></КоммерческаяИнформация>';

let cookie: string;
async function exchange(files: Record<string, string>) {
  await call('type=catalog&mode=init', { cookie });
  for (const [name, xml] of Object.entries(files)) await upload(cookie, name, Buffer.from(xml));
  const answers: string[] = [];
  for (const name of Object.keys(files)) answers.push((await importFile(cookie, name)).text);
  return answers;
}
const now = () => new Date().toISOString();

describe('a fresh shop', () => {
  it('takes the first import.xml without a category: products wait as drafts, also those without Группы', async () => {
    const key = await makeApiKey(t.db, ['catalogue.import']);
    cookie = await signIn('catalog', basic('1c', key.secret));
    const [imported, offered] = await exchange({ 'import.xml': importXml(), 'offers.xml': offersXml() });
    expect(imported).toBe(
      'success\nЗагружено: 3\nЖдут выбора категории на сайте (Каталог → Обмен с 1С), товаров: 3',
    );
    expect(await t.db.selectFrom('product').select('id').execute()).toEqual([]);
    const drafts = await t.db
      .selectFrom('exchange_draft')
      .select(['product_1c_id', 'group_external_id'])
      .execute();
    expect(drafts.map((d) => [d.product_1c_id, d.group_external_id]).sort()).toEqual([
      [SHIRT, 'g-shirts'],
      [BOOTS, 'g-shirts'],
      [LOOSE, '-'],
    ]);
    // One bad row never blocks the rest: success with the counts and the warnings.
    const lines = offered!.split('\n');
    expect(lines.slice(0, 3)).toEqual(['success', 'Загружено: 6', 'Пропущено: 2']);
    expect(lines).toContain(`Предложение «${BOOTS}#${char(6)}» пропущено: количество «лишнее» — не число`);
    expect(lines).toContain(
      'Предложение «b0000000-unknown#1» пропущено: товара «b0000000-unknown» нет ни на сайте, ни в import.xml',
    );
    const kept = await t.db.selectFrom('exchange_draft_offer').select('external_id').execute();
    expect(kept).toHaveLength(6);
  });

  it('lists the unmapped groups and warehouses with suggestions, never applied by themselves', async () => {
    const ts = now();
    await t.db
      .insertInto('category')
      .values({
        id: 1,
        slug: 'rubashki',
        name: 'Рубашки',
        kind: 3,
        gender: 0,
        sort_order: 1,
        created_at: ts,
        updated_at: ts,
      })
      .execute();
    await t.db
      .insertInto('city')
      .values({
        ...{ id: 1, name: 'Алматы', slug: 'almaty', time_zone: 'Asia/Almaty', visible_for_customers: 1 },
        ...{ courier_available: 0, courier_price: 0, sort_order: 1, created_at: ts, updated_at: ts },
      })
      .execute();
    const member = await signedInMember(t.app, t.db, 'catalogue');
    const groups = (await staffCall(t.app, member.cookie, 'GET', '/api/admin/exchange/groups')).body.data
      .items;
    expect(groups).toEqual([
      expect.objectContaining({
        externalId: 'g-shirts',
        categoryId: null,
        suggestedCategoryId: 1,
        productCount: 2,
      }),
      expect.objectContaining({
        externalId: '-',
        name: 'Товары без группы в 1С',
        categoryId: null,
        productCount: 1,
      }),
    ]);
    const whs = (await staffCall(t.app, member.cookie, 'GET', '/api/admin/exchange/warehouses')).body.data
      .items;
    expect(whs).toEqual([
      { externalId: 'wh-almaty', name: 'Склад Алматы', cityId: null, suggestedCityId: 1 },
    ]);
    const settings = (await staffCall(t.app, member.cookie, 'GET', '/api/admin/exchange/settings')).body.data;
    expect(settings).toEqual({
      ...{ priceType: null, originalPriceType: null, defaultCityId: null, groupByArticle: false },
      publishWithoutPictures: true,
      priceTypes: [
        { id: 't-retail', name: 'Розничная', currency: 'KZT', tenge: true },
        { id: 't-rub', name: 'Розничная РФ', currency: 'RUB', tenge: false },
      ],
    });
  });

  it('publishes the drafts once the staff map warehouse and groups: sizes, own prices, stock', async () => {
    const member = await signedInMember(t.app, t.db, 'catalogue');
    const put = (path: string, body: object) => staffCall(t.app, member.cookie, 'PUT', path, body);
    expect((await put('/api/admin/exchange/warehouses/wh-almaty', { cityId: 1 })).status).toBe(200);
    expect((await put('/api/admin/exchange/groups/g-shirts', { categoryId: 1 })).status).toBe(200);
    expect((await put('/api/admin/exchange/groups/-', { categoryId: 1 })).status).toBe(200);
    const white = await productOf(`${SHIRT}#${char(1)}`);
    expect(white).toMatchObject({ is_active: 1, category_id: 1, colour_name: 'Белый', size: 'M' });
    expect((await productOf(`${SHIRT}#${char(2)}`))!.size).toBe('L');
    expect((await productOf(`${SHIRT}#${char(3)}`))!.size).toBe('52');
    expect((await productOf(`${BOOTS}#${char(4)}`))!.size).toBe('38');
    expect((await productOf(`${BOOTS}#${char(5)}`))!.size).toBe('39');
    // Sizes priced apart: each keeps its own price; the product's is its cheapest size's (docs/decisions/032).
    expect(white).toMatchObject({ price: 15990, original_price: 15990, sku_price: 15990 });
    expect(await productOf(`${SHIRT}#${char(2)}`)).toMatchObject({ price: 15990, sku_price: 16990 });
    // 2.7 rounded down, −2 taken as 0.
    expect(await stockOf(`${SHIRT}#${char(1)}`)).toEqual({ 1: 3 });
    expect(await stockOf(`${SHIRT}#${char(2)}`)).toEqual({ 1: 2 });
    expect(await stockOf(`${SHIRT}#${char(3)}`)).toEqual({});
    // The scarf's only price is in dollars: never taken 1:1, so it stays hidden.
    expect(await productOf(LOOSE)).toMatchObject({ is_active: 0, price: 1 });
    expect(await t.db.selectFrom('exchange_draft').selectAll().execute()).toEqual([]);
  });

  it('sells a 73-character 1C SKU id through the cart and the wishlist', async () => {
    const id = `${SHIRT}#${char(1)}`;
    expect(id).toHaveLength(73);
    const cart = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/add-or-update-item',
      payload: { externalId: id, regionId: 1, qty: 1 },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().data.items[0]).toMatchObject({ externalId: id, price: 15990 });
    const wish = await t.app.inject({
      method: 'POST',
      url: `/api/wishlist/item?externalId=${encodeURIComponent(id)}`,
    });
    expect(wish.statusCode, wish.body).toBe(200);
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/add-or-update-item',
      payload: { externalId: 'x'.repeat(201), regionId: 1, qty: 1 },
    });
    expect(tooLong.statusCode).toBe(400);
    const control = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/add-or-update-item',
      payload: { externalId: 'a\u0007b', regionId: 1, qty: 1 },
    });
    expect(control.statusCode).toBe(400);
  });
});

describe('stock, deletions and packages', () => {
  it('puts stock without warehouses into the only city; a deleted offer is taken off sale', async () => {
    const total = (id: string, units: string, attrs = '') =>
      offer(id, 'Ботинки женские', `${price('24990')}<Количество>${units}</Количество>`, attrs);
    const [answer] = await exchange({
      'offers.xml': offersXml(
        total(`${BOOTS}#${char(4)}`, '9') + total(`${BOOTS}#${char(5)}`, '4', ' Статус="Удален"'),
      ),
    });
    expect(answer).toMatch(/^success\nЗагружено: 2/);
    expect(await stockOf(`${BOOTS}#${char(4)}`)).toEqual({ 1: 9 });
    expect(await stockOf(`${BOOTS}#${char(5)}`)).toEqual({});
  });

  it('a changes-only package (ИзмененияПакетаПредложений) changes only what it lists', async () => {
    const before = await stockOf(`${SHIRT}#${char(1)}`);
    const changes = offersXml(offer(`${BOOTS}#${char(4)}`, 'Ботинки женские (38)', wh('6')), '').replace(
      /ПакетПредложений/g,
      'ИзмененияПакетаПредложений',
    );
    const [answer] = await exchange({ 'offers.xml': changes });
    expect(answer).toBe('success\nЗагружено: 1');
    expect(await stockOf(`${BOOTS}#${char(4)}`)).toEqual({ 1: 6 });
    expect(await stockOf(`${SHIRT}#${char(1)}`)).toEqual(before);
  });

  it('takes prices*.xml and rests*.xml of the «several files» scheme: neither clears what the other sets', async () => {
    const id = `${BOOTS}#${char(4)}`;
    const stock = await stockOf(id);
    expect(stock).toEqual({ 1: 6 });
    const prices = offersXml(offer(id, 'Ботинки женские (38)', price('19990')));
    expect(await exchange({ 'prices___1.xml': prices })).toEqual(['success\nЗагружено: 1']);
    expect(await productOf(id)).toMatchObject({ price: 19990 });
    expect(await stockOf(id)).toEqual(stock);
    const rests = offersXml(offer(id, 'Ботинки женские (38)', wh('2'))).replace(/<ТипыЦен>.*<\/ТипыЦен>/, '');
    expect(await exchange({ 'rests___1.xml': rests })).toEqual(['success\nЗагружено: 1']);
    expect(await productOf(id)).toMatchObject({ price: 19990 });
    expect(await stockOf(id)).toEqual({ 1: 2 });
  });

  it('a product marked deleted in import.xml is unpublished', async () => {
    const deleted = importXml().replace(
      `<Ид>${BOOTS}</Ид><Наименование>Ботинки женские</Наименование>`,
      `<Ид>${BOOTS}</Ид><Наименование>Ботинки женские</Наименование><ПометкаУдаления>true</ПометкаУдаления>`,
    );
    expect((await exchange({ 'import.xml': deleted }))[0]).toMatch(/^success/);
    expect(await productOf(`${BOOTS}#${char(4)}`)).toMatchObject({ is_active: 0 });
    expect(await productOf(`${SHIRT}#${char(1)}`)).toMatchObject({ is_active: 1 });
  });
});

describe('protocol modes', () => {
  it('answers complete, deactivate, sale import and unknown modes in plain text', async () => {
    const cases: [string, RegExp][] = [
      ['type=catalog&mode=complete', /^success$/],
      ['type=catalog&mode=deactivate', /^success$/],
      ['type=catalog&mode=whatever', /^failure\nРежим «whatever» не поддерживается для type=catalog$/],
      ['type=nonsense&mode=init', /^failure\nНеизвестный тип обмена «nonsense»/],
      ['mode=init', /^failure\nНеизвестный тип обмена/],
    ];
    for (const [query, answer] of cases) {
      const r = await call(query, { cookie });
      expect([r.status, r.type], query).toEqual([200, 'text/plain; charset=utf-8']);
      expect(r.text, query).toMatch(answer);
    }
    const key = await makeApiKey(t.db, ['orders.status']);
    const sale = await signIn('sale', basic('1c', key.secret));
    const file = `${HEAD}</КоммерческаяИнформация>`;
    expect(
      (await call('type=sale&mode=file&filename=orders.xml', { cookie: sale, body: Buffer.from(file) })).text,
    ).toMatch(/^success/);
    expect((await call('type=sale&mode=import&filename=orders.xml', { cookie: sale })).text).toBe('success');
  });
});
