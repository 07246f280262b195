import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BackofficeStatusBody, ErrorBody, OrderNumberParams, OrderStateResponse } from '@kiim/contract';
import { apiKeyActor, requireApiKey } from '#app/modules/staff/staff.apikeys.ts';
import { orderDeps } from './order.lifecycle.ts';
import { changeStatusByBackoffice } from './order.service.ts';

/** `POST /orders/:number/status`. */
const statusSchema = {
  tags: ['backoffice'],
  summary: 'Move an order along its life',
  description:
    'new/paid → ready_for_pickup (pickup) or handed_to_courier (courier) → completed; or cancelled (stock back, card ' +
    'payment returned). `paid` is set only by a verified ePay payment. Handing over charges a held payment ' +
    '(two-stage terminal). Needs an API key with scope orders.status in X-Api-Key (made in the back office, ' +
    '/admin → API keys): 401 code 7012 without a live key, 403 code 7013 without the scope. Audited as ' +
    'order.status_changed by the key. 404 (4004) unknown order; 409 (4015) not allowed from the current status; ' +
    '502 (4020) ePay refused the charge.',
  security: [{ apiKey: [] }],
  params: OrderNumberParams,
  body: BackofficeStatusBody,
  response: {
    200: OrderStateResponse,
    400: ErrorBody,
    401: ErrorBody,
    403: ErrorBody,
    404: ErrorBody,
    409: ErrorBody,
    502: ErrorBody,
  },
};

/**
 * Integration routes under `/api/backoffice` for the shop's ERP: each needs an API key of the staff module with the
 * route's scope (`X-Api-Key`; docs/decisions/014 — it replaced the single BACKOFFICE_TOKEN).
 */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = orderDeps(app);

  app.post(
    '/orders/:number/status',
    { onRequest: requireApiKey('orders.status'), schema: statusSchema },
    async (request) => ({
      data: {
        order: await changeStatusByBackoffice(
          deps,
          request.params.number,
          request.body.status,
          request.body.reason,
          apiKeyActor(request),
        ),
      },
    }),
  );
};
