import type { DbOrTrx } from '#app/db/database.ts';
import type { ReviewRow } from './review.table.ts';

// Data access of reviews, «helpful» votes, the authors' lock rows, and the moderation columns reviews and
// questions share (the only place with Kysely queries for them; question.repository.ts has the questions'
// own). Functions take `db | trx` first; times are ISO 8601 UTC text.

/** The tables moderated the same way (same status columns). */
export type ModeratedTable = 'review' | 'question';

/** A page: at most `limit` rows after skipping `offset`. */
export interface Slice {
  limit: number;
  offset: number;
}

/** Inserts a review. */
export async function insertReview(db: DbOrTrx, row: ReviewRow): Promise<void> {
  await db.insertInto('review').values(row).execute();
}

/** A review by id, or undefined. */
export function findReview(db: DbOrTrx, id: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The customer's review of a product, whatever its status, or undefined. */
export function findCustomerReviewOfProduct(
  db: DbOrTrx,
  customerId: string,
  productId: number,
): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('review')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** The customer's reviews or questions, newest first (all of them without `slice`). */
export function listByCustomer<T extends ModeratedTable>(
  db: DbOrTrx,
  table: T,
  customerId: string,
  slice?: Slice,
) {
  const query = db
    .selectFrom(table as ModeratedTable)
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return (slice ? query.limit(slice.limit).offset(slice.offset) : query).execute();
}

/** Published reviews of a product: newest first, or most «helpful» votes first (then newest). */
export function listPublishedReviews(
  db: DbOrTrx,
  productId: number,
  sort: 'newest' | 'useful',
  slice: Slice,
): Promise<ReviewRow[]> {
  let query = db
    .selectFrom('review')
    .selectAll()
    .where('product_id', '=', productId)
    .where('status', '=', 'published');
  if (sort === 'useful') query = query.orderBy('helpful_count', 'desc');
  return query
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
}

/** Published reviews of a product by rating and by fit answer (`fit` null: not answered). */
export async function publishedReviewCounts(
  db: DbOrTrx,
  productId: number,
): Promise<{ rating: number; fit: string | null; count: number }[]> {
  const rows = await db
    .selectFrom('review')
    .select(['rating', 'fit', (eb) => eb.fn.countAll<number>().as('count')])
    .where('product_id', '=', productId)
    .where('status', '=', 'published')
    .groupBy(['rating', 'fit'])
    .execute();
  return rows.map((r) => ({ rating: Number(r.rating), fit: r.fit, count: Number(r.count) }));
}

/**
 * Records a customer's «helpful» vote once and counts it on the review.
 * @returns false when the customer had already voted for it (nothing changed).
 */
export async function insertVote(
  db: DbOrTrx,
  reviewId: string,
  customerId: string,
  nowIso: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('review_vote')
    .values({ review_id: reviewId, customer_id: customerId, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.columns(['review_id', 'customer_id']).doNothing())
    .returning('review_id')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .updateTable('review')
    .set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) }))
    .where('id', '=', reviewId)
    .execute();
  return true;
}

/**
 * Takes the customer's author row for this transaction (inserted on their first text, updated after): of two
 * parallel writes of one customer, the second waits here until the first commits, so its count sees it.
 */
export async function lockAuthor(db: DbOrTrx, customerId: string, nowIso: string): Promise<void> {
  await db
    .insertInto('review_author')
    .values({ customer_id: customerId, last_posted_at: nowIso, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ last_posted_at: nowIso, updated_at: nowIso }))
    .execute();
}

/** When the customer wrote each review and question since `sinceIso`, oldest first. */
export async function postingTimes(db: DbOrTrx, customerId: string, sinceIso: string): Promise<string[]> {
  const of = (table: ModeratedTable) =>
    db
      .selectFrom(table)
      .select('created_at')
      .where('customer_id', '=', customerId)
      .where('created_at', '>=', sinceIso)
      .execute();
  const [reviews, questions] = await Promise.all([of('review'), of('question')]);
  return [...reviews, ...questions].map((r) => r.created_at).sort();
}

/** Rows of a moderation queue by status: pending oldest first (a queue), the others newest first. */
export function listByStatus<T extends ModeratedTable>(db: DbOrTrx, table: T, status: string, slice: Slice) {
  const order = status === 'pending' ? 'asc' : 'desc';
  return db
    .selectFrom(table as ModeratedTable)
    .selectAll()
    .where('status', '=', status)
    .orderBy('created_at', order)
    .orderBy('id', order)
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
}

/** How many rows match: the product's published ones, a status queue, or the customer's own. */
export async function countRows(
  db: DbOrTrx,
  table: ModeratedTable,
  where: { productId?: number; status?: string; customerId?: string },
): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.productId !== undefined) query = query.where('product_id', '=', where.productId);
  if (where.status !== undefined) query = query.where('status', '=', where.status);
  if (where.customerId !== undefined) query = query.where('customer_id', '=', where.customerId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The moderation columns a step writes. */
export interface ModerationChange {
  status: 'published' | 'rejected';
  rejection_reason: string | null;
  moderated_by: string;
  moderated_at: string;
  /** Set when published; left as it was when rejected. */
  published_at?: string;
}

/**
 * Moves a review or question to a new status only if it is still in one of `from` (the guard against two
 * moderators acting at once).
 * @returns true when this call changed it.
 */
export async function moderate(
  db: DbOrTrx,
  table: ModeratedTable,
  id: string,
  from: readonly string[],
  change: ModerationChange,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ ...change, updated_at: change.moderated_at })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
