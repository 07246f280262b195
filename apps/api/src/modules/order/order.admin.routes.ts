import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDashboardResponse,
  AdminHandoverBody,
  AdminOrderActionBody,
  AdminOrderListQuery,
  AdminOrderNoteBody,
  AdminOrderPageResponse,
  AdminOrderResponse,
  AdminCancelBody,
  AdminRefundParams,
  OrderNumberParams,
} from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { dashboard } from './order.dashboard.ts';
import { getAdminOrder, handOver, listAdminOrders, runOrderAction, setOrderNote } from './order.admin.ts';
import { orderDeps } from './order.lifecycle.ts';
import { retryRefund } from './order.refunds.ts';

const tag = 'admin: orders';
const VERSION =
  'Send the `version` of the order you saw: 409 code 4016 with a Russian message when someone changed it meanwhile.';

const listSchema = guarded(
  tag,
  'orders.read',
  'Orders with filters',
  'Newest first, 25 a page. `from`/`to`: local days (inclusive) in each order’s city time zone; `q`: an order ' +
    'number, a phone or part of a name; `paid`: yes/no (went through ePay payment, or completed).',
  { querystring: AdminOrderListQuery, response: { 200: AdminOrderPageResponse, ...errors(400, 401, 403) } },
);
const getSchema = guarded(
  tag,
  'orders.read',
  'One order',
  'The order page: lines, amounts, payment, history, actions.',
  {
    params: OrderNumberParams,
    response: { 200: AdminOrderResponse, ...errors(400, 401, 403, 404) },
  },
);
const dashboardSchema = guarded(
  tag,
  'orders.read',
  'The dashboard',
  'Today’s and 7 days’ orders and revenue (tenge, default city’s zone), orders by stage, SKUs running out.',
  { response: { 200: AdminDashboardResponse, ...errors(401, 403) } },
);
const stepSchema = <B extends z.ZodType>(permission: string, summary: string, description: string, body: B) =>
  guarded(tag, permission, summary, `${description} ${VERSION}`, {
    params: OrderNumberParams,
    body,
    response: { 200: AdminOrderResponse, ...errors(400, 401, 403, 404, 409, 422, 502) },
  });
const actionSchema = stepSchema(
  'orders.update',
  'A step of the order’s life',
  'confirm, pick (new/paid), ready_for_pickup (SMS to the customer; needs a picked order), handed_to_courier, ' +
    'complete. Audited. 409 4015 not allowed now.',
  AdminOrderActionBody,
);
const cancelSchema = stepSchema(
  'orders.cancel',
  'Cancel the order',
  'With a reason (3–500 characters): stock back, card money returned through ePay, SMS to the customer. Audited.',
  AdminCancelBody,
);
const noteSchema = stepSchema(
  'orders.update',
  'The internal note',
  'Empty clears it. Audited.',
  AdminOrderNoteBody,
);
const handoverSchema = stepSchema(
  'orders.handover',
  'Hand over with partial refusal',
  'Completes an order ready for pickup or with the courier; refused units go back to the city’s stock, the amount ' +
    'due drops, card-online money of refused lines is refunded through ePay. Audited. 422 4017 bad lines.',
  AdminHandoverBody,
);

const retryRefundSchema = guarded(
  tag,
  'orders.cancel',
  'Retry a refund',
  'A refund of the card payment still owed, unanswered or refused by ePay (decision 035) is made due now and ' +
    'tried at once (ePay’s status is read first when it was tried before: never paid twice); the payment job ' +
    'keeps retrying it with backoff. Audited. 404 when the order has no such refund left to pay out.',
  { params: AdminRefundParams, response: { 200: AdminOrderResponse, ...errors(400, 401, 403, 404) } },
);

/** Who acts: the signed-in staff member, from the request's address, at the app's clock time. */
const staffActor = (request: FastifyRequest) => requestActor(request, 'staff', currentStaff(request).id);

/**
 * The back office's order routes under `/api/admin` (issue 15, decision 019): dashboard, list, order page, steps,
 * note, cancel, handover and a refund's retry. Each declares its permission (the staff module's matrix, walked by its test).
 */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = orderDeps(app);
  const read = requirePermission('orders.read');

  app.get('/dashboard', { onRequest: read, schema: dashboardSchema }, async () => ({
    data: {
      ...(await dashboard(app.db, app.clock.now())),
      fiscalOff: app.config.env === 'production' && app.config.fiscal.provider === 'off',
    },
  }));
  app.get('/orders', { onRequest: read, schema: listSchema }, async (request) => ({
    data: await listAdminOrders(app.db, request.query),
  }));
  app.get('/orders/:number', { onRequest: read, schema: getSchema }, async (request) => ({
    data: { order: await getAdminOrder(app.db, request.params.number) },
  }));
  app.post(
    '/orders/:number/actions',
    { onRequest: requirePermission('orders.update'), schema: actionSchema },
    async (request) => ({
      data: {
        order: await runOrderAction(deps, request.params.number, request.body, staffActor(request)),
      },
    }),
  );
  app.post(
    '/orders/:number/cancel',
    { onRequest: requirePermission('orders.cancel'), schema: cancelSchema },
    async (request) => ({
      data: {
        order: await runOrderAction(
          deps,
          request.params.number,
          { action: 'cancel', ...request.body },
          staffActor(request),
        ),
      },
    }),
  );
  app.put(
    '/orders/:number/note',
    { onRequest: requirePermission('orders.update'), schema: noteSchema },
    async (request) => ({
      data: {
        order: await setOrderNote(
          app.db,
          request.params.number,
          request.body.note,
          request.body.version,
          staffActor(request),
        ),
      },
    }),
  );
  app.post(
    '/orders/:number/handover',
    { onRequest: requirePermission('orders.handover'), schema: handoverSchema },
    async (request) => ({
      data: { order: await handOver(deps, request.params.number, request.body, staffActor(request)) },
    }),
  );
  app.post(
    '/orders/:number/refunds/:refundId/retry',
    { onRequest: requirePermission('orders.cancel'), schema: retryRefundSchema },
    async (request) => ({
      data: {
        order: await retryRefund(deps, request.params.number, request.params.refundId, staffActor(request)),
      },
    }),
  );
};
