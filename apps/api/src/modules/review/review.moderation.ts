import {
  ReviewErrorCode,
  type ModeratedQuestion,
  type ModeratedReview,
  type ModerationListQuery,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { recordAnswerNotice, type AnswerNoticeDeps } from './question.notice.ts';
import { bumpCatalogueVersion, productRefs } from '#app/modules/catalog/catalog.service.ts';
import { orderNumbers } from '#app/modules/order/order.service.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { questionExtras } from './question.service.ts';
import * as questions from './question.repository.ts';
import { pageOf, sliceOf, toModeratedQuestion, toModeratedReview } from './review.mapper.ts';
import { photosOfReviews } from './review.photos.ts';
import * as repo from './review.repository.ts';
import type { ModeratedTable } from './review.repository.ts';
import type { QuestionRow, ReviewRow } from './review.table.ts';

// Moderation of reviews and questions by staff (issue 10; routes under /api/admin, `requirePermission('reviews.moderate')`):
// a new one is pending; staff publish it or reject it with a reason the author sees. A published one may be
// taken down (rejected) later and a rejected one published after all. Answering a pending question publishes
// it; a rejected one cannot be answered.

/** A moderation step. */
export type ModerationStep = 'publish' | 'reject';

/** The statuses a step may start from. */
const FROM: Record<ModerationStep, readonly string[]> = {
  publish: ['pending', 'rejected'],
  reject: ['pending', 'published'],
};

/** The name shown with the shop's answers. */
export const SHOP_ANSWER_AUTHOR = 'Команда Kiim';

const WORDS: Record<
  ModeratedTable,
  { noun: string; published: string; rejected: string; notFound: () => AppError }
> = {
  review: {
    noun: 'Отзыв',
    published: 'уже опубликован',
    rejected: 'уже отклонён',
    notFound: () => notFound(ReviewErrorCode.reviewNotFound, 'Отзыв не найден'),
  },
  question: {
    noun: 'Вопрос',
    published: 'уже опубликован',
    rejected: 'уже отклонён',
    notFound: () => notFound(ReviewErrorCode.questionNotFound, 'Вопрос не найден'),
  },
};

const conflict = (message: string) => new AppError(409, ReviewErrorCode.moderationConflict, message);

/** The row of a review or question, or its 404. */
async function rowOf(db: DbOrTrx, table: ModeratedTable, id: string): Promise<ReviewRow | QuestionRow> {
  const row = table === 'review' ? await repo.findReview(db, id) : await questions.findQuestion(db, id);
  if (!row) throw WORDS[table].notFound();
  return row;
}

/**
 * Inside the transaction `trx`: publishes or rejects one review or question, only from the statuses the step allows
 * (and only if nobody changed it meanwhile), and writes it to the audit log (`review.published`,
 * `question.rejected`…, with the status and reason before and after) — the entry exists exactly when the change does.
 * @throws AppError 404 (5003/5004) unknown; 409 (5005) already in that status or changed meanwhile.
 */
async function moderateOne(
  trx: DbOrTrx,
  table: ModeratedTable,
  id: string,
  step: ModerationStep,
  reason: string | null,
  actor: Actor,
): Promise<void> {
  const row = await rowOf(trx, table, id);
  const to = step === 'publish' ? 'published' : 'rejected';
  const words = WORDS[table];
  if (row.status === to) throw conflict(`${words.noun} ${words[to]}`);
  const atIso = actor.at.toISOString();
  const rejectionReason = step === 'reject' ? reason : null;
  const changed = await repo.moderate(trx, table, id, FROM[step], {
    status: to,
    rejection_reason: rejectionReason,
    moderated_by: actor.id ?? actor.type,
    moderated_at: atIso,
    ...(step === 'publish' ? { published_at: atIso } : {}),
  });
  if (!changed) throw conflict(`${words.noun} только что изменён другим сотрудником. Обновите список`);
  // A review's rating is on the product's cards once published and leaves them when rejected (decision 058).
  if (table === 'review') await bumpCatalogueVersion(trx);
  await audit(
    trx,
    actor,
    `${table}.${to}`,
    { type: table, id },
    { status: row.status, rejectionReason: row.rejection_reason },
    { status: to, rejectionReason },
  );
}

/** Reviews → what moderators see, with products and order numbers in one query each. */
async function moderatedReviews(db: DbOrTrx, rows: readonly ReviewRow[]): Promise<ModeratedReview[]> {
  const [products, numbers, photos] = await Promise.all([
    productRefs(
      db,
      rows.map((r) => r.product_id),
    ),
    orderNumbers(
      db,
      rows.flatMap((r) => (r.order_id ? [r.order_id] : [])),
    ),
    photosOfReviews(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => toModeratedReview(r, products, numbers, photos));
}

/** Questions → what moderators see, with products and answers. */
async function moderatedQuestions(db: DbOrTrx, rows: readonly QuestionRow[]): Promise<ModeratedQuestion[]> {
  const { products, answers } = await questionExtras(db, rows);
  return rows.map((q) => toModeratedQuestion(q, products, answers));
}

/** What moderators see of a row of each table. */
type Shown<T extends ModeratedTable> = T extends 'review' ? ModeratedReview : ModeratedQuestion;

/** Rows of `table` → what moderators see, in a few queries whatever their number. */
async function shown<T extends ModeratedTable>(
  db: DbOrTrx,
  table: T,
  rows: readonly (ReviewRow | QuestionRow)[],
): Promise<Shown<T>[]> {
  return (
    table === 'review'
      ? moderatedReviews(db, rows as ReviewRow[])
      : moderatedQuestions(db, rows as QuestionRow[])
  ) as Promise<Shown<T>[]>;
}

/**
 * `GET /api/admin/reviews` and `GET /api/admin/questions`: a page of one status (pending: oldest first, a queue;
 * published and rejected: newest first), questions with their answers, reviews with the order that proves them.
 */
export async function moderationQueue<T extends ModeratedTable>(
  db: DbOrTrx,
  table: T,
  q: ModerationListQuery,
) {
  const [rows, total] = await Promise.all([
    repo.listByStatus(db, table, q.status, sliceOf(q)) as Promise<(ReviewRow | QuestionRow)[]>,
    repo.countRows(db, table, { status: q.status }),
  ]);
  return pageOf(await shown(db, table, rows), total, q);
}

/**
 * `POST /api/admin/reviews|questions/:id/publish|reject`: publishes one (from pending or rejected) or rejects it
 * with a reason (from pending or published: takes it down).
 * @returns it as moderators see it now.
 * @throws AppError 404 (5003 review, 5004 question); 409 (5005) already in that status or changed meanwhile.
 */
export async function moderateItem<T extends ModeratedTable>(
  db: Db,
  table: T,
  id: string,
  step: ModerationStep,
  reason: string | null,
  actor: Actor,
): Promise<Shown<T>> {
  await db.transaction().execute((trx) => moderateOne(trx, table, id, step, reason, actor));
  const [item] = await shown(db, table, [await rowOf(db, table, id)]);
  return item!;
}

/**
 * `POST /api/admin/questions/:id/answer`: adds the shop's answer (shown as «Команда Kiim»); a pending question
 * is published with it, in one transaction with their audit entries (`question.answered`, `question.published`)
 * and, given `notice`, the asking customer's SMS or e-mail (issue 35 item 5), sent after commit.
 * @throws AppError 404 (5004); 409 (5005) the question was rejected (publish it first).
 */
export async function answerQuestion(
  db: Db,
  id: string,
  text: string,
  actor: Actor,
  notice?: AnswerNoticeDeps,
): Promise<ModeratedQuestion> {
  const atIso = actor.at.toISOString();
  const send = await db.transaction().execute(async (trx) => {
    const question = (await rowOf(trx, 'question', id)) as QuestionRow;
    if (question.status === 'rejected')
      throw conflict('Вопрос отклонён. Чтобы ответить, сначала опубликуйте его');
    if (question.status === 'pending') await moderateOne(trx, 'question', id, 'publish', null, actor);
    const answerId = newId();
    await questions.insertAnswer(trx, {
      id: answerId,
      question_id: id,
      body: text,
      author_name: SHOP_ANSWER_AUTHOR,
      answered_by: actor.id ?? actor.type,
      created_at: atIso,
      updated_at: atIso,
    });
    await audit(trx, actor, 'question.answered', { type: 'question', id }, null, { answerId, text });
    const answer = { id: answerId, text, question: question.body };
    return notice ? recordAnswerNotice(trx, notice, id, answer, atIso) : null;
  });
  send?.();
  const [question] = await shown(db, 'question', [await rowOf(db, 'question', id)]);
  return question!;
}
