import { formatPrice, type CustomerLanguage } from '@kiim/contract';
import { minutesRu } from '#app/lib/russian.ts';
import type { OrderNotice } from './notification.notice.ts';
import { isReceiptNotice, receiptLead, receiptSms } from './notification.receipt-texts.ts';

// Texts of the order notifications in Russian and Kazakh (issue 13): the SMS (short, one part where it can be)
// and the email's words. Kazakh follows the usage of the country's large marketplaces («тапсырыс», «өзі алып
// кету», «беру пункті»); numerals take the singular noun (`30 минут`).

/** The words of an email in one language. */
export interface EmailWords {
  subject: string;
  greeting: string;
  /** Paragraphs under the greeting. */
  lead: string[];
  labels: {
    items: string;
    size: string;
    colour: string;
    qtyUnit: string;
    itemsAmount: string;
    delivery: string;
    free: string;
    total: string;
    receiving: string;
    /** The receipt notices' button (issue 32). */
    receiptButton: string;
    pickupPoint: string;
    hours: string;
    address: string;
    payment: string;
    button: string;
    footer: string;
  };
  deliveryMethod: string;
  paymentMethod: string;
  /** The courier address as one line, or null for pickup. */
  address: string | null;
}

const price = formatPrice;

/** A Kaspi order (payment 4, issue 33): paid in the Kaspi.kz app, not by card. */
const kaspi = (n: OrderNotice) => n.paymentId === 4;

const DELIVERY: Record<CustomerLanguage, Record<number, string>> = {
  ru: { 1: 'Самовывоз', 2: 'Курьерская доставка' },
  kk: { 1: 'Өзі алып кету', 2: 'Курьермен жеткізу' },
};

const PAYMENT: Record<CustomerLanguage, Record<number, string>> = {
  ru: { 1: 'Наличными при получении', 2: 'Картой при получении', 3: 'Картой онлайн', 4: 'Kaspi' },
  kk: { 1: 'Алған кезде қолма-қол ақшамен', 2: 'Алған кезде картамен', 3: 'Картамен онлайн', 4: 'Kaspi' },
};

/**
 * The SMS of an order event in the customer's language, or null when the event has no SMS (the customer's
 * own cancellation: they see it on the site).
 */
export function smsText(n: OrderNotice, lang: CustomerLanguage): string | null {
  if (isReceiptNotice(n)) return receiptSms(n, lang);
  const point = n.pickupPoint?.title;
  if (lang === 'kk') {
    switch (n.event) {
      case 'accepted':
        return `Kiim: № ${n.number} тапсырыс қабылданды, сомасы ${price(n.totalAmount)}.${
          n.payWithinMinutes
            ? ` Оны ${n.payWithinMinutes} минут ішінде ${kaspi(n) ? 'Kaspi.kz қосымшасында' : 'картамен'} төлеңіз.`
            : ' Рақмет!'
        }`;
      case 'paid':
        return `Kiim: № ${n.number} тапсырыстың ${price(n.totalAmount)} сомасындағы төлемі алынды. Рақмет!`;
      case 'ready_for_pickup':
        return `Kiim: № ${n.number} тапсырыс${point ? ` «${point}» пунктінде` : ''} беруге дайын. Тапсырыс нөмірін өзіңізбен бірге алыңыз.`;
      case 'handed_to_courier':
        return `Kiim: № ${n.number} тапсырыс курьерге берілді. Ол келер алдында қоңырау шалады.`;
      case 'cancelled':
        if (n.actor === 'customer') return null;
        return n.actor === 'system'
          ? `Kiim: № ${n.number} тапсырыс төлем уақытында түспегендіктен жойылды.`
          : `Kiim: № ${n.number} тапсырыс жойылды. Егер ол төленген болса, ақша картаңызға қайтарылады.`;
    }
  }
  switch (n.event) {
    case 'accepted':
      return `Kiim: заказ № ${n.number} принят, сумма ${price(n.totalAmount)}.${
        n.payWithinMinutes
          ? ` Оплатите его ${kaspi(n) ? 'в приложении Kaspi.kz' : 'картой'} в течение ${minutesRu(n.payWithinMinutes)}.`
          : ' Спасибо!'
      }`;
    case 'paid':
      return `Kiim: оплата заказа № ${n.number} на сумму ${price(n.totalAmount)} получена. Спасибо!`;
    case 'ready_for_pickup':
      return `Kiim: заказ № ${n.number} готов к выдаче${point ? ` в пункте «${point}»` : ''}. Возьмите с собой номер заказа.`;
    case 'handed_to_courier':
      return `Kiim: заказ № ${n.number} передан курьеру. Он позвонит перед приездом.`;
    case 'cancelled':
      if (n.actor === 'customer') return null;
      return n.actor === 'system'
        ? `Kiim: заказ № ${n.number} отменён, так как оплата не поступила вовремя.`
        : `Kiim: заказ № ${n.number} отменён. Если он был оплачен, деньги вернутся на карту.`;
    default:
      return receiptSms(n, lang);
  }
}

/** Subject and lead paragraphs of an order event's email in Russian. */
function leadRu(n: OrderNotice): { subject: string; lead: string[] } {
  const refund = n.refundAmount
    ? [
        `Деньги за заказ — ${price(n.refundAmount)} — вернутся на карту, которой вы платили. Обычно банк зачисляет их в течение 1–10 рабочих дней.`,
      ]
    : [];
  switch (n.event) {
    case 'accepted':
      return {
        subject: `Заказ № ${n.number} принят`,
        lead: [
          'Спасибо за заказ! Мы его приняли и начинаем собирать.',
          ...(n.payWithinMinutes
            ? [
                `Оплатите заказ ${kaspi(n) ? 'в приложении Kaspi.kz' : 'картой онлайн'} в течение ${minutesRu(n.payWithinMinutes)}, иначе он будет отменён.`,
              ]
            : []),
        ],
      };
    case 'paid':
      return {
        subject: `Заказ № ${n.number} оплачен`,
        lead: [`Мы получили оплату заказа на сумму ${price(n.totalAmount)}. Сообщим, когда он будет готов.`],
      };
    case 'ready_for_pickup':
      return {
        subject: `Заказ № ${n.number} готов к выдаче`,
        lead: ['Заказ ждёт вас в пункте выдачи. Возьмите с собой номер заказа.'],
      };
    case 'handed_to_courier':
      return {
        subject: `Заказ № ${n.number} передан курьеру`,
        lead: ['Заказ передан курьеру. Он позвонит перед приездом.'],
      };
    case 'cancelled':
      return {
        subject: `Заказ № ${n.number} отменён`,
        lead: [
          n.actor === 'system'
            ? 'Заказ отменён, так как оплата не поступила вовремя.'
            : n.actor === 'customer'
              ? 'Заказ отменён по вашей просьбе.'
              : 'Заказ отменён. Если у вас есть вопросы, позвоните нам — мы поможем.',
          ...refund,
        ],
      };
    default:
      return receiptLead(n, 'ru');
  }
}

/** Subject and lead paragraphs of an order event's email in Kazakh. */
function leadKk(n: OrderNotice): { subject: string; lead: string[] } {
  const refund = n.refundAmount
    ? [
        `Тапсырыс үшін төленген ${price(n.refundAmount)} төлем жасалған картаңызға қайтарылады. Әдетте банк оны 1–10 жұмыс күні ішінде түсіреді.`,
      ]
    : [];
  switch (n.event) {
    case 'accepted':
      return {
        subject: `№ ${n.number} тапсырыс қабылданды`,
        lead: [
          'Тапсырысыңызға рақмет! Біз оны қабылдап, жинауды бастаймыз.',
          ...(n.payWithinMinutes
            ? [
                `Тапсырысты ${n.payWithinMinutes} минут ішінде ${kaspi(n) ? 'Kaspi.kz қосымшасында' : 'картамен онлайн'} төлеңіз, әйтпесе ол жойылады.`,
              ]
            : []),
        ],
      };
    case 'paid':
      return {
        subject: `№ ${n.number} тапсырыс төленді`,
        lead: [
          `Тапсырыстың ${price(n.totalAmount)} сомасындағы төлемін алдық. Ол дайын болғанда хабарлаймыз.`,
        ],
      };
    case 'ready_for_pickup':
      return {
        subject: `№ ${n.number} тапсырыс беруге дайын`,
        lead: ['Тапсырыс сізді беру пунктінде күтіп тұр. Тапсырыс нөмірін өзіңізбен бірге алыңыз.'],
      };
    case 'handed_to_courier':
      return {
        subject: `№ ${n.number} тапсырыс курьерге берілді`,
        lead: ['Тапсырыс курьерге берілді. Ол келер алдында қоңырау шалады.'],
      };
    case 'cancelled':
      return {
        subject: `№ ${n.number} тапсырыс жойылды`,
        lead: [
          n.actor === 'system'
            ? 'Төлем уақытында түспегендіктен тапсырыс жойылды.'
            : n.actor === 'customer'
              ? 'Тапсырыс сіздің өтінішіңіз бойынша жойылды.'
              : 'Тапсырыс жойылды. Сұрақтарыңыз болса, бізге қоңырау шалыңыз — көмектесеміз.',
          ...refund,
        ],
      };
    default:
      return receiptLead(n, 'kk');
  }
}

/** The courier address as one line in the language, or null. */
function addressLine(n: OrderNotice, lang: CustomerLanguage): string | null {
  const a = n.deliveryAddress;
  if (!a) return null;
  const parts = [a.street, a.building];
  if (lang === 'kk') {
    if (a.entrance) parts.push(`${a.entrance}-кіреберіс`);
    if (a.floor) parts.push(`${a.floor}-қабат`);
    if (a.flat) parts.push(`${a.flat}-пәтер`);
  } else {
    if (a.entrance) parts.push(`подъезд ${a.entrance}`);
    if (a.floor) parts.push(`этаж ${a.floor}`);
    if (a.flat) parts.push(`кв. ${a.flat}`);
  }
  return parts.join(', ');
}

const LABELS: Record<CustomerLanguage, EmailWords['labels']> = {
  ru: {
    items: 'Товары',
    size: 'Размер',
    colour: 'Цвет',
    qtyUnit: 'шт.',
    itemsAmount: 'Товары на сумму',
    delivery: 'Доставка',
    free: 'Бесплатно',
    total: 'Итого',
    receiving: 'Способ получения',
    receiptButton: 'Открыть чек',
    pickupPoint: 'Пункт выдачи',
    hours: 'Часы работы',
    address: 'Адрес доставки',
    payment: 'Способ оплаты',
    button: 'Посмотреть заказ',
    footer:
      'Письмо отправлено автоматически, отвечать на него не нужно. Заказ всегда можно посмотреть в разделе «Мои заказы».',
  },
  kk: {
    items: 'Тауарлар',
    size: 'Өлшемі',
    colour: 'Түсі',
    qtyUnit: 'дана',
    itemsAmount: 'Тауарлар сомасы',
    delivery: 'Жеткізу',
    free: 'Тегін',
    total: 'Барлығы',
    receiving: 'Алу тәсілі',
    receiptButton: 'Чекті ашу',
    pickupPoint: 'Беру пункті',
    hours: 'Жұмыс уақыты',
    address: 'Жеткізу мекенжайы',
    payment: 'Төлем тәсілі',
    button: 'Тапсырысты қарау',
    footer:
      'Хат автоматты түрде жіберілді, оған жауап берудің қажеті жоқ. Тапсырысты әрқашан «Менің тапсырыстарым» бөлімінен көруге болады.',
  },
};

/** Every word of an order event's email in the customer's language. */
export function emailWords(n: OrderNotice, lang: CustomerLanguage): EmailWords {
  const { subject, lead } = isReceiptNotice(n) ? receiptLead(n, lang) : lang === 'kk' ? leadKk(n) : leadRu(n);
  const hello = lang === 'kk' ? 'Сәлеметсіз бе' : 'Здравствуйте';
  return {
    subject: `Kiim: ${subject}`,
    greeting: n.customerName ? `${hello}, ${n.customerName}!` : `${hello}!`,
    lead,
    labels: LABELS[lang],
    deliveryMethod: DELIVERY[lang][n.deliveryMethodId] ?? '',
    paymentMethod: PAYMENT[lang][n.paymentId] ?? '',
    address: addressLine(n, lang),
  };
}
