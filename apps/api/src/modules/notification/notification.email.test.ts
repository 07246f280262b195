import { describe, expect, it } from 'vitest';
import { formatPrice } from '@kiim/contract';
import { renderOrderEmail } from './notification.email.ts';
import type { OrderNotice } from './notification.notice.ts';
import { NOTIFICATION_EVENTS } from './notification.table.ts';
import { smsText } from './notification.texts.ts';

// The words and layout of order emails and SMS in both languages (the delivery is tested in notification.test.ts).

const courierOrder: OrderNotice = {
  event: 'cancelled',
  number: '100777',
  customerName: 'Ерлан <b>',
  actor: 'backoffice',
  payWithinMinutes: null,
  lines: [{ name: 'Куртка & жилет', size: 'XL', colourName: 'Хаки', qty: 1, price: 45990, amount: 45990 }],
  itemsAmount: 45990,
  deliveryAmount: 1500,
  totalAmount: 47490,
  deliveryMethodId: 2,
  paymentId: 3,
  pickupPoint: null,
  deliveryAddress: { street: 'пр. Абая', building: '10', entrance: '2', floor: '5', flat: '17' },
  refundAmount: 47490,
  url: 'https://kiim.kz/personal/orders/details/100777',
};

/** Letters only Kazakh has among Cyrillic alphabets. */
const KAZAKH_LETTERS = /[әғқңөұүһі]/i;

describe('order emails', () => {
  it('a cancelled courier order paid by card: the refund, the address, the delivery price (Russian)', async () => {
    const mail = await renderOrderEmail(courierOrder, 'ru');
    expect(mail.subject).toBe('Kiim: Заказ № 100777 отменён');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Курьерская доставка');
      expect(part).toContain('Картой онлайн');
      expect(part).toContain('подъезд 2, этаж 5, кв. 17');
    }
    expect(mail.text).toContain(`Деньги за заказ — ${formatPrice(47490)} — вернутся на карту`);
    expect(mail.text).toContain(`Доставка: ${formatPrice(1500)}`);
    expect(mail.text).toContain(`Итого: ${formatPrice(47490)}`);
  });

  it('the same in Kazakh', async () => {
    const mail = await renderOrderEmail(courierOrder, 'kk');
    expect(mail.subject).toBe('Kiim: № 100777 тапсырыс жойылды');
    expect(mail.text).toContain('Сәлеметсіз бе');
    expect(mail.text).toContain('Курьермен жеткізу');
    expect(mail.text).toContain('Картамен онлайн');
    expect(mail.text).toContain('2-кіреберіс, 5-қабат, 17-пәтер');
    expect(mail.text).toContain(
      `Тапсырыс үшін төленген ${formatPrice(47490)} төлем жасалған картаңызға қайтарылады.`,
    );
    expect(mail.html).toContain('lang="kk"');
  });

  it('escapes every value in the HTML (names come from shoppers and staff)', async () => {
    const mail = await renderOrderEmail(courierOrder, 'ru');
    expect(mail.html).toContain('Ерлан &lt;b&gt;');
    expect(mail.html).toContain('Куртка &amp; жилет');
    expect(mail.html).not.toContain('Ерлан <b>');
    expect(mail.text).toContain('Здравствуйте, Ерлан <b>!');
  });

  it('renders every event in both languages, the Kazakh ones with Kazakh letters', async () => {
    for (const event of NOTIFICATION_EVENTS) {
      const ru = await renderOrderEmail({ ...courierOrder, event }, 'ru');
      const kk = await renderOrderEmail({ ...courierOrder, event }, 'kk');
      expect(ru.subject).toContain('100777');
      expect(kk.subject).toContain('№ 100777 тапсырыс');
      expect(kk.text.split('\n')[2]).toMatch(KAZAKH_LETTERS); // the lead paragraph, after the greeting
      expect(ru.html).toContain('<!doctype html>');
    }
  });
});

describe('order SMS', () => {
  it('has a short text per event in both languages; none for the customer’s own cancellation', () => {
    for (const event of NOTIFICATION_EVENTS) {
      for (const lang of ['ru', 'kk'] as const) {
        const text = smsText({ ...courierOrder, event }, lang);
        expect(text).toMatch(/^Kiim: /);
        expect(text!.length).toBeLessThanOrEqual(140);
        if (lang === 'kk') expect(text).toMatch(KAZAKH_LETTERS);
      }
    }
    expect(smsText({ ...courierOrder, actor: 'customer' }, 'ru')).toBeNull();
    expect(smsText({ ...courierOrder, actor: 'customer' }, 'kk')).toBeNull();
  });

  it('asks to pay within the window for an unpaid card-online order', () => {
    const accepted = { ...courierOrder, event: 'accepted' as const, payWithinMinutes: 30 };
    expect(smsText(accepted, 'ru')).toBe(
      `Kiim: заказ № 100777 принят, сумма ${formatPrice(47490)}. Оплатите его картой в течение 30 минут.`,
    );
    expect(smsText(accepted, 'kk')).toBe(
      `Kiim: № 100777 тапсырыс қабылданды, сомасы ${formatPrice(47490)}. Оны 30 минут ішінде картамен төлеңіз.`,
    );
  });

  it('asks a Kaspi order to be paid in the Kaspi.kz app, not by card', async () => {
    const accepted = { ...courierOrder, event: 'accepted' as const, payWithinMinutes: 30, paymentId: 4 };
    expect(smsText(accepted, 'ru')).toContain('Оплатите его в приложении Kaspi.kz в течение 30 минут.');
    expect(smsText(accepted, 'kk')).toContain('Оны 30 минут ішінде Kaspi.kz қосымшасында төлеңіз.');
    const email = await renderOrderEmail(accepted, 'ru');
    expect(email.text).toContain('Оплатите заказ в приложении Kaspi.kz в течение 30 минут');
    expect(email.text).toContain('Способ оплаты: Kaspi');
  });
});
