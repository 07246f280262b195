import {
  MODERATION_STATUSES,
  REVIEW_FITS,
  type FeedbackProduct,
  type ModerationStatus,
  type ModeratedQuestion,
  type ModeratedReview,
  type MyQuestion,
  type MyReview,
  type PublicQuestion,
  type PublicReview,
  type QuestionAnswer,
  type ReviewFit,
  type ReviewPhoto,
  type ReviewSummary,
} from '@kiim/contract';
import type { QuestionAnswerRow, QuestionRow, ReviewRow } from './review.table.ts';

// Rows → contract shapes of reviews and questions: what the public, the author and moderators see.

/** How a customer is named beside what they wrote: «Айгерим К.»; without a name «Покупатель Kiim». */
export function authorNameOf(customer: { name: string | null; surname: string | null }): string {
  const name = customer.name?.trim();
  if (!name) return 'Покупатель Kiim';
  const initial = customer.surname?.trim().charAt(0).toUpperCase();
  return initial ? `${name} ${initial}.` : name;
}

const toStatus = (s: string): ModerationStatus => {
  if ((MODERATION_STATUSES as readonly string[]).includes(s)) return s as ModerationStatus;
  throw new Error(`unknown moderation status in the database: ${s}`);
};
const toFit = (f: string | null): ReviewFit | null =>
  f !== null && (REVIEW_FITS as readonly string[]).includes(f) ? (f as ReviewFit) : null;

/** Photos per review id (review.photos.ts `photosOfReviews`). */
export type PhotosByReview = ReadonlyMap<string, ReviewPhoto[]>;
const NO_PHOTOS: PhotosByReview = new Map();

/** A published review row → what the product page shows, with its photos. */
export const toPublicReview = (r: ReviewRow, photos: PhotosByReview): PublicReview => ({
  id: r.id,
  authorName: r.author_name,
  rating: Number(r.rating),
  fit: toFit(r.fit),
  text: r.body,
  publishedAt: r.published_at ?? r.created_at,
  verifiedPurchase: r.source === 'customer',
  helpfulCount: Number(r.helpful_count),
  photos: photos.get(r.id) ?? [],
});

/** A product that is not in the catalogue any more (never happens with the catalogue's ids; kept for safety). */
const goneProduct = (id: number): FeedbackProduct => ({
  id,
  slug: '',
  name: 'Товар снят с продажи',
  colourName: '',
  image: null,
});

/** The moderation part of a review or question with its product. */
const moderationOf = (r: ReviewRow | QuestionRow, products: Map<number, FeedbackProduct>) => ({
  status: toStatus(r.status),
  rejectionReason: r.status === 'rejected' ? r.rejection_reason : null,
  createdAt: r.created_at,
  moderatedAt: r.moderated_at,
  product: products.get(r.product_id) ?? goneProduct(r.product_id),
});

/** A review row → what its author sees (any status, with the rejection reason). */
export const toMyReview = (
  r: ReviewRow,
  products: Map<number, FeedbackProduct>,
  photos: PhotosByReview = NO_PHOTOS,
): MyReview => ({
  id: r.id,
  rating: Number(r.rating),
  fit: toFit(r.fit),
  text: r.body,
  photos: photos.get(r.id) ?? [],
  ...moderationOf(r, products),
});

/** Who wrote it, as moderators see it. */
const authorshipOf = (r: ReviewRow | QuestionRow) => ({
  authorName: r.author_name,
  customerId: r.customer_id,
  source: r.source === 'import' ? ('import' as const) : ('customer' as const),
});

/** A review row → what moderators see (with the order that proves the purchase). */
export const toModeratedReview = (
  r: ReviewRow,
  products: Map<number, FeedbackProduct>,
  orderNumbers: Map<string, string>,
  photos: PhotosByReview,
): ModeratedReview => ({
  ...toMyReview(r, products, photos),
  ...authorshipOf(r),
  orderNumber: r.order_id ? (orderNumbers.get(r.order_id) ?? null) : null,
  helpfulCount: Number(r.helpful_count),
});

const toAnswer = (a: QuestionAnswerRow): QuestionAnswer => ({
  text: a.body,
  authorName: a.author_name,
  createdAt: a.created_at,
});

/** Answers grouped by question id. */
export function answersByQuestion(answers: readonly QuestionAnswerRow[]): Map<string, QuestionAnswer[]> {
  const by = new Map<string, QuestionAnswer[]>();
  for (const a of answers) by.set(a.question_id, [...(by.get(a.question_id) ?? []), toAnswer(a)]);
  return by;
}

/** A published question row with its answers → what the product page shows. */
export const toPublicQuestion = (q: QuestionRow, answers: Map<string, QuestionAnswer[]>): PublicQuestion => ({
  id: q.id,
  authorName: q.author_name,
  text: q.body,
  publishedAt: q.published_at ?? q.created_at,
  answers: answers.get(q.id) ?? [],
});

/** A question row → what its author sees. */
export const toMyQuestion = (
  q: QuestionRow,
  products: Map<number, FeedbackProduct>,
  answers: Map<string, QuestionAnswer[]>,
): MyQuestion => ({
  id: q.id,
  text: q.body,
  answers: answers.get(q.id) ?? [],
  ...moderationOf(q, products),
});

/** A question row → what moderators see. */
export const toModeratedQuestion = (
  q: QuestionRow,
  products: Map<number, FeedbackProduct>,
  answers: Map<string, QuestionAnswer[]>,
): ModeratedQuestion => ({ ...toMyQuestion(q, products, answers), ...authorshipOf(q) });

/**
 * The product's published reviews in figures: count, average to one decimal (null with none), count per rating
 * from 5 down to 1, the fit answers, and the newest reviews given.
 */
export function toSummary(
  counts: readonly { rating: number; fit: string | null; count: number }[],
  latest: readonly ReviewRow[],
  photos: PhotosByReview = NO_PHOTOS,
): ReviewSummary {
  const byRating = new Map<number, number>();
  const fit = { small: 0, trueToSize: 0, large: 0 };
  let count = 0;
  let sum = 0;
  for (const c of counts) {
    count += c.count;
    sum += c.rating * c.count;
    byRating.set(c.rating, (byRating.get(c.rating) ?? 0) + c.count);
    if (c.fit === 'small') fit.small += c.count;
    else if (c.fit === 'true_to_size') fit.trueToSize += c.count;
    else if (c.fit === 'large') fit.large += c.count;
  }
  return {
    count,
    average: count ? Math.round((sum / count) * 10) / 10 : null,
    ratings: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: byRating.get(rating) ?? 0 })),
    fit,
    latest: latest.map((r) => toPublicReview(r, photos)),
  };
}

/** The rows of page `page` of `pageSize`. */
export const sliceOf = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/** A page of a list as answered: the items, where it is, the total and the number of pages (0 when none). */
export const pageOf = <T>(items: T[], total: number, q: { page: number; pageSize: number }) => ({
  items,
  page: q.page,
  pageSize: q.pageSize,
  total,
  pageCount: Math.ceil(total / q.pageSize),
});
