import { z } from 'zod';
import { dataOf, Image, PageNumber, Uuid } from './common.schema.ts';
import { ProductSlug } from './catalog.schema.ts';
import {
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_TEXT_LIMITS,
  MODERATION_STATUSES,
  REVIEW_FITS,
  REVIEW_PHOTOS_MAX,
  REVIEW_SORTS,
} from './enums.ts';

/**
 * Reviews and questions of products (issue 10, spec §2 `/personal/content/{type}` and the review modal on
 * orders): what customers write, what the product page shows, and the moderation of staff. Field rules and
 * their Russian messages live here, so the API and the storefront's forms say the same.
 */

/**
 * Error codes of reviews and questions (never reused). A refusal of a business rule is 409 or 422, never 403:
 * the storefront's client logs a customer out on any 403 (spec §8).
 */
export const ReviewErrorCode = {
  /** 422: the product is not in a completed order of this customer. */
  productNotReviewable: 5001,
  /** 409: this customer has already reviewed this product. */
  alreadyReviewed: 5002,
  /** 404: no such review (or not public, or not the customer's own). */
  reviewNotFound: 5003,
  /** 404: no such question. */
  questionNotFound: 5004,
  /** 409: the moderation step does not fit the current status (already published, rejected question answered…). */
  moderationConflict: 5005,
  /** 422: a customer cannot vote for their own review. */
  ownReviewVote: 5006,
  /** 422: a photo given with a review is not one this customer uploaded, or is already in a review. */
  photoNotUsable: 5007,
} as const;

/** C0 control characters other than tab and line feed (a NUL is refused by PostgreSQL; none is typed by people). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/**
 * A text as typed by a person: line breaks made `\n`, trimmed, `min`–`max` characters, no control characters.
 * Stored as typed (never HTML-escaped on input); whoever shows it escapes it.
 */
const typedText = (limits: { min: number; max: number }, required: string, short: string) =>
  z
    .string({ message: required })
    .overwrite((v) => v.replace(/\r\n?/g, '\n'))
    .trim()
    .min(1, { message: required })
    .min(limits.min, { message: short })
    .max(limits.max, { message: `Не длиннее ${limits.max} символов` })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'Текст содержит недопустимые символы' });

/** The text of a review: 10–2000 characters. */
export const ReviewText = typedText(
  FEEDBACK_TEXT_LIMITS.review,
  'Напишите отзыв',
  `Отзыв должен быть не короче ${FEEDBACK_TEXT_LIMITS.review.min} символов`,
);
/** The text of a question: 10–1000 characters. */
export const QuestionText = typedText(
  FEEDBACK_TEXT_LIMITS.question,
  'Напишите вопрос',
  `Вопрос должен быть не короче ${FEEDBACK_TEXT_LIMITS.question.min} символов`,
);
/** The shop's answer to a question: 2–2000 characters. */
export const AnswerText = typedText(FEEDBACK_TEXT_LIMITS.answer, 'Напишите ответ', 'Ответ слишком короткий');
/** Why staff rejected a review or a question (shown to its author): 3–500 characters. */
export const RejectionReason = typedText(
  FEEDBACK_TEXT_LIMITS.rejectionReason,
  'Укажите причину',
  'Причина слишком короткая',
);

const RATING_MESSAGE = 'Поставьте оценку от 1 до 5';
const ratingRule = (n: z.ZodNumber) =>
  n.int({ message: RATING_MESSAGE }).min(1, { message: RATING_MESSAGE }).max(5, { message: RATING_MESSAGE });
/** A rating of 1 to 5 stars. */
export const ReviewRating = ratingRule(z.number({ message: RATING_MESSAGE }));

/** Smallest side of a review photo, px: smaller pictures show nothing a shopper could judge by. */
export const REVIEW_PHOTO_MIN_SIDE = 300;

/** A review's photo: the responsive picture (480 px `src`, every width in `srcSet`) and the 960 px one to zoom. */
export const ReviewPhoto = Image.extend({ id: Uuid, zoomSrc: z.string() });
export type ReviewPhoto = z.infer<typeof ReviewPhoto>;
export const ReviewPhotoResponse = dataOf(ReviewPhoto);

/** Fit feedback (small / true to size / large). */
export const ReviewFitInput = z.enum(REVIEW_FITS, { message: 'Выберите, как сидит вещь' });

/**
 * Body of `POST /api/review/create`: a review of a product the customer received in a completed order
 * (rating 1–5, text, optional fit feedback).
 */
export const CreateReviewBody = z
  .object({
    productSlug: ProductSlug,
    rating: ReviewRating,
    text: ReviewText,
    fit: ReviewFitInput.optional(),
    /** Photos uploaded first with `POST /api/review/photo` (their ids), at most 5, in the order shown. */
    photoIds: z
      .array(Uuid, { message: 'Фотографии указаны неверно' })
      .max(REVIEW_PHOTOS_MAX, { message: `Не больше ${REVIEW_PHOTOS_MAX} фотографий` })
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Одна фотография указана дважды' })
      .optional(),
  })
  .strict();
export type CreateReviewBody = z.infer<typeof CreateReviewBody>;

/** The review modal's form as posted (strings): the same rules as {@link CreateReviewBody}; an empty fit is none. */
export const ReviewForm = z.object({
  productSlug: ProductSlug,
  rating: ratingRule(z.coerce.number({ message: RATING_MESSAGE })),
  text: ReviewText,
  fit: z
    .union([ReviewFitInput, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  /** The uploaded photos' ids, comma-separated (the form's hidden field); empty: none. */
  photoIds: z
    .string()
    .max(REVIEW_PHOTOS_MAX * 37, { message: `Не больше ${REVIEW_PHOTOS_MAX} фотографий` })
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(CreateReviewBody.shape.photoIds.unwrap()),
});

/** Body of `POST /api/question/create`. */
export const CreateQuestionBody = z.object({ productSlug: ProductSlug, text: QuestionText }).strict();
export type CreateQuestionBody = z.infer<typeof CreateQuestionBody>;

/** The product page's ask form as posted: the same rules as {@link CreateQuestionBody}, other fields left out. */
export const QuestionForm = CreateQuestionBody.strip();

const pageOf = (max: number, fallback: number) => ({
  page: PageNumber,
  pageSize: z.coerce
    .number({ message: `Размер страницы — от 1 до ${max}` })
    .int({ message: `Размер страницы — от 1 до ${max}` })
    .min(1, { message: `Размер страницы — от 1 до ${max}` })
    .max(max, { message: `Размер страницы — от 1 до ${max}` })
    .default(fallback),
});

/** Query of `GET /api/review/product/:slug`: page, page size (1–50, default 10), sort (newest or most useful). */
export const ReviewListQuery = z
  .object({
    ...pageOf(50, FEEDBACK_PAGE_SIZE),
    sort: z.enum(REVIEW_SORTS, { message: 'Сортировка: newest или useful' }).default('newest'),
  })
  .strict();
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

/** Query of `GET /api/question/product/:slug` and of the customer's own lists: page and page size (1–50). */
export const FeedbackPageQuery = z.object(pageOf(50, FEEDBACK_PAGE_SIZE)).strict();
export type FeedbackPageQuery = z.infer<typeof FeedbackPageQuery>;

/** Query of the moderation queues: status (default pending: oldest first; others newest first), page (1–100). */
export const ModerationListQuery = z
  .object({
    ...pageOf(100, 20),
    status: z
      .enum(MODERATION_STATUSES, { message: 'Статус: pending, published или rejected' })
      .default('pending'),
  })
  .strict();
export type ModerationListQuery = z.infer<typeof ModerationListQuery>;

/** Path params of one review or question: its id (UUID). */
export const FeedbackIdParams = z.object({ id: Uuid });
/** Path params of a product's reviews or questions: its slug. */
export const FeedbackProductParams = z.object({ slug: ProductSlug });

/** Body of a rejection: the reason, shown to the author on `/personal/content/{type}`. */
export const RejectBody = z.object({ reason: RejectionReason }).strict();
/** Body of `POST /api/admin/questions/:id/answer`. */
export const AnswerBody = z.object({ text: AnswerText }).strict();

/** A review as the product page shows it: the author's shown name, and whether a completed order proves the purchase. */
export const PublicReview = z.object({
  id: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  fit: z.enum(REVIEW_FITS).nullable(),
  text: z.string(),
  /** When it was published (ISO 8601 UTC). */
  publishedAt: z.string(),
  /** Written by a customer about a product of their completed order (false for reviews imported into the shop). */
  verifiedPurchase: z.boolean(),
  helpfulCount: z.number().int(),
  /** Up to 5 photos, shown with the review once it is published. */
  photos: z.array(ReviewPhoto),
});
export type PublicReview = z.infer<typeof PublicReview>;

/**
 * Published reviews of a product in figures: count, average (one decimal; null with none), count per rating
 * (5 down to 1), fit answers, and the newest three (for the product's JSON-LD).
 */
export const ReviewSummary = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  ratings: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
  fit: z.object({ small: z.number().int(), trueToSize: z.number().int(), large: z.number().int() }),
  latest: z.array(PublicReview),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** 0 when there are none. */
    pageCount: z.number().int(),
  });

/** A page of a product's published reviews. */
export const ReviewPage = paged(PublicReview).extend({ sort: z.enum(REVIEW_SORTS) });
export type ReviewPage = z.infer<typeof ReviewPage>;

/** The shop's answer to a question. */
export const QuestionAnswer = z.object({ text: z.string(), authorName: z.string(), createdAt: z.string() });
export type QuestionAnswer = z.infer<typeof QuestionAnswer>;

/** A published question with the shop's answers, oldest answer first. */
export const PublicQuestion = z.object({
  id: z.string(),
  authorName: z.string(),
  text: z.string(),
  publishedAt: z.string(),
  answers: z.array(QuestionAnswer),
});
export type PublicQuestion = z.infer<typeof PublicQuestion>;

/** A page of a product's published questions, newest first. */
export const QuestionPage = paged(PublicQuestion);
export type QuestionPage = z.infer<typeof QuestionPage>;

/** The product a review or question is about, as lists show it (`image`: a small picture URL, if any). */
export const FeedbackProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  colourName: z.string(),
  image: z.string().nullable(),
});
export type FeedbackProduct = z.infer<typeof FeedbackProduct>;

/** What the author and staff see of a review or question beyond the public part: its status and why it was rejected. */
const Moderation = {
  status: z.enum(MODERATION_STATUSES),
  /** Why staff rejected it; null unless rejected. */
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  /** When staff last published or rejected it; null while pending. */
  moderatedAt: z.string().nullable(),
  product: FeedbackProduct,
};

/** One of the customer's own reviews, whatever its status (`GET /api/review/my`). */
export const MyReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  fit: z.enum(REVIEW_FITS).nullable(),
  text: z.string(),
  photos: z.array(ReviewPhoto),
  ...Moderation,
});
export type MyReview = z.infer<typeof MyReview>;

/** One of the customer's own questions, whatever its status, with the shop's answers (`GET /api/question/my`). */
export const MyQuestion = z.object({
  id: z.string(),
  text: z.string(),
  answers: z.array(QuestionAnswer),
  ...Moderation,
});
export type MyQuestion = z.infer<typeof MyQuestion>;

/** Who wrote it, as staff see it: the customer (null for imported ones) and their shown name. */
const Authorship = {
  authorName: z.string(),
  customerId: z.string().nullable(),
  /** `customer` (written in the shop) or `import` (brought in with the demo or an earlier shop). */
  source: z.enum(['customer', 'import']),
};

/** A review as moderators see it: everything, with the order that proves the purchase. */
export const ModeratedReview = MyReview.extend({
  ...Authorship,
  orderNumber: z.string().nullable(),
  helpfulCount: z.number().int(),
});
export type ModeratedReview = z.infer<typeof ModeratedReview>;

/** A question as moderators see it. */
export const ModeratedQuestion = MyQuestion.extend(Authorship);
export type ModeratedQuestion = z.infer<typeof ModeratedQuestion>;

/** Answer of `POST /api/review/:id/helpful`: the review's votes now. */
export const HelpfulVote = z.object({ helpfulCount: z.number().int() });

export const ReviewSummaryResponse = dataOf(ReviewSummary);
export const ReviewPageResponse = dataOf(ReviewPage);
export const QuestionPageResponse = dataOf(QuestionPage);
export const MyReviewResponse = dataOf(z.object({ review: MyReview }));
export const MyReviewsResponse = dataOf(z.object({ items: z.array(MyReview) }));
export const MyQuestionResponse = dataOf(z.object({ question: MyQuestion }));
export const MyQuestionsResponse = dataOf(paged(MyQuestion));
export const HelpfulVoteResponse = dataOf(HelpfulVote);
export const ModeratedReviewResponse = dataOf(z.object({ review: ModeratedReview }));
export const ModeratedReviewsResponse = dataOf(paged(ModeratedReview));
export const ModeratedQuestionResponse = dataOf(z.object({ question: ModeratedQuestion }));
export const ModeratedQuestionsResponse = dataOf(paged(ModeratedQuestion));
