import {
  ReviewErrorCode,
  type CreateReviewBody,
  type MyReview,
  type ReviewListQuery,
  type ReviewPage,
  type ReviewSummary,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { activeProductRef, productRefs } from '#app/modules/catalog/catalog.service.ts';
import type { CustomerRow } from '#app/modules/customer/customer.table.ts';
import { completedOrderWithProduct } from '#app/modules/order/order.service.ts';
import { checkPostingLimits, lockAuthor } from './review.limits.ts';
import { attachReviewPhotos, photosOfReviews } from './review.photos.ts';
import { authorNameOf, pageOf, sliceOf, toMyReview, toPublicReview, toSummary } from './review.mapper.ts';
import * as repo from './review.repository.ts';
import type { ReviewRow } from './review.table.ts';

// Reviews of products (issue 10): a signed-in customer reviews a product of their completed order, once per
// product; the product page shows the published ones; customers mark useful ones.

/** Reviews in a product's summary for its JSON-LD (the newest published). */
const SUMMARY_LATEST = 3;

/** 404 for a review that is not there for this caller (unknown, or not published). */
const reviewNotFound = () => notFound(ReviewErrorCode.reviewNotFound, 'Отзыв не найден');

/**
 * The review as its author sees it (with the product's name and picture).
 * @throws Error when the row is gone (never: called right after writing it).
 */
async function myReview(db: DbOrTrx, id: string): Promise<MyReview> {
  const row = (await repo.findReview(db, id))!;
  const [products, photos] = await Promise.all([
    productRefs(db, [row.product_id]),
    photosOfReviews(db, [row.id]),
  ]);
  return toMyReview(row, products, photos);
}

/**
 * `POST /api/review/create`: the customer's review of a product they received (an order of theirs with the
 * product is `completed`), pending moderation. The customer's shown name is taken now (name and surname's
 * initial).
 * @throws AppError 404 (1004) unknown or no longer sold product; 422 (5001) not in a completed order of theirs;
 *   409 (5002) already reviewed by them (whatever its status); 429 (1029) over the writing limits.
 */
export async function createReview(
  db: Db,
  customer: CustomerRow,
  body: CreateReviewBody,
  now: Date,
): Promise<MyReview> {
  const product = await activeProductRef(db, body.productSlug);
  const order = await completedOrderWithProduct(db, customer.id, product.id);
  if (!order)
    throw new AppError(
      422,
      ReviewErrorCode.productNotReviewable,
      'Отзыв можно оставить только о товаре из вашего выполненного заказа',
    );
  const nowIso = now.toISOString();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await lockAuthor(trx, customer.id, now);
    // After the author's lock: a parallel second review of the same product waits and sees the first one.
    if (await repo.findCustomerReviewOfProduct(trx, customer.id, product.id))
      throw new AppError(
        409,
        ReviewErrorCode.alreadyReviewed,
        'Вы уже оставили отзыв об этом товаре. Он есть в разделе «Мои отзывы»',
      );
    await checkPostingLimits(trx, customer.id, now);
    await repo.insertReview(trx, {
      id,
      product_id: product.id,
      customer_id: customer.id,
      order_id: order.id,
      source: 'customer',
      author_name: authorNameOf(customer),
      rating: body.rating,
      fit: body.fit ?? null,
      body: body.text,
      status: 'pending',
      rejection_reason: null,
      helpful_count: 0,
      moderated_by: null,
      moderated_at: null,
      published_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await attachReviewPhotos(trx, customer.id, id, body.photoIds ?? [], nowIso);
  });
  return myReview(db, id);
}

/** `GET /api/review/my`: every review of the customer, newest first, whatever its status (one per product at most). */
export async function myReviews(db: DbOrTrx, customerId: string): Promise<MyReview[]> {
  const rows = (await repo.listByCustomer(db, 'review', customerId)) as ReviewRow[];
  const [products, photos] = await Promise.all([
    productRefs(
      db,
      rows.map((r) => r.product_id),
    ),
    photosOfReviews(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => toMyReview(r, products, photos));
}

/**
 * `GET /api/review/product/:slug`: a page of the product's published reviews, newest or most useful first.
 * @throws AppError 404 (1004) unknown or no longer sold product.
 */
export async function productReviews(db: DbOrTrx, slug: string, q: ReviewListQuery): Promise<ReviewPage> {
  const product = await activeProductRef(db, slug);
  const [rows, total] = await Promise.all([
    repo.listPublishedReviews(db, product.id, q.sort, sliceOf(q)),
    repo.countRows(db, 'review', { productId: product.id, status: 'published' }),
  ]);
  const photos = await photosOfReviews(
    db,
    rows.map((r) => r.id),
  );
  return {
    ...pageOf(
      rows.map((r) => toPublicReview(r, photos)),
      total,
      q,
    ),
    sort: q.sort,
  };
}

/**
 * `GET /api/review/product/:slug/summary`: the product's published reviews in figures (count, average, per
 * rating, fit) with the newest three.
 * @throws AppError 404 (1004) unknown or no longer sold product.
 */
export async function reviewSummary(db: DbOrTrx, slug: string): Promise<ReviewSummary> {
  const product = await activeProductRef(db, slug);
  const [counts, latest] = await Promise.all([
    repo.publishedReviewCounts(db, product.id),
    repo.listPublishedReviews(db, product.id, 'newest', { limit: SUMMARY_LATEST, offset: 0 }),
  ]);
  const photos = await photosOfReviews(
    db,
    latest.map((r) => r.id),
  );
  return toSummary(counts, latest, photos);
}

/**
 * `POST /api/review/:id/helpful`: the customer finds a published review useful; once per customer (a repeat
 * changes nothing).
 * @returns the review's votes now.
 * @throws AppError 404 (5003) unknown or unpublished review; 422 (5006) their own review.
 */
export async function markHelpful(
  db: Db,
  customerId: string,
  reviewId: string,
  now: Date,
): Promise<{ helpfulCount: number }> {
  const review = await repo.findReview(db, reviewId);
  if (!review || review.status !== 'published') throw reviewNotFound();
  if (review.customer_id === customerId)
    throw new AppError(422, ReviewErrorCode.ownReviewVote, 'Нельзя отметить полезным свой отзыв');
  await db.transaction().execute((trx) => repo.insertVote(trx, reviewId, customerId, now.toISOString()));
  const after = await repo.findReview(db, reviewId);
  return { helpfulCount: Number(after?.helpful_count ?? review.helpful_count) };
}
