import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StockChangesInput, StockChangesResult, dataOf } from '@kiim/contract';
import { requestActor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import * as stock from './catalog.admin.stock.ts';

const changes = guarded(
  'admin: catalogue',
  'stock.edit',
  'Change several sizes’ units in several cities',
  'One reason and note for every line; each line’s quantity is added (receipt, return), taken away (damage) or ' +
    'set (stocktake, correction) — contract STOCK_REASON_EFFECT. One transaction: a line that would leave a level ' +
    'below zero refuses the whole request (422 code 8101, naming the size and city, field lines.{i}.quantity). A ' +
    'stock movement and an audit entry per changed line. 404 (8104/8105).',
  {
    body: StockChangesInput,
    response: { 200: dataOf(StockChangesResult), ...errors(400, 401, 403, 404, 422) },
  },
);

/**
 * `POST /api/admin/catalogue/stock/changes` (permission stock.edit, issue 27 §6): the stock form's several sizes
 * and cities in one request (catalog.admin.stock.ts changeStock).
 */
export function stockChangeRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.post(
    '/stock/changes',
    { onRequest: requirePermission('stock.edit'), schema: changes },
    async (request) => ({
      data: await stock.changeStock(
        app.db,
        request.body,
        requestActor(request, 'staff', currentStaff(request).id),
      ),
    }),
  );
}
