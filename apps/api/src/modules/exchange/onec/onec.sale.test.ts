import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, HalykAuth } from '@kiim/contract';
import type { EpaySimulator } from '@kiim/tools/epay-simulator';
import { shopOnEpaySimulator } from '#app/test/epay.fixtures.ts';
import type { TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { CARDS, orderFixtures, payOnSimulator, type FixtureCity } from '#app/test/order.fixtures.ts';
import { productSkus } from '#app/test/review.fixtures.ts';
import { auditOf, makeApiKey, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Orders to and from 1C (issue 28 item 13, issue 29 item 9, decision 033) on both databases: an order goes out again
// after every change 1C has not taken (paid on the ePay simulator, ready, handed over with one of two units refused)
// with the units and money taken; status texts as 1C and Bitrix write them, both ways; documents from 1C cancel (stock
// back), complete, or are refused and reported; `mode=success` is audited for the exchange's key.

let t: TestContext;
let sim: EpaySimulator;
let fx: ReturnType<typeof orderFixtures>;
let city: FixtureCity;
let warehouse: string;
let key: { secret: string; id: string };
let cookie: string;
let skuOffset = 10;
// 20:30 UTC is 01:30 the next day in Almaty (UTC+5): the documents' dates must be the local ones.
const clock = manualClock(new Date('2026-03-10T20:30:00Z'));
const { basic, call, signIn } = oneC(() => t);

beforeAll(async () => {
  ({ t, sim } = await shopOnEpaySimulator(clock, { EPAY_TIMEOUT_MS: '1000' }));
  fx = orderFixtures(t);
  city = (await fx.cities()).courier;
  ({ cookie: warehouse } = await signedInMember(t.app, t.db, 'warehouse'));
  key = await makeApiKey(t.db, ['orders.status'], '1С:УТ');
  cookie = await signIn('sale', basic('1c', key.secret));
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** An order of a new customer: `units` of fresh SKUs (10 in stock each) at `prices` when given; pickup unless told. */
async function placeOrder(units: number[], paymentId = 1, prices: number[] = [], courier = false) {
  const me = await fx.newCustomer({ name: 'Айгерим' });
  // One SKU each of distinct products, so that each line has its own price.
  const skus = (await productSkus(t, units.length, skuOffset)).map((p) => ({
    id: p.skuId,
    productId: p.productId,
  }));
  skuOffset += units.length;
  for (const [i, s] of skus.entries()) {
    await fx.setStock(s.id, { [city.id]: 10 });
    if (prices[i])
      await t.db
        .updateTable('product')
        .set({ price: prices[i], original_price: prices[i] })
        .where('id', '=', s.productId)
        .execute();
  }
  const cartId = await fx.makeCart(
    skus.map((s, i) => ({ skuId: s.id, qty: units[i]! })),
    me.id,
  );
  const delivery = courier
    ? { deliveryMethodId: 2, pickupPointId: undefined, delivery: { street: 'Абая', building: '10' } }
    : {};
  const r = await fx.create(me.token, fx.draft(cartId, city, { paymentId, ...delivery }));
  expect(r.status, r.raw).toBe(200);
  return { me, skus, number: r.body.data.order.number as string };
}

const adminOrder = async (number: string) =>
  (await staffCall(t.app, warehouse, 'GET', `/api/admin/orders/${number}`)).body.data.order as AdminOrder;
async function staffAct(number: string, action: string) {
  const r = await staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${number}/actions`, {
    action,
    version: (await adminOrder(number)).version,
  });
  expect(r.status, `${action}: ${JSON.stringify(r.body)}`).toBe(200);
}
async function makeReady(number: string, to = 'ready_for_pickup') {
  for (const action of ['confirm', 'pick', to]) await staffAct(number, action);
}
const statusOf = async (number: string) =>
  (await t.db.selectFrom('order').select('status').where('number', '=', number).executeTakeFirstOrThrow())
    .status;

/** `mode=query`: the package and its documents by order number. */
async function query() {
  const r = await call('type=sale&mode=query', { cookie });
  expect(r.type).toBe('application/xml; charset=utf-8');
  const docs = new Map<string, string>();
  for (const d of r.text.match(/<Документ>.*?<\/Документ>/gs) ?? [])
    docs.set(/<Номер>(.*?)<\/Номер>/.exec(d)![1]!, d);
  return { xml: r.text, docs };
}
/** A document's lines (id, name, qty, sum) and its requisites. */
function partsOf(doc: string) {
  const goods = [
    ...doc.matchAll(/<Товар><Ид>(.*?)<\/Ид><Наименование>(.*?)<\/Наименование>.*?<\/Товар>/gs),
  ].map((m) => ({
    id: m[1]!,
    name: m[2]!,
    qty: Number(/<Количество>(\d+)</.exec(m[0])![1]),
    sum: Number(/<Сумма>(\d+)</.exec(m[0])![1]),
  }));
  const tail = doc.slice(doc.lastIndexOf('</Товары>'));
  const requisites = Object.fromEntries(
    [...tail.matchAll(/<Наименование>(.*?)<\/Наименование><Значение>(.*?)<\/Значение>/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );
  const sum = Number(/<Сумма>(\d+)<\/Сумма><Контрагенты>/.exec(doc)![1]);
  return { goods, requisites, sum };
}
/** query then success (1C took everything it was shown). */
async function take() {
  const q = await query();
  expect((await call('type=sale&mode=success', { cookie })).text).toBe('success');
  return q;
}
const req = (name: string, value: string) =>
  `<ЗначениеРеквизита><Наименование>${name}</Наименование><Значение>${value}</Значение></ЗначениеРеквизита>`;
/** A file of 1C documents (number → requisites; «Ид» the number unless given) sent with `mode=file`; the answer's lines. */
async function send(docs: ([string, string] | [string, string, string])[]) {
  const file =
    '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08">' +
    docs
      .map(
        ([n, r, id]) =>
          `<Документ><Ид>${id ?? n}</Ид><Номер>${n}</Номер><ЗначенияРеквизитов>${r}</ЗначенияРеквизитов></Документ>`,
      )
      .join('') +
    '</КоммерческаяИнформация>';
  const r = await call('type=sale&mode=file&filename=orders.xml', { cookie, body: Buffer.from(file) });
  return r.text.split('\n');
}

describe('orders to 1C', () => {
  it('a new order: status text, local times with the zone, colourless lines; success is audited once', async () => {
    const { number, skus } = await placeOrder([1, 1]);
    const products = await t.db
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['sku.id', 'product.id as productId', 'product.name', 'product.colour_name', 'sku.size'])
      .where('sku.id', 'in', [skus[0]!.id, skus[1]!.id])
      .orderBy('sku.id')
      .execute();
    // A line without colour (as a 1C product without characteristics has) is named without «, ,».
    await t.db.updateTable('order_line').set({ colour_name: '' }).where('sku_id', '=', skus[1]!.id).execute();
    const { xml, docs } = await query();
    expect(xml).toContain('ДатаФормирования="2026-03-11T01:30:00"');
    const doc = docs.get(number)!;
    expect(doc).toContain('<Дата>2026-03-11</Дата><Время>01:30:00</Время>');
    const { goods, requisites } = partsOf(doc);
    const [a, b] = products;
    expect(goods.map((g) => g.name)).toEqual([
      `${a!.name}, ${a!.colour_name}, размер ${a!.size}`,
      `${b!.name}, размер ${b!.size}`,
    ]);
    expect(requisites).toMatchObject({
      'Статус заказа': '[N] Принят',
      'Заказ оплачен': 'false',
      Отменен: 'false',
      'Финальный статус': 'false',
      'Дата изменения статуса': '2026-03-11 01:30:00',
      'Часовой пояс': `${city.timeZone} (UTC+05:00)`,
    });

    expect((await call('type=sale&mode=success', { cookie })).text).toBe('success');
    expect((await query()).docs.has(number)).toBe(false);
    expect((await call('type=sale&mode=success', { cookie })).text).toBe('success');
    const entries = (await auditOf(t.db, 'order.exported_1c')).filter((e) => e.entity_id === number);
    expect(entries.map((e) => [e.actor_type, e.actor_id, e.before, e.after])).toEqual([
      [
        'api_key',
        key.id,
        { exportedVersion: null },
        { exportedVersion: 0, exportedAt: clock.now().toISOString() },
      ],
    ]);
  });

  it('card online: again after payment, after ready, and after a handover with one of two units refused', async () => {
    const { me, number, skus } = await placeOrder([2, 1], 3, [56_990, 22_490]);
    let p = partsOf((await take()).docs.get(number)!);
    expect([p.sum, p.goods.map((g) => [g.qty, g.sum]), p.requisites['Статус заказа']]).toEqual([
      136_470,
      [
        [2, 113_980],
        [1, 22_490],
      ],
      '[N] Принят, ожидается оплата',
    ]);
    expect(p.requisites['Заказ оплачен']).toBe('false');

    const auth = await fx.call<HalykAuth>('POST', '/api/payment/halyk/auth', me.token, {
      orderNumber: number,
    });
    expect(auth.status).toBe(200);
    await payOnSimulator(sim, auth.body.data, CARDS.approved);
    await sim.idle();
    p = partsOf((await take()).docs.get(number)!);
    expect(p.requisites).toMatchObject({
      'Статус заказа': '[P] Оплачен, формируется к отправке',
      'Заказ оплачен': 'true',
      'Дата оплаты': '2026-03-11 01:30:00',
    });

    await makeReady(number);
    expect(partsOf((await take()).docs.get(number)!).requisites['Статус заказа']).toBe('[RP] Готов к выдаче');

    const ready = await adminOrder(number);
    const refusedLine = ready.lines.find((l) => l.qty === 2)!;
    const handed = await staffCall(t.app, warehouse, 'POST', `/api/admin/orders/${number}/handover`, {
      version: ready.version,
      refused: [{ lineId: refusedLine.id, refusedQty: 1 }],
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    p = partsOf((await take()).docs.get(number)!);
    expect([p.sum, p.goods.map((g) => [g.qty, g.sum])]).toEqual([
      79_480,
      [
        [1, 56_990],
        [1, 22_490],
      ],
    ]);
    expect(p.requisites).toMatchObject({
      'Статус заказа': '[F] Выполнен',
      'Заказ оплачен': 'true',
      'Финальный статус': 'true',
    });
    expect(await fx.stockOf(skus[0]!.id, city.id)).toBe(9);
    expect((await query()).docs.has(number)).toBe(false);
  });

  it('courier, cash: the delivery is a service line; paid only once handed over', async () => {
    const { number } = await placeOrder([1], 1, [10_000], true);
    let p = partsOf((await take()).docs.get(number)!);
    expect(p.goods.map((g) => [g.id, g.qty, g.sum])).toContainEqual(['ORDER_DELIVERY', 1, city.courierPrice]);
    expect(p.sum).toBe(10_000 + city.courierPrice);
    await makeReady(number, 'handed_to_courier');
    p = partsOf((await take()).docs.get(number)!);
    expect([p.requisites['Статус заказа'], p.requisites['Заказ оплачен']]).toEqual([
      '[DC] Передан курьеру',
      'false',
    ]);
    await staffAct(number, 'complete');
    p = partsOf((await take()).docs.get(number)!);
    expect([p.requisites['Статус заказа'], p.requisites['Заказ оплачен']]).toEqual(['[F] Выполнен', 'true']);
  });

  it('a change between query and success is sent again: success marks the version 1C was shown', async () => {
    const { number } = await placeOrder([1]);
    const shown = await query();
    expect(shown.docs.has(number)).toBe(true);
    await staffAct(number, 'confirm');
    expect((await call('type=sale&mode=success', { cookie })).text).toBe('success');
    expect((await take()).docs.has(number)).toBe(true);
    expect((await query()).docs.has(number)).toBe(false);
  });
});

describe('orders from 1C', () => {
  it('applies «Отменен», «Финальный статус» and status texts through the state machine; refusals are reported', async () => {
    const cancel = await placeOrder([1]);
    const illegal = await placeOrder([1]);
    const delivered = await placeOrder([1]);
    const final = await placeOrder([1]);
    const open = await placeOrder([1]);
    const unpaid = await placeOrder([1], 3);
    await makeReady(delivered.number);
    await makeReady(final.number);
    await take();
    expect(await fx.stockOf(cancel.skus[0]!.id, city.id)).toBe(9);

    const answer = await send([
      [cancel.number, req('Статус заказа', '[N] Принят') + req('Отменен', 'true')],
      [illegal.number, req('Статус заказа', '[F] Доставлен')],
      [delivered.number, req('Статус заказа', '[F] Доставлен') + req('Заказ оплачен', 'true')],
      [final.number, req('Финальный статус', 'true') + req('Статус заказа', 'Закрыт')],
      [open.number, req('Статус заказа', 'Открыт') + req('Заказ оплачен', 'false')],
      [unpaid.number, req('Статус заказа', '[N] Принят') + req('Заказ оплачен', 'true')],
      [open.number, req('Статус заказа', 'Доставляется дроном')],
      ['999999999', req('Отменен', 'true')],
    ]);
    expect(answer).toEqual([
      'success',
      'Обработано документов: 8',
      `заказ ${cancel.number}: «Отменен» — принят → отменён`,
      `заказ ${illegal.number}: «[F] Доставлен» не применён — Нельзя перевести заказ из статуса «принят» в «выполнен»`,
      `заказ ${delivered.number}: «[F] Доставлен» — готов к выдаче → выполнен`,
      `заказ ${final.number}: «Финальный статус» — готов к выдаче → выполнен`,
      `заказ ${open.number}: «Открыт» — без изменений (принят)`,
      `заказ ${unpaid.number}: «[N] Принят» — без изменений (ожидает оплаты); ` +
        '«Заказ оплачен» не применён: оплату картой отмечает только платёжная система',
      `заказ ${open.number}: «Доставляется дроном» не распознан`,
      'заказ 999999999 не найден',
    ]);
    expect(await statusOf(cancel.number)).toBe('cancelled');
    expect(await fx.stockOf(cancel.skus[0]!.id, city.id)).toBe(10);
    expect(await statusOf(illegal.number)).toBe('new');
    expect(await statusOf(delivered.number)).toBe('completed');
    expect(await statusOf(final.number)).toBe('completed');
    expect(await statusOf(unpaid.number)).toBe('awaiting_payment');
    const moves = (await auditOf(t.db, 'order.status_changed')).filter((e) => e.entity_id === cancel.number);
    expect(moves.map((e) => [e.actor_type, e.actor_id, e.after.reason])).toEqual([
      ['api_key', key.id, 'Статус из 1С: Отменен'],
    ]);
    // What 1C changed itself is not sent back to it; the orders it did not change stay taken.
    expect([...(await query()).docs.keys()]).toEqual([]);

    // Status texts against a finished order are reported, not forced; the same cancellation again changes nothing.
    expect(
      await send([
        [delivered.number, req('Статус заказа', '[N] Принят')],
        [cancel.number, req('Отменен', 'true')],
      ]),
    ).toEqual([
      'success',
      'Обработано документов: 2',
      `заказ ${delivered.number}: «[N] Принят» не применён: заказ уже выполнен`,
      `заказ ${cancel.number}: «Отменен» — без изменений (отменён)`,
    ]);
    expect(await fx.stockOf(cancel.skus[0]!.id, city.id)).toBe(10);
  });

  it('a documents file sent in parts is applied once, whole, after its last part (issue 28 item 12)', async () => {
    const { number } = await placeOrder([1]);
    await take();
    const file = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08"><Документ>' +
        `<Ид>${number}</Ид><Номер>${number}</Номер><ЗначенияРеквизитов>${req('Отменен', 'true')}` +
        '</ЗначенияРеквизитов></Документ></КоммерческаяИнформация>\n',
    );
    const cut = Math.floor(file.length / 2);
    const part = (body: Buffer) => call('type=sale&mode=file&filename=orders.xml', { cookie, body });
    expect((await part(file.subarray(0, cut))).text).toBe('success');
    expect(await statusOf(number)).not.toBe('cancelled');
    const last = await part(file.subarray(cut));
    expect(last.text.split('\n')).toEqual([
      'success',
      'Обработано документов: 1',
      `заказ ${number}: «Отменен» — принят → отменён`,
    ]);
    expect(await statusOf(number)).toBe('cancelled');
    // 1C's «import» after the file finds nothing waiting: the documents are not applied twice.
    expect((await call('type=sale&mode=import&filename=orders.xml', { cookie })).text).toBe('success');
  });

  it('finds the order by the «Ид» the shop sent when 1C numbers the document its own way', async () => {
    const { number } = await placeOrder([1]);
    await take();
    const { id } = await t.db
      .selectFrom('order')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    expect(await send([['ЦБ-000123', req('Отменен', 'true'), id]])).toEqual([
      'success',
      'Обработано документов: 1',
      `заказ ${number}: «Отменен» — принят → отменён`,
    ]);
    expect(await statusOf(number)).toBe('cancelled');
  });
});
