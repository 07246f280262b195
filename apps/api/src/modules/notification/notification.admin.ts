import {
  ADMIN_NOTIFICATION_PAGE_SIZE,
  ErrorCode,
  NotificationErrorCode,
  type AdminNotification,
  type AdminNotificationPage,
  type AdminNotificationFilters,
} from '@kiim/contract';
import type { Db } from '#app/db/database.ts';
import { AppError, notFound } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import type { OrderNotice } from './notification.notice.ts';
import * as repo from './notification.repository.ts';
import type { NotificationRow } from './notification.table.ts';
import { pageOf } from '#app/lib/paging.ts';
import { parseFailureRecord } from './notification.failure.ts';

// The back office's view of customers' notifications (issue 13, docs/decisions/023): the ones that failed or whose
// delivery is unknown (and the others, filtered), and a resend by a member's explicit decision. A resend only puts
// a failed or unknown row back in the outbox queue; the worker then sends it under its usual lease and states, so
// its at-most-once-per-decision rule holds (an unknown one may reach the customer twice: the member decides that).

function toAdmin(r: NotificationRow): AdminNotification {
  const failure = parseFailureRecord(r.last_error);
  return {
    id: r.id,
    orderNumber: (JSON.parse(r.payload) as Partial<Pick<OrderNotice, 'number'>>).number ?? null,
    channel: r.channel,
    event: r.event,
    recipient: r.recipient,
    language: r.language,
    status: r.status,
    attempts: r.attempts,
    failureCause: failure.cause,
    lastError: failure.detail,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    sentAt: r.sent_at,
    nextAttemptAt: r.next_attempt_at,
  };
}

/** `GET /api/admin/notifications`: a page (50) of the notifications of the filter, most recently changed first. */
export async function listNotificationsForStaff(
  db: Db,
  q: AdminNotificationFilters,
): Promise<AdminNotificationPage> {
  const { rows, total } = await repo.listForStaff(db, {
    filter: q.status,
    channel: q.channel,
    offset: (q.page - 1) * ADMIN_NOTIFICATION_PAGE_SIZE,
    limit: ADMIN_NOTIFICATION_PAGE_SIZE,
  });
  return pageOf(rows.map(toAdmin), q.page, total, ADMIN_NOTIFICATION_PAGE_SIZE);
}

/**
 * `POST /api/admin/notifications/:id/resend`: puts a failed or unknown notification back in the outbox queue, due
 * now, audited (`notification.resent`, status and attempts before → after) in the same transaction. The caller
 * wakes the worker after commit.
 * @throws AppError 404 for an unknown id; 409 {@link NotificationErrorCode.notResendable} when it is not failed or
 *   unknown (pending, being sent, sent — or another member resent it a moment ago).
 */
export async function resendNotification(db: Db, id: string, actor: Actor): Promise<AdminNotification> {
  const nowIso = actor.at.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await repo.requeueForResend(trx, id, nowIso);
    if (!before) {
      if (!(await repo.findNotification(trx, id)))
        throw notFound(ErrorCode.notFound, 'Уведомление не найдено');
      throw new AppError(
        409,
        NotificationErrorCode.notResendable,
        'Повторно отправить можно только неотправленное уведомление или то, о котором неизвестно, дошло ли оно. Обновите страницу',
      );
    }
    await audit(
      trx,
      actor,
      'notification.resent',
      { type: 'notification', id },
      { status: before.status, attempts: before.attempts, lastError: before.last_error },
      { status: 'pending', attempts: before.attempts },
    );
  });
  return toAdmin((await repo.findNotification(db, id))!);
}
