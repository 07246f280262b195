import { DeliveryMethod, PaymentMethod, type OrderStatus } from '@kiim/contract';
import type { OrderLineToExport, OrderToExport } from '#app/modules/order/order.exchange.ts';
import { childrenOf, child, textOf, type XNode } from './xml.stream.ts';

// Orders as CommerceML documents for 1C (`type=sale&mode=query`, issue 12 item 3), and the status updates 1C sends
// back (`type=sale&mode=file`).

const esc = (s: string | number) =>
  String(s).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
const el = (name: string, value: string | number) => `<${name}>${esc(value)}</${name}>`;
const requisite = (name: string, value: string | number) =>
  `<ЗначениеРеквизита>${el('Наименование', name)}${el('Значение', value)}</ЗначениеРеквизита>`;

const PAYMENT_NAME: Record<number, string> = {
  [PaymentMethod.cashOnDelivery]: 'Наличными при получении',
  [PaymentMethod.cardOnDelivery]: 'Картой при получении',
  [PaymentMethod.cardOnline]: 'Картой онлайн',
};

/** Local date and time of an instant in Almaty (`YYYY-MM-DD`, `HH:MM:SS`). */
function localDateTime(iso: string): [string, string] {
  const s = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Almaty',
    ...{
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    },
  }).format(new Date(iso));
  return s.split(' ') as [string, string];
}

function customerXml(o: OrderToExport): string {
  const name = [o.customer_name, o.customer_surname].filter(Boolean).join(' ') || `+${o.mobile}`;
  const contacts = [
    `<Контакт>${el('Тип', 'Телефон мобильный')}${el('Значение', `+${o.mobile}`)}</Контакт>`,
    o.email ? `<Контакт>${el('Тип', 'Почта')}${el('Значение', o.email)}</Контакт>` : '',
  ].join('');
  return (
    `<Контрагенты><Контрагент>${el('Ид', o.customer_id)}${el('Наименование', name)}${el('Роль', 'Покупатель')}` +
    `${el('ПолноеНаименование', name)}${el('Имя', o.customer_name ?? '')}${el('Фамилия', o.customer_surname ?? '')}` +
    `<Контакты>${contacts}</Контакты></Контрагент></Контрагенты>`
  );
}

const piece = `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>`;
function lineXml(l: OrderLineToExport): string {
  return (
    `<Товар>${el('Ид', l.external_id)}${el('Наименование', `${l.product_name}, ${l.colour_name}, размер ${l.size}`)}` +
    `${piece}${el('ЦенаЗаЕдиницу', l.price)}${el('Количество', l.qty)}${el('Сумма', l.amount)}` +
    `<ЗначенияРеквизитов>${requisite('ВидНоменклатуры', 'Товар')}${requisite('ТипНоменклатуры', 'Товар')}` +
    `</ЗначенияРеквизитов></Товар>`
  );
}

/** The delivery as a service line (as 1C's site exchange expects it), when it costs something. */
const deliveryLine = (o: OrderToExport) =>
  o.delivery_amount > 0
    ? `<Товар>${el('Ид', 'ORDER_DELIVERY')}${el('Наименование', 'Доставка заказа')}${piece}` +
      `${el('ЦенаЗаЕдиницу', o.delivery_amount)}${el('Количество', 1)}${el('Сумма', o.delivery_amount)}` +
      `<ЗначенияРеквизитов>${requisite('ВидНоменклатуры', 'Услуга')}${requisite('ТипНоменклатуры', 'Услуга')}` +
      `</ЗначенияРеквизитов></Товар>`
    : '';

function deliveryRequisites(o: OrderToExport): string {
  const pickup = o.delivery_method_id === DeliveryMethod.pickup;
  const address = pickup
    ? (o.pickup_point_title ?? '')
    : [o.delivery_street, o.delivery_building, o.delivery_flat && `кв. ${o.delivery_flat}`]
        .filter(Boolean)
        .join(', ');
  return (
    requisite('Способ доставки', pickup ? 'Самовывоз' : 'Курьер') +
    requisite('Город', o.city_name) +
    requisite(pickup ? 'Пункт самовывоза' : 'Адрес доставки', address)
  );
}

/** One order as a Документ «Заказ товара»: customer, lines with SKU ids, sums in tenge, delivery and payment. */
function documentXml(o: OrderToExport, lines: OrderLineToExport[]): string {
  const [date, time] = localDateTime(o.created_at);
  const paid = o.status === 'paid' ? 'true' : 'false';
  return (
    `<Документ>${el('Ид', o.id)}${el('Номер', o.number)}${el('Дата', date)}${el('Время', time)}` +
    `${el('ХозОперация', 'Заказ товара')}${el('Роль', 'Продавец')}${el('Валюта', 'KZT')}${el('Курс', 1)}` +
    `${el('Сумма', o.total_amount)}${customerXml(o)}${el('Комментарий', o.customer_comment ?? '')}` +
    `<Товары>${lines.map(lineXml).join('')}${deliveryLine(o)}</Товары><ЗначенияРеквизитов>` +
    requisite('Метод оплаты', PAYMENT_NAME[o.payment_id] ?? String(o.payment_id)) +
    requisite('Заказ оплачен', paid) +
    deliveryRequisites(o) +
    requisite('Статус заказа', o.status) +
    requisite('Отменен', o.status === 'cancelled' ? 'true' : 'false') +
    `</ЗначенияРеквизитов></Документ>`
  );
}

/** The answer of `mode=query`: a CommerceML 2.08 package of the orders. */
export function ordersXml(orders: { order: OrderToExport; lines: OrderLineToExport[] }[], now: Date): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${now
      .toISOString()
      .slice(0, 19)}">` +
    orders.map((o) => documentXml(o.order, o.lines)).join('') +
    `</КоммерческаяИнформация>\n`
  );
}

/** 1C's status names (and the shop's) → the status to move to; `shipped` depends on the delivery method. */
const STATUS_WORDS: Record<string, OrderStatus | 'shipped'> = {
  'готов к выдаче': 'ready_for_pickup',
  ready_for_pickup: 'ready_for_pickup',
  'передан курьеру': 'handed_to_courier',
  handed_to_courier: 'handed_to_courier',
  отгружен: 'shipped',
  'передан в доставку': 'shipped',
  выполнен: 'completed',
  доставлен: 'completed',
  получен: 'completed',
  завершен: 'completed',
  completed: 'completed',
  отменен: 'cancelled',
  cancelled: 'cancelled',
  оплачен: 'paid',
  paid: 'paid',
};

/** A status update of one order from 1C. */
export interface StatusUpdate {
  number: string;
  status: OrderStatus | 'shipped' | null;
  /** 1C's own words, for messages. */
  said: string;
}

/** Reads the status update of a Документ: «Отменен»/ПометкаУдаления, else «Статус заказа» (or «Статус»). */
export function parseStatusUpdate(d: XNode): StatusUpdate {
  const requisites = new Map(
    childrenOf(child(d, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((r) => [
      textOf(r, 'Наименование').toLowerCase(),
      textOf(r, 'Значение'),
    ]),
  );
  const number = textOf(d, 'Номер');
  const cancelled =
    requisites.get('отменен')?.toLowerCase() === 'true' ||
    textOf(d, 'ПометкаУдаления').toLowerCase() === 'true';
  if (cancelled) return { number, status: 'cancelled', said: 'Отменен' };
  const said = requisites.get('статус заказа') ?? requisites.get('статус') ?? '';
  return { number, status: STATUS_WORDS[said.toLowerCase().replace(/ё/g, 'е')] ?? null, said };
}
