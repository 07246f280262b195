import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminNotification,
  AdminNotificationPage,
  AdminNotificationParams,
  AdminNotificationQuery,
  dataOf,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { listNotificationsForStaff, resendNotification } from './notification.admin.ts';

const tag = 'admin: notifications';
const PERMISSION = 'notifications.manage';

const listSchema = guarded(
  tag,
  PERMISSION,
  'Customers’ notifications',
  'SMS and emails of order events, most recently changed first, 50 a page: `status` problems (failed and unknown, the default), failed, unknown, pending, sent; `channel` sms or email.',
  {
    querystring: AdminNotificationQuery,
    response: { 200: dataOf(AdminNotificationPage), ...errors(400, 401, 403) },
  },
);
const resendSchema = guarded(
  tag,
  PERMISSION,
  'Send a notification again',
  'Puts a failed or unknown notification back in the outbox queue (the worker sends it under its usual rules). Audited `notification.resent`. 404 for an unknown id; 409 code 4030 when it is not failed or unknown.',
  {
    params: AdminNotificationParams,
    response: {
      200: dataOf(z.object({ notification: AdminNotification })),
      ...errors(400, 401, 403, 404, 409),
    },
  },
);

/** The back office's notification routes under `/api/admin` (issue 13), behind notifications.manage (owner, manager). */
export const notificationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = requirePermission(PERMISSION);
  app.get('/notifications', { onRequest: manage, schema: listSchema }, async (request) => ({
    data: await listNotificationsForStaff(app.db, request.query),
  }));
  app.post('/notifications/:id/resend', { onRequest: manage, schema: resendSchema }, async (request) => {
    const actor = requestActor(request, 'staff', currentStaff(request).id);
    const notification = await resendNotification(app.db, request.params.id, actor);
    app.notifier.wake();
    return { data: { notification } };
  });
};
