import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductListQuery, type ProductCard } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';
import { listProductsSql } from '#app/modules/catalog/read/listing.oracle.testing.ts';

// Each SKU keeps its own price (issue 28 item 4, docs/decisions/032): 1C prices the two sizes of one product at
// 19,990 and 21,990 ₸; the storefront shows each size's price and «от 19 990 ₸» on the card (both listing paths), the
// price filter finds the product by its cheapest size, the cart and the order take the chosen size's price, and
// the order keeps the price it was sold at when 1C changes it later.

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

const DRESS = 'd0000000-0000-0000-0000-000000000001';
const SIZE_42 = `${DRESS}#e0000000-0000-0000-0000-000000000042`;
const SIZE_44 = `${DRESS}#e0000000-0000-0000-0000-000000000044`;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.07">';

/** import.xml: one group named as a seeded category (mapped on arrival), one product. */
const importXml = (category: string) =>
  `${HEAD}<Классификатор><Группы><Группа><Ид>g-1</Ид><Наименование>${category}</Наименование></Группа></Группы>` +
  `</Классификатор><Каталог><Товары><Товар><Ид>${DRESS}</Ид><Наименование>Платье миди Кийм</Наименование>` +
  '<Группы><Ид>g-1</Ид></Группы></Товар></Товары></Каталог></КоммерческаяИнформация>';

/** offers.xml: the sizes at their prices, 5 units each in a warehouse named as a seeded city. */
const offersXml = (city: string, offers: [string, string, number][], changesOnly = false) =>
  `${HEAD}<ПакетПредложений СодержитТолькоИзменения="${changesOnly}"><ТипыЦен><ТипЦены><Ид>t-retail</Ид>` +
  '<Наименование>Розничная</Наименование><Валюта>KZT</Валюта></ТипЦены></ТипыЦен>' +
  `<Склады><Склад><Ид>wh-1</Ид><Наименование>${city}</Наименование></Склад></Склады><Предложения>` +
  offers
    .map(
      ([id, size, price]) =>
        `<Предложение><Ид>${id}</Ид><Наименование>Платье миди Кийм (${size})</Наименование>` +
        `<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${size}` +
        '</Значение></ХарактеристикаТовара></ХарактеристикиТовара><Цены><Цена><ИдТипаЦены>t-retail</ИдТипаЦены>' +
        `<ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу><Валюта>KZT</Валюта></Цена></Цены>` +
        '<Склад ИдСклада="wh-1" КоличествоНаСкладе="5"/></Предложение>',
    )
    .join('') +
  '</Предложения></ПакетПредложений></КоммерческаяИнформация>';

let cookie: string;
async function exchange(files: Record<string, string>) {
  await call('type=catalog&mode=init', { cookie });
  for (const [name, xml] of Object.entries(files)) await upload(cookie, name, Buffer.from(xml));
  const answers: string[] = [];
  for (const name of Object.keys(files)) answers.push((await importFile(cookie, name)).text);
  return answers;
}

describe('a 1C product whose sizes cost differently', () => {
  let cityId: number;
  let categorySlug: string;
  let slug: string;
  let cityName: string;
  const f = () => orderFixtures(t);

  it('keeps each size’s price from offers.xml and shows them on the product page', async () => {
    const city = (await f().cities()).noCourier;
    cityId = city.id;
    const [cityRow, category] = await Promise.all([
      t.db.selectFrom('city').select('name').where('id', '=', cityId).executeTakeFirstOrThrow(),
      t.db.selectFrom('category').select(['name', 'slug']).orderBy('id').executeTakeFirstOrThrow(),
    ]);
    categorySlug = category.slug;
    const key = await makeApiKey(t.db, ['catalogue.import']);
    cookie = await signIn('catalog', basic('1c', key.secret));
    cityName = cityRow.name;
    const offers: [string, string, number][] = [
      [SIZE_42, '42', 19990],
      [SIZE_44, '44', 21990],
    ];
    const [imported, offered] = await exchange({
      'import.xml': importXml(category.name),
      'offers.xml': offersXml(cityRow.name, offers),
    });
    expect(imported!.split('\n')[0]).toBe('success');
    const answer = offered!.split('\n');
    expect(answer.slice(0, 2), offered).toEqual(['success', 'Загружено: 2']);
    // No «highest price wins» warning any more (decision 028 → 032).
    expect(offered).not.toMatch(/разные цены/);

    const skus = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['sku.external_id', 'sku.price', 'product.slug', 'product.price as product_price'])
      .where('sku.external_id', 'in', [SIZE_42, SIZE_44])
      .orderBy('sku.external_id')
      .execute();
    expect(skus.map((s) => [s.external_id, s.price, s.product_price])).toEqual([
      [SIZE_42, 19990, 19990],
      [SIZE_44, 21990, 19990],
    ]);
    slug = skus[0]!.slug;

    const page = await t.app.inject({ method: 'GET', url: `/api/catalog/product/${slug}?cityId=${cityId}` });
    expect(page.statusCode, page.body).toBe(200);
    const product = page.json().data;
    expect(product).toMatchObject({ price: 19990, originalPrice: 19990, maxPrice: 21990 });
    expect(product.skus.map((s: { size: string; price: number }) => [s.size, s.price])).toEqual([
      ['42', 19990],
      ['44', 21990],
    ]);
  });

  it('lists the product «от 19 990 ₸» and finds it by its cheapest size’s price, on both listing paths', async () => {
    const list = async (query: string) => {
      const url = `/api/catalog/products?cityId=${cityId}&categorySlug=${categorySlug}&pageSize=120${query}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as ProductCard[]).find((p) => p.slug === slug);
    };
    const sql = async (priceMin?: number, priceMax?: number) =>
      (
        await listProductsSql(
          t.db,
          ProductListQuery.parse({ cityId, categorySlug, pageSize: 120, priceMin, priceMax }),
        )
      ).items.find((p) => p.slug === slug);
    const card = await list('');
    expect(card).toMatchObject({ price: 19990, originalPrice: 19990, maxPrice: 21990 });
    expect(await sql()).toEqual(card);
    // The cheapest size's price is what the filter reads: 19,990 is in, a range of 20,000+ leaves it out.
    expect(await list('&priceMin=19990&priceMax=19990')).toMatchObject({ price: 19990 });
    expect(await sql(19990, 19990)).toMatchObject({ price: 19990 });
    expect(await list('&priceMin=20000&priceMax=30000')).toBeUndefined();
    expect(await sql(20000, 30000)).toBeUndefined();
  });

  it('puts each size in the cart and the order at its own price, and the order keeps it', async () => {
    const customer = await f().newCustomer();
    let uuid: string | undefined;
    for (const externalId of [SIZE_44, SIZE_42]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/cart/add-or-update-item',
        payload: { externalId, regionId: cityId, qty: 1, ...(uuid ? { uuid } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      uuid = res.json().data.uuid;
    }
    const cart = await t.app.inject({ method: 'GET', url: `/api/cart/get-by-uuid/${uuid}/${cityId}` });
    expect(cart.statusCode, cart.body).toBe(200);
    const data = cart.json().data.cart;
    const prices = Object.fromEntries(
      data.items.map((i: { externalId: string; price: number }) => [i.externalId, i.price]),
    );
    expect(prices).toEqual({ [SIZE_42]: 19990, [SIZE_44]: 21990 });
    expect(data.totalAmount).toBe(41980);

    const city = (await f().cities()).noCourier;
    const created = await f().create(customer.token, f().draft(uuid!, city));
    expect(created.status, created.raw).toBe(200);
    const order = created.body.data.order;
    expect(order.amount).toBe(41980);
    const lines = () =>
      t.db
        .selectFrom('order_line')
        .select(['external_id', 'price', 'amount'])
        .where('order_id', '=', order.id)
        .orderBy('external_id')
        .execute();
    expect((await lines()).map((l) => [l.external_id, Number(l.price), Number(l.amount)])).toEqual([
      [SIZE_42, 19990, 19990],
      [SIZE_44, 21990, 21990],
    ]);

    // 1C lowers one size later: the size sells at the new price, the order keeps what it was sold at.
    const [changed] = await exchange({
      'offers.xml': offersXml(cityName, [[SIZE_44, '44', 20990]], true),
    });
    expect(changed!.split('\n')[0], changed).toBe('success');
    const page = await t.app.inject({ method: 'GET', url: `/api/catalog/product/${slug}?cityId=${cityId}` });
    expect(page.json().data.skus.map((s: { price: number }) => s.price)).toEqual([19990, 20990]);
    expect(page.json().data).toMatchObject({ price: 19990, maxPrice: 20990 });
    expect((await lines()).map((l) => Number(l.price))).toEqual([19990, 21990]);
  });
});
