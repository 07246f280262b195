import type { CreateQuestionBody, FeedbackPageQuery, MyQuestion, QuestionPage } from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import { activeProductRef, productRefs } from '#app/modules/catalog/catalog.service.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import { checkPostingLimits, lockAuthor } from './review.limits.ts';
import {
  answersByQuestion,
  authorNameOf,
  pageOf,
  sliceOf,
  toMyQuestion,
  toPublicQuestion,
} from './review.mapper.ts';
import * as questions from './question.repository.ts';
import * as repo from './review.repository.ts';
import type { QuestionRow } from './review.table.ts';

// Questions about products (issue 10): any signed-in customer asks on a product page; staff publish and answer
// them (review.moderation.ts); the product page shows the published ones with their answers.

/** What questions show beside their rows: their products and answers, in one query each. */
export async function questionExtras(db: DbOrTrx, rows: readonly QuestionRow[]) {
  const [products, answers] = await Promise.all([
    productRefs(
      db,
      rows.map((q) => q.product_id),
    ),
    questions.listAnswers(
      db,
      rows.map((q) => q.id),
    ),
  ]);
  return { products, answers: answersByQuestion(answers) };
}

/** Questions → what their authors see. */
async function myQuestionsOf(db: DbOrTrx, rows: readonly QuestionRow[]): Promise<MyQuestion[]> {
  const { products, answers } = await questionExtras(db, rows);
  return rows.map((q) => toMyQuestion(q, products, answers));
}

/**
 * `POST /api/question/create`: the customer's question about an active product, pending moderation.
 * @throws AppError 404 (1004) unknown or no longer sold product; 429 (1029) over the writing limits.
 */
export async function createQuestion(
  db: Db,
  customer: CustomerRow,
  body: CreateQuestionBody,
  now: Date,
): Promise<MyQuestion> {
  const product = await activeProductRef(db, body.productSlug);
  const nowIso = now.toISOString();
  const row: QuestionRow = {
    id: newId(),
    product_id: product.id,
    customer_id: customer.id,
    source: 'customer',
    author_name: authorNameOf(customer),
    body: body.text,
    status: 'pending',
    rejection_reason: null,
    moderated_by: null,
    moderated_at: null,
    published_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  await db.transaction().execute(async (trx) => {
    await lockAuthor(trx, customer.id, now);
    await checkPostingLimits(trx, customer.id, now);
    await questions.insertQuestion(trx, row);
  });
  const [question] = await myQuestionsOf(db, [row]);
  return question!;
}

/** `GET /api/question/my`: a page of the customer's questions, newest first, whatever their status. */
export async function myQuestions(
  db: DbOrTrx,
  customerId: string,
  q: FeedbackPageQuery,
): Promise<{ items: MyQuestion[]; page: number; pageSize: number; total: number; pageCount: number }> {
  const [rows, total] = await Promise.all([
    repo.listByCustomer(db, 'question', customerId, sliceOf(q)) as Promise<QuestionRow[]>,
    repo.countRows(db, 'question', { customerId }),
  ]);
  return pageOf(await myQuestionsOf(db, rows), total, q);
}

/**
 * `GET /api/question/product/:slug`: a page of the product's published questions, newest first, with the
 * shop's answers.
 * @throws AppError 404 (1004) unknown or no longer sold product.
 */
export async function productQuestions(
  db: DbOrTrx,
  slug: string,
  q: FeedbackPageQuery,
): Promise<QuestionPage> {
  const product = await activeProductRef(db, slug);
  const [rows, total] = await Promise.all([
    questions.listPublishedQuestions(db, product.id, sliceOf(q)),
    repo.countRows(db, 'question', { productId: product.id, status: 'published' }),
  ]);
  const answers = answersByQuestion(
    await questions.listAnswers(
      db,
      rows.map((r) => r.id),
    ),
  );
  return pageOf(
    rows.map((r) => toPublicQuestion(r, answers)),
    total,
    q,
  );
}
