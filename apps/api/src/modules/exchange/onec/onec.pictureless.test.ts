import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { orderFixtures } from '#app/test/order.fixtures.ts';
import { makeApiKey, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Issue 28 item 9 (docs/decisions/038): a 1C product without any picture (its own or a colour's) waits unpublished
// unless the staff switch on «Публиковать товары без фотографий»; a picture arriving later publishes it; 1C's answer
// says how many wait; the back office says why («нет фотографий»); a draft's offers keep their colour photos until
// the staff map its group, after the session's files are gone.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const { basic, call, signIn, upload, importFile } = oneC(() => t);

const PHOTO = 'import_files/3f/3f5a1c0e-jeans.jpg';
const BLUE = 'import_files/9a/9a-blue.jpg';
const photo = fs.readFileSync(
  path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', '1c', PHOTO),
);
const SHIRT = 'a9100000-0000-0000-0000-000000000001';
const CAP = 'a9100000-0000-0000-0000-000000000002';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08">';
const WAITS = 'Ждут фотографий (не показаны покупателям; добавьте картинки в 1С или включите на сайте';

/** The shirt in a group no category matches (a draft), the cap in a group named as a category; no product picture. */
const importXml = (category: string) =>
  `${HEAD}<Классификатор><Группы><Группа><Ид>g-new</Ид><Наименование>Новинки сезона 1С</Наименование></Группа>` +
  `<Группа><Ид>g-cat</Ид><Наименование>${category}</Наименование></Группа></Группы></Классификатор>` +
  `<Каталог><Товары><Товар><Ид>${SHIRT}</Ид><Наименование>Рубашка Кийм</Наименование><Группы><Ид>g-new</Ид>` +
  `</Группы></Товар><Товар><Ид>${CAP}</Ид><Наименование>Кепка Кийм</Наименование><Группы><Ид>g-cat</Ид>` +
  '</Группы></Товар></Товары></Каталог></КоммерческаяИнформация>';
const offer = (id: string, name: string, colour: string, picture?: string) =>
  `<Предложение><Ид>${id}</Ид><Наименование>${name}</Наименование>` +
  (picture ? `<Картинка>${picture}</Картинка>` : '') +
  (colour
    ? '<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Цвет</Наименование>' +
      `<Значение>${colour}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>`
    : '') +
  '<Цены><Цена><ИдТипаЦены>t-1</ИдТипаЦены><ЦенаЗаЕдиницу>12990</ЦенаЗаЕдиницу><Валюта>KZT</Валюта></Цена></Цены>' +
  '<Количество>4</Количество></Предложение>';
const offersXml = (blue?: string) =>
  `${HEAD}<ПакетПредложений><ТипыЦен><ТипЦены><Ид>t-1</Ид><Наименование>Розничная</Наименование>` +
  '<Валюта>KZT</Валюта></ТипЦены></ТипыЦен><Предложения>' +
  offer(`${SHIRT}#red`, 'Рубашка Кийм (Красный)', 'Красный', PHOTO) +
  offer(`${SHIRT}#blue`, 'Рубашка Кийм (Синий)', 'Синий', blue) +
  offer(CAP, 'Кепка Кийм', '') +
  '</Предложения></ПакетПредложений></КоммерческаяИнформация>';

/** The shop products of the test's 1C products: colour, shown or not, pictures. */
const products = () =>
  t.db
    .selectFrom('product')
    .leftJoin('product_image', 'product_image.product_id', 'product.id')
    .select(['product.name', 'product.colour_name', 'product.is_active'])
    .select((eb) => eb.fn.count<number>('product_image.id').as('pictures'))
    .where('product.name', 'in', ['Рубашка Кийм', 'Кепка Кийм'])
    .groupBy(['product.id', 'product.name', 'product.colour_name', 'product.is_active'])
    .orderBy('product.name')
    .orderBy('product.colour_name')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, pictures: Number(r.pictures) })));

describe('1C products without pictures (issue 28 item 9)', () => {
  let cookie: string;
  let staff: string;
  let category: { id: number; name: string };

  it('keeps them unpublished and tells 1C; a draft keeps its colour photos after the session', async () => {
    category = await t.db
      .selectFrom('category')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await orderFixtures(t).cities();
    staff = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
    const key = await makeApiKey(t.db, ['catalogue.import']);
    cookie = await signIn('catalog', basic('1c', key.secret));
    await call('type=catalog&mode=init', { cookie });
    await upload(cookie, 'import.xml', Buffer.from(importXml(category.name)));
    await upload(cookie, 'offers.xml', Buffer.from(offersXml()));
    await upload(cookie, PHOTO, photo);
    expect((await importFile(cookie, 'import.xml')).text.split('\n')[0]).toBe('success');
    const answer = (await importFile(cookie, 'offers.xml')).text;
    expect(answer.split('\n').slice(0, 4), answer).toEqual([
      'success',
      'Загружено: 3',
      'Ждут выбора категории на сайте (Каталог → Обмен с 1С), предложений: 2',
      `${WAITS} «Публиковать товары без фотографий»), товаров: 1`,
    ]);
    expect(await call('type=catalog&mode=complete', { cookie })).toMatchObject({ text: 'success' });
    expect(await products()).toEqual([{ name: 'Кепка Кийм', colour_name: '', is_active: 0, pictures: 0 }]);

    // Mapped after the session's files are gone: the red colour has its photo and is shown, the blue waits.
    const mapped = await staffCall(t.app, staff, 'PUT', '/api/admin/exchange/groups/g-new', {
      categoryId: category.id,
    });
    expect(mapped.status).toBe(200);
    expect(await products()).toEqual([
      { name: 'Кепка Кийм', colour_name: '', is_active: 0, pictures: 0 },
      { name: 'Рубашка Кийм', colour_name: 'Красный', is_active: 1, pictures: 1 },
      { name: 'Рубашка Кийм', colour_name: 'Синий', is_active: 0, pictures: 0 },
    ]);
    const groups = (await staffCall(t.app, staff, 'GET', '/api/admin/exchange/groups')).body.data.items as {
      externalId: string;
      unpublishedCount: number;
      waitingForPicturesCount: number;
    }[];
    expect(
      groups
        .filter((g) => g.externalId.startsWith('g-'))
        .map((g) => [g.externalId, g.unpublishedCount, g.waitingForPicturesCount])
        .sort(),
    ).toEqual([
      ['g-cat', 1, 1],
      ['g-new', 1, 1],
    ]);
  });

  it('publishes a product once a later exchange brings its picture', async () => {
    await call('type=catalog&mode=init', { cookie });
    await upload(cookie, 'offers.xml', Buffer.from(offersXml(BLUE)));
    await upload(cookie, BLUE, photo);
    const answer = (await importFile(cookie, 'offers.xml')).text;
    expect(answer).not.toContain(WAITS);
    expect((await products()).map((p) => [p.colour_name, p.is_active, p.pictures])).toEqual([
      ['', 0, 0],
      ['Красный', 1, 1],
      ['Синий', 1, 1],
    ]);
    // import.xml counts what still waits: the cap.
    await upload(cookie, 'import.xml', Buffer.from(importXml(category.name)));
    expect((await importFile(cookie, 'import.xml')).text).toContain(
      `${WAITS} «Публиковать товары без фотографий»), товаров: 1`,
    );
  });

  it('shows products without pictures at once when the staff switch the setting on, and hides them when off', async () => {
    const save = (on: boolean) =>
      staffCall(t.app, staff, 'PUT', '/api/admin/exchange/settings', {
        ...{ priceType: 'Розничная', originalPriceType: null, publishWithoutPictures: on },
      });
    const on = await save(true);
    expect([on.status, on.body.data.publishWithoutPictures]).toEqual([200, true]);
    expect((await products())[0]).toEqual({ name: 'Кепка Кийм', colour_name: '', is_active: 1, pictures: 0 });
    const groups = (await staffCall(t.app, staff, 'GET', '/api/admin/exchange/groups')).body.data.items as {
      waitingForPicturesCount: number;
    }[];
    expect(groups.every((g) => g.waitingForPicturesCount === 0)).toBe(true);
    await upload(cookie, 'import.xml', Buffer.from(importXml(category.name)));
    expect((await importFile(cookie, 'import.xml')).text).not.toContain(WAITS);
    expect((await products())[0]!.is_active).toBe(1);

    expect((await save(false)).status).toBe(200);
    expect((await products()).map((p) => p.is_active)).toEqual([0, 1, 1]);
  });
});
