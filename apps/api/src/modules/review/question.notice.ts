import type { DbOrTrx } from '#app/db/database.ts';
import { translateText, textsOf } from '#app/modules/catalog/catalog.texts.ts';
import type { Notifier } from '#app/modules/notification/notification.service.ts';
import { recordQuestionNotice } from '#app/modules/notification/notification.question.ts';
import * as questions from './question.repository.ts';

// The customer hears when the shop answers their question (issue 35 item 5): the notice is written into the
// notification outbox in the answer's transaction and sent right after commit; the worker retries a failed send.

/** What answering needs to tell the customer: the outbox and the storefront's public address. */
export interface AnswerNoticeDeps {
  notifier: Notifier;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

/**
 * Writes the notice of answer `answerId` to question `questionId` in `trx`, in the asking customer's language (the
 * product's Kazakh name for a Kazakh customer); nothing for a question with no customer (imported) or a blocked
 * customer.
 * @returns a function to call after commit that sends it (never throws).
 */
export async function recordAnswerNotice(
  trx: DbOrTrx,
  deps: AnswerNoticeDeps,
  questionId: string,
  answer: { id: string; text: string; question: string },
  nowIso: string,
): Promise<() => void> {
  const c = await questions.questionContext(trx, questionId);
  if (!c?.mobile || c.blocked_at) return () => {};
  const language = c.language ?? 'ru';
  const productName =
    language === 'kk' ? translateText(await textsOf(trx, 'kk'), c.product_name) : c.product_name;
  const ids = await recordQuestionNotice(
    trx,
    {
      productName,
      url: `${deps.publicUrl}/product/${c.product_slug}#questions`,
      question: answer.question,
      answer: answer.text,
      customerName: c.customer_name,
    },
    { mobile: c.mobile, email: c.email, language },
    { answerId: answer.id, emailEnabled: deps.notifier.emailEnabled, nowIso },
  );
  return () => {
    if (ids.length === 0) return;
    deps.notifier.sendInBackground(async () => {
      try {
        await deps.notifier.deliver(ids);
      } catch (err) {
        deps.log.error({ err }, 'question notice delivery failed: left to the notification worker');
      }
    });
  };
}
