import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailOutboxMessage, EmailOutboxParams, EmailOutboxQuery, ErrorCode, dataOf } from '@kiim/contract';
import { notFound } from '#app/lib/errors.ts';
import { findNotification, newestSent } from './notification.repository.ts';
import type { NotificationRow } from './notification.table.ts';

const toMessage = (r: NotificationRow): EmailOutboxMessage => ({
  id: r.id,
  to: r.recipient,
  event: r.event,
  language: r.language,
  subject: r.subject ?? '',
  text: r.body_text ?? '',
  html: r.body_html ?? '',
  sentAt: r.sent_at ?? r.updated_at,
});

/** `&`, `<`, `>`, `"` escaped for the viewer page. */
const esc = (v: string) =>
  v.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The development email outbox (issue 13), like the SMS outbox — development and test only: in production the
 * routes are not registered (404).
 * - `GET /api/dev/email-outbox?email=…&limit=…`: the emails sent, newest first (`limit` default 20), with both parts;
 * - `GET /api/dev/email-outbox/:id`: one email's HTML part as a page (404 for an unknown id);
 * - `GET /api/dev/emails`: a page listing the emails sent, each shown rendered.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production') return;
  app.get(
    '/email-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development email outbox (not in production)',
        querystring: EmailOutboxQuery,
        response: { 200: dataOf(z.array(EmailOutboxMessage)) },
      },
    },
    async (request) => {
      const { email, limit } = request.query;
      const rows = await newestSent(app.db, 'email', { recipient: email || undefined, limit });
      return { data: rows.map(toMessage) };
    },
  );
  app.get(
    '/email-outbox/:id',
    {
      schema: {
        tags: ['development'],
        summary: 'One email of the outbox as HTML',
        params: EmailOutboxParams,
      },
    },
    async (request, reply) => {
      const row = await findNotification(app.db, request.params.id);
      if (!row || row.channel !== 'email' || row.status !== 'sent')
        throw notFound(ErrorCode.notFound, 'Письмо не найдено');
      return reply.type('text/html; charset=utf-8').send(row.body_html ?? '');
    },
  );
  app.get(
    '/emails',
    { schema: { tags: ['development'], summary: 'The emails sent, rendered' } },
    async (_r, reply) => {
      const rows = await newestSent(app.db, 'email', { limit: 50 });
      const items = rows
        .map(
          (r) => `<section><h2>${esc(r.subject ?? '')}</h2>
<p>Кому: ${esc(r.recipient)} · ${esc(r.event)} · ${esc(r.language)} · ${esc(r.sent_at ?? '')} · <a href="email-outbox/${r.id}">открыть</a></p>
<iframe title="${esc(r.subject ?? '')}" src="email-outbox/${r.id}" loading="lazy"></iframe></section>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>Письма магазина (разработка)</title>
<style>body{font-family:Arial,sans-serif;margin:24px;max-width:760px}iframe{width:100%;height:720px;border:1px solid #ccc}section{margin-bottom:32px}</style>
</head><body><h1>Письма магазина</h1><p>Только для разработки: последние 50 отправленных писем.</p>
${items || '<p>Писем пока нет.</p>'}</body></html>`);
    },
  );
};
