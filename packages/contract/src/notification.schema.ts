import { z } from 'zod';
import { CUSTOMER_LANGUAGES } from './enums.ts';

// Order notifications (issue 13): the development email outbox (never in production).

/** Query of `GET /api/dev/email-outbox`: emails to `email` (any address when absent), newest first. */
export const EmailOutboxQuery = z
  .object({
    email: z.string().trim().toLowerCase().max(254).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type EmailOutboxQuery = z.infer<typeof EmailOutboxQuery>;

/** One email of the development outbox: its delivery id, recipient, subject and both parts. */
export const EmailOutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  /** The order event: `accepted`, `paid`, `ready_for_pickup`, `handed_to_courier`, `cancelled`. */
  event: z.string(),
  language: z.enum(CUSTOMER_LANGUAGES),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type EmailOutboxMessage = z.infer<typeof EmailOutboxMessage>;

/** Path params of `GET /api/dev/email-outbox/:id`. */
export const EmailOutboxParams = z.object({
  id: z.string().uuid({ message: 'Неверный идентификатор письма' }),
});
