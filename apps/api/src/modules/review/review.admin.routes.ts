import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnswerBody,
  FeedbackIdParams,
  ModeratedQuestionResponse,
  ModeratedQuestionsResponse,
  ModeratedReviewResponse,
  ModeratedReviewsResponse,
  ModerationListQuery,
  RejectBody,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { answerQuestion, moderateItem, moderationQueue } from './review.moderation.ts';

const tag = 'admin: reviews and questions';
const PERMISSION = 'reviews.moderate';
const QUEUE = 'status=pending (default, oldest first), published or rejected (newest first).';
const PUBLISH =
  'From pending or rejected; only published ones are public. Audited. 404 unknown; 409 (5005) already published.';
const REJECT =
  'From pending or published (takes it down), with a reason of 3–500 characters the author sees. Audited. 404 ' +
  'unknown; 409 (5005) already rejected.';
const ANSWER =
  'Adds the shop’s answer (text 2–2000 characters, shown as «Команда Kiim»); a pending question is published with ' +
  'it. Audited. 404 unknown; 409 (5005) the question is rejected.';

const step = { params: FeedbackIdParams };
const reviewsSchema = guarded(tag, PERMISSION, 'The moderation queue of reviews', QUEUE, {
  querystring: ModerationListQuery,
  response: { 200: ModeratedReviewsResponse, ...errors(400, 401, 403) },
});
const questionsSchema = guarded(tag, PERMISSION, 'The moderation queue of questions', QUEUE, {
  querystring: ModerationListQuery,
  response: { 200: ModeratedQuestionsResponse, ...errors(400, 401, 403) },
});
const reviewStep = errors(400, 401, 403, 404, 409);
const publishReviewSchema = guarded(tag, PERMISSION, 'Publish a review', PUBLISH, {
  ...step,
  response: { 200: ModeratedReviewResponse, ...reviewStep },
});
const rejectReviewSchema = guarded(tag, PERMISSION, 'Reject a review', REJECT, {
  ...step,
  body: RejectBody,
  response: { 200: ModeratedReviewResponse, ...reviewStep },
});
const publishQuestionSchema = guarded(tag, PERMISSION, 'Publish a question', PUBLISH, {
  ...step,
  response: { 200: ModeratedQuestionResponse, ...reviewStep },
});
const rejectQuestionSchema = guarded(tag, PERMISSION, 'Reject a question', REJECT, {
  ...step,
  body: RejectBody,
  response: { 200: ModeratedQuestionResponse, ...reviewStep },
});
const answerSchema = guarded(tag, PERMISSION, 'Answer a question', ANSWER, {
  ...step,
  body: AnswerBody,
  response: { 200: ModeratedQuestionResponse, ...reviewStep },
});

/** Who moderates: the signed-in staff member, from the request's address, at the app's clock time (audit log). */
const moderator = (request: FastifyRequest) => requestActor(request, 'staff', currentStaff(request).id);

/**
 * Moderation routes under `/api/admin` (issue 10): queues of reviews and questions by status, publish, reject with a
 * reason, answer a question. Each route declares `requirePermission('reviews.moderate')` (the staff module's
 * permission matrix: owner and manager), checked before the body; every change is audited in its transaction.
 */
export const reviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderate = requirePermission(PERMISSION);
  const db = app.db;

  app.get('/reviews', { onRequest: moderate, schema: reviewsSchema }, async (request) => ({
    data: await moderationQueue(db, 'review', request.query),
  }));
  app.get('/questions', { onRequest: moderate, schema: questionsSchema }, async (request) => ({
    data: await moderationQueue(db, 'question', request.query),
  }));
  app.post('/reviews/:id/publish', { onRequest: moderate, schema: publishReviewSchema }, async (request) => ({
    data: {
      review: await moderateItem(db, 'review', request.params.id, 'publish', null, moderator(request)),
    },
  }));
  app.post('/reviews/:id/reject', { onRequest: moderate, schema: rejectReviewSchema }, async (request) => ({
    data: {
      review: await moderateItem(
        db,
        'review',
        request.params.id,
        'reject',
        request.body.reason,
        moderator(request),
      ),
    },
  }));
  app.post(
    '/questions/:id/publish',
    { onRequest: moderate, schema: publishQuestionSchema },
    async (request) => ({
      data: {
        question: await moderateItem(db, 'question', request.params.id, 'publish', null, moderator(request)),
      },
    }),
  );
  app.post(
    '/questions/:id/reject',
    { onRequest: moderate, schema: rejectQuestionSchema },
    async (request) => ({
      data: {
        question: await moderateItem(
          db,
          'question',
          request.params.id,
          'reject',
          request.body.reason,
          moderator(request),
        ),
      },
    }),
  );
  app.post('/questions/:id/answer', { onRequest: moderate, schema: answerSchema }, async (request) => ({
    data: {
      question: await answerQuestion(db, request.params.id, request.body.text, moderator(request), {
        notifier: app.notifier,
        publicUrl: app.config.publicUrl,
        log: request.log,
      }),
    },
  }));
};
