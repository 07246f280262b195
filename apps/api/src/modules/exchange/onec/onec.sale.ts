import { DeliveryMethod, PaymentMethod, type OrderStatus } from '@kiim/contract';
import type { OrderLineToExport, OrderToExport, StatusTime } from '#app/modules/order/order.exchange.ts';
import { STATUS_TEXT } from './onec.sale.words.ts';

// Orders as CommerceML documents for 1C (`type=sale&mode=query`, issue 12 item 3, issue 28 item 13): what the order
// is now — the units the shopper took and the money taken (refused units left out), paid or not, the status as 1C
// and Bitrix write it, every time in the order city's zone with the zone named.

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

/** The zone the package's own time (ДатаФормирования) is given in. */
export const SHOP_TIME_ZONE = 'Asia/Almaty';

/** Local date and time of an instant in `timeZone` (`YYYY-MM-DD`, `HH:MM:SS`). */
export function localDateTime(at: string | Date, timeZone: string): [string, string] {
  const s = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    hourCycle: 'h23',
    ...{ year: 'numeric', month: '2-digit', day: '2-digit' },
    ...{ hour: '2-digit', minute: '2-digit', second: '2-digit' },
  }).format(new Date(at));
  return s.split(' ') as [string, string];
}

/** The zone as 1C's operator reads it: «Asia/Almaty (UTC+05:00)». */
export function zoneName(timeZone: string, at: Date): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
  return `${timeZone} (${offset === 'GMT' ? 'UTC+00:00' : offset.replace('GMT', 'UTC')})`;
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

/** «Name, colour, размер S» with the parts the line has (a colourless or one-size line names only what it has). */
export function lineName(l: Pick<OrderLineToExport, 'product_name' | 'colour_name' | 'size'>): string {
  const size = l.size.trim();
  return [l.product_name.trim(), l.colour_name.trim(), size && `размер ${size}`].filter(Boolean).join(', ');
}

/** Units of a line the shopper took: ordered less refused at handover. */
const takenQty = (l: OrderLineToExport) => l.qty - l.refused_qty;

function lineXml(l: OrderLineToExport): string {
  const qty = takenQty(l);
  return (
    `<Товар>${el('Ид', l.external_id)}${el('Наименование', lineName(l))}` +
    `${piece}${el('ЦенаЗаЕдиницу', l.price)}${el('Количество', qty)}${el('Сумма', qty * l.price)}` +
    `<ЗначенияРеквизитов>${requisite('ВидНоменклатуры', 'Товар')}${requisite('ТипНоменклатуры', 'Товар')}` +
    `</ЗначенияРеквизитов></Товар>`
  );
}

/** The delivery as a service line (as 1C's site exchange expects it), when the shop charges it. */
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

/**
 * When the shop got the money, or null while it has not: card online when paid (a later cancellation returns it),
 * cash or card on delivery when the order was handed over (completed).
 */
export function paidAt(o: Pick<OrderToExport, 'status' | 'payment_id'>, history: readonly StatusTime[]) {
  const online = o.payment_id === PaymentMethod.cardOnline;
  if (o.status === 'cancelled' || (!online && o.status !== 'completed')) return null;
  const entered = history.find((h) => h.to_status === (online ? 'paid' : 'completed'));
  return entered?.created_at ?? null;
}

/**
 * One order as a Документ «Заказ товара»: customer, the lines with the units taken (a line refused whole is left
 * out), the delivery as a service line, «Сумма» of what is taken, payment and status requisites.
 */
function documentXml(o: OrderToExport, lines: OrderLineToExport[], history: StatusTime[]): string {
  const zone = o.time_zone || SHOP_TIME_ZONE;
  const local = (iso: string) => localDateTime(iso, zone).join(' ');
  const [date, time] = localDateTime(o.created_at, zone);
  const taken = lines.filter((l) => takenQty(l) > 0);
  const sum = taken.reduce((s, l) => s + takenQty(l) * l.price, 0) + o.delivery_amount;
  const paid = paidAt(o, history);
  const changed = history.at(-1)?.created_at ?? o.created_at;
  const status = o.status as OrderStatus;
  return (
    `<Документ>${el('Ид', o.id)}${el('Номер', o.number)}${el('Дата', date)}${el('Время', time)}` +
    `${el('ХозОперация', 'Заказ товара')}${el('Роль', 'Продавец')}${el('Валюта', 'KZT')}${el('Курс', 1)}` +
    `${el('Сумма', sum)}${customerXml(o)}${el('Комментарий', o.customer_comment ?? '')}` +
    `<Товары>${taken.map(lineXml).join('')}${deliveryLine(o)}</Товары><ЗначенияРеквизитов>` +
    requisite('Метод оплаты', PAYMENT_NAME[o.payment_id] ?? String(o.payment_id)) +
    requisite('Заказ оплачен', paid ? 'true' : 'false') +
    (paid ? requisite('Дата оплаты', local(paid)) : '') +
    deliveryRequisites(o) +
    requisite('Статус заказа', STATUS_TEXT[status] ?? o.status) +
    requisite('Дата изменения статуса', local(changed)) +
    requisite('Отменен', status === 'cancelled' ? 'true' : 'false') +
    requisite('Финальный статус', status === 'completed' ? 'true' : 'false') +
    requisite('Часовой пояс', zoneName(zone, new Date(o.created_at))) +
    `</ЗначенияРеквизитов></Документ>`
  );
}

/** The answer of `mode=query`: a CommerceML 2.08 package of the orders, formed at `now` (shop's zone). */
export function ordersXml(
  orders: { order: OrderToExport; lines: OrderLineToExport[]; history: StatusTime[] }[],
  now: Date,
): string {
  const formed = localDateTime(now, SHOP_TIME_ZONE).join('T');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${formed}">` +
    orders.map((o) => documentXml(o.order, o.lines, o.history)).join('') +
    `</КоммерческаяИнформация>\n`
  );
}
