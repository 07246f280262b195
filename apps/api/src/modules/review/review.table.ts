import type { Selectable } from 'kysely';

// Tables of the review module (migration 20261203T100000). Times are ISO 8601 UTC text.

/** Moderation columns shared by reviews and questions: pending → published | rejected (with a reason). */
interface Moderated {
  /** `pending`, `published` or `rejected`. */
  status: string;
  /** Set when rejected (shown to the author). */
  rejection_reason: string | null;
  /** Who published or rejected it last: the staff member's id (the audit log has the rest). */
  moderated_by: string | null;
  moderated_at: string | null;
  /** When it was published (kept when later rejected, replaced when published again). */
  published_at: string | null;
}

/** A review of a product: by a customer from their completed order, or imported (no customer, no order). */
export interface ReviewTable extends Moderated {
  id: string;
  product_id: number;
  customer_id: string | null;
  /** The customer's completed order that holds the product (null for imported reviews). */
  order_id: string | null;
  /** `customer` or `import`. */
  source: string;
  /** The name shown with it (e.g. «Айгерим К.»), taken when it was written. */
  author_name: string;
  /** 1 to 5. */
  rating: number;
  /** `small`, `true_to_size`, `large` or null. */
  fit: string | null;
  /** The text as typed. */
  body: string;
  /** «Helpful» votes (review_vote rows, plus any count an imported review came with). */
  helpful_count: number;
  created_at: string;
  updated_at: string;
}

/** One «helpful» vote of a customer for a review. */
export interface ReviewVoteTable {
  review_id: string;
  customer_id: string;
  created_at: string;
  updated_at: string;
}

/** A customer's question about a product (or an imported one). */
export interface QuestionTable extends Moderated {
  id: string;
  product_id: number;
  customer_id: string | null;
  source: string;
  author_name: string;
  body: string;
  created_at: string;
  updated_at: string;
}

/** The shop's answer to a question. */
export interface QuestionAnswerTable {
  id: string;
  question_id: string;
  body: string;
  /** The name shown with it («Команда Kiim»). */
  author_name: string;
  /** Who answered: the staff member's id; null for imported answers. */
  answered_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The per-customer row locked by every new review or question, so that the rate limits count exactly. */
export interface ReviewAuthorTable {
  customer_id: string;
  last_posted_at: string;
  created_at: string;
  updated_at: string;
}

/** A photo of a review: uploaded first (no review yet), joined to the review when it is created (decision 067). */
export interface ReviewPhotoTable {
  id: string;
  /** Who uploaded it: only they may join it to their review. */
  customer_id: string;
  review_id: string | null;
  /** 1–5 once joined (the order shown); 0 while waiting. */
  position: number;
  /** `reviews/{32 hex}`: the master in the media folder. */
  media_key: string;
  /** The master's size, px. */
  width: number;
  height: number;
  created_at: string;
  updated_at: string;
}

export type ReviewRow = Selectable<ReviewTable>;
export type ReviewPhotoRow = Selectable<ReviewPhotoTable>;
export type QuestionRow = Selectable<QuestionTable>;
export type QuestionAnswerRow = Selectable<QuestionAnswerTable>;
