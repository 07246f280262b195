import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxMessage, dataOf } from '@kiim/contract';
import { normaliseMobile } from '#app/lib/phone.ts';

/**
 * `GET /api/dev/sms-outbox?mobile=…` — the last SMS messages sent by the development provider, newest
 * first. Development and test only: in production the route is not registered (404).
 */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production' || app.sms.name !== 'dev') return;
  app.get(
    '/sms-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development SMS outbox (not in production)',
        querystring: z.object({ mobile: z.string().max(32).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: dataOf(z.array(OutboxMessage)) },
      },
    },
    async (request) => {
      let q = app.db.selectFrom('sms_message').select(['id', 'mobile', 'text', 'created_at']).orderBy('created_at', 'desc').orderBy('id');
      if (request.query.mobile) q = q.where('mobile', '=', normaliseMobile(request.query.mobile, 'mobile'));
      const rows = await q.limit(request.query.limit).execute();
      return { data: rows.map((r) => ({ id: r.id, mobile: r.mobile, text: r.text, createdAt: r.created_at })) };
    },
  );
};
