import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import { answerQuestion, moderateItem, moderationQueue } from './review.moderation.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['admin: reviews and questions'];
const security = [{ backofficeToken: [] }];
const STAFF =
  'Staff only (permission reviews.moderate): today the X-Backoffice-Token header equal to BACKOFFICE_TOKEN; ' +
  '401 (2001) without it.';
const PUBLISH =
  'From pending or rejected; only published ones are public. 404 unknown; 409 (5005) already published.';
const REJECT =
  'From pending or published (takes it down), with a reason of 3–500 characters the author sees. 404 unknown; 409 ' +
  '(5005) already rejected.';

/** The schema of a step on one review or question. */
const stepSchema = <R extends z.ZodType>(summary: string, description: string, response: R) => ({
  tags,
  summary,
  description: `${description} ${STAFF}`,
  security,
  params: FeedbackIdParams,
  response: { 200: response, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
});

/** The schema of a queue of one kind. */
const queueSchema = <R extends z.ZodType>(what: string, response: R) => ({
  tags,
  summary: `The moderation queue of ${what}`,
  description: `status=pending (default, oldest first), published or rejected (newest first). ${STAFF}`,
  security,
  querystring: ModerationListQuery,
  response: { 200: response, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
});

/**
 * Runs a publish or reject step of `table` on item `id` (with the rejection's reason) for the request: the actor is
 * the staff guard's, the time the app's clock.
 */
const run = <T extends 'review' | 'question'>(
  app: App,
  table: T,
  request: FastifyRequest,
  id: string,
  reason: string | null = null,
) =>
  moderateItem(
    app.db,
    table,
    id,
    reason === null ? 'publish' : 'reject',
    reason,
    currentStaff(request),
    app.clock.now(),
  );

/**
 * Moderation routes under `/api/admin` (issue 10): queues of reviews and questions by status, publish, reject
 * with a reason, answer a question. Every route is guarded by `requireStaff('reviews.moderate')`
 * (lib/staff-guard.ts), checked before the body.
 */
export const reviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireStaff('reviews.moderate'));
  app.get('/reviews', { schema: queueSchema('reviews', ModeratedReviewsResponse) }, async (request) => ({
    data: await moderationQueue(app.db, 'review', request.query),
  }));
  app.get(
    '/questions',
    { schema: queueSchema('questions', ModeratedQuestionsResponse) },
    async (request) => ({
      data: await moderationQueue(app.db, 'question', request.query),
    }),
  );
  const reviewStep = (summary: string, description: string) =>
    stepSchema(summary, description, ModeratedReviewResponse);
  const questionStep = (summary: string, description: string) =>
    stepSchema(summary, description, ModeratedQuestionResponse);
  app.post('/reviews/:id/publish', { schema: reviewStep('Publish a review', PUBLISH) }, async (request) => ({
    data: { review: await run(app, 'review', request, request.params.id) },
  }));
  app.post(
    '/reviews/:id/reject',
    { schema: { ...reviewStep('Reject a review', REJECT), body: RejectBody } },
    async (request) => ({
      data: { review: await run(app, 'review', request, request.params.id, request.body.reason) },
    }),
  );
  app.post(
    '/questions/:id/publish',
    { schema: questionStep('Publish a question', PUBLISH) },
    async (request) => ({
      data: { question: await run(app, 'question', request, request.params.id) },
    }),
  );
  app.post(
    '/questions/:id/reject',
    { schema: { ...questionStep('Reject a question', REJECT), body: RejectBody } },
    async (request) => ({
      data: { question: await run(app, 'question', request, request.params.id, request.body.reason) },
    }),
  );
  app.post(
    '/questions/:id/answer',
    {
      schema: {
        ...stepSchema(
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
