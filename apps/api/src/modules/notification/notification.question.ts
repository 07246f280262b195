import type { CustomerLanguage } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { currentRequestId } from '#app/lib/request-context.ts';
import { renderLinkEmail, type RenderedEmail } from './notification.email.ts';
import { insertNotification, pendingRow } from './notification.repository.ts';
import type { NotificationTable } from './notification.table.ts';

// The notice that the shop answered a customer's question about a product (issue 35 item 5): event
// `question_answered`, a notification of no order (`order_id` null, `dedupe_key` the answer's id), one message —
// the e-mail when the customer has an address and e-mails are on, else the SMS — in the customer's language,
// through the same outbox, worker, retries and back-office list as the order notices.

/** What a question notice is rendered from (its row's payload). */
export interface QuestionNotice {
  kind: 'question_answered';
  /** The product's name in the customer's language. */
  productName: string;
  /** The product page's questions, absolute (PUBLIC_URL + /product/{slug}#questions). */
  url: string;
  /** The customer's question and the shop's answer, as published (cut to a message's length). */
  question: string;
  answer: string;
  customerName: string | null;
}

/** Whether a row's payload is a question notice (rendered by this file, not as an order's). */
export const isQuestionNotice = (payload: unknown): payload is QuestionNotice =>
  (payload as { kind?: unknown } | null)?.kind === 'question_answered';

/** A text cut to `max` characters at a word, with «…». */
function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max - 1);
  return `${head.slice(0, Math.max(head.lastIndexOf(' '), max / 2))}…`;
}

/** The SMS: that the shop answered, about which product, and the link (the answer itself is on the page). */
export function questionSms(n: QuestionNotice, lang: CustomerLanguage): string {
  const name = cut(n.productName, 60);
  return lang === 'kk'
    ? `Kiim: «${name}» тауары туралы сұрағыңызға жауап бердік: ${n.url}`
    : `Kiim: мы ответили на ваш вопрос о товаре «${name}»: ${n.url}`;
}

/** The e-mail: the question and the answer, and a button to the product's questions. */
export function renderQuestionEmail(n: QuestionNotice, lang: CustomerLanguage): Promise<RenderedEmail> {
  const kk = lang === 'kk';
  const hello = kk ? 'Сәлеметсіз бе' : 'Здравствуйте';
  return renderLinkEmail(
    {
      subject: kk ? 'Kiim: сұрағыңызға жауап' : 'Kiim: ответ на ваш вопрос',
      greeting: n.customerName ? `${hello}, ${n.customerName}!` : `${hello}!`,
      lead: kk
        ? [
            `«${n.productName}» тауары туралы сұрағыңызға жауап бердік.`,
            `Сіздің сұрағыңыз: ${n.question}`,
            `Жауап: ${n.answer}`,
          ]
        : [
            `Мы ответили на ваш вопрос о товаре «${n.productName}».`,
            `Ваш вопрос: ${n.question}`,
            `Ответ: ${n.answer}`,
          ],
      footer: kk
        ? 'Хат автоматты түрде жіберілді, оған жауап берудің қажеті жоқ. Жаңа сұрақты тауар бетінде қоюға болады.'
        : 'Письмо отправлено автоматически, отвечать на него не нужно. Новый вопрос можно задать на странице товара.',
    },
    { url: n.url, label: kk ? 'Тауар бетінде қарау' : 'Посмотреть на сайте' },
    lang,
  );
}

/**
 * Writes the notice of an answer (`answerId`) into the outbox in the caller's transaction: the e-mail when the
 * customer has an address and e-mails are on, else the SMS to their mobile; nothing without either. Once per
 * answer and channel (a repeated call writes nothing).
 * @param question and answer as published; cut to 500 and 1,500 characters.
 * @returns the ids written (to deliver right after commit).
 */
export async function recordQuestionNotice(
  trx: DbOrTrx,
  n: Omit<QuestionNotice, 'kind'>,
  to: { mobile: string | null; email: string | null; language: CustomerLanguage },
  opts: { answerId: string; emailEnabled: boolean; nowIso: string },
): Promise<string[]> {
  const notice: QuestionNotice = {
    ...n,
    kind: 'question_answered',
    question: cut(n.question, 500),
    answer: cut(n.answer, 1500),
  };
  const email = to.email && opts.emailEnabled ? to.email : null;
  const recipient = email ?? to.mobile;
  if (!recipient) return [];
  const row: NotificationTable = {
    ...pendingRow(
      {
        order_id: null,
        event: 'question_answered',
        language: to.language,
        payload: JSON.stringify(notice),
        request_id: currentRequestId(),
        dedupe_key: opts.answerId,
      },
      opts.nowIso,
    ),
    id: newId(),
    channel: email ? 'email' : 'sms',
    recipient,
  };
  return (await insertNotification(trx, row)) ? [row.id] : [];
}
