import { formatPrice, type CustomerLanguage } from '@kiim/contract';
import type { OrderNotice } from './notification.notice.ts';

// Texts of the receipt notices (issue 32): the link of a fiscal receipt of a sale or a return, in Russian and
// Kazakh. An electronic receipt counts the same as a paper one (MinFin Order 626), which the texts say.

const price = formatPrice;

/** Whether the notice is one of a receipt (events `receipt`, `return_receipt`). */
export const isReceiptNotice = (n: OrderNotice) => n.event === 'receipt' || n.event === 'return_receipt';

/** The receipt's link and total (the order's total when the payload lacks them: never for these events). */
const receiptOf = (n: OrderNotice) => n.receipt ?? { url: n.url, total: n.totalAmount };

/** The SMS of a receipt notice: the link, the amount and the order's number. */
export function receiptSms(n: OrderNotice, lang: CustomerLanguage): string {
  const { url, total } = receiptOf(n);
  const back = n.event === 'return_receipt';
  if (lang === 'kk')
    return back
      ? `Kiim: № ${n.number} тапсырыс бойынша ${price(total)} қайтару чегі: ${url}`
      : `Kiim: № ${n.number} тапсырыс бойынша ${price(total)} сомасындағы чек: ${url}`;
  return back
    ? `Kiim: чек возврата ${price(total)} по заказу № ${n.number}: ${url}`
    : `Kiim: чек на ${price(total)} по заказу № ${n.number}: ${url}`;
}

/** Subject and lead paragraphs of a receipt notice's email. */
export function receiptLead(n: OrderNotice, lang: CustomerLanguage): { subject: string; lead: string[] } {
  const { url, total } = receiptOf(n);
  const back = n.event === 'return_receipt';
  if (lang === 'kk')
    return {
      subject: back ? `№ ${n.number} тапсырыс бойынша қайтару чегі` : `№ ${n.number} тапсырыс бойынша чек`,
      lead: [
        back
          ? `Тапсырыс бойынша ${price(total)} қайтарылғаны онлайн-кассада тіркелді.`
          : `Тапсырыстың ${price(total)} сомасындағы төлемі онлайн-кассада тіркелді.`,
        'Электрондық чектің күші қағаз чекпен бірдей. Оны төмендегі батырма немесе мына сілтеме арқылы ашуға болады:',
        url,
      ],
    };
  return {
    subject: back ? `Чек возврата по заказу № ${n.number}` : `Чек по заказу № ${n.number}`,
    lead: [
      back
        ? `Возврат ${price(total)} по заказу зарегистрирован в онлайн-кассе.`
        : `Оплата заказа на сумму ${price(total)} зарегистрирована в онлайн-кассе.`,
      'Электронный чек имеет ту же силу, что и бумажный. Его можно открыть кнопкой ниже или по ссылке:',
      url,
    ],
  };
}
