import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share: app-made ids
// and ISO text timestamps, CHECK constraints for invariants, no database-specific defaults.
//
// Reviews and questions of products (issue 10), owned by the `review` module:
// - review: a rating 1–5 with a text and optional fit feedback, written by a customer about a product of one of
//   their completed orders (`order_id`), once per product and customer; or imported (`source = 'import'`: no
//   customer, no order — the demo seed's reviews). Moderated: pending → published | rejected (with a reason).
//   `helpful_count` counts the «helpful» votes (imported reviews may arrive with a count of their own).
// - review_vote: one «helpful» vote per review and customer.
// - question / question_answer: a customer's question about a product, moderated the same way, and the shop's
//   answers to it.
// - review_author: one row per customer who wrote something, locked by every new review or question, so the
//   per-customer limits count exactly even when requests race.

const moderated = sql`status in ('pending', 'published', 'rejected')`;
const reasonWhenRejected = sql`status <> 'rejected' or rejection_reason is not null`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await createReviews(db);
  await createQuestions(db);
  await db.schema
    .createTable('review_author')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customer.id'))
    .addColumn('last_posted_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

/** review and review_vote. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createReviews(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('customer_id', 'text', (c) => c.references('customer.id'))
    .addColumn('order_id', 'text', (c) => c.references('order.id'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('customer', 'import')`))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('fit', 'text', (c) => c.check(sql`fit is null or fit in ('small', 'true_to_size', 'large')`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(moderated))
    .addColumn('rejection_reason', 'text')
    .addColumn('helpful_count', 'integer', (c) => c.notNull().check(sql`helpful_count >= 0`))
    .addColumn('moderated_by', 'text')
    .addColumn('moderated_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('review_product_customer_unique', ['product_id', 'customer_id'])
    .addCheckConstraint('review_rejection_reason', reasonWhenRejected)
    .addCheckConstraint(
      'review_customer_source',
      sql`source = 'import' or (customer_id is not null and order_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('review_product_status_idx')
    .on('review')
    .columns(['product_id', 'status'])
    .execute();
  await db.schema
    .createIndex('review_customer_idx')
    .on('review')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('review_status_idx').on('review').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('review_vote')
    .addColumn('review_id', 'text', (c) => c.notNull().references('review.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_vote_pk', ['review_id', 'customer_id'])
    .execute();
}

/** question and question_answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createQuestions(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('customer_id', 'text', (c) => c.references('customer.id'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('customer', 'import')`))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(moderated))
    .addColumn('rejection_reason', 'text')
    .addColumn('moderated_by', 'text')
    .addColumn('moderated_at', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('question_rejection_reason', reasonWhenRejected)
    .addCheckConstraint('question_customer_source', sql`source = 'import' or customer_id is not null`)
    .execute();
  await db.schema
    .createIndex('question_product_status_idx')
    .on('question')
    .columns(['product_id', 'status'])
    .execute();
  await db.schema
    .createIndex('question_customer_idx')
    .on('question')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('question_status_idx')
    .on('question')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('question_answer')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull().references('question.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('answered_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('question_answer_question_idx')
    .on('question_answer')
    .columns(['question_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['review_author', 'question_answer', 'question', 'review_vote', 'review'])
    await db.schema.dropTable(table).execute();
}
