import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnswerBody,
  ErrorBody,
  FeedbackIdParams,
  ModeratedQuestionResponse,
  ModeratedQuestionsResponse,
  ModeratedReviewResponse,
  ModeratedReviewsResponse,
  ModerationListQuery,
  RejectBody,
} from '@kiim/contract';
import { currentStaff, requireStaff } from '#app/lib/staff-guard.ts';
import {
  answerQuestion,
  moderateQuestion,
  moderateReview,
  questionQueue,
  reviewQueue,
} from './review.moderation.ts';

const tags = ['admin: reviews and questions'];
const security = [{ backofficeToken: [] }];
const STAFF =
  'Staff only (permission reviews.moderate): today the X-Backoffice-Token header equal to BACKOFFICE_TOKEN; ' +
  '401 (2001) without it.';

const queue = (
  what: string,
  response: typeof ModeratedReviewsResponse | typeof ModeratedQuestionsResponse,
) => ({
  tags,
  summary: `The moderation queue of ${what}`,
  description: `status=pending (default, oldest first), published or rejected (newest first). ${STAFF}`,
  security,
  querystring: ModerationListQuery,
  response: { 200: response, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
});

const step = (
  summary: string,
  description: string,
  response: typeof ModeratedReviewResponse | typeof ModeratedQuestionResponse,
) => ({
  tags,
  summary,
  description: `${description} ${STAFF}`,
  security,
  params: FeedbackIdParams,
  response: { 200: response, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
});

const PUBLISH =
  'From pending or rejected; only published ones are public. 404 unknown; 409 (5005) already published.';
const REJECT =
  'From pending or published (takes it down), with a reason of 3–500 characters the author sees. 404 unknown; 409 ' +
  '(5005) already rejected.';

/**
 * Moderation routes under `/api/admin` (issue 10): queues of reviews and questions by status, publish, reject
 * with a reason, answer a question. Every route is guarded by `requireStaff('reviews.moderate')`
 * (lib/staff-guard.ts), checked before the body.
 */
export const reviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireStaff('reviews.moderate'));

  app.get('/reviews', { schema: queue('reviews', ModeratedReviewsResponse) }, async (request) => ({
    data: await reviewQueue(app.db, request.query),
  }));

  app.post(
    '/reviews/:id/publish',
    { schema: step('Publish a review', PUBLISH, ModeratedReviewResponse) },
    async (request) => ({
      data: {
        review: await moderateReview(
          app.db,
          request.params.id,
          'publish',
          null,
          currentStaff(request),
          app.clock.now(),
        ),
      },
    }),
  );

  app.post(
    '/reviews/:id/reject',
    { schema: { ...step('Reject a review', REJECT, ModeratedReviewResponse), body: RejectBody } },
    async (request) => ({
      data: {
        review: await moderateReview(
          app.db,
          request.params.id,
          'reject',
          request.body.reason,
          currentStaff(request),
          app.clock.now(),
        ),
      },
    }),
  );

  app.get('/questions', { schema: queue('questions', ModeratedQuestionsResponse) }, async (request) => ({
    data: await questionQueue(app.db, request.query),
  }));

  app.post(
    '/questions/:id/publish',
    { schema: step('Publish a question', PUBLISH, ModeratedQuestionResponse) },
    async (request) => ({
      data: {
        question: await moderateQuestion(
          app.db,
          request.params.id,
          'publish',
          null,
          currentStaff(request),
          app.clock.now(),
        ),
      },
    }),
  );

  app.post(
    '/questions/:id/reject',
    { schema: { ...step('Reject a question', REJECT, ModeratedQuestionResponse), body: RejectBody } },
    async (request) => ({
      data: {
        question: await moderateQuestion(
          app.db,
          request.params.id,
          'reject',
          request.body.reason,
          currentStaff(request),
          app.clock.now(),
        ),
      },
    }),
  );

  app.post(
    '/questions/:id/answer',
    {
      schema: {
        ...step(
          'Answer a question',
          'Adds the shop’s answer (text 2–2000 characters, shown as «Команда Kiim»); a pending question is published ' +
            'with it. 404 unknown; 409 (5005) the question is rejected.',
          ModeratedQuestionResponse,
        ),
        body: AnswerBody,
      },
    },
    async (request) => ({
      data: {
        question: await answerQuestion(
          app.db,
          request.params.id,
          request.body.text,
          currentStaff(request),
          app.clock.now(),
        ),
      },
    }),
  );
};
