import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, OrderNumberParams } from '@kiim/contract';
import { AppError, notFound } from '#app/lib/errors.ts';
import { orCarrierDown } from '#app/modules/shipping/shipping.carrier.ts';
import { parcelLabel } from '#app/modules/shipping/shipping.fulfilment.ts';
import { requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import * as repo from './order.repository.ts';

const labelSchema = guarded(
  'admin: orders',
  'orders.read',
  'Print the carrier parcel’s label',
  'The CDEK label of the order’s registered parcel as a PDF (ordered from CDEK once). 404 before CDEK accepted ' +
    'the parcel; 409 while CDEK is still making the label (try again in a few seconds); 503 when CDEK does not answer.',
  { params: OrderNumberParams, response: { 200: z.any(), ...errors(401, 403, 404, 409, 503) } },
);

/**
 * `GET /api/admin/orders/:number/shipment/label` (issue 34 item 3): the parcel's label PDF for staff to print.
 * @throws AppError 404 orderNotFound / no registered parcel; 409 label not ready; 503 CDEK not answering.
 */
export const orderCarrierAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:number/shipment/label',
    { onRequest: requirePermission('orders.read'), schema: labelSchema },
    async (request, reply) => {
      const order = await repo.findOrderByNumber(app.db, request.params.number);
      if (!order) throw notFound(ErrorCode.orderNotFound, 'Заказ не найден');
      const shipments = app.shipping?.shipments;
      if (!shipments) throw notFound(ErrorCode.notFound, 'Доставка транспортной компанией отключена');
      const label = await orCarrierDown(
        parcelLabel(app.db, shipments, order.id, { now: app.clock.now() }),
        ErrorCode.serviceUnavailable,
        'СДЭК сейчас не отвечает. Попробуйте через минуту',
      );
      if ('missing' in label)
        throw notFound(ErrorCode.notFound, 'Этикетки ещё нет: СДЭК пока не принял посылку');
      if ('pending' in label) {
        reply.header('retry-after', '3');
        throw new AppError(
          409,
          ErrorCode.conflict,
          'СДЭК ещё готовит этикетку. Попробуйте через несколько секунд',
        );
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="cdek-${order.number}.pdf"`)
        .send(label.pdf);
    },
  );
};
