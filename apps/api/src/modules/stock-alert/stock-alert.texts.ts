import type { CustomerLanguage } from '@kiim/contract';
import type { StockAlertPayload } from './stock-alert.table.ts';

// The back-in-stock messages (issue 35 item 4), in the subscriber's language. One message per subscription: it
// ends with the send, so the message says so and carries no unsubscribe link.

/** A rendered alert: SMS text, or an e-mail's subject, text and HTML. */
export interface AlertMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The product page link of an alert (the storefront's `/product/:slug`, spec §2). */
export const productUrl = (publicUrl: string, p: StockAlertPayload) =>
  `${publicUrl}/product/${encodeURIComponent(p.productSlug)}`;

/** The SMS of an alert: short, the product, the size and the link. */
export function alertSms(p: StockAlertPayload, lang: CustomerLanguage, url: string): string {
  return lang === 'kk'
    ? `Kiim: ${p.productName}, ${p.size} өлшемі қайтадан сатылымда. ${url}`
    : `Kiim: снова в наличии ${p.productName}, размер ${p.size}. ${url}`;
}

/** The e-mail of an alert: subject, plain text and HTML with the same words. */
export function alertEmail(p: StockAlertPayload, lang: CustomerLanguage, url: string): AlertMessage {
  const kk = lang === 'kk';
  const subject = kk
    ? `Қайтадан сатылымда: ${p.productName}, ${p.size} өлшемі`
    : `Снова в наличии: ${p.productName}, размер ${p.size}`;
  const lines = kk
    ? [
        'Сәлеметсіз бе!',
        `Сіз тауар сатылымға түскенде хабарлауды сұрадыңыз: ${p.productName}, ${p.size} өлшемі. Ол қайтадан сатылымда.`,
        'Бұл бір реттік хат: осы өлшемге жазылу аяқталды.',
      ]
    : [
        'Здравствуйте!',
        `Вы просили сообщить о поступлении: ${p.productName}, размер ${p.size}. Он снова в наличии.`,
        'Это письмо приходит один раз: подписка на этот размер завершена.',
      ];
  const link = kk ? 'Тауарды ашу' : 'Открыть товар';
  const text = `${lines[0]}\n\n${lines[1]}\n${link}: ${url}\n\n${lines[2]}\nKiim`;
  const html =
    `<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p>` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(link)}</a></p><p>${escapeHtml(lines[2]!)}</p><p>Kiim</p>`;
  return { subject, text, html };
}
