import { z } from 'zod';
import { CUSTOMER_LANGUAGES } from './enums.ts';

// Order notifications (issue 13): the development email outbox (never in production) and the back office's view
// of notifications that did not go out, with a resend by hand (docs/decisions/023).

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
  /** The order event: `accepted`, `paid`, `ready_for_pickup`, `handed_to_courier`, `cancelled`, `receipt`, `return_receipt`. */
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

/** Error codes of the back office's notifications (numbers reserved with the others: never reuse them). */
export const NotificationErrorCode = {
  /** 409: only a notification that failed or whose delivery is unknown can be sent again (it is not one now). */
  notResendable: 4030,
} as const;

/** Where a notification is in its delivery (docs/decisions/023). */
export const NOTIFICATION_STATUSES = ['pending', 'claimed', 'sending', 'sent', 'failed', 'unknown'] as const;
export type NotificationStatusName = (typeof NOTIFICATION_STATUSES)[number];

/**
 * Why a send did not go out, as the worker records it at the head of `last_error` (`cause: provider's text`):
 * the shop has no mail server configured, the send was interrupted, the service was unreachable, refused the
 * shop's login, refused the recipient, asked to slow down, or refused for another reason.
 */
export const NOTIFICATION_FAILURE_CAUSES = [
  'not_configured',
  'interrupted',
  'unavailable',
  'auth',
  'recipient',
  'throttled',
  'refused',
] as const;
export type NotificationFailureCause = (typeof NOTIFICATION_FAILURE_CAUSES)[number];

/** The causes as staff read them, with what to do. */
export const NOTIFICATION_FAILURE_TEXT: Record<NotificationFailureCause, string> = {
  not_configured: 'Почта магазина не настроена: письма не отправляются, пока не задан SMTP_URL.',
  interrupted: 'Отправка прервалась (сервер перезапускался): сообщение могло дойти.',
  unavailable: 'Сервис отправки был недоступен.',
  auth: 'Сервис отправки не принял логин или пароль магазина: проверьте настройки.',
  recipient: 'Сервис отклонил адрес или номер получателя: проверьте их в заказе.',
  throttled: 'Сервис отправки попросил отправлять реже.',
  refused: 'Сервис отправки отказал.',
};

/** The statuses as staff read them. */
export const NOTIFICATION_STATUS_NAME: Record<NotificationStatusName, string> = {
  pending: 'В очереди',
  claimed: 'Отправляется',
  sending: 'Отправляется',
  sent: 'Отправлено',
  failed: 'Не отправлено',
  unknown: 'Неизвестно, дошло ли',
};

/** The order events as staff read them. */
export const NOTIFICATION_EVENT_NAME: Record<string, string> = {
  accepted: 'Заказ принят',
  paid: 'Оплачен',
  ready_for_pickup: 'Готов к выдаче',
  handed_to_courier: 'Передан курьеру',
  cancelled: 'Отменён',
  receipt: 'Чек продажи',
  return_receipt: 'Чек возврата',
  question_answered: 'Ответ на вопрос',
};

/** Filters of the back office's notification list: `problems` = failed and unknown (the default). */
export const ADMIN_NOTIFICATION_FILTERS = ['problems', 'failed', 'unknown', 'pending', 'sent'] as const;

/** Notifications per page of the back office's list. */
export const ADMIN_NOTIFICATION_PAGE_SIZE = 50;

/** Query of `GET /api/admin/notifications`: which ones (newest change first), channel, page from 1. */
export const AdminNotificationQuery = z
  .object({
    status: z.enum(ADMIN_NOTIFICATION_FILTERS, { message: 'Неизвестный статус' }).default('problems'),
    channel: z.enum(['sms', 'email'], { message: 'Канал: sms или email' }).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type AdminNotificationQuery = z.input<typeof AdminNotificationQuery>;
export type AdminNotificationFilters = z.output<typeof AdminNotificationQuery>;

/**
 * A notification as staff see it: the order's number, channel, event, recipient, language, where its delivery is,
 * sends started, the provider's last refusal; times ISO 8601 UTC.
 */
export const AdminNotification = z.object({
  id: z.string(),
  /** The order's number; null for a notice of no order (a question's answer, issue 35 item 5). */
  orderNumber: z.string().nullable(),
  channel: z.enum(['sms', 'email']),
  event: z.string(),
  recipient: z.string(),
  language: z.enum(CUSTOMER_LANGUAGES),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  /** Why the last send failed (null: none failed, or a record from before causes were kept). */
  failureCause: z.enum(NOTIFICATION_FAILURE_CAUSES).nullable(),
  /** The service's own words about the last failure, without the cause. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  /** When it is due (a pending one). */
  nextAttemptAt: z.string(),
});
export type AdminNotification = z.infer<typeof AdminNotification>;

/** A page of the back office's notification list. */
export const AdminNotificationPage = z.object({
  items: z.array(AdminNotification),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AdminNotificationPage = z.infer<typeof AdminNotificationPage>;

/** Path params of `POST /api/admin/notifications/:id/resend`. */
export const AdminNotificationParams = z.object({
  id: z.string().uuid({ message: 'Неверный идентификатор уведомления' }),
});
