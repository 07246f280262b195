import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxMessage, OutboxQuery, dataOf } from '@kiim/contract';
import { normaliseMobile } from '#app/lib/phone.ts';
import { newestMessages } from './sms.repository.ts';

/**
 * `GET /api/dev/sms-outbox?mobile=…&limit=…` — the last SMS messages sent by the development provider,
 * newest first (`limit`, default 20). Development and test only: in production the route is not registered
 * (404). A `mobile` that is not a Kazakh mobile number → 400 with the field error.
 */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production' || app.sms.name !== 'dev') return;
  app.get(
    '/sms-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development SMS outbox (not in production)',
        querystring: OutboxQuery,
        response: { 200: dataOf(z.array(OutboxMessage)) },
      },
    },
    async (request) => {
      const { mobile, limit } = request.query;
      const rows = await newestMessages(app.db, {
        mobile: mobile ? normaliseMobile(mobile, 'mobile') : undefined,
        limit,
      });
      return {
        data: rows.map((r) => ({ id: r.id, mobile: r.mobile, text: r.text, createdAt: r.created_at })),
      };
    },
  );
};
