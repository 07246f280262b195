import type { DbOrTrx } from '#app/db/database.ts';
import type { Slice } from './review.repository.ts';
import type { QuestionAnswerRow, QuestionRow } from './review.table.ts';

// Data access of questions and the shop's answers (moderation columns: review.repository.ts `moderate`).
// Functions take `db | trx` first; times are ISO 8601 UTC text.

/** Inserts a question. */
export async function insertQuestion(db: DbOrTrx, row: QuestionRow): Promise<void> {
  await db.insertInto('question').values(row).execute();
}

/** A question by id, or undefined. */
export function findQuestion(db: DbOrTrx, id: string): Promise<QuestionRow | undefined> {
  return db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Published questions of a product, newest first. */
export function listPublishedQuestions(db: DbOrTrx, productId: number, slice: Slice): Promise<QuestionRow[]> {
  return db
    .selectFrom('question')
    .selectAll()
    .where('product_id', '=', productId)
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
}

/** Inserts an answer to a question. */
export async function insertAnswer(db: DbOrTrx, row: QuestionAnswerRow): Promise<void> {
  await db.insertInto('question_answer').values(row).execute();
}

/** The answers of the given questions, oldest first, in one query. */
export function listAnswers(db: DbOrTrx, questionIds: readonly string[]): Promise<QuestionAnswerRow[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('question_answer')
    .selectAll()
    .where('question_id', 'in', [...new Set(questionIds)])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Who asked a question and about what: the customer's contacts and language, the product's name and address. */
export function questionContext(db: DbOrTrx, questionId: string) {
  return db
    .selectFrom('question as q')
    .innerJoin('product as p', 'p.id', 'q.product_id')
    .leftJoin('customer as c', 'c.id', 'q.customer_id')
    .select([
      'p.name as product_name',
      'p.slug as product_slug',
      'c.mobile',
      'c.email',
      'c.language',
      'c.name as customer_name',
      'c.blocked_at',
    ])
    .where('q.id', '=', questionId)
    .executeTakeFirst();
}
