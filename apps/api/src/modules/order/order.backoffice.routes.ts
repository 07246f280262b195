import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BackofficeStatusBody,
  ErrorBody,
  ErrorCode,
  OrderNumberParams,
  OrderStateResponse,
} from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import { safeEqual, sha256 } from '#app/lib/ids.ts';
import { orderDeps } from './order.lifecycle.ts';
import { changeStatusByBackoffice } from './order.service.ts';

/** Header carrying the back-office token. */
const BACKOFFICE_HEADER = 'x-backoffice-token';

/** `POST /orders/:number/status`. */
const statusSchema = {
  tags: ['backoffice'],
  summary: 'Move an order along its life',
  description:
    'new/paid → ready_for_pickup (pickup) or handed_to_courier (courier) → completed; or cancelled (stock back, card ' +
    'payment returned). `paid` is set only by a verified ePay payment. Handing over charges a held payment ' +
    '(two-stage terminal). 401 without the token; 404 (4004) unknown order; 409 (4015) not allowed from the current ' +
    'status; 502 (4020) ePay refused the charge.',
  security: [{ backofficeToken: [] }],
  params: OrderNumberParams,
  body: BackofficeStatusBody,
  response: {
    200: OrderStateResponse,
    400: ErrorBody,
    401: ErrorBody,
    404: ErrorBody,
    409: ErrorBody,
    502: ErrorBody,
  },
};

/**
 * Back-office routes under `/api/backoffice` for the shop's staff or its ERP, registered only when
 * `BACKOFFICE_TOKEN` is configured: every request must carry it in `X-Backoffice-Token` (compared in
 * constant time), else 401.
 */
export const backofficeRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, opts) => {
  const deps = orderDeps(app);
  const expected = sha256(opts.token);
  app.addHook('onRequest', async (request) => {
    const given = request.headers[BACKOFFICE_HEADER];
    if (typeof given !== 'string' || !safeEqual(sha256(given), expected)) {
      throw new AppError(401, ErrorCode.unauthorized, 'Нужен токен back-office');
    }
  });

  app.post('/orders/:number/status', { schema: statusSchema }, async (request) => ({
    data: {
      order: await changeStatusByBackoffice(
        deps,
        request.params.number,
        request.body.status,
        request.body.reason,
        app.clock.now(),
      ),
    },
  }));
};
