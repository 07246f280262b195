import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateQuestionBody,
  CreateReviewBody,
  ErrorBody,
  ErrorCode,
  FeedbackIdParams,
  FeedbackPageQuery,
  FeedbackProductParams,
  HelpfulVoteResponse,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  MyQuestionResponse,
  MyQuestionsResponse,
  MyReviewResponse,
  MyReviewsResponse,
  QuestionPageResponse,
  ReviewListQuery,
  ReviewPageResponse,
  ReviewPhotoResponse,
  ReviewSummaryResponse,
} from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import { authenticateCustomer, currentCustomer } from '#app/modules/customer/customer.auth.ts';
import { createQuestion, myQuestions, productQuestions } from './question.service.ts';
import { uploadReviewPhoto } from './review.photos.ts';
import { createReview, markHelpful, myReviews, productReviews, reviewSummary } from './review.service.ts';

const security = [{ customerToken: [] }];
const authErrors = { 401: ErrorBody, 403: ErrorBody };
const LIMITS =
  'Limits: reviews and questions together at most 5 per rolling hour and 20 per 24 hours per customer, then 429 ' +
  '(code 1029) with a Russian message, Retry-After and details.retryAfterSeconds. Text is stored as typed ' +
  '(trimmed, line breaks as \\n); whoever shows it escapes it.';

/** `GET /review/product/:slug/summary`. */
const summarySchema = {
  tags: ['review'],
  summary: "A product's published reviews in figures",
  description:
    'Count, average (one decimal; null without reviews), count per rating 5…1, fit answers (small, trueToSize, ' +
    'large) and the newest three reviews (for the product JSON-LD). 404 (1004) unknown or unsold product.',
  params: FeedbackProductParams,
  response: { 200: ReviewSummaryResponse, 400: ErrorBody, 404: ErrorBody },
};

/** `GET /review/product/:slug`. */
const listSchema = {
  tags: ['review'],
  summary: "A page of a product's published reviews",
  description:
    'sort=newest (default) or useful (most «helpful» votes first). 404 (1004) unknown or unsold product.',
  params: FeedbackProductParams,
  querystring: ReviewListQuery,
  response: { 200: ReviewPageResponse, 400: ErrorBody, 404: ErrorBody },
};

/** `POST /review/create`. */
const createSchema = {
  tags: ['review'],
  summary: 'Review a product of a completed order',
  description:
    'Rating 1–5, text 10–2000 characters, optional fit (small, true_to_size, large), optional photoIds (up to 5 uploaded photos; 422 (5007) one not the customer’s or already used). Allowed for a product the ' +
    'customer received in an order of theirs that is completed; once per product. The review waits for ' +
    'moderation (status pending). 400 field errors; 404 (1004) unknown or unsold product; 422 (5001) not in a ' +
    `completed order of the customer; 409 (5002) already reviewed. ${LIMITS}`,
  security,
  body: CreateReviewBody,
  response: {
    200: MyReviewResponse,
    400: ErrorBody,
    ...authErrors,
    404: ErrorBody,
    409: ErrorBody,
    422: ErrorBody,
    429: ErrorBody,
  },
};

const unsupportedPhotoType = () =>
  new AppError(415, ErrorCode.validation, 'Загрузите фотографию в формате JPEG, PNG или WebP');

/** `POST /review/photo`. */
const photoSchema = {
  tags: ['review'],
  summary: 'Upload a photo for a review',
  description:
    'The raw file as the body with its Content-Type (image/jpeg, image/png or image/webp), up to 10 MB, at least ' +
    '300 px a side: stored as WebP in every width. Its id goes into `photoIds` of `POST /review/create` (at most 5; ' +
    'shown once the review is published). At most 25 uploads per customer in 24 hours, then 429 (1029). 413 too ' +
    'big; 415 other types; 422 (8108) not a picture or too small.',
  security,
  response: {
    200: ReviewPhotoResponse,
    ...authErrors,
    413: ErrorBody,
    415: ErrorBody,
    422: ErrorBody,
    429: ErrorBody,
  },
};

/** `GET /review/my`. */
const myReviewsSchema = {
  tags: ['review'],
  summary: "The customer's reviews, newest first, whatever their status",
  description:
    'With the status (pending, published, rejected) and the reason of a rejection. One per product at most.',
  security,
  response: { 200: MyReviewsResponse, ...authErrors },
};

/** `POST /review/:id/helpful`. */
const helpfulSchema = {
  tags: ['review'],
  summary: 'Mark a published review as useful',
  description:
    'Once per customer: a repeat changes nothing and answers the same count. 404 (5003) unknown or unpublished ' +
    'review; 422 (5006) the customer’s own review.',
  security,
  params: FeedbackIdParams,
  response: { 200: HelpfulVoteResponse, 400: ErrorBody, ...authErrors, 404: ErrorBody, 422: ErrorBody },
};

/**
 * Review routes under `/api/review` (issue 10): the product page's summary and pages of published reviews
 * (public), and the signed-in customer's own reviews and votes (X-Authorization or the customer_token cookie:
 * 401 without a token, 403 for a bad or expired one, spec §8 — checked before the body).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    [...IMAGE_UPLOAD_TYPES],
    { parseAs: 'buffer', bodyLimit: IMAGE_UPLOAD_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.get('/product/:slug/summary', { schema: summarySchema }, async (request) => ({
    data: await reviewSummary(app.db, request.params.slug),
  }));

  app.get('/product/:slug', { schema: listSchema }, async (request) => ({
    data: await productReviews(app.db, request.params.slug, request.query),
  }));

  app.post('/create', { schema: createSchema, onRequest: authenticateCustomer }, async (request) => ({
    data: { review: await createReview(app.db, currentCustomer(request), request.body, app.clock.now()) },
  }));

  app.post(
    '/photo',
    { schema: photoSchema, onRequest: authenticateCustomer, bodyLimit: IMAGE_UPLOAD_MAX_BYTES },
    async (request) => {
      const customerId = currentCustomer(request).id;
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) throw unsupportedPhotoType();
      return {
        data: await uploadReviewPhoto(app.db, app.config.mediaDir, customerId, bytes, app.clock.now()),
      };
    },
  );

  app.get('/my', { schema: myReviewsSchema, onRequest: authenticateCustomer }, async (request) => ({
    data: { items: await myReviews(app.db, currentCustomer(request).id) },
  }));

  app.post('/:id/helpful', { schema: helpfulSchema, onRequest: authenticateCustomer }, async (request) => ({
    data: await markHelpful(app.db, currentCustomer(request).id, request.params.id, app.clock.now()),
  }));
};

/** `GET /question/product/:slug`. */
const questionListSchema = {
  tags: ['question'],
  summary: "A page of a product's published questions with the shop's answers",
  description: 'Newest first. 404 (1004) unknown or unsold product.',
  params: FeedbackProductParams,
  querystring: FeedbackPageQuery,
  response: { 200: QuestionPageResponse, 400: ErrorBody, 404: ErrorBody },
};

/** `POST /question/create`. */
const askSchema = {
  tags: ['question'],
  summary: 'Ask a question about a product',
  description: `Text 10–1000 characters; waits for moderation (status pending). 400 field errors; 404 (1004) unknown or unsold product. ${LIMITS}`,
  security,
  body: CreateQuestionBody,
  response: { 200: MyQuestionResponse, 400: ErrorBody, ...authErrors, 404: ErrorBody, 429: ErrorBody },
};

/** `GET /question/my`. */
const myQuestionsSchema = {
  tags: ['question'],
  summary: "A page of the customer's questions, newest first, whatever their status",
  description: 'With the status, the reason of a rejection and the shop’s answers.',
  security,
  querystring: FeedbackPageQuery,
  response: { 200: MyQuestionsResponse, 400: ErrorBody, ...authErrors },
};

/**
 * Question routes under `/api/question` (issue 10): a product's published questions (public); asking and the
 * customer's own questions (signed in, as the review routes).
 */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/product/:slug', { schema: questionListSchema }, async (request) => ({
    data: await productQuestions(app.db, request.params.slug, request.query),
  }));

  app.post('/create', { schema: askSchema, onRequest: authenticateCustomer }, async (request) => ({
    data: { question: await createQuestion(app.db, currentCustomer(request), request.body, app.clock.now()) },
  }));

  app.get('/my', { schema: myQuestionsSchema, onRequest: authenticateCustomer }, async (request) => ({
    data: await myQuestions(app.db, currentCustomer(request).id, request.query),
  }));
};
